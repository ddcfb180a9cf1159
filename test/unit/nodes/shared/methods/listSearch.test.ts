import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { searchInterviews } from '../../../../../nodes/shared/methods/listSearch';
import { BASE_URL, mockContext } from '../../InterviewService/mockContext';

/** A service holding `total` interviews that caps every page at `cap`. */
function pickerContext(total: number, cap = 100) {
	const mock = mockContext({
		parameters: {},
		respond: (request) => {
			const page = Number(request.qs?.page);
			const size = Math.min(Number(request.qs?.limit), cap);
			const start = (page - 1) * size;
			return Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, index) => ({
				interviewId: `int_${start + index}`,
				interviewName: `Backend ${start + index}`,
				status: 'draft',
			}));
		},
	});
	return { ...mock, context: mock.context as unknown as ILoadOptionsFunctions };
}

describe('searchInterviews', () => {
	it('searches get-interviews by name and offers a next step when more may follow', async () => {
		const { context, requests } = pickerContext(250);
		const answer = await searchInterviews.call(context, ' backend ');
		expect(requests).toEqual([
			{ method: 'GET', url: `${BASE_URL}/api/v1/interview/get-interviews`, qs: { page: 1, limit: 100, search: 'backend' } },
		]);
		expect(answer.results[0]).toEqual({ name: 'Backend 0 (draft)', value: 'int_0' });
		expect(answer.results).toHaveLength(100);
		expect(answer.paginationToken).toBe('100');
	});

	it('pages through a service that caps pages at 50: all 137 interviews, each once', async () => {
		const { context } = pickerContext(137, 50);
		const first = await searchInterviews.call(context);
		expect(first.results).toHaveLength(100);
		const second = await searchInterviews.call(context, undefined, first.paginationToken);
		expect(second.paginationToken).toBeUndefined();
		const ids = [...first.results, ...second.results].map((result) => result.value);
		expect(ids).toHaveLength(137);
		expect(new Set(ids).size).toBe(137);
	});

	it('ends at a short list and sends no empty search', async () => {
		const { context, requests } = pickerContext(3);
		const answer = await searchInterviews.call(context);
		expect(requests[0].qs).toEqual({ page: 1, limit: 100 });
		expect(answer.paginationToken).toBeUndefined();
	});
});
