import {
	fingerprint,
	isNewResult,
	readPollState,
	rememberResults,
	resultKey,
} from '../../../../nodes/InterviewServiceResultsTrigger/pollState';

const ada = { interviewId: 'int-1', email: 'ada@example.com', reportLink: 'https://r/1' };
const fp = (result: { interviewId: string; email?: string | null; reportLink?: string | null }) =>
	fingerprint(resultKey(result.interviewId, result.email, result.reportLink));

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
});
