/**
 * No completion is lost when n8n dies (SIGKILL) around a delivery, in n8n 2.41.1 (project `e2e`) and
 * n8n 1.123.81 (project `e2e-n8n1`), which answer and save in different orders. One n8n, three active
 * workflows, each "trigger → Wait 1.5 s → POST onward" to a receiver in this test process:
 * - our trigger, answering at once (the default);
 * - our trigger with Answer When Workflow Ends;
 * - n8n's own Webhook node (Respond: Immediately), the reference, on an interview whose webhook URL
 *   is the Webhook node's.
 * The sandbox is the sender. After each kill n8n restarts on the same database; a crashed execution
 * is retried the way the editor's Retry does it, and the receiver counts what each completion did.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ExecutionSummary } from '../../harness/n8n';
import { pollUntil, sleep } from '../../harness/process';
import type { NodeSpec } from '../../harness/workflow';
import { TRIGGER_NODE_TYPE, chainWorkflow, interviewById, interviewServiceNode } from '../../harness/workflow';
import { E2E_RUNTIME, TEST_TIMEOUT_MS, useE2e } from './helpers/context';
import type { E2eContext } from './helpers/context';
import { postUntilRegistered, redeliverUntilRegistered, waitForWebhookUrl } from './helpers/executions';

const { withLog } = useE2e();

type Json = Record<string, unknown>;
type Side = 'ours' | 'finished' | 'reference';

const WORKFLOWS: Record<Side, string> = { ours: 'e2eCrashOurs', finished: 'e2eCrashFinished', reference: 'e2eCrashReference' };
const REFERENCE_PATH = `crash-reference-${randomUUID().slice(0, 8)}`;
/** Long enough that every kill below lands while the workflow still runs. */
const SLOW_STEP_SECONDS = 1.5;
/** Bound on each wait for n8n to act after a restart. */
const AFTER_RESTART_MS = 90_000;

/** What the workflows POST onward, per candidate e-mail. */
const received = new Map<string, number>();
let receiver: http.Server;
let receiverUrl = '';

beforeAll(async () => {
	receiver = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const { email } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { email?: string };
			if (email) received.set(email, (received.get(email) ?? 0) + 1);
			response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/onward`;
});
afterAll(async () => {
	await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

function slowThenOnward(emailExpression: string): NodeSpec[] {
	return [
		{ name: 'Slow step', type: 'n8n-nodes-base.wait', typeVersion: 1.1, parameters: { resume: 'timeInterval', amount: SLOW_STEP_SECONDS, unit: 'seconds' }, webhookId: randomUUID() },
		{
			name: 'Onward',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: { method: 'POST', url: receiverUrl, sendBody: true, specifyBody: 'json', jsonBody: `={{ JSON.stringify({ email: ${emailExpression} }) }}`, options: {} },
		},
	];
}

const interviews: Partial<Record<Side, string>> = {};

async function seedInterview(ctx: E2eContext, name: string, webhookUrl?: string): Promise<string> {
	const seeded = await ctx.control.post('/seed', { interviews: [{ interviewName: name, status: 'published', ...(webhookUrl ? { interviewConfig: { webhookUrl } } : {}) }] });
	return (seeded.data as { interviewIds: string[] }).interviewIds[0];
}

async function activateTrigger(ctx: E2eContext, side: 'ours' | 'finished', options: Json) {
	const interviewId = await seedInterview(ctx, `Crash ${side}`);
	interviews[side] = interviewId;
	const trigger = {
		...interviewServiceNode('Trigger', { interviewId: interviewById(interviewId), events: ['completed'], options }, ctx.credential, TRIGGER_NODE_TYPE),
		webhookId: randomUUID(),
	};
	await ctx.n8n.importWorkflow(chainWorkflow(WORKFLOWS[side], `e2e crash ${side}`, [trigger, ...slowThenOnward('$("Trigger").item.json.candidate.email')]));
	await ctx.n8n.activate(WORKFLOWS[side]);
	await waitForWebhookUrl(ctx, interviewId, (url) => url.includes(`/webhook/${trigger.webhookId}/`));
}

interface Delivered {
	eventId: string;
	email: string;
	/** The sender's answer (null: no answer, e.g. the connection was cut). */
	status: number | null;
}

/** A candidate completes; the sandbox delivers to the interview's webhook URL and reports the outcome. */
async function complete(ctx: E2eContext, side: Side, email: string): Promise<Delivered> {
	const { data } = await ctx.control.post(`/interviews/${String(interviews[side])}/complete`, { email, name: email.split('@')[0] });
	const { eventId, delivery } = data as { eventId: string; delivery: { status: number | null } };
	return { eventId, email, status: delivery.status };
}

/** When the sender had the first delivery's answer, by the sandbox's clock (this machine's). */
async function answeredAt(ctx: E2eContext, eventId: string): Promise<number> {
	const { deliveries } = (await ctx.control.get('/webhooks')).data as { deliveries: Array<{ eventId: string; at: string; durationMs: number }> };
	const sent = deliveries.find((entry) => entry.eventId === eventId);
	return sent ? Date.parse(sent.at) + sent.durationMs : Number.NaN;
}

const holding = (executions: ExecutionSummary[], email: string) => executions.filter((execution) => JSON.stringify(execution.data ?? {}).includes(email));

/**
 * The executions of `side` that hold the completion, once n8n has settled them after a restart
 * (none new or running): n8n marks the ones the kill cut short as crashed.
 */
async function settledHolding(ctx: E2eContext, side: Side, email: string, atLeast = 0): Promise<ExecutionSummary[]> {
	return await pollUntil(
		async () => {
			const all = holding(await ctx.n8n.listExecutions(WORKFLOWS[side]), email);
			const settled = all.length >= atLeast && all.every((execution) => !['new', 'running', 'waiting'].includes(execution.status));
			return settled ? all : undefined;
		},
		AFTER_RESTART_MS,
		`${side}: the executions holding ${email} settled`,
		1_000,
	);
}

/** n8n's own Retry of a crashed or failed execution (the editor's "Retry with original workflow"). */
async function retry(ctx: E2eContext, execution: ExecutionSummary) {
	const response = await ctx.n8n.rest.post(`/executions/${execution.id}/retry`, { loadWorkflow: false });
	expect(response.status).toBe(200);
}

/** Waits (bounded) until the receiver has `count` POSTs for `email`, then a while longer for any extra one. */
async function receivedOnward(email: string, count: number): Promise<number> {
	await pollUntil(async () => ((received.get(email) ?? 0) >= count ? true : undefined), AFTER_RESTART_MS, `${count} onward POST(s) for ${email}`, 250);
	await sleep(3_000);
	return received.get(email) ?? 0;
}

const log = (line: string) => process.stderr.write(`[crash] ${line}\n`);

describe(`a completion survives a SIGKILL of n8n ${E2E_RUNTIME.n8nVersion}: our trigger beside n8n's Webhook node`, () => {
	it(
		'three active workflows: ours (answer at once), ours (answer once finished), the Webhook node (Respond: Immediately)',
		withLog(async (ctx) => {
			await activateTrigger(ctx, 'ours', {});
			await activateTrigger(ctx, 'finished', { answerWhenFinished: true });
			const webhook: NodeSpec = {
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				parameters: { httpMethod: 'POST', path: REFERENCE_PATH, responseMode: 'onReceived', options: {} },
				webhookId: randomUUID(),
			};
			await ctx.n8n.importWorkflow(chainWorkflow(WORKFLOWS.reference, 'e2e crash reference', [webhook, ...slowThenOnward('$("Webhook").item.json.body.candidate.email')]));
			await ctx.n8n.activate(WORKFLOWS.reference);
			const referenceUrl = `${ctx.n8n.url}/webhook/${REFERENCE_PATH}`;
			interviews.reference = await seedInterview(ctx, 'Crash reference', referenceUrl);
			// Until n8n has registered it, the Webhook node answers 404; this probe runs it once, with no e-mail.
			expect((await postUntilRegistered(referenceUrl, { probe: true })).status).toBe(200);
		}),
		TEST_TIMEOUT_MS,
	);

	it.each([
		['right away', 0],
		['5 ms', 5],
		['200 ms', 200],
	])(
		'killed %s after the sender\'s 200: each completion is executed or held by a crashed execution that Retry runs once; ours drops the redelivery, the Webhook node runs it again',
		async (_when, offsetMs) => {
			await withLog(async (ctx) => {
				const tag = `k${offsetMs}-${randomUUID().slice(0, 6)}`;
				const [ours, reference] = await Promise.all([complete(ctx, 'ours', `ours-${tag}@example.com`), complete(ctx, 'reference', `ref-${tag}@example.com`)]);
				expect([ours.status, reference.status]).toEqual([200, 200]);
				await sleep(offsetMs);
				const killedAt = Date.now();
				await ctx.n8n.crash();
				const [oursAt, referenceAt] = [await answeredAt(ctx, ours.eventId), await answeredAt(ctx, reference.eventId)];
				log(`${offsetMs} ms: killed ${killedAt - oursAt} ms after our 200, ${killedAt - referenceAt} ms after the Webhook node's`);
				await ctx.n8n.restart();

				const heldBefore: Record<'ours' | 'reference', number> = { ours: 0, reference: 0 };
				for (const [side, delivered] of [['ours', ours], ['reference', reference]] as const) {
					const held = await settledHolding(ctx, side, delivered.email);
					log(`${offsetMs} ms, ${side}: executions holding it after the restart: ${held.map((execution) => execution.status).join(', ') || 'none'}`);
					// n8n 1.x answers before it stores the execution: a kill in between leaves none.
					expect(held.length).toBeLessThanOrEqual(1);
					heldBefore[side] = held.length;
					if (held.length === 0) continue;
					expect(['success', 'crashed']).toContain(held[0].status);
					if (held[0].status === 'crashed') await retry(ctx, held[0]);
					expect(await receivedOnward(delivered.email, 1)).toBe(1);
				}

				// The sender delivers again (it cannot know whether its 200 meant anything).
				const again = await redeliverUntilRegistered(ctx, { eventId: ours.eventId });
				expect(again.status).toBe(200);
				const referenceAgain = await redeliverUntilRegistered(ctx, { eventId: reference.eventId });
				expect(referenceAgain.status).toBe(200);
				// Ours: run once in all, by the Retry or, when no execution held it, by the redelivery.
				expect(await receivedOnward(ours.email, 1)).toBe(1);
				// The Webhook node keeps no memory: it runs a redelivered event again. Only "at least once" is
				// asserted for it: n8n 1.x leaves an execution row whose data the kill cut off out of its public API.
				const referenceRuns = await receivedOnward(reference.email, heldBefore.reference + 1);
				log(`${offsetMs} ms, reference: ran ${referenceRuns} time(s) in all`);
				expect(referenceRuns).toBeGreaterThanOrEqual(heldBefore.reference + 1);
			})();
		},
		TEST_TIMEOUT_MS,
	);

	it(
		'killed 200 ms after the sender\'s 200, the sender\'s copy comes before anyone retries: the copy runs the completion, and a Retry of the crashed execution then passes nothing on',
		withLog(async (ctx) => {
			const email = `copy-first-${randomUUID().slice(0, 6)}@example.com`;
			const first = await complete(ctx, 'ours', email);
			expect(first.status).toBe(200);
			await sleep(200);
			await ctx.n8n.crash();
			await ctx.n8n.restart();
			const held = await settledHolding(ctx, 'ours', email);
			log(`copy first: executions holding it after the restart: ${held.map((execution) => execution.status).join(', ') || 'none'}`);
			expect(held.length).toBeLessThanOrEqual(1);

			const again = await redeliverUntilRegistered(ctx, { eventId: first.eventId });
			expect(again.status).toBe(200);
			// Time for the copy's execution, if it started one, to pass the slow step.
			await sleep(SLOW_STEP_SECONDS * 1000 + 3_000);
			const crashed = held.find((execution) => execution.status === 'crashed');
			if (crashed !== undefined) await retry(ctx, crashed);
			// Whichever ran it first, it ran once: by the crashed execution's Retry or by the copy.
			expect(await receivedOnward(email, 1)).toBe(1);
		}),
		TEST_TIMEOUT_MS,
	);

	it.each([
		['right away', 0],
		['15 ms', 15],
		['40 ms', 40],
	])(
		'killed %s after the sender posted (before or around the answer): a redelivery of a completion with no execution runs it, never dropped',
		async (_when, offsetMs) => {
			await withLog(async (ctx) => {
				const email = `early-${offsetMs}-${randomUUID().slice(0, 6)}@example.com`;
				const delivering = complete(ctx, 'ours', email);
				await sleep(offsetMs);
				await ctx.n8n.crash();
				const first = await delivering;
				await ctx.n8n.restart();
				const held = await settledHolding(ctx, 'ours', email);
				log(`${offsetMs} ms after posting: the sender got ${String(first.status)}; executions holding it: ${held.map((execution) => execution.status).join(', ') || 'none'}`);
				expect(held.length).toBeLessThanOrEqual(1);

				const again = await redeliverUntilRegistered(ctx, { eventId: first.eventId });
				expect(again.status).toBe(200);
				const after = await settledHolding(ctx, 'ours', email, 1);
				if (held.length === 0) {
					// No execution held it: the redelivery must have started one.
					expect(after).toHaveLength(1);
					expect(await receivedOnward(email, 1)).toBeGreaterThanOrEqual(1);
					return;
				}
				// An execution held it. Either the memory was saved with it (then the redelivery is a
				// repeat and Retry runs the crashed one), or it was not, and the redelivery ran it again.
				if (after.length === 1 && after[0].status === 'crashed') await retry(ctx, after[0]);
				expect(await receivedOnward(email, 1)).toBeGreaterThanOrEqual(1);
			})();
		},
		TEST_TIMEOUT_MS,
	);

	it(
		'Answer When Workflow Ends: killed before the workflow finished, the sender has no 200; its retry runs the completion exactly once, with no manual retry; later copies are repeats, also after a restart',
		withLog(async (ctx) => {
			const email = `finished-${randomUUID().slice(0, 6)}@example.com`;
			const delivering = complete(ctx, 'finished', email);
			// The execution is stored and waits in its slow step.
			await sleep(700);
			await ctx.n8n.crash();
			const first = await delivering;
			expect(first.status).not.toBe(200);
			await ctx.n8n.restart();
			const held = await settledHolding(ctx, 'finished', email);
			log(`answer once finished: the sender got ${String(first.status)}; executions holding it after the restart: ${held.map((execution) => execution.status).join(', ') || 'none'}`);

			const retried = await redeliverUntilRegistered(ctx, { eventId: first.eventId });
			expect(retried.status).toBe(200);
			expect(await receivedOnward(email, 1)).toBe(1);

			const copy = await redeliverUntilRegistered(ctx, { eventId: first.eventId });
			expect(copy.status).toBe(200);
			await ctx.n8n.restart();
			const afterRestart = await redeliverUntilRegistered(ctx, { eventId: first.eventId });
			expect(afterRestart.status).toBe(200);
			expect(await receivedOnward(email, 1)).toBe(1);
		}),
		TEST_TIMEOUT_MS,
	);
});
