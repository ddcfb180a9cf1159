import * as getManyOperation from '../../../../../../nodes/InterviewService/actions/interview/getMany';
import { asExecute, mockContext } from '../../mockContext';
import type { RecordedRequest } from '../../mockContext';

const execute = asExecute(getManyOperation);

const all = Array.from({ length: 130 }, (_, index) => ({ interviewId: `int_${index}`, interviewName: `Interview ${index}` }));

function pageOf(request: RecordedRequest) {
	const page = Number(request.qs?.page);
	const limit = Number(request.qs?.limit);
	return all.slice((page - 1) * limit, page * limit);
}

describe('interview → get many', () => {
	it('returns all, walking pages of 100 with the filters', async () => {
		const mock = mockContext({
			parameters: { returnAll: true, filters: { status: 'draft', search: ' backend ' } },
			respond: pageOf,
		});
		const output = await execute.call(mock.context);
		expect(output).toHaveLength(130);
		// Pages 1 and 2 hold the list; after a full first page the prefetch window starts at one, so none is asked past the end.
		expect(mock.requests.map((request) => request.qs)).toEqual([1, 2].map((page) => ({ page, limit: 100, status: 'draft', search: 'backend' })));
	});

	it('asks for no more than the limit', async () => {
		const mock = mockContext({ parameters: { returnAll: false, limit: 5, filters: {} }, respond: pageOf });
		const output = await execute.call(mock.context);
		expect(output).toHaveLength(5);
		expect(mock.requests.map((request) => request.qs)).toEqual([{ page: 1, limit: 5 }]);
	});

	it('stops with a clear error when the server ignores `page`', async () => {
		const mock = mockContext({ parameters: { returnAll: true, filters: {} }, respond: () => all.slice(0, 100) });
		await expect(execute.call(mock.context)).rejects.toThrow(/ignore the "page" parameter/);
		// Page 1, then page 2 (the window starts at one): page 2 repeating page 1 ends it.
		expect(mock.requests).toHaveLength(2);
	});

	it('simplifies each interview by default, and returns the whole record with Simplify off', async () => {
		const interview = { interviewId: 'int_1', interviewName: 'Backend', interviewConfig: { webhookUrl: 'https://n8n.example/w?secret=abc' }, competencyData: [{}, {}], jd: 'Long text' };
		const respond = (request: RecordedRequest) => (request.qs?.page === 1 ? [interview] : []);
		const simplified = await execute.call(mockContext({ parameters: { returnAll: true, filters: {} }, respond }).context);
		expect(simplified.map((item) => item.json)).toEqual([{ interviewId: 'int_1', interviewName: 'Backend', competencyCount: 2 }]);
		const raw = await execute.call(mockContext({ parameters: { returnAll: true, filters: {}, simplify: false }, respond }).context);
		expect(raw.map((item) => item.json)).toEqual([{ ...interview, interviewConfig: { webhookUrl: 'https://n8n.example/w?secret=***' } }]);
	});

	it('rejects a limit below 1', async () => {
		const mock = mockContext({ parameters: { returnAll: false, limit: 0, filters: {} }, respond: pageOf });
		await expect(execute.call(mock.context)).rejects.toThrow('Limit must be a whole number of at least 1 (item 0)');
		expect(mock.requests).toHaveLength(0);
	});
});
