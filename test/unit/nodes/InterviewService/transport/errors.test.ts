import { NodeApiError } from 'n8n-workflow';

import { statusOf, toNodeApiError } from '../../../../../nodes/InterviewService/transport/errors';
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
		expect(statusOf(error)).toBe(422);
		expect(error.context.itemIndex).toBe(3);
	});

	it('never carries the bearer token of the failed request', () => {
		const error = toNodeApiError(node, coreError(404, { message: 'Interview not found', success: false, error: null }));
		expect(error.message).toBe('Interview not found');
		expect(JSON.stringify({ ...error, cause: error.cause, message: error.message })).not.toContain('secret-token-xyz');
	});

	it('falls back to the transport message when the body is not an error envelope', () => {
		const error = toNodeApiError(node, coreError(502, '<html>bad gateway</html>'));
		expect(error.httpCode).toBe('502');
		expect(error.message).toBeTruthy();
	});
});
