import * as getOperation from '../../../../../../nodes/InterviewService/actions/interview/get';
import { apiError, asExecute, BASE_URL, byId, mockContext } from '../../mockContext';

const execute = asExecute(getOperation);

describe('interview → get', () => {
	it('reads each item\'s interview, the ID escaped into the path', async () => {
		const mock = mockContext({
			parameters: (itemIndex) => ({ interviewId: byId(itemIndex === 0 ? 'int_1' : 'a b') }),
			items: 2,
			respond: (request) => ({ interviewId: request.url.split('/').pop() }),
		});
		const output = await execute.call(mock.context);
		expect(mock.requests.map((request) => request.url)).toEqual([
			`${BASE_URL}/api/v1/interview/get-interview/int_1`,
			`${BASE_URL}/api/v1/interview/get-interview/a%20b`,
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('turns a 404 into the API\'s message naming the interview ID, or an error item with continueOnFail', async () => {
		const failing = { parameters: { interviewId: byId('missing') }, respond: () => { throw apiError(404, 'Interview not found'); } };
		await expect(execute.call(mockContext(failing).context)).rejects.toThrow('Interview not found (interview ID missing)');
		const output = await execute.call(mockContext({ ...failing, continueOnFail: true }).context);
		expect(output).toEqual([{ json: { error: 'Interview not found (interview ID missing)', httpCode: 404, interviewId: 'missing' }, pairedItem: { item: 0 } }]);
	});
});
