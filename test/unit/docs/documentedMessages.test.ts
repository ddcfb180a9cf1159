/**
 * The messages the docs quote are the ones the code produces. Each is built here by the code itself,
 * with the example's own input (or the docs' placeholder `…` for it), and must stand in the doc
 * verbatim: a message reworded in the code and not in the docs, or the other way round, fails here.
 */
import { EventEmitter } from 'node:events';

import type { IDataObject, IExecuteFunctions, IHttpRequestHelper, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { dispatchBatches } from '../../../nodes/InterviewService/helpers/batches';
import { rememberedAnswers } from '../../../nodes/InterviewService/helpers/retryMemory';
import { InterviewServiceApi } from '../../../credentials/InterviewServiceApi.credentials';
import * as inviteOperation from '../../../nodes/InterviewService/actions/candidate/invite';
import { isFailure } from '../../../nodes/InterviewService/helpers/operationContract';
import { passOnDeliveries } from '../../../nodes/InterviewServiceTrigger/repeatMemory';
import { receiveEvent } from '../../../nodes/InterviewServiceTrigger/webhook';
import { namingInterview, timeoutError, toNodeApiError } from '../../../nodes/shared/transport/errors';
import { fakeNode } from '../../helpers/fakeNode';
import { apiError, asExecute, byId, mockContext } from '../nodes/InterviewService/mockContext';
import { asOneLine, docJson, readDoc } from './docText';

/** The doc as one line per paragraph, so a message wrapped over two lines still reads whole. */
const doc = (file: string) => asOneLine(readDoc(file));

describe('a refused candidate', () => {
	/** The message of an item whose batch the service refused (422, `reason`), as Invite and Cancel Scheduled give it. */
	async function refusal(email: string, itemIndex: number, interviewId: string, reason: string): Promise<string> {
		const { context } = mockContext({ parameters: {}, items: itemIndex + 1, continueOnFail: true });
		const outcomes = await dispatchBatches<string, never>(context, {
			batches: [[{ itemIndex, request: email, emails: [email], facts: { interviewId, email } }]],
			concurrency: 1,
			memory: rememberedAnswers(context, 'docs', 0),
			send: async () => {
				throw toNodeApiError(context.getNode(), apiError(422, reason));
			},
			outcomesOf: () => [],
		});
		const [failure] = outcomes.filter(isFailure);
		return failure.error.message;
	}

	it.each([
		['README.md', 'ada@…', 7, '…', '…'],
		['docs/operations.md', 'ada@blocked.example', 7, '6650f1c2a1b2c3d4e5f60718', 'Input validation failed'],
		['docs/errors-and-retries.md', 'ada@example.com', 0, '…', '<service message>'],
	])('%s quotes it as the code builds it', async (file, email, itemIndex, interviewId, reason) => {
		const message = await refusal(email, itemIndex, interviewId, reason);
		expect(message).toContain(email);
		expect(doc(file)).toContain(message);
	});
});

describe("Invite's input, as docs/operations.md quotes it", () => {
	const invite = asExecute(inviteOperation);
	const window = { startTime: '2030-01-07T09:00:00Z', endTime: '2030-01-14T18:00:00Z' };

	/** The message Invite stops with for `parameters` over `inputItems`. */
	async function inviteFailure(parameters: IDataObject, inputItems: IDataObject[]): Promise<string> {
		const { context } = mockContext({ parameters: { interviewId: byId('int_1'), ...window, additionalFields: {}, options: {}, ...parameters }, inputItems });
		return await invite.call(context).then(
			() => 'no failure',
			(error: Error) => error.message,
		);
	}

	it.each([
		['a Name beside several addresses', { email: 'ada@example.com, alan@example.com', additionalFields: { name: 'Ada' } }, [{}]],
		['a bad address in a list', { email: 'ada@example.com, alan@example' }, [{}]],
		['a list in the input field under Map Automatically', { mappingMode: 'autoMapInputData', emailField: 'email', inputFieldNames: {} }, [{ email: 'ada@example.com, alan@example.com' }]],
		['an item without the interview, By Field', { interviewId: { __rl: true, mode: 'inputItem', value: 'interviewId' }, email: 'ada@example.com' }, [{}]],
	])('%s', async (_what, parameters, inputItems) => {
		const message = await inviteFailure(parameters, inputItems);
		expect(message).toMatch(/\(item 0\)$/);
		expect(doc('docs/operations.md')).toContain(`\`${message}\``);
	});
});

describe('errors of any operation', () => {
	const node = fakeNode();

	it('a 404 names the interview, as docs/operations.md says', () => {
		const message = namingInterview(toNodeApiError(node, apiError(404, 'Interview not found')), '6650f1c2a1b2c3d4e5f60718').message;
		expect(doc('docs/operations.md')).toContain(`\`${message}\``);
	});

	it('a request with no answer names the endpoint and the wait, as docs/errors-and-retries.md says', () => {
		const message = timeoutError(node, { cause: { code: 'ETIMEDOUT' } }, 'GET /api/v1/interview/get-interview/…', 30)?.message;
		expect(message).toBeDefined();
		expect(doc('docs/errors-and-retries.md')).toContain(`\`${String(message)}\``);
	});
});

describe("the credential's token exchange", () => {
	const credential = new InterviewServiceApi();
	const credentials = { baseUrl: 'https://api.example.com', clientId: 'c', apiKey: 'k', accessToken: '' };

	/** The message of a failed exchange whose request ends in `failure`. */
	async function exchangeFailure(failure: unknown, baseUrl = credentials.baseUrl): Promise<string> {
		const helper = {
			helpers: {
				httpRequest: async () => {
					throw failure;
				},
			},
		} as unknown as IHttpRequestHelper;
		const error = await credential.preAuthentication.call(helper, { ...credentials, baseUrl }).then(
			() => undefined,
			(thrown: unknown) => thrown as Error,
		);
		if (error === undefined) throw new Error('The exchange did not fail');
		return error.message;
	}

	const answered = (status: number, message: string) =>
		Object.assign(new Error(`Request failed with status code ${status}`), { response: { status, data: { success: false, message } } });
	const noAnswer = (code: string) => Object.assign(new Error(code), { code });

	const cases: Array<[string, () => Promise<string>]> = [
		['a wrong key', async () => await exchangeFailure(answered(401, 'Invalid client credentials'))],
		['a refused connection', async () => await exchangeFailure(noAnswer('ECONNREFUSED'))],
		['an unknown host', async () => await exchangeFailure(noAnswer('ENOTFOUND'))],
		['a reset connection', async () => await exchangeFailure(noAnswer('ECONNRESET'))],
		['no answer within the default Request Timeout', async () => await exchangeFailure(noAnswer('ECONNABORTED'))],
		['a Base URL ending in /api/v1', async () => await exchangeFailure(answered(404, 'Route not found'), 'https://api.example.com/api/v1')],
		['a Base URL without https://', async () => await exchangeFailure(new Error('never sent'), 'api.example.com')],
	];

	it.each(cases)('docs/credentials.md quotes %s as the credential says it', async (_, message) => {
		expect(doc('docs/credentials.md')).toContain(`\`${await message()}\``);
	});

	it('README quotes the wrong key as the credential says it', async () => {
		expect(doc('README.md')).toContain(`\`${await exchangeFailure(answered(401, 'Invalid client credentials'))}\``);
	});
});

describe("the Interview Service Trigger's answers, as docs/triggers.md quotes them", () => {
	const SECRET = 'a'.repeat(64);
	let workflows = 0;

	/** One call of the trigger with only what `receiveEvent` reads; its answer as the sender gets it. */
	function call(body: IDataObject, more: { events?: string[]; watched?: string; staticData?: IDataObject; workflowId?: string; whenFinished?: boolean } = {}) {
		const sent = { status: 200, body: undefined as unknown };
		const response = Object.assign(new EventEmitter(), {
			statusCode: 200,
			status(code: number) {
				sent.status = code;
				return response;
			},
			json(json: unknown) {
				sent.body = json;
				return response;
			},
		});
		const parameters: IDataObject = { events: more.events ?? ['completed'], options: {}, interviewId: more.watched ?? 'int-1' };
		const staticData = more.staticData ?? { interviewId: 'int-1', webhookUrl: `http://n8n/webhook/x/webhook?secret=${SECRET}`, webhookSecret: SECRET };
		const workflowId = more.workflowId ?? `docs-${++workflows}`;
		const context = {
			getWorkflowStaticData: () => staticData,
			getMode: () => 'webhook',
			getWorkflow: () => ({ id: workflowId, active: true }),
			getNode: () => ({ id: 'node-1', name: 'Interview Service Trigger' }),
			getQueryData: () => ({ secret: SECRET }),
			getRequestObject: () => ({ body }),
			getBodyData: () => body,
			getResponseObject: () => response,
			getNodeParameter: (name: string, fallback: unknown) => parameters[name] ?? fallback,
			getWebhookName: () => (more.whenFinished === true ? 'setup' : 'default'),
			helpers: { httpRequest: async () => ({}) },
			logger: { debug: () => undefined },
		} as unknown as IWebhookFunctions;
		return { context, sent, response, staticData };
	}

	/** What n8n does with an answer it sends itself: reads its body and ends the call. */
	function answeredByN8n(answer: IWebhookResponseData, response: EventEmitter): unknown {
		const body = answer.webhookResponse;
		response.emit('finish');
		response.emit('close');
		return body;
	}

	const triggers = () => doc('docs/triggers.md');
	const completion = { event: 'interview.completed', interviewId: 'int-1', candidate: { email: 'ada@example.com' } };

	it('a first delivery: n8n\'s own "Workflow was started"', async () => {
		const first = call({ ...completion, eventId: 'evt-started' });
		const body = answeredByN8n(await receiveEvent.call(first.context), first.response);
		expect(triggers()).toContain(`\`200 ${docJson(body as IDataObject)}\``);
	});

	it('a repeat', async () => {
		const first = call({ ...completion, eventId: '<id>' }, { workflowId: 'docs-repeat' });
		const started = await receiveEvent.call(first.context);
		answeredByN8n(started, first.response);
		// The execution's first step, which records the delivery (n8n runs it once it has stored the execution).
		const step = {
			getInputData: () => started.workflowData![0],
			getWorkflowStaticData: () => first.staticData,
			getMode: () => 'webhook',
			getWorkflow: () => ({ id: 'docs-repeat', active: true }),
			getNode: () => ({ id: 'node-1', name: 'Interview Service Trigger' }),
		} as unknown as IExecuteFunctions;
		expect((await passOnDeliveries.call(step))[0]).toHaveLength(1);
		const again = call({ ...completion, eventId: '<id>' }, { workflowId: 'docs-repeat', staticData: first.staticData });
		const answer = await receiveEvent.call(again.context);
		expect(answer.workflowData).toBeUndefined();
		expect(triggers()).toContain(`\`200 ${docJson(answer.webhookResponse as IDataObject)}\``);
	});

	it('a copy that arrives while the first call is still going after the wait', async () => {
		const first = call({ ...completion, eventId: '…' }, { workflowId: 'docs-busy', whenFinished: true });
		expect((await receiveEvent.call(first.context)).workflowData).toHaveLength(1);
		const copy = call({ ...completion, eventId: '…' }, { workflowId: 'docs-busy', whenFinished: true, staticData: first.staticData });
		await receiveEvent.call(copy.context);
		first.response.emit('close');
		expect(copy.sent.status).toBe(503);
		expect(triggers()).toContain(`\`${docJson(copy.sent.body as IDataObject)}\``);
	}, 10_000);

	it('an event not selected in Events', async () => {
		const ignored = call({ ...completion, event: 'cheatProbabilityMarked' });
		const answer = await receiveEvent.call(ignored.context);
		expect(triggers()).toContain(`\`${docJson(answer.webhookResponse as IDataObject)}\``);
	});

	it('an event for another interview', async () => {
		const other = call({ ...completion, interviewId: '…' }, { watched: '…x' });
		const { message } = (await receiveEvent.call(other.context)).webhookResponse as { message: string };
		// The docs write both interviews as `…`; the code needs them to differ to tell them apart.
		expect(triggers()).toContain(`\`${message.replace('"…x"', '"…"')}\``);
	});
});
