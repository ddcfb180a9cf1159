import { z } from 'zod';

import { metaData } from './common';

/**
 * Scores as documented (`interviewScore`, `communicationScore`, `codingScore`), or as the
 * real service also sends them (`overallScore`, `technicalScore`). Unknown keys are kept.
 */
const scores = z
	.object({
		interviewScore: z.number().nullable(),
		communicationScore: z.number().nullable(),
		codingScore: z.number().nullable(),
		overallScore: z.number().nullable(),
		technicalScore: z.number().nullable(),
	})
	.partial()
	.passthrough();

export const candidateResult = z
	.object({
		interviewId: z.string().optional(),
		candidate: z.object({ name: z.string().optional(), email: z.string().optional() }).passthrough().optional(),
		scores: scores.nullable().optional(),
		metaData: metaData.nullable().optional(),
		reportLink: z.string().nullable().optional(),
	})
	.passthrough();
export type CandidateResult = z.infer<typeof candidateResult>;

/** Query of `GET /api/v1/interview/{id}/results`. */
export const listResultsQuery = z.object({
	page: z.coerce.number().int().min(1).optional(),
	limit: z.coerce.number().int().min(1).optional(),
	search: z.string().optional(),
});
