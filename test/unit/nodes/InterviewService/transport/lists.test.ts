import { resultKey } from '../../../../../nodes/InterviewService/transport/lists';

describe('resultKey', () => {
	const row = (email: string | undefined, reportLink: string | null) => ({
		interviewId: 'i1',
		candidate: email === undefined ? { name: 'No Mail' } : { name: 'Ada', email },
		scores: null,
		reportLink,
	});

	it('is the same for the same candidate and report, whatever the e-mail case', () => {
		expect(resultKey(row('Ada@Example.com', 'https://r/1'))).toBe(resultKey(row('ada@example.com ', 'https://r/1')));
	});

	it('keeps two rows of one candidate apart when their reports differ', () => {
		expect(resultKey(row('ada@example.com', 'https://r/1'))).not.toBe(resultKey(row('ada@example.com', 'https://r/2')));
		expect(resultKey(row('ada@example.com', null))).not.toBe(resultKey(row('ada@example.com', 'https://r/1')));
	});

	it('knows a row without an e-mail by its content', () => {
		expect(resultKey(row(undefined, null))).toBe(resultKey(row(undefined, null)));
		expect(resultKey(row(undefined, null))).not.toBe(resultKey(row(undefined, 'https://r/3')));
	});
});
