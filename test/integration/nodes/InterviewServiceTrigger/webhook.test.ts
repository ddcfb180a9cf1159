import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { readEvent } from '../../../../nodes/InterviewServiceTrigger/event';
import { deliveryKey, wasSeen } from '../../../../nodes/InterviewServiceTrigger/repeatMemory';
import { completionKey } from '../../../../nodes/shared/results';
import { TriggerHarness } from '../../../helpers/n8nCoreTriggers';
import { SandboxControl } from '../../../helpers/sandbox';

const INTERVIEW_ID = 'bbbbbbbbbbbbbbbbbbbbbb01';
const ADA = { email: 'ada@example.com', name: 'Ada Lovelace', scores: { interviewScore: 91, communicationScore: 84, codingScore: 88 } };

let sandbox: SandboxControl;
let harness: TriggerHarness;

beforeAll(async () => {
	sandbox = await SandboxControl.start();
});
afterAll(async () => {
	await sandbox.close();
});

async function activate(options: INodeParameters = {}, events = ['completed']) {
	harness = await new TriggerHarness({
		node: 'interviewServiceTrigger',
		parameters: { interviewId: { __rl: true, mode: 'id', value: INTERVIEW_ID }, events, options },
		credentials: sandbox.credentials,
	}).listen();
	await harness.hook('create');
	return String(harness.nodeStaticData().webhookUrl);
}

/** The item of the first execution a call started. */
const firstItem = () => harness.calls.find((call) => call.items)!.items![0].json;

const post = async (url: string, body: string, contentType = 'application/json') =>
	await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });

beforeEach(async () => {
	await sandbox.reset();
	await sandbox.seed({
		interviews: [{ interviewId: INTERVIEW_ID, status: 'published' }],
		candidates: [
			{ interviewId: INTERVIEW_ID, email: 'bob@example.com', name: 'Bob', status: 'completed', scores: { interviewScore: 40, communicationScore: 41, codingScore: 42 } },
			{ interviewId: INTERVIEW_ID, email: 'cy@example.com', name: 'Cy', status: 'scheduled' },
		],
	});
});
afterEach(async () => {
	await harness.hook('delete');
	await harness.close();
});

describe('Interview Service Trigger webhook, delivered by the sandbox over HTTP', () => {
	it('one completion starts one execution whose item has the documented fields', async () => {
		await activate();
		const { delivery, event } = await sandbox.complete(INTERVIEW_ID, ADA);
		expect(delivery?.status).toBe(200);
		const started = harness.calls.filter((call) => call.items);
		expect(started).toHaveLength(1);
		expect(started[0].items).toHaveLength(1);
		expect(firstItem()).toEqual({
			eventType: 'interview.completed',
			eventKind: 'completed',
			interviewId: INTERVIEW_ID,
			candidate: { email: ADA.email, name: ADA.name },
			scores: ADA.scores,
			reportLink: event.reportLink,
			completedAt: event.completedAt,
			completionKey: completionKey(INTERVIEW_ID, ADA.email, Date.parse(String(event.completedAt)), 'unused'),
			deliveryId: event.eventId,
			malformed: false,
		});
	});

	it('with Include Result, fills the item from the right candidate\'s row (matched by e-mail, without case)', async () => {
		await activate({ includeResult: true });
		const { result } = await sandbox.complete(INTERVIEW_ID, { ...ADA, email: 'ADA@Example.com' });
		const json = firstItem();
		expect(json).toMatchObject({ candidate: { email: 'ADA@Example.com', name: 'Ada Lovelace' }, scores: ADA.scores, interviewId: INTERVIEW_ID, reportLink: result.reportLink });
		expect(String(json.reportLink)).toMatch(/^http/);
		expect(json).toHaveProperty('metaData');
		expect(json).not.toHaveProperty('resultError');
	});

	it('with Include Result, a row of another candidate whose e-mail is no string does not keep the result from the item', async () => {
		await activate({ includeResult: true });
		// Its metaData names Ada, so the service's fuzzy search returns it beside her row.
		await sandbox.control('PATCH', `/interviews/${INTERVIEW_ID}/candidates/${encodeURIComponent('bob@example.com')}/raw`, {
			email: 42,
			metaData: { referredBy: ADA.email },
		});
		const { delivery } = await sandbox.complete(INTERVIEW_ID, ADA);
		expect(delivery?.status).toBe(200);

		const json = firstItem();
		expect(json.resultError).toBeUndefined();
		expect(json).toMatchObject({ candidate: { email: ADA.email }, scores: ADA.scores });
	});

	it.each([
		['without a secret', (url: string) => url.replace(/\?secret=.*$/, '')],
		['with a forged secret', (url: string) => url.replace(/secret=[0-9a-f]+/, `secret=${'0'.repeat(64)}`)],
		['with a truncated secret', (url: string) => url.slice(0, -10)],
	])('refuses a POST %s with 401 and starts nothing', async (_case, forge) => {
		const ours = await activate();
		const { event } = await sandbox.complete(INTERVIEW_ID, ADA);
		harness.calls.length = 0;

		const response = await post(forge(ours), JSON.stringify(event));
		expect(response.status).toBe(401);
		expect(harness.calls).toHaveLength(1);
		expect(harness.calls[0].items).toBeUndefined();
	});

	it('acknowledges a non-selected event with 200 naming it, and starts nothing', async () => {
		const ours = await activate();
		const response = await post(ours, JSON.stringify({ event: 'interview.started', interviewId: INTERVIEW_ID, candidate: { email: ADA.email } }));
		expect(response.status).toBe(200);
		expect(harness.calls[0].items).toBeUndefined();
		expect(harness.calls[0].answer).toMatchObject({ message: expect.stringContaining('"interview.started"'), eventType: 'interview.started' });
	});

	it('passes that event when "Any Event" is selected', async () => {
		const ours = await activate({}, ['*']);
		await post(ours, JSON.stringify({ event: 'interview.started', interviewId: INTERVIEW_ID, candidate: { email: ADA.email } }));
		expect(harness.calls[0].items![0].json).toMatchObject({ eventType: 'interview.started', malformed: false });
	});

	it('emits a body that is not JSON as received under other, flagged, never crashing', async () => {
		const ours = await activate({ includeResult: true });
		const response = await post(ours, 'candidate ada finished', 'text/plain');
		expect(response.status).toBe(200);
		expect(harness.calls[0].items![0].json).toMatchObject({
			eventType: null,
			malformed: true,
			problems: ['The body is not JSON'],
			metaData: null,
			resultError: 'The event names no interview or candidate e-mail to look up',
			other: 'candidate ada finished',
		});
	});

	it('with Include Result, still looks the result up for an event flagged only for its scores', async () => {
		const ours = await activate({ includeResult: true });
		await sandbox.complete(INTERVIEW_ID, ADA);
		harness.calls.length = 0;
		await post(ours, JSON.stringify({ event: 'interview.completed', candidate: { email: ADA.email }, scores: { interviewScore: 'high' } }));
		const json = harness.calls[0].items![0].json;
		// The interview is the node's own; the row fills what the event lacked.
		expect(json).toMatchObject({
			interviewId: INTERVIEW_ID,
			candidate: { email: ADA.email, name: ADA.name },
			scores: ADA.scores,
			malformed: true,
			problems: ['No interviewId', 'The scores are not numbers'],
		});
		expect(json).not.toHaveProperty('resultError');
	});

	it('emits an event that lacks fields with the fields it has and the problems', async () => {
		const ours = await activate();
		await post(ours, JSON.stringify({ event: 'interview.completed', scores: { overallScore: 3 } }));
		expect(harness.calls[0].items![0].json).toMatchObject({
			eventType: 'interview.completed',
			scores: { interviewScore: 3, communicationScore: null, codingScore: null },
			malformed: true,
			problems: ['No interviewId', 'No candidate e-mail'],
		});
	});

	it('an event that names another interview is answered 200 with the reason, and starts nothing', async () => {
		const ours = await activate({ includeResult: true });
		const response = await post(ours, JSON.stringify({ event: 'candidateInterviewCompleted', interviewId: 'someone-elses-interview', candidate: { email: ADA.email } }));
		expect(response.status).toBe(200);
		expect(await response.json()).toMatchObject({ message: expect.stringContaining(`watches interview "${INTERVIEW_ID}"`) });
		expect(harness.calls.filter((call) => call.items)).toHaveLength(0);
		// Nothing was looked up for the other interview.
		const requests = (await sandbox.control('GET', '/requests')) as { requests: Array<{ path: string }> };
		expect(requests.requests.some((request) => request.path.includes('someone-elses-interview'))).toBe(false);
	});

	it('two events of different kinds that share a top-level id start two executions; each one\'s redelivery none', async () => {
		const ours = await activate({}, ['*']);
		const completed = JSON.stringify({ id: 'cand-1', event: 'candidateInterviewCompleted', interviewId: INTERVIEW_ID, email: ADA.email });
		const cheat = JSON.stringify({ id: 'cand-1', event: 'cheatProbabilityMarked', interviewId: INTERVIEW_ID, email: ADA.email });
		for (const body of [completed, cheat, completed, cheat]) expect((await post(ours, body)).status).toBe(200);
		expect(harness.calls.filter((call) => call.items)).toHaveLength(2);
	});

	it('two different deliveries at the same moment both start, and both are remembered whichever write-back n8n keeps', async () => {
		const ours = await activate();
		const bodies = ['d-1', 'd-2'].map((deliveryId) =>
			JSON.stringify({ deliveryId, event: 'candidateInterviewCompleted', interviewId: INTERVIEW_ID, email: `${deliveryId}@example.com` }),
		);
		await Promise.all(bodies.map(async (body) => await post(ours, body)));
		expect(harness.calls.filter((call) => call.items)).toHaveLength(2);
		const saved = harness.nodeStaticData();
		for (const body of bodies) {
			const parsed = JSON.parse(body) as IDataObject;
			expect(wasSeen(saved, deliveryKey(String(parsed.event), readEvent(parsed).deliveryId, undefined, parsed).key)).toBe(true);
		}
	});

	it('after delete, the old secret no longer opens the door', async () => {
		const ours = await activate();
		await harness.hook('delete');
		const response = await post(ours, JSON.stringify({ event: 'interview.completed' }));
		expect(response.status).toBe(401);
	});
});

describe('Interview Service Trigger, where n8n reads only the content types it parses', () => {
	const completion = (deliveryId: string) =>
		JSON.stringify({ deliveryId, event: 'candidateInterviewCompleted', interviewId: INTERVIEW_ID, candidate: { email: ADA.email, name: ADA.name } });

	it.each([
		['application/octet-stream', 'v2-octet', 'application/octet-stream'],
		['no content type', 'v2-none', undefined],
	])('reads a JSON event sent as %s, starts one execution, and a repeat none', async (_case, deliveryId, contentType) => {
		const ours = await activate();
		// A body of bytes, so that fetch adds no content type of its own.
		const send = async () =>
			await fetch(ours, { method: 'POST', headers: contentType === undefined ? {} : { 'content-type': contentType }, body: Buffer.from(completion(deliveryId)) });
		expect((await send()).status).toBe(200);
		expect((await send()).status).toBe(200);
		const started = harness.calls.filter((call) => call.items);
		expect(started).toHaveLength(1);
		expect(started[0].items![0].json).toMatchObject({ deliveryId, eventKind: 'completed', interviewId: INTERVIEW_ID, candidate: { email: ADA.email }, malformed: false });
		expect(harness.calls[1].answer).toMatchObject({ repeat: true });
	});

	it('emits a body that is not JSON, of a type n8n leaves unread, as the raw text with a flag', async () => {
		const ours = await activate();
		const response = await post(ours, 'candidate ada finished (sent as bytes)', 'application/octet-stream');
		expect(response.status).toBe(200);
		expect(harness.calls[0].items![0].json).toMatchObject({ malformed: true, problems: ['The body is not JSON'], other: 'candidate ada finished (sent as bytes)' });
	});

	it('refuses a POST without the secret with 401 and starts nothing', async () => {
		const ours = await activate();
		const response = await post(ours.replace(/\?secret=.*$/, ''), completion('v2-2'), 'application/octet-stream');
		expect(response.status).toBe(401);
		expect(harness.calls.filter((call) => call.items)).toHaveLength(0);
	});
});

const STYLES = ['flat', 'typed', 'event'] as const;

describe.each(STYLES)('Interview Service Trigger with the sandbox sending the %s webhook style', (style) => {
	beforeEach(async () => {
		await sandbox.control('PATCH', '/config', { webhookStyle: style });
	});
	afterEach(async () => {
		await sandbox.control('PATCH', '/config', { webhookStyle: 'flat', webhookRedelivery: 'none' });
	});

	const executions = () => harness.calls.filter((call) => call.items);

	it('one completion starts one execution with the interview, the candidate and, with Include Result, the matching row', async () => {
		await activate({ includeResult: true });
		const { delivery, result } = await sandbox.complete(INTERVIEW_ID, ADA);
		expect(delivery?.status).toBe(200);
		expect(executions()).toHaveLength(1);
		const [item] = executions()[0].items!;
		expect(item.json).toMatchObject({
			eventKind: 'completed',
			interviewId: INTERVIEW_ID,
			candidate: { email: ADA.email, name: ADA.name },
			scores: ADA.scores,
			reportLink: result.reportLink,
			malformed: false,
		});
		expect(item.json).not.toHaveProperty('resultError');
	});

	it('a redelivery of the same delivery is answered 200 and starts no second execution', async () => {
		await activate();
		await sandbox.complete(INTERVIEW_ID, ADA);
		const { delivery } = (await sandbox.control('POST', '/webhooks/redeliver', {})) as { delivery: IDataObject };
		expect(delivery).toMatchObject({ status: 200, redelivery: true });
		expect(harness.calls).toHaveLength(2);
		expect(harness.calls[1].answer).toMatchObject({ repeat: true });
		expect(executions()).toHaveLength(1);
		// Another candidate's completion is a new delivery and starts its own execution.
		await sandbox.complete(INTERVIEW_ID, { ...ADA, email: 'grace@example.com' });
		expect(executions()).toHaveLength(2);
	});

	it.each(['twice', 'concurrent'])('the sandbox delivering every event %s starts one execution per completion', async (redelivery) => {
		await activate();
		await sandbox.control('PATCH', '/config', { webhookRedelivery: redelivery });
		const { deliveries } = (await sandbox.control('POST', `/interviews/${INTERVIEW_ID}/complete`, ADA)) as { deliveries: IDataObject[] };
		expect(deliveries.map((one) => one.status)).toEqual([200, 200]);
		expect(harness.calls).toHaveLength(2);
		expect(executions()).toHaveLength(1);
	});
});

describe('Interview Service Trigger with Include Result: one shape, each value once', () => {
	it('the row fills the event\'s own fields (the other score naming, the service\'s envelope), each value once', async () => {
		await sandbox.control('PATCH', '/config', { scoreStyle: 'zeko', webhookStyle: 'typed' });
		try {
			await activate({ includeResult: true });
			const { result } = await sandbox.complete(INTERVIEW_ID, ADA);
			const json = firstItem();
			expect(json).toMatchObject({
				eventType: 'candidateInterviewCompleted',
				eventKind: 'completed',
				interviewId: INTERVIEW_ID,
				candidate: { email: ADA.email, name: ADA.name },
				scores: ADA.scores,
				reportLink: result.reportLink,
				metaData: expect.any(Object),
				malformed: false,
			});
			expect(json).not.toHaveProperty('resultError');
			const text = JSON.stringify(json);
			expect(text.split(String(result.reportLink))).toHaveLength(2);
			expect(text.split('":91')).toHaveLength(2);
		} finally {
			await sandbox.control('PATCH', '/config', { scoreStyle: 'documented', webhookStyle: 'flat' });
		}
	});

	it('a candidate with no row and a failed lookup still come out, saying why', async () => {
		const ours = await activate({ includeResult: true });
		const response = await post(ours, JSON.stringify({ event: 'interview.completed', eventId: 'e-nobody', interviewId: INTERVIEW_ID, candidate: { email: 'nobody@example.com' } }));
		expect(response.status).toBe(200);
		expect(firstItem()).toMatchObject({ candidate: { email: 'nobody@example.com', name: null }, metaData: null, resultError: 'No result for this candidate yet' });

		harness.calls.length = 0;
		await sandbox.control('POST', '/faults', { route: 'GET /api/v1/interview/:id/results', status: 500, count: 5 });
		const { delivery } = await sandbox.complete(INTERVIEW_ID, ADA);
		expect(delivery?.status).toBe(200);
		expect(firstItem()).toMatchObject({ candidate: { email: ADA.email }, scores: ADA.scores, metaData: null, resultError: expect.any(String) });
	});
});
