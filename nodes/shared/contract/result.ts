import { z } from 'zod';

import { isPlainObject } from '../plainObjects';
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
 * The rows of one results page, kept as received: each row only has to be an object (what a node
 * reads of a row, it checks itself). A lenient zod read would give back the same rows, at the cost
 * of a parse per row of a long export; a unit test holds the two equal. The first row that is no
 * object is named (`data.3`).
 */
export const resultsPage = z.custom<CandidateResult[]>(
	(value) => Array.isArray(value) && value.every(isPlainObject),
	(value: unknown) =>
		Array.isArray(value) ? { message: 'Expected object', path: [value.findIndex((row) => !isPlainObject(row))] } : { message: 'Expected array' },
);

/** Query of Get interview results (`endpoints.listResults`). */
export const listResultsQuery = z.object({
	page: z.coerce.number().int().min(1).optional(),
	limit: z.coerce.number().int().min(1).optional(),
	search: z.string().optional(),
});
