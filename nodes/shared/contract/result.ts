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

/** A result row as documented (scores are numbers or null), for what acts on the scores. */
export const documentedResult = z
	.object({
		interviewId: z.string().optional(),
		candidate: z.object({ name: z.string().optional(), email: z.string().optional() }).passthrough().optional(),
		scores: scores.nullable().optional(),
		metaData: metaData.nullable().optional(),
		reportLink: z.string().nullable().optional(),
	})
	.passthrough();
export type CandidateResult = z.infer<typeof documentedResult>;

/**
 * A row of the results list, kept as received. Read leniently (see `lenient`), a row with an
 * undocumented value (an e-mail of null, say) stays in the list as received; and since every
 * object of `documentedResult` passes unknown keys through and nothing is transformed, a lenient
 * read gives back the row's own fields whether it matches or not. So a list of thousands of rows
 * checks only that each row is an object, instead of copying every row twice (a tenth of an
 * export's time went there); a unit test holds the two equal.
 */
export const listedResult = z.custom<CandidateResult>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
	message: 'Expected object',
});

/** Query of `GET /api/v1/interview/{id}/results`. */
export const listResultsQuery = z.object({
	page: z.coerce.number().int().min(1).optional(),
	limit: z.coerce.number().int().min(1).optional(),
	search: z.string().optional(),
});
