import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { unlessError } from '../../../../nodes/InterviewService/transport/errors';
import { isCompleted } from '../../../../nodes/InterviewServiceResultsTrigger/results';

const node: INode = {
	id: '1',
	name: 'Interview Service Results Trigger',
	type: 'n8n-nodes-interview-service.interviewServiceResultsTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const apiError = (httpCode: string, message: string) => new NodeApiError(node, { message, httpCode }, { message, httpCode });

describe('unlessError', () => {
	it('turns an accepted failure into the fallback and rethrows the others', async () => {
		const notFound = apiError('404', 'Interview not found');
		await expect(unlessError(Promise.reject(notFound), () => true, null)).resolves.toBeNull();
		await expect(unlessError(Promise.reject(notFound), () => false, null)).rejects.toBe(notFound);
		await expect(unlessError(Promise.resolve(1), () => true, null)).resolves.toBe(1);
	});
});

describe('isCompleted', () => {
	it('is true with a report link or scores, false with neither', () => {
		expect(isCompleted({ reportLink: 'https://r/1', scores: null })).toBe(true);
		expect(isCompleted({ reportLink: null, scores: { overallScore: 50 } })).toBe(true);
		expect(isCompleted({ reportLink: null, scores: null })).toBe(false);
		expect(isCompleted({})).toBe(false);
	});
});
