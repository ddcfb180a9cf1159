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
 * The key that holds a results row which is no object (a text, a number, null, a list), as
 * received: `{ "unexpectedRow": 42 }`. One odd record must never fail a list, and it stays visible.
 */
export const UNEXPECTED_ROW = 'unexpectedRow';

/** Whether a row is a wrapped odd record (see `UNEXPECTED_ROW`), not a result. */
export const isUnexpectedRow = (row: CandidateResult): boolean => Object.keys(row).length === 1 && UNEXPECTED_ROW in row;

/**
 * The rows of one results page, kept as received: what a node reads of a row, it checks itself. A
 * lenient zod read would give back the same object rows, at the cost of a parse per row of a long
 * export; a unit test holds the two equal. A row that is no object is wrapped (see `UNEXPECTED_ROW`).
 */
export const resultsPage = z
	.custom<unknown[]>((value) => Array.isArray(value), { message: 'Expected array' })
	.transform((rows): CandidateResult[] =>
		rows.every(isPlainObject) ? rows : rows.map((row) => (isPlainObject(row) ? row : { [UNEXPECTED_ROW]: row })),
	);

/** Query of Get interview results (`endpoints.listResults`). */
export const listResultsQuery = z.object({
	page: z.coerce.number().int().min(1).optional(),
	limit: z.coerce.number().int().min(1).optional(),
	search: z.string().optional(),
});
