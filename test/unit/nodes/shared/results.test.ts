import { NodeApiError } from 'n8n-workflow';

import { unlessError } from '../../../../nodes/shared/transport/errors';
import { isCompleted } from '../../../../nodes/shared/results';
import { fakeNode } from '../../../helpers/fakeNode';

const node = fakeNode('interviewServiceResultsTrigger', 'Interview Service Results Trigger');

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
	it('needs a report link or a completed status, plus at least one numeric score (either naming)', () => {
		expect(isCompleted({ reportLink: 'https://r/1', scores: { interviewScore: 80 } })).toBe(true);
		expect(isCompleted({ reportLink: null, status: 'completed', scores: { overallScore: 50 } })).toBe(true);
		expect(isCompleted({ reportLink: 'https://r/1', scores: null })).toBe(false);
		expect(isCompleted({ reportLink: 'https://r/1', scores: {} })).toBe(false);
		expect(isCompleted({ reportLink: 'https://r/1', scores: { interviewScore: null, technicalScore: null } })).toBe(false);
		expect(isCompleted({ reportLink: null, scores: { overallScore: 50 } })).toBe(false);
		expect(isCompleted({ reportLink: null, scores: null })).toBe(false);
		expect(isCompleted({})).toBe(false);
	});
});
