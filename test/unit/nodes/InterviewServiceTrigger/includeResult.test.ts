import type { CandidateResult } from '../../../../nodes/shared/contract';
import { rowOfEvent } from '../../../../nodes/InterviewServiceTrigger/includeResult';

const row = (reportLink: string | null, completedAt: string | undefined, score: number | null): CandidateResult => ({
	candidate: { email: 'ada@example.com' },
	reportLink,
	scores: { interviewScore: score },
	...(completedAt === undefined ? {} : { completedAt }),
});

describe('Include Result picks the row the event is about', () => {
	const first = row('https://r/1', '2026-11-01T10:00:00Z', 91);
	const reattempt = row('https://r/2', '2026-11-02T10:00:00Z', 12);
	const unfinished = row(null, undefined, null);

	it('by the event\'s report link first', () => {
		expect(rowOfEvent([first, reattempt], { reportLink: 'https://r/1', completedAt: '2026-11-02T10:00:00Z' })).toBe(first);
	});

	it('then by the completion time, whatever its notation', () => {
		expect(rowOfEvent([first, reattempt], { completedAt: '2026-11-01T11:00:00+01:00' })).toBe(first);
	});

	it('else the last completed row, and the last row only when none is completed', () => {
		expect(rowOfEvent([first, reattempt, unfinished], {})).toBe(reattempt);
		expect(rowOfEvent([unfinished], {})).toBe(unfinished);
		expect(rowOfEvent([], {})).toBeUndefined();
	});
});
