import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { searchInterviews } from '../../../../../nodes/InterviewService/methods/listSearch';
import { BASE_URL, mockContext } from '../mockContext';

function pickerContext(count: number) {
	const mock = mockContext({
		parameters: {},
		respond: () => Array.from({ length: count }, (_, index) => ({ interviewId: `int_${index}`, interviewName: `Backend ${index}`, status: 'draft' })),
	});
	return { ...mock, context: mock.context as unknown as ILoadOptionsFunctions };
}

describe('searchInterviews', () => {
	it('searches get-interviews by name and offers the next page when the page is full', async () => {
		const { context, requests } = pickerContext(100);
		const answer = await searchInterviews.call(context, ' backend ', '3');
		expect(requests).toEqual([
			{ method: 'GET', url: `${BASE_URL}/api/v1/interview/get-interviews`, qs: { page: 3, limit: 100, search: 'backend' } },
		]);
		expect(answer.results[0]).toEqual({ name: 'Backend 0 (draft)', value: 'int_0' });
		expect(answer.paginationToken).toBe('4');
	});

	it('ends at a short page and sends no empty search', async () => {
		const { context, requests } = pickerContext(3);
		const answer = await searchInterviews.call(context);
		expect(requests[0].qs).toEqual({ page: 1, limit: 100 });
		expect(answer.paginationToken).toBeUndefined();
	});
});
