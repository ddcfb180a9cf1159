import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { receiveEvent } from '../../../../nodes/InterviewServiceTrigger/webhook';

const SECRET = 'a'.repeat(64);

interface FakeCall {
	query?: IDataObject;
	body?: unknown;
	rawBody?: Buffer;
	events?: string[];
	options?: IDataObject;
	staticData?: IDataObject;
}

/** A webhook context with only what `receiveEvent` reads; the lookup of results is not reachable here. */
function fakeWebhook(call: FakeCall) {
	const response = { statusCode: 200, sent: undefined as unknown };
	const res = {
		status(code: number) {
			response.statusCode = code;
			return res;
		},
		json(body: unknown) {
			response.sent = body;
			return res;
		},
	};
	const parameters: IDataObject = { events: call.events ?? ['completed'], options: call.options ?? {}, interviewId: 'int-1' };
	const context = {
		getWorkflowStaticData: () =>
			call.staticData ?? { interviewId: 'int-1', webhookUrl: `http://n8n/webhook/x/webhook?secret=${SECRET}`, webhookSecret: SECRET },
		getQueryData: () => call.query ?? {},
		getRequestObject: () => ({ body: call.body, rawBody: call.rawBody }),
		getResponseObject: () => res,
		getNodeParameter: (name: string, fallback: unknown) => parameters[name] ?? fallback,
	} as unknown as IWebhookFunctions;
	return { context, response };
}

const completion = {
	event: 'interview.completed',
	interviewId: 'int-1',
	candidate: { name: 'Ada', email: 'ada@example.com' },
	scores: { interviewScore: 80, communicationScore: 70, codingScore: 60 },
	reportLink: 'https://service.example/reports/1',
};

describe('receiveEvent', () => {
	it('emits one item for a completion with the right secret', async () => {
		const { context } = fakeWebhook({ query: { secret: SECRET }, body: completion });
		const answer = await receiveEvent.call(context);
		expect(answer.workflowData).toHaveLength(1);
		expect(answer.workflowData?.[0]).toHaveLength(1);
		expect(answer.workflowData?.[0][0].json).toMatchObject({ ...completion, candidateEmail: 'ada@example.com', malformed: false });
	});

	it.each([
		['no secret', {}],
		['a wrong secret', { secret: 'b'.repeat(64) }],
		['a secret of another length', { secret: 'short' }],
		['a repeated secret parameter', { secret: [SECRET, SECRET] }],
	])('answers 401 and starts nothing for %s', async (_case, query) => {
		const { context, response } = fakeWebhook({ query: query as IDataObject, body: completion });
		const answer = await receiveEvent.call(context);
		expect(answer).toEqual({ noWebhookResponse: true });
		expect(response.statusCode).toBe(401);
	});

	it('answers 401 when the static data holds no secret (registration lost)', async () => {
		const { context, response } = fakeWebhook({ query: { secret: SECRET }, body: completion, staticData: {} });
		expect(await receiveEvent.call(context)).toEqual({ noWebhookResponse: true });
		expect(response.statusCode).toBe(401);
	});

	it('skips the check only when Verify Secret is off', async () => {
		const { context } = fakeWebhook({ body: completion, options: { verifySecret: false } });
		expect((await receiveEvent.call(context)).workflowData).toHaveLength(1);
	});

	it('acknowledges and drops an event that is not selected', async () => {
		const { context, response } = fakeWebhook({ query: { secret: SECRET }, body: { ...completion, event: 'interview.started' } });
		const answer = await receiveEvent.call(context);
		expect(answer.workflowData).toBeUndefined();
		expect(answer.webhookResponse).toBeDefined();
		expect(response.statusCode).toBe(200);
	});

	it('passes any event when "*" is selected', async () => {
		const { context } = fakeWebhook({ query: { secret: SECRET }, body: { ...completion, event: 'interview.started' }, events: ['*'] });
		expect((await receiveEvent.call(context)).workflowData?.[0][0].json.eventType).toBe('interview.started');
	});

	it('emits a body that is not JSON as raw text with a flag', async () => {
		const { context } = fakeWebhook({ query: { secret: SECRET }, body: 'hello' });
		const json = (await receiveEvent.call(context)).workflowData?.[0][0].json;
		expect(json).toEqual({ body: 'hello', malformed: true, problems: ['The body is not JSON'] });
	});
});
