import { z } from 'zod';

import { isPlainObject } from '../plainObjects';
import { metaData } from './common';

/** Scores as documented, or as the real service also names them (`overallScore`, `technicalScore`). */
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

/** Holds a results row that is no object, as received (`{ "unexpectedRow": 42 }`): it fails no list, and stays visible. */
export const UNEXPECTED_ROW = 'unexpectedRow';

export const isUnexpectedRow = (row: CandidateResult): boolean => UNEXPECTED_ROW in row && Object.keys(row).length === 1;

/** Rows kept as received, each checked where read: as a lenient read, without its parse per row (a unit test holds the two equal). */
export const resultsPage = z
	.custom<unknown[]>((value) => Array.isArray(value), { message: 'Expected array' })
	.transform((rows): CandidateResult[] =>
		rows.every(isPlainObject) ? rows : rows.map((row) => (isPlainObject(row) ? row : { [UNEXPECTED_ROW]: row })),
	);
