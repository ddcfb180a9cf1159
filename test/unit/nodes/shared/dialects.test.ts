import { entriesByEmail, failureInAnswer, isPastTheEnd, isResultsNotReady, refusalOf, refusedCandidates } from '../../../../nodes/shared/dialects';
import { toNodeApiError } from '../../../../nodes/shared/transport/errors';
import { fakeNode } from '../../../helpers/fakeNode';

const node = fakeNode();

function failed(status: number, message: string, error: unknown) {
	return toNodeApiError(node, { httpCode: String(status), context: { data: { message, success: false, error } } });
}

describe('isResultsNotReady', () => {
	it('knows the 422 by its code', () => {
		expect(isResultsNotReady(failed(422, 'Results are pending', { code: 'RESULTS_NOT_READY' }))).toBe(true);
	});

	it('knows the 422 by its message when there is no code', () => {
		expect(isResultsNotReady(failed(422, 'Results are not ready yet', null))).toBe(true);
	});

	it('keeps other 422s and other statuses errors', () => {
		expect(isResultsNotReady(failed(422, 'Input validation failed', [{ path: 'limit', message: 'bad' }]))).toBe(false);
		expect(isResultsNotReady(failed(500, 'Results are not ready yet', { code: 'RESULTS_NOT_READY' }))).toBe(false);
		expect(isResultsNotReady(new Error('not ready'))).toBe(false);
	});

	it('exposes the API\'s error details', () => {
		expect(failed(422, 'Input validation failed', [{ path: 'limit', message: 'bad' }]).errorResponse?.error).toEqual([
			{ path: 'limit', message: 'bad' },
		]);
	});
});

describe('success: false in an answer', () => {
	it('is a failure with the answer\'s message and details, whatever the status', () => {
		expect(failureInAnswer({ success: false, message: 'Quota exceeded', error: { code: 'QUOTA' } })).toEqual({ message: 'Quota exceeded', error: { code: 'QUOTA' } });
		expect(failureInAnswer({ success: false, message: '' })).toEqual({ message: 'The Interview Service answered success: false', error: undefined });
	});

	it('is no failure for a success answer, a missing flag or no object', () => {
		for (const body of [{ success: true, data: [] }, { data: [] }, null, 'text', [{ success: false }]]) expect(failureInAnswer(body)).toBeUndefined();
	});
});

describe('a page past the end', () => {
	it('is a 422 or a 404, nothing else', () => {
		expect([422, 404, 500, 401].map((status) => isPastTheEnd(failed(status, 'x', null)))).toEqual([true, true, false, false]);
	});
});

describe('a refused request', () => {
	const sent = ['a@example.com', 'B@example.com', 'c@example.com'];

	it('is a 422 about the candidates: never a 5xx, nor a 422 naming only fields outside them', () => {
		expect(refusalOf(failed(422, 'Input validation failed', null))).toEqual({ message: 'Input validation failed', details: null });
		expect(refusalOf(failed(500, 'Internal server error', null))).toBeUndefined();
		expect(refusalOf(failed(422, 'Bad window', [{ path: 'startTime', message: 'past' }]))).toBeUndefined();
		expect(refusalOf(failed(422, 'Bad window', [{ path: ['endTime'], message: 'past' }]))).toBeUndefined();
		expect(refusalOf(failed(422, 'Mixed', [{ path: 'startTime' }, { path: 'candidates.0.email' }]))).toBeDefined();
	});

	it('names nobody with error null, or with a detail that names no candidate', () => {
		expect(refusedCandidates({ message: 'x', details: null }, sent)).toBeUndefined();
		expect(refusedCandidates({ message: 'x', details: [] }, sent)).toBeUndefined();
		expect(refusedCandidates({ message: 'x', details: [{ path: 'candidates', message: 'too many' }] }, sent)).toBeUndefined();
		expect(refusedCandidates({ message: 'x', details: [{ email: 'a@example.com' }, { message: 'and someone else' }] }, sent)).toBeUndefined();
	});

	it('names candidates by e-mail, without case, each with its own details', () => {
		const named = refusedCandidates({ message: 'x', details: [{ email: 'b@EXAMPLE.com', message: 'blocked' }, { candidateEmail: 'c@example.com', message: 'held' }] }, sent);
		expect(named).toEqual(new Map([['b@example.com', [{ email: 'b@EXAMPLE.com', message: 'blocked' }]], ['c@example.com', [{ candidateEmail: 'c@example.com', message: 'held' }]]]));
	});

	it('names candidates by their place in the request, in the ways validation libraries write it', () => {
		for (const path of ['candidates.1.email', 'candidates.1', 'candidates[1].email', 'candidateEmails.1', ['candidates', 1, 'email']]) {
			expect([...(refusedCandidates({ message: 'x', details: [{ path, message: 'blocked' }] }, sent)?.keys() ?? [])]).toEqual(['b@example.com']);
		}
	});

	it('merges two details about one candidate, however each names it', () => {
		const details = [{ path: 'candidates.0.email', message: 'blocked' }, { email: 'A@example.com', message: 'held elsewhere' }];
		expect(refusedCandidates({ message: 'x', details }, sent)).toEqual(new Map([['a@example.com', details]]));
	});

	it('trusts no name when one names a candidate the request did not hold', () => {
		expect(refusedCandidates({ message: 'x', details: [{ path: 'candidates.0.email' }, { path: 'candidates.3.email' }] }, sent)).toBeUndefined();
		expect(refusedCandidates({ message: 'x', details: [{ email: 'a@example.com' }, { email: 'z@example.com' }] }, sent)).toBeUndefined();
	});
});

describe('an omitted candidate', () => {
	it('finds an answer\'s entry by e-mail without case, and none for a candidate left out', () => {
		const entryFor = entriesByEmail([{ email: 'A@example.com', link: 1 }], (entry) => entry.email);
		expect(entryFor(' a@EXAMPLE.com')).toEqual({ email: 'A@example.com', link: 1 });
		expect(entryFor('b@example.com')).toBeUndefined();
	});
});
