import { createHmac } from 'node:crypto';
import { EventEmitter } from 'node:events';

import type { IDataObject, IExecuteFunctions, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { CandidateResult } from '../../../../nodes/shared/contract/result';
import { CLAIM_MS, DELIVERY_MARK, deliveryKey, passOnDeliveries, wasSeen } from '../../../../nodes/InterviewServiceTrigger/repeatMemory';
import { receiveEvent, rowOfEvent } from '../../../../nodes/InterviewServiceTrigger/webhook';

const SECRET = 'a'.repeat(64);

interface FakeCall {
	query?: IDataObject;
	body?: unknown;
	rawBody?: Buffer;
	events?: string[];
	options?: IDataObject;
	staticData?: IDataObject;
	mode?: string;
	workflowId?: string;
}

let workflowCount = 0;

/** The node's calls to its own URL (to save deliveries whose execution ran in another process). */
const saveRequests = jest.fn(async () => ({}));

/** A webhook context with only what `receiveEvent` reads; the lookup of results is not reachable here. */
function fakeWebhook(call: FakeCall) {
	const response = { statusCode: 200, sent: undefined as unknown };
	const res = Object.assign(new EventEmitter(), {
		statusCode: 200,
		status(code: number) {
			response.statusCode = code;
			return res;
		},
		json(body: unknown) {
			response.sent = body;
			return res;
		},
	});
	const parameters: IDataObject = { events: call.events ?? ['completed'], options: call.options ?? {}, interviewId: 'int-1' };
	const staticData = call.staticData ?? { interviewId: 'int-1', webhookUrl: `http://n8n/webhook/x/webhook?secret=${SECRET}`, webhookSecret: SECRET };
	// Each fake is its own workflow unless told otherwise, so the process memory of one test does not reach another.
	const workflowId = call.workflowId ?? `wf-${++workflowCount}`;
	const context = {
		getWorkflowStaticData: () => staticData,
		getMode: () => call.mode ?? 'webhook',
		getWorkflow: () => ({ id: workflowId, active: true }),
		getNode: () => ({ id: 'node-1', name: 'Interview Service Trigger' }),
		getQueryData: () => call.query ?? {},
		getRequestObject: () => ({ body: call.body, rawBody: call.rawBody }),
		getBodyData: () => call.body,
		getResponseObject: () => res,
		getNodeParameter: (name: string, fallback: unknown) => parameters[name] ?? fallback,
		// The webhook n8n routes the call to: the one the node registered, which its options pick (lifecycle.ts).
		getWebhookName: () => ((call.options as IDataObject | undefined)?.answerWhenFinished === true ? 'setup' : 'default'),
		helpers: { httpRequest: saveRequests },
		logger: { debug: () => undefined },
	} as unknown as IWebhookFunctions;
	/** The execution's first step, as n8n runs it once it has stored the execution (`retry`: the editor's Retry of it). */
	const runExecution = async (items: INodeExecutionData[], mode = 'webhook', executionStaticData = staticData, inWorkflow = workflowId, recordAnswer?: IDataObject) => {
		const hints: unknown[] = [];
		const requests: unknown[] = [];
		const step = {
			getInputData: () => items,
			getWorkflowStaticData: () => executionStaticData,
			getMode: () => mode,
			getWorkflow: () => ({ id: inWorkflow, active: true }),
			helpers: { httpRequest: async (options: unknown) => (requests.push(options), recordAnswer) },
			logger: { warn: () => undefined },
			getNode: () => ({ id: 'node-1', name: 'Interview Service Trigger' }),
			addExecutionHints: (...added: unknown[]) => hints.push(...added),
		} as unknown as IExecuteFunctions;
		const [passed] = await passOnDeliveries.call(step);
		// Its record call, if any, is sent without holding up the step.
		await new Promise((resolve) => setImmediate(resolve));
		return { items: passed, hints, requests };
	};
	return { context, response, res, runExecution };
}

/**
 * What n8n does with an answer that starts a workflow and leaves the answer to n8n: it stores the
 * execution, reads the answer's body, sends it and ends the call.
 */
function answerAsN8n(answer: IWebhookResponseData, res: EventEmitter & { statusCode?: number }): unknown {
	if (answer.workflowData === undefined || answer.noWebhookResponse === true) return undefined;
	const body = answer.webhookResponse;
	res.emit('finish');
	res.emit('close');
	return body;
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
		expect(answer.workflowData?.[0][0].json).toMatchObject({ eventKind: 'completed', candidate: completion.candidate, scores: completion.scores, malformed: false });
	});

	it('leaves the answer to a started workflow to n8n, which sends it once it has stored the execution', async () => {
		const { context, response, res } = fakeWebhook({ query: { secret: SECRET }, body: completion });
		const answer = await receiveEvent.call(context);
		expect(answer.noWebhookResponse).toBeUndefined();
		expect(response.sent).toBeUndefined();
		expect(answerAsN8n(answer, res)).toEqual({ message: 'Workflow was started' });
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
		expect(answer.webhookResponse).toMatchObject({
			message: expect.stringContaining('"interview.started"'),
			eventType: 'interview.started',
			eventKind: null,
		});
		expect(response.statusCode).toBe(200);
	});

	it('names a known kind that is not selected in its answer', async () => {
		const { context } = fakeWebhook({ query: { secret: SECRET }, body: { ...completion, event: 'cheatProbabilityMarked' } });
		const answer = await receiveEvent.call(context);
		expect(answer.workflowData).toBeUndefined();
		expect(answer.webhookResponse).toMatchObject({
			message: 'Event "cheatProbabilityMarked" ("Cheat Probability Marked") received and ignored: not selected in the trigger\'s Events',
			eventKind: 'cheatProbabilityMarked',
		});
	});

	it('passes any event when "*" is selected', async () => {
		const { context } = fakeWebhook({ query: { secret: SECRET }, body: { ...completion, event: 'interview.started' }, events: ['*'] });
		expect((await receiveEvent.call(context)).workflowData?.[0][0].json.eventType).toBe('interview.started');
	});

	it('emits a body that is not JSON as raw text with a flag', async () => {
		const { context } = fakeWebhook({ query: { secret: SECRET }, body: 'hello' });
		const json = (await receiveEvent.call(context)).workflowData?.[0][0].json;
		expect(json).toMatchObject({ eventType: null, malformed: true, problems: ['The body is not JSON'], other: 'hello' });
	});

	it('gives an event without a completion time the key of its delivery: its id, else its body', async () => {
		const keyOf = async (body: unknown) => {
			const { context } = fakeWebhook({ query: { secret: SECRET }, body });
			return (await receiveEvent.call(context)).workflowData?.[0][0].json.completionKey;
		};
		const first = await keyOf(completion);
		expect(first).toMatch(/^[0-9a-f]{32}$/);
		expect(await keyOf({ ...completion })).toBe(first);
		expect(await keyOf({ ...completion, scores: { interviewScore: 81 } })).not.toBe(first);
		const withId = await keyOf({ ...completion, deliveryId: 'd-1' });
		expect(await keyOf({ ...completion, deliveryId: 'd-1', scores: { interviewScore: 81 } })).toBe(withId);
		expect(withId).not.toBe(first);
		expect(await keyOf('hello')).toBe(await keyOf('hello'));
	});

	describe('a repeated delivery', () => {
		const registration = () => ({ interviewId: 'int-1', webhookUrl: 'http://n8n/webhook/x/webhook', webhookSecret: SECRET });
		/** One call as n8n handles it: the webhook, the answer, then the execution's first step. */
		const deliver = async (body: unknown, staticData: IDataObject, more: Partial<FakeCall> = {}) => {
			const { context, res, runExecution } = fakeWebhook({ query: { secret: SECRET }, body, staticData, ...more });
			const answer = await receiveEvent.call(context);
			answerAsN8n(answer, res);
			if (answer.workflowData) await runExecution(answer.workflowData[0]);
			return answer;
		};

		it('starts nothing the second time (same delivery id), and is answered 200 as a repeat', async () => {
			const staticData = registration();
			const workflowId = 'wf-repeat-id';
			const body = { ...completion, eventId: 'evt_1' };
			expect((await deliver(body, staticData, { workflowId })).workflowData).toHaveLength(1);
			// A changed body with the same id is still the same delivery.
			const again = await deliver({ ...body, reportLink: 'x' }, staticData, { workflowId });
			expect(again.workflowData).toBeUndefined();
			expect(again.webhookResponse).toEqual({ message: 'Delivery "evt_1" received before: ignored as a repeat', repeat: true });
			expect((await deliver({ ...body, eventId: 'evt_2' }, staticData, { workflowId })).workflowData).toHaveLength(1);
		});

		it('is recognised from static data alone, as after an n8n restart (another process memory)', async () => {
			const staticData = registration();
			await deliver({ type: 'candidateInterviewCompleted', deliveryId: 'd-restart', data: completion }, staticData, { workflowId: 'wf-a' });
			// After a restart the process memory is empty: a new workflow scope stands for that here.
			const saved = JSON.parse(JSON.stringify(staticData)) as IDataObject;
			const again = await deliver({ type: 'candidateInterviewCompleted', deliveryId: 'd-restart', data: completion }, saved, { workflowId: 'wf-b' });
			expect(again.workflowData).toBeUndefined();
		});

		it('is recognised by the process memory when two copies read the same static data', async () => {
			const before = registration();
			const body = { event: 'interview.completed', data: { ...completion, delivery_id: 'd-concurrent' } };
			const first = await deliver(body, structuredClone(before), { workflowId: 'wf-c' });
			const second = await deliver(body, structuredClone(before), { workflowId: 'wf-c' });
			expect(first.workflowData).toHaveLength(1);
			expect(second.workflowData).toBeUndefined();
		});

		it('without an id, recognises the same raw body by its hash', async () => {
			const staticData = registration();
			const raw = Buffer.from(JSON.stringify(completion));
			expect((await deliver(completion, staticData, { rawBody: raw, workflowId: 'wf-d' })).workflowData).toHaveLength(1);
			expect((await deliver(completion, staticData, { rawBody: raw, workflowId: 'wf-d' })).workflowData).toBeUndefined();
			const other = Buffer.from(JSON.stringify({ ...completion, completedAt: 'later' }));
			expect((await deliver({ ...completion, completedAt: 'later' }, staticData, { rawBody: other, workflowId: 'wf-d' })).workflowData).toHaveLength(1);
		});

		it('is not counted while listening for a test event (manual mode)', async () => {
			const staticData = registration();
			const body = { ...completion, eventId: 'evt_test' };
			expect((await deliver(body, staticData, { mode: 'manual', workflowId: 'wf-e' })).workflowData).toHaveLength(1);
			expect((await deliver(body, staticData, { mode: 'manual', workflowId: 'wf-e' })).workflowData).toHaveLength(1);
			expect(staticData).not.toHaveProperty('seenDeliveries');
		});

		it('is not counted while n8n has not stored its execution: a copy waits, and runs when the first call ends without one', async () => {
			const staticData = registration();
			const body = { ...completion, eventId: 'evt_unstored' };
			const first = fakeWebhook({ query: { secret: SECRET }, body, staticData, workflowId: 'wf-g' });
			const firstAnswer = await receiveEvent.call(first.context);
			expect(firstAnswer.workflowData).toHaveLength(1);
			expect(staticData).not.toHaveProperty('seenDeliveries');
			// A copy arrives while n8n is still storing the first execution, which then fails: the copy runs.
			const copy = deliver(body, staticData, { workflowId: 'wf-g' });
			first.res.emit('close');
			expect((await copy).workflowData).toHaveLength(1);
			expect(wasSeen(staticData, deliveryKey('interview.completed', 'evt_unstored', undefined, body).key)).toBe(true);
		});

		it('a copy that arrives while the first call is being stored waits, and is a repeat once its execution has run the node\'s step', async () => {
			const staticData = registration();
			const body = { ...completion, eventId: 'evt_waiting' };
			const first = fakeWebhook({ query: { secret: SECRET }, body, staticData, workflowId: 'wf-h' });
			const firstAnswer = await receiveEvent.call(first.context);
			const copy = deliver(body, staticData, { workflowId: 'wf-h' });
			answerAsN8n(firstAnswer, first.res);
			await first.runExecution(firstAnswer.workflowData![0]);
			expect((await copy).webhookResponse).toMatchObject({ repeat: true });
		});

		it('answered before its execution exists (n8n 1.x answers first): nothing is recorded until the execution runs the node\'s step', async () => {
			const staticData = registration();
			const body = { ...completion, eventId: 'evt_answered_first' };
			const key = deliveryKey('interview.completed', 'evt_answered_first', undefined, body).key;
			const first = fakeWebhook({ query: { secret: SECRET }, body, staticData, workflowId: 'wf-1x' });
			const firstAnswer = await receiveEvent.call(first.context);
			expect(answerAsN8n(firstAnswer, first.res)).toEqual({ message: 'Workflow was started' });
			// n8n 1.x saves the call's static data with its answer: it must not hold the key yet.
			expect(wasSeen(JSON.parse(JSON.stringify(staticData)) as IDataObject, key)).toBe(false);
			const copy = deliver(body, staticData, { workflowId: 'wf-1x' });
			const started = await first.runExecution(firstAnswer.workflowData![0]);
			expect(started.items.map((item) => item.json)).toEqual([firstAnswer.workflowData![0][0].json]);
			expect(started.items[0]).not.toHaveProperty(DELIVERY_MARK);
			expect((await copy).webhookResponse).toMatchObject({ repeat: true });
			expect(wasSeen(staticData, key)).toBe(true);
		});

		it('a Retry of a crashed execution runs its delivery once: passed on when nothing else ran it, dropped (with a hint) when a copy ran it meanwhile', async () => {
			const body = { ...completion, eventId: 'evt_crashed' };
			// The call was answered and its execution stored; n8n died before the step ran.
			const crashed = fakeWebhook({ query: { secret: SECRET }, body, staticData: registration(), workflowId: 'wf-crash-a' });
			const crashedItems = (await receiveEvent.call(crashed.context)).workflowData![0];
			// Retry first: it runs, and this process now knows the delivery (nothing written to the snapshot it runs on).
			const snapshot = registration() as IDataObject;
			expect((await crashed.runExecution(crashedItems, 'retry', snapshot)).items).toHaveLength(1);
			expect(snapshot).not.toHaveProperty('seenDeliveries');
			expect((await deliver(body, registration(), { workflowId: 'wf-crash-a' })).webhookResponse).toMatchObject({ repeat: true });

			// The other order, after a restart (another scope): the sender's copy runs it, then the Retry passes nothing on.
			const lost = fakeWebhook({ query: { secret: SECRET }, body, staticData: registration(), workflowId: 'wf-crash-b' });
			const lostItems = (await receiveEvent.call(lost.context)).workflowData![0];
			const saved = registration() as IDataObject;
			expect((await deliver(body, saved, { workflowId: 'wf-crash-c' })).workflowData).toHaveLength(1);
			const retried = await fakeWebhook({ query: { secret: SECRET }, body, staticData: saved, workflowId: 'wf-crash-c' }).runExecution(lostItems, 'retry', saved);
			expect(retried.items).toHaveLength(0);
			expect(retried.hints).toHaveLength(1);
			// A Retry of the execution that ran it (the same attempt) still passes it on.
			const ranItems = (await deliver({ ...body, eventId: 'evt_failed' }, saved, { workflowId: 'wf-crash-d' })).workflowData![0];
			const again = await fakeWebhook({ query: { secret: SECRET }, body, staticData: saved, workflowId: 'wf-crash-d' }).runExecution(ranItems, 'retry', saved);
			expect(again.items).toHaveLength(1);
		});

		it('an execution answered at once ends its step only once the deliveries claimed beside it are recorded, so what each writes back holds every key', async () => {
			const staticData = registration();
			const bodyA = { ...completion, eventId: 'evt_sibling_a' };
			const bodyB = { ...completion, eventId: 'evt_sibling_b' };
			const a = fakeWebhook({ query: { secret: SECRET }, body: bodyA, staticData, workflowId: 'wf-siblings' });
			const b = fakeWebhook({ query: { secret: SECRET }, body: bodyB, staticData, workflowId: 'wf-siblings' });
			const aItems = (await receiveEvent.call(a.context)).workflowData![0];
			const bItems = (await receiveEvent.call(b.context)).workflowData![0];
			// Each execution loads the static data anew, as n8n does.
			const [aExecution, bExecution] = [structuredClone(staticData), structuredClone(staticData)];
			let aEnded = false;
			const aStep = a.runExecution(aItems, 'webhook', aExecution).then(() => (aEnded = true));
			await new Promise((resolve) => setTimeout(resolve, 100));
			expect(aEnded).toBe(false);
			await b.runExecution(bItems, 'webhook', bExecution);
			await aStep;
			const writtenByA = JSON.parse(JSON.stringify(aExecution)) as IDataObject;
			expect(wasSeen(writtenByA, deliveryKey('interview.completed', 'evt_sibling_a', undefined, bodyA).key)).toBe(true);
			expect(wasSeen(writtenByA, deliveryKey('interview.completed', 'evt_sibling_b', undefined, bodyB).key)).toBe(true);
		});

		it('a claim no execution has recorded is given up after a minute: a copy then runs, and its step decides', async () => {
			const staticData = registration();
			const body = { ...completion, eventId: 'evt_never_answered' };
			const first = fakeWebhook({ query: { secret: SECRET }, body, staticData, workflowId: 'wf-never' });
			expect((await receiveEvent.call(first.context)).workflowData).toHaveLength(1);
			const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + CLAIM_MS);
			try {
				expect((await deliver(body, staticData, { workflowId: 'wf-never' })).workflowData).toHaveLength(1);
			} finally {
				clock.mockRestore();
			}
		});

		it('on a copy without the registration (n8n 2.41 queue mode) the step writes nothing, and has the node\'s URL record the delivery with a signed call; a copy then is a repeat', async () => {
			const staticData = { ...registration(), webhookUrl: `http://n8n/webhook/record/webhook?secret=${SECRET}` };
			const body = { ...completion, eventId: 'evt_worker' };
			const key = deliveryKey('interview.completed', 'evt_worker', undefined, body).key;
			const call = fakeWebhook({ query: { secret: SECRET }, body, staticData, workflowId: 'wf-worker' });
			const items = (await receiveEvent.call(call.context)).workflowData![0];
			answerAsN8n({ workflowData: [items] }, call.res);
			// The worker's execution, in another process: its own memory of the node is empty.
			const workerCopy: IDataObject = {};
			const step = await call.runExecution(items, 'webhook', workerCopy, 'wf-worker-process');
			expect(step.items).toHaveLength(1);
			expect(workerCopy).toEqual({});
			const [recordCall] = step.requests as Array<{ url: string; body: IDataObject }>;
			expect(recordCall.url).toBe('http://n8n/webhook/record/webhook');
			expect(JSON.stringify(recordCall)).not.toContain(SECRET);

			// The record call reaches the node: it records the delivery and starts nothing.
			const recorded = await deliver(recordCall.body, staticData, { workflowId: 'wf-worker', query: {} });
			expect(recorded).toEqual({ webhookResponse: { message: 'Delivery recorded', saved: false } });
			expect(wasSeen(staticData, key)).toBe(true);
			expect((await deliver(body, staticData, { workflowId: 'wf-worker' })).webhookResponse).toMatchObject({ repeat: true });
		});

		it('a record call answers saved once the loaded static data holds it, and names the attempt that ran it to another attempt of the same delivery, recording nothing', async () => {
			const staticData = registration();
			const key = deliveryKey('interview.completed', 'evt_two_processes', undefined, {}).key;
			const recordOf = (attempt: string) => ({
				interviewServiceRecord: { delivery: `${key} ${attempt}`, signature: createHmac('sha256', SECRET).update(`${key} ${attempt}`, 'utf8').digest('base64url') },
			});
			expect((await deliver(recordOf('first'), staticData, { workflowId: 'wf-two', query: {} })).webhookResponse).toEqual({ message: 'Delivery recorded', saved: false });
			const saved = JSON.stringify(staticData);
			expect((await deliver(recordOf('first'), staticData, { workflowId: 'wf-two-elsewhere', query: {} })).webhookResponse).toEqual({ message: 'Delivery recorded', saved: true });
			expect((await deliver(recordOf('copy'), staticData, { workflowId: 'wf-two-elsewhere', query: {} })).webhookResponse).toEqual({ message: 'Delivery recorded', ranBy: 'first' });
			expect(JSON.stringify(staticData)).toBe(saved);
		});

		it('on a worker, the step passes nothing on when its record call answers that another attempt ran the delivery (a copy another webhook process took)', async () => {
			const staticData = { ...registration(), webhookUrl: `http://n8n/webhook/record/webhook?secret=${SECRET}` };
			const call = fakeWebhook({ query: { secret: SECRET }, body: { ...completion, eventId: 'evt_other_process' }, staticData, workflowId: 'wf-other-process' });
			const items = (await receiveEvent.call(call.context)).workflowData![0];
			answerAsN8n({ workflowData: [items] }, call.res);
			const step = await call.runExecution(items, 'webhook', {}, 'wf-other-process-worker', { message: 'Delivery recorded', ranBy: 'another' });
			expect(step.items).toEqual([]);
			expect(step.requests).toHaveLength(1);
			expect(step.hints).toEqual([expect.objectContaining({ message: expect.stringContaining('another execution has already run them') })]);
		});

		it('a record call whose signature was not made with the node\'s secret is refused 401 and records nothing', async () => {
			const staticData = registration();
			const forged = fakeWebhook({ body: { interviewServiceRecord: { delivery: 'kabc attempt1', signature: 'forged' } }, staticData, workflowId: 'wf-forged' });
			expect(await receiveEvent.call(forged.context)).toEqual({ noWebhookResponse: true });
			expect(forged.response.statusCode).toBe(401);
			expect(staticData).not.toHaveProperty('seenDeliveries');
		});

		it('a body that carries a record call beside other keys is an event, checked by the URL\'s secret', async () => {
			const body = { ...completion, eventId: 'evt_not_a_record', interviewServiceRecord: { delivery: 'kabc attempt1', signature: 'x' } };
			const unsigned = fakeWebhook({ body, staticData: registration(), workflowId: 'wf-not-record' });
			expect(await receiveEvent.call(unsigned.context)).toEqual({ noWebhookResponse: true });
			expect(unsigned.response.statusCode).toBe(401);
			expect((await deliver(body, registration(), { workflowId: 'wf-not-record' })).workflowData).toHaveLength(1);
		});

		it('a copy that waits longer than the bound is told to come again (503) and starts nothing', async () => {
			const staticData = registration();
			const body = { ...completion, eventId: 'evt_busy' };
			const first = fakeWebhook({ query: { secret: SECRET }, body, staticData, workflowId: 'wf-i', options: { answerWhenFinished: true } });
			expect((await receiveEvent.call(first.context)).workflowData).toHaveLength(1);
			const copy = fakeWebhook({ query: { secret: SECRET }, body, staticData, workflowId: 'wf-i', options: { answerWhenFinished: true } });
			expect(await receiveEvent.call(copy.context)).toEqual({ noWebhookResponse: true });
			expect(copy.response).toMatchObject({ statusCode: 503, sent: { retry: true } });
			first.res.emit('close');
		}, 10_000);

		it('answering once the workflow has finished: counted after a success, not after a failure; the next call saves it', async () => {
			const options = { answerWhenFinished: true };
			const staticData = registration();
			const body = { ...completion, eventId: 'evt_finished' };
			const failed = fakeWebhook({ query: { secret: SECRET }, body, staticData, workflowId: 'wf-j', options });
			const failedAnswer = await receiveEvent.call(failed.context);
			expect(failedAnswer.webhookResponse).toBeUndefined();
			failed.res.statusCode = 500;
			failed.res.emit('finish');
			failed.res.emit('close');
			const retried = fakeWebhook({ query: { secret: SECRET }, body, staticData, workflowId: 'wf-j', options });
			expect((await receiveEvent.call(retried.context)).workflowData).toHaveLength(1);
			retried.res.statusCode = 200;
			retried.res.emit('finish');
			retried.res.emit('close');
			// Its call's static data was saved before the answer went out: the next call writes the key.
			const nextCall = structuredClone(registration()) as IDataObject;
			const again = fakeWebhook({ query: { secret: SECRET }, body, staticData: nextCall, workflowId: 'wf-j', options });
			expect((await receiveEvent.call(again.context)).webhookResponse).toMatchObject({ repeat: true });
			expect(wasSeen(nextCall, deliveryKey('interview.completed', 'evt_finished', undefined, body).key)).toBe(true);
		});

		it('an ignored event is not remembered, so it can start the workflow once Events include it', async () => {
			const staticData = registration();
			const body = { ...completion, event: 'cheatProbabilityMarked', eventId: 'evt_cheat' };
			expect((await deliver(body, staticData, { workflowId: 'wf-f' })).workflowData).toBeUndefined();
			expect((await deliver(body, staticData, { workflowId: 'wf-f', events: ['cheatProbabilityMarked'] })).workflowData).toHaveLength(1);
		});
	});
});

const row = (reportLink: string | null, completedAt: string | undefined, score: number | null): CandidateResult => ({
	candidate: { email: 'ada@example.com' },
	reportLink,
	scores: { interviewScore: score },
	...(completedAt === undefined ? {} : { completedAt }),
});

describe('Include Result picks the row the event is about', () => {
	const first = row('https://r/1', '2026-11-01T10:00:00Z', 91);
	const reattempt = row('https://r/2', '2026-11-02T10:00:00Z', 12);
	const unfinished = row(null, undefined, null);

	it('by the event\'s report link first', () => {
		expect(rowOfEvent([first, reattempt], { reportLink: 'https://r/1', completedAt: '2026-11-02T10:00:00Z' })).toBe(first);
	});

	it('then by the completion time, whatever its notation', () => {
		expect(rowOfEvent([first, reattempt], { completedAt: '2026-11-01T11:00:00+01:00' })).toBe(first);
	});

	it('else the last completed row, and the last row only when none is completed', () => {
		expect(rowOfEvent([first, reattempt, unfinished], {})).toBe(reattempt);
		expect(rowOfEvent([unfinished], {})).toBe(unfinished);
		expect(rowOfEvent([], {})).toBeUndefined();
	});
});
