import * as getOperation from '../../../../../../nodes/InterviewService/actions/interview/get';
import { apiError, asExecute, BASE_URL, byId, mockContext } from '../../mockContext';

const execute = asExecute(getOperation);

// An interview as the service answers it: lists and settings beside the fields Simplify keeps.
const FULL_INTERVIEW = {
	interviewId: 'int_1',
	interviewName: 'Backend Engineer',
	roleName: 'Engineer',
	minExperience: 2,
	maxExperience: 5,
	jdType: 'text',
	sampleQuestions: ['Why Node.js?', 'What is a queue for?'],
	interviewConfig: { allowAccess: 'anyone', webhookUrl: 'https://n8n.example/webhook/abc/webhook?secret=0123456789abcdef' },
	interviewLink: 'https://interviews.example.com/i/backend',
	competencyData: [{ competency: 'Node.js', explanation: 'Runtime internals', questionCount: 2 }],
	metaData: { Id: 101 },
	status: 'published',
	createdAt: '2026-11-02T09:00:00.000Z',
	updatedAt: '2026-11-03T09:00:00.000Z',
	codingSection: [],
	futureField: { large: 'x'.repeat(2000) },
};

const SIMPLIFIED_INTERVIEW = {
	interviewId: 'int_1',
	interviewName: 'Backend Engineer',
	roleName: 'Engineer',
	status: 'published',
	minExperience: 2,
	maxExperience: 5,
	interviewLink: 'https://interviews.example.com/i/backend',
	createdAt: '2026-11-02T09:00:00.000Z',
	updatedAt: '2026-11-03T09:00:00.000Z',
	metaData: { Id: 101 },
	competencyCount: 1,
	sampleQuestionCount: 2,
	codingQuestionCount: 0,
};

describe('interview → get', () => {
	it('simplifies by default: the fields a reader needs and the lists as counts, no settings and no unknown field', async () => {
		const mock = mockContext({ parameters: { interviewId: byId('int_1') }, respond: () => FULL_INTERVIEW });
		const [item] = await execute.call(mock.context);
		expect(item.json).toEqual(SIMPLIFIED_INTERVIEW);
	});

	it('returns the whole record, its webhook URL\'s secret masked, with Simplify off', async () => {
		const mock = mockContext({ parameters: { interviewId: byId('int_1'), simplify: false }, respond: () => FULL_INTERVIEW });
		const [item] = await execute.call(mock.context);
		expect(item.json).toEqual({
			...FULL_INTERVIEW,
			interviewConfig: { allowAccess: 'anyone', webhookUrl: 'https://n8n.example/webhook/abc/webhook?secret=***' },
		});
	});

	it('simplifies an odd record without failing: a missing field is left out, an odd value kept as received', async () => {
		const odd = { interviewId: 'int_2', status: 'archived', metaData: null, competencyData: 'none', interviewConfig: 'odd' };
		const mock = mockContext({ parameters: { interviewId: byId('int_2') }, respond: () => odd });
		const [item] = await execute.call(mock.context);
		expect(item.json).toEqual({ interviewId: 'int_2', status: 'archived', metaData: null });
	});

	it('reads each item\'s interview, an ID picked from the list escaped into the path as the service gave it', async () => {
		const mock = mockContext({
			parameters: (itemIndex) => ({ interviewId: itemIndex === 0 ? byId('int_1') : { __rl: true, mode: 'list', value: 'a b' } }),
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
