import { isResultsNotReady } from '../../../../nodes/shared/dialects';
import { apiErrorDetails, toNodeApiError } from '../../../../nodes/shared/transport/errors';
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
		expect(apiErrorDetails(failed(422, 'Input validation failed', [{ path: 'limit', message: 'bad' }]))).toEqual([
			{ path: 'limit', message: 'bad' },
		]);
	});
});
