import { NodeApiError } from 'n8n-workflow';

import { errorJson } from '../../../../../nodes/InterviewService/actions/router';
import {
	envelopeFailure,
	isNetworkError,
	namingInterview,
	timeoutError,
	toNodeApiError,
} from '../../../../../nodes/shared/transport/errors';
import { fakeNode } from '../../../../helpers/fakeNode';

const node = fakeNode();

/** What n8n-core throws from httpRequestWithAuthentication: a NodeApiError around the axios error. */
function coreError(status: number, body: unknown) {
	const axiosError = Object.assign(new Error(`Request failed with status code ${status}`), {
		response: { status, data: body },
		config: { headers: { Authorization: 'Bearer secret-token-xyz' } },
	});
	return new NodeApiError(node, axiosError as never);
}

describe('toNodeApiError', () => {
	it("carries the API's message, its error details and the HTTP status", () => {
		const error = toNodeApiError(
			node,
			coreError(422, { message: 'Input validation failed', success: false, error: [{ path: 'jd', message: 'Required' }] }),
			3,
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('Input validation failed');
		expect(error.description).toContain('"path":"jd"');
		expect(error.httpCode).toBe('422');
		expect(error.context.itemIndex).toBe(3);
	});

	it('never carries the bearer token of the failed request', () => {
		const error = toNodeApiError(node, coreError(404, { message: 'Interview not found', success: false, error: null }));
		expect(error.message).toBe('Interview not found');
		expect(JSON.stringify({ ...error, cause: error.cause, message: error.message })).not.toContain('secret-token-xyz');
	});

	it('names the interview ID after the service\'s message on a 404, and nowhere else', () => {
		const notFound = () => toNodeApiError(node, coreError(404, { message: 'Interview not found', success: false, error: null }));
		expect(namingInterview(notFound(), 'abc123').message).toBe('Interview not found (interview ID abc123)');
		expect(namingInterview(notFound(), undefined).message).toBe('Interview not found');
		const named = toNodeApiError(node, coreError(404, { message: 'No interview abc123', success: false, error: null }));
		expect(namingInterview(named, 'abc123').message).toBe('No interview abc123');
		const invalid = toNodeApiError(node, coreError(422, { message: 'Input validation failed', success: false, error: [] }));
		expect(namingInterview(invalid, 'abc123').message).toBe('Input validation failed');
	});

	it('falls back to the transport message when the body is not an error envelope', () => {
		const error = toNodeApiError(node, coreError(502, '<html>bad gateway</html>'));
		expect(error.httpCode).toBe('502');
		expect(error.message).toBeTruthy();
	});
});

describe('Retry-After, timeouts and error items', () => {
	it('keeps the Retry-After of a 429 (seconds or HTTP date) on the error and on the error item', () => {
		const withHeader = (value: string) => {
			const axiosError = Object.assign(new Error('Request failed with status code 429'), {
				response: { status: 429, data: { message: 'Slow down', success: false, error: null }, headers: { 'retry-after': value } },
			});
			return toNodeApiError(node, new NodeApiError(node, axiosError as never));
		};
		const error = withHeader('7');
		expect(error.context.retryAfter).toBe(7);
		expect(errorJson(error)).toEqual({ error: 'Slow down', httpCode: 429, retryAfter: 7 });
		expect(withHeader(new Date(Date.now() + 60_000).toUTCString()).context.retryAfter).toBeGreaterThanOrEqual(58);
		expect(errorJson(new Error('plain'))).toEqual({ error: 'plain' });
	});

	it('names the endpoint and the wait of a timeout, and only of a timeout', () => {
		const timedOut = Object.assign(new Error('timeout'), { httpCode: 'ECONNABORTED', cause: { code: 'ECONNABORTED' } });
		const error = timeoutError(node, timedOut, 'GET /api/v1/interview/get-interviews', 30, 2);
		expect(error?.message).toBe('The Interview Service did not answer GET /api/v1/interview/get-interviews within 30 s');
		expect(error?.context.itemIndex).toBe(2);
		expect(timeoutError(node, Object.assign(new Error('reset'), { httpCode: 'ECONNRESET' }), 'GET /x', 30)).toBeUndefined();
		expect(isNetworkError(Object.assign(new Error('reset'), { httpCode: 'ECONNRESET' }))).toBe(true);
		expect(isNetworkError(timedOut)).toBe(false);
	});

	it('makes success: false an error with the service message, whatever the status', () => {
		const error = envelopeFailure(node, { message: 'Candidate quota exceeded', error: { code: 'QUOTA' } }, 0, '200');
		expect(error.message).toBe('Candidate quota exceeded');
		expect(error.description).toBe('{"code":"QUOTA"}');
		expect(error.httpCode).toBe('200');
	});
});
