import { resultRowKey } from '../../../../../nodes/shared/transport/lists';

describe('resultRowKey', () => {
	const row = (email: string | undefined, reportLink: string | null) => ({
		interviewId: 'i1',
		candidate: email === undefined ? { name: 'No Mail' } : { name: 'Ada', email },
		scores: null,
		reportLink,
	});

	it('is the same for the same candidate and report, whatever the e-mail case', () => {
		expect(resultRowKey(row('Ada@Example.com', 'https://r/1'))).toBe(resultRowKey(row('ada@example.com ', 'https://r/1')));
	});

	it('keeps two rows of one candidate apart when their reports differ', () => {
		expect(resultRowKey(row('ada@example.com', 'https://r/1'))).not.toBe(resultRowKey(row('ada@example.com', 'https://r/2')));
		expect(resultRowKey(row('ada@example.com', null))).not.toBe(resultRowKey(row('ada@example.com', 'https://r/1')));
	});

	it('knows a row whose e-mail is no string by its content, without failing', () => {
		const odd = (email: unknown) => ({ interviewId: 'i1', candidate: { email }, scores: null, reportLink: null }) as never;
		expect(resultRowKey(odd(7))).toBe(resultRowKey(odd(7)));
		expect(resultRowKey(odd({ address: 'ada@example.com' }))).not.toBe(resultRowKey(odd(7)));
	});

	it('gives an odd record (a row that was no object) no identity, so each is kept', () => {
		expect(resultRowKey({ unexpectedRow: 'not a row' })).toBeUndefined();
		expect(resultRowKey({ unexpectedRow: null, interviewId: 'i1' })).toBeDefined();
	});

	it('knows a row without an e-mail by its content', () => {
		expect(resultRowKey(row(undefined, null))).toBe(resultRowKey(row(undefined, null)));
		expect(resultRowKey(row(undefined, null))).not.toBe(resultRowKey(row(undefined, 'https://r/3')));
	});
});
