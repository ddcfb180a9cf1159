import { z } from 'zod';

import { lenient } from '../../../../../nodes/shared/contract/common';
import { documentedResult, isUnexpectedRow, resultsPage, UNEXPECTED_ROW } from '../../../../../nodes/shared/contract/result';

/** The lenient read of a row that `resultsPage` stands in for. */
const candidateResult = lenient(documentedResult);

const rows: unknown[] = [
	{
		interviewId: 'int_1',
		candidate: { name: 'Ada', email: 'ada@example.com', extra: { nested: [1, 2] } },
		scores: { interviewScore: 80, communicationScore: null, overallScore: 7.5, newScore: 'high' },
		metaData: { team: 'backend' },
		reportLink: 'https://example.com/reports/1',
		completedAt: '2026-03-01T09:00:00Z',
	},
	// Undocumented values: `candidateResult` keeps such a row as received.
	{ interviewId: 7, candidate: { email: null }, scores: { interviewScore: '80' }, reportLink: null },
	{ scores: null, metaData: null },
	{},
];

describe('resultsPage', () => {
	it('gives a list the same rows as the lenient candidateResult, without copying them', () => {
		const lenient = z.array(candidateResult).parse(rows);
		const listed = resultsPage.parse(rows);
		expect(listed).toEqual(lenient);
		expect(listed[0]).toBe(rows[0]);
	});

	it.each([['a string', 'row'], ['null', null], ['a list', [1]], ['a number', 3]])('keeps a row that is %s, wrapped as received, beside the others', (_, row) => {
		expect(z.array(candidateResult).safeParse([row]).success).toBe(false);
		const listed = resultsPage.parse([rows[0], row, {}]);
		expect(listed).toEqual([rows[0], { [UNEXPECTED_ROW]: row }, {}]);
		expect(listed[0]).toBe(rows[0]);
		expect(listed.map(isUnexpectedRow)).toEqual([false, true, false]);
	});

	it('takes a row holding only the key of an odd record for one, and no other row', () => {
		expect(isUnexpectedRow({ [UNEXPECTED_ROW]: 1, interviewId: 'x' })).toBe(false);
		expect(isUnexpectedRow({})).toBe(false);
	});

	it('refuses a page that is no list', () => {
		expect(resultsPage.safeParse({ rows: [] }).error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[[], 'Expected array']]);
	});
});
