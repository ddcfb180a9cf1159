import {
	fingerprint,
	isNewResult,
	readPollState,
	rememberResults,
	resultKey,
} from '../../../../nodes/InterviewServiceResultsTrigger/pollState';

const ada = { interviewId: 'int-1', email: 'ada@example.com', reportLink: 'https://r/1' };
type Result = { interviewId: string; email?: string | null; reportLink?: string | null; completedAt?: number };
const fp = (result: Result) =>
	fingerprint(resultKey(result.interviewId, result.email, result.reportLink, result.completedAt));
const FIRST = Date.parse('2026-11-13T10:42:00Z');
const SECOND = Date.parse('2026-11-20T09:00:00Z');
/** The fingerprints a trigger holds after polling these lists in turn, and what each poll emitted. */
function pollInTurn(lists: Result[][], seen: string[] = []) {
	const emitted = lists.map((list) => {
		const known = new Set(seen);
		const fresh = list.filter((result) => isNewResult(known, result));
		seen = rememberResults(seen, list);
		return fresh;
	});
	return { emitted, seen };
}

describe('resultKey', () => {
	it('is the same whatever the case or spaces of the e-mail', () => {
		expect(resultKey('int-1', ' Ada@Example.COM ', 'https://r/1')).toBe(resultKey('int-1', 'ada@example.com', 'https://r/1'));
	});

	it('keeps the stored format for text and for no e-mail, since static data holds its fingerprints', () => {
		expect(resultKey('int-1', ' Ada@Example.COM ', 'https://r/1')).toBe('["int-1","ada@example.com","https://r/1"]');
		expect(resultKey('int-1', null, null)).toBe('["int-1","",""]');
		expect(resultKey('int-1', undefined, undefined)).toBe('["int-1","",""]');
	});

	it('knows an e-mail that is no text (rows are kept as received) by its JSON, without failing', () => {
		expect(resultKey('int-1', 7, null)).toBe('["int-1","7",""]');
		expect(resultKey('int-1', { address: 'a@b.c' }, null)).not.toBe(resultKey('int-1', 7, null));
	});

	it('differs by interview, e-mail and report link', () => {
		const keys = new Set([
			resultKey('int-1', 'ada@example.com', 'https://r/1'),
			resultKey('int-2', 'ada@example.com', 'https://r/1'),
			resultKey('int-1', 'bob@example.com', 'https://r/1'),
			resultKey('int-1', 'ada@example.com', 'https://r/2'),
			resultKey('int-1', 'ada@example.com', null),
		]);
		expect(keys.size).toBe(5);
	});

	it('cannot be forged by separators inside the values', () => {
		expect(resultKey('a|b', 'c', null)).not.toBe(resultKey('a', 'b|c', null));
	});

	it('adds the completion time as an ISO instant only when the row gives one, so a row without keeps its stored key', () => {
		expect(resultKey('int-1', 'ada@example.com', 'https://r/1', Date.parse('2026-11-13T11:42:00+01:00'))).toBe(
			'["int-1","ada@example.com","https://r/1","2026-11-13T10:42:00.000Z"]',
		);
		expect(resultKey('int-1', 'ada@example.com', 'https://r/1', undefined)).toBe('["int-1","ada@example.com","https://r/1"]');
	});

	it('is stored as a short hash that holds no e-mail address', () => {
		const stored = fp(ada);
		expect(stored).toMatch(/^[0-9a-f]{20}$/);
		expect(stored).not.toContain('ada');
	});
});

describe('isNewResult', () => {
	it('is false for a seen result, true for an unseen one', () => {
		const seen = new Set([fp(ada)]);
		expect(isNewResult(seen, ada)).toBe(false);
		expect(isNewResult(seen, { ...ada, email: 'ADA@example.com' })).toBe(false);
		expect(isNewResult(seen, { ...ada, email: 'bob@example.com' })).toBe(true);
	});

	it('treats a new report link (a reattempt) as new', () => {
		expect(isNewResult(new Set([fp(ada)]), { ...ada, reportLink: 'https://r/2' })).toBe(true);
	});

	it('does not re-emit a result whose report link appears after its scores', () => {
		const seen = new Set([fp({ ...ada, reportLink: null })]);
		expect(isNewResult(seen, ada)).toBe(false);
		expect(isNewResult(new Set([fp({ ...ada, reportLink: null, completedAt: FIRST })]), { ...ada, completedAt: FIRST })).toBe(false);
	});

	it('treats a new completion time with the same report link (a reattempt) as new, and the same time as seen', () => {
		const seen = new Set([fp({ ...ada, completedAt: FIRST })]);
		expect(isNewResult(seen, { ...ada, completedAt: FIRST })).toBe(false);
		expect(isNewResult(seen, { ...ada, completedAt: SECOND })).toBe(true);
	});

	it('does not re-emit a result whose completion time appears after its scores, or after its scores and report link', () => {
		expect(isNewResult(new Set([fp(ada)]), { ...ada, completedAt: FIRST })).toBe(false);
		expect(isNewResult(new Set([fp({ ...ada, reportLink: null })]), { ...ada, completedAt: FIRST })).toBe(false);
	});
});

describe('a candidate who completes again with the same report link', () => {
	it('is emitted once per completion time, and each once only, also after a restart with the same fingerprints', () => {
		const first = { ...ada, completedAt: FIRST };
		const second = { ...ada, completedAt: SECOND };
		const { emitted, seen } = pollInTurn([[first], [first], [second], [second]]);
		expect(emitted).toEqual([[first], [], [second], []]);
		expect(pollInTurn([[second]], [...seen]).emitted).toEqual([[]]);
	});

	it('when the time appeared after the scores, the first completion is not emitted again, and the next attempt still is', () => {
		const { emitted, seen } = pollInTurn([[{ ...ada, reportLink: null }], [ada], [{ ...ada, completedAt: FIRST }], [{ ...ada, completedAt: SECOND }]]);
		expect(emitted.map((fresh) => fresh.length)).toEqual([1, 0, 0, 1]);
		// The time replaced the forms without it, so memory holds one fingerprint per completion.
		expect(seen).toEqual([fp({ ...ada, completedAt: FIRST }), fp({ ...ada, completedAt: SECOND })]);
	});

	it('fingerprints recorded without times (rows that had none) still match: the first poll with times emits nothing', () => {
		const listed = [1, 2, 3].map((n) => ({ ...ada, email: `c${n}@example.com`, reportLink: `https://r/${n}` }));
		const before = rememberResults([], listed);
		const { emitted } = pollInTurn([listed.map((result) => ({ ...result, completedAt: FIRST }))], before);
		expect(emitted).toEqual([[]]);
	});

	it('without a time, the second attempt with the same report link is the same result: nothing is emitted', () => {
		expect(pollInTurn([[ada], [ada]]).emitted).toEqual([[ada], []]);
	});

	it('keeps the untimed fingerprint of a row the service still lists without a time beside a timed one', () => {
		const untimed = { ...ada, email: 'bob@example.com' };
		const seen = rememberResults([fp(untimed)], [untimed, { ...untimed, completedAt: FIRST }]);
		expect(seen).toEqual([fp(untimed), fp({ ...untimed, completedAt: FIRST })]);
	});
});

describe('rememberResults', () => {
	it('returns the same array when nothing is new, so static data is not rewritten', () => {
		const seen = [fp(ada)];
		expect(rememberResults(seen, [ada])).toBe(seen);
	});

	it('adds new fingerprints once', () => {
		const bob = { ...ada, email: 'bob@example.com' };
		expect(rememberResults([fp(ada)], [ada, bob, bob])).toEqual([fp(ada), fp(bob)]);
	});

	it('keeps at most `max` results the service no longer lists, dropping the oldest of those', () => {
		const old = [fingerprint('gone-1'), fingerprint('gone-2'), fingerprint('gone-3')];
		const listed = [1, 2, 3].map((n) => ({ ...ada, email: `c${n}@example.com` }));
		const remembered = rememberResults([...old, fp(listed[0])], listed, 2);
		expect(remembered).toEqual([fingerprint('gone-2'), fingerprint('gone-3'), ...listed.map(fp)]);
	});

	it('never forgets a result the service still lists, however many: none is emitted twice', () => {
		const listed = Array.from({ length: 25 }, (_, n) => ({ ...ada, email: `c${n}@example.com` }));
		let seen = rememberResults([], listed, 10);
		expect(seen).toHaveLength(25);
		// Poll after poll, nothing listed is new again.
		for (let poll = 0; poll < 3; poll++) {
			const known = new Set(seen);
			expect(listed.filter((result) => isNewResult(known, result))).toEqual([]);
			seen = rememberResults(seen, listed, 10);
		}
	});
});

describe('readPollState', () => {
	it('reads nothing from empty or foreign static data', () => {
		expect(readPollState({})).toBeUndefined();
		expect(readPollState({ watching: 'int-1', seen: 'nope' })).toBeUndefined();
		expect(readPollState({ watching: 'int-1', seen: ['a', 1] })).toEqual({ watching: 'int-1', seen: ['a'] });
	});

	it('reads where a pass stopped and whether the first pass still records, and nothing else there', () => {
		expect(readPollState({ watching: '*', seen: [], resumeAfter: 'int-3', recording: true })).toEqual({ watching: '*', seen: [], resumeAfter: 'int-3', recording: true });
		expect(readPollState({ watching: '*', seen: [], resumeAfter: 3, recording: 'yes' })).toEqual({ watching: '*', seen: [] });
	});
});
