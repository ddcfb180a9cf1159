/**
 * The webhook trigger in real n8n. Activation borrows the interview's single webhook slot,
 * a simulated completion starts an execution (with the result), a forged call does not, and
 * deactivation gives the slot back.
 *
 * With the sandbox sending the nested camelCase style (`{type: "candidateInterviewCompleted",
 * deliveryId, data}`) and Events at its default, a completion starts exactly one execution, a
 * redelivery none, two copies at once one, and after an n8n restart a redelivery still none.
 */
import { randomUUID } from 'node:crypto';

import type { ExecutionSummary } from '../../harness/n8n';
import { nodeOutput } from '../../harness/n8n';
import { TRIGGER_NODE_TYPE, buildWorkflow, interviewById, interviewServiceNode } from '../../harness/workflow';
import { TEST_TIMEOUT_MS, useE2e } from './helpers/context';
import {
	expectExecutionCountStays,
	interviewConfigOf,
	pollLog,
	postUntilRegistered,
	redeliverUntilRegistered,
	settledExecutions,
	waitForExecutions,
	waitForWebhookUrl,
} from './helpers/executions';
import type { DeliveryView } from './helpers/executions';

const { withLog } = useE2e();

const WORKFLOW_ID = 'e2eTrigger';
const TRIGGER = 'Interview Service Trigger';
const ORIGINAL_WEBHOOK_URL = 'https://ats.example.com/hooks/interview-service';

type Json = Record<string, unknown>;

describe('Interview Service Trigger in real n8n', () => {
	const shared: { interviewId?: string; webhookUrl?: string } = {};

	it(
		'activation puts our URL (with its secret) into the interview and keeps every other setting',
		withLog(async (ctx) => {
			const seeded = await ctx.control.post('/seed', {
				interviews: [
					{
						interviewName: 'E2E trigger interview',
						status: 'published',
						interviewConfig: { webhookUrl: ORIGINAL_WEBHOOK_URL, allowReattempt: true, allowTabSwitchCount: 2 },
					},
				],
			});
			const interviewId = (seeded.data as { interviewIds: string[] }).interviewIds[0];
			await ctx.control.post('/seed', { candidates: [{ interviewId, email: 'eve@example.com', name: 'Eve', status: 'scheduled' }] });
			shared.interviewId = interviewId;

			const trigger = {
				...interviewServiceNode(
					TRIGGER,
					{ interviewId: interviewById(interviewId), events: ['completed'], options: { includeResult: true } },
					ctx.credential,
					TRIGGER_NODE_TYPE,
				),
				webhookId: randomUUID(),
			};
			await ctx.n8n.importWorkflow(buildWorkflow(WORKFLOW_ID, 'e2e trigger', [trigger], []));
			await ctx.n8n.activate(WORKFLOW_ID);

			const ourPrefix = `${ctx.n8n.url}/webhook/${trigger.webhookId}/`;
			const config = await waitForWebhookUrl(ctx, interviewId, (url) => url.startsWith(ourPrefix));
			const webhookUrl = String(config.webhookUrl);
			expect(new URL(webhookUrl).searchParams.get('secret')).toEqual(expect.any(String));
			expect(config).toMatchObject({ allowReattempt: true, allowTabSwitchCount: 2, status: 'published' });
			shared.webhookUrl = webhookUrl;
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'rejects forged calls with 401 and starts no execution',
		withLog(async (ctx) => {
			const webhookUrl = new URL(String(shared.webhookUrl));
			const forgedEvent = {
				event: 'interview.completed',
				eventId: `evt_${randomUUID()}`,
				interviewId: shared.interviewId,
				candidate: { name: 'Mallory', email: 'mallory@example.com' },
			};
			const unsigned = new URL(webhookUrl);
			unsigned.search = '';
			expect((await postUntilRegistered(unsigned.toString(), forgedEvent)).status).toBe(401);
			const wrongSecret = new URL(webhookUrl);
			wrongSecret.searchParams.set('secret', 'not-the-secret');
			expect((await postUntilRegistered(wrongSecret.toString(), forgedEvent)).status).toBe(401);

			await expectExecutionCountStays(ctx.n8n, WORKFLOW_ID, 0, 1_000);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'a simulated completion starts one execution with the candidate and, with Include Result, the scores',
		withLog(async (ctx) => {
			const completion = await ctx.control.post(`/interviews/${shared.interviewId}/complete`, {
				email: 'eve@example.com',
				name: 'Eve',
				scores: { interviewScore: 84, communicationScore: 90, codingScore: 77 },
			});
			expect(completion.data.delivery).toMatchObject({ url: shared.webhookUrl, status: 200 });

			const executions = await waitForExecutions(ctx.n8n, WORKFLOW_ID, 1);
			expect(executions).toHaveLength(1);
			expect(executions[0].status).toBe('success');
			const [item] = nodeOutput(executions[0].data?.resultData.runData, TRIGGER);
			expect(item).toMatchObject({
				eventType: 'interview.completed',
				interviewId: shared.interviewId,
				candidate: { name: 'Eve', email: 'eve@example.com' },
				scores: { interviewScore: 84, communicationScore: 90, codingScore: 77 },
				reportLink: expect.stringMatching(/^http/),
			});
			// Include Result found her row.
			expect(item).toHaveProperty('metaData');
			expect(item).not.toHaveProperty('resultError');
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'deactivation puts the original webhookUrl back',
		withLog(async (ctx) => {
			await ctx.n8n.deactivate(WORKFLOW_ID);
			const config = await waitForWebhookUrl(ctx, String(shared.interviewId), (url) => url === ORIGINAL_WEBHOOK_URL);
			expect(config).toMatchObject({
				webhookUrl: ORIGINAL_WEBHOOK_URL,
				allowReattempt: true,
				allowTabSwitchCount: 2,
				status: 'published',
			});
		}),
		TEST_TIMEOUT_MS,
	);
});

const DEDUPE_WORKFLOW_ID = 'e2eTriggerDedupe';
describe('Interview Service Trigger in real n8n: one execution per delivery, also after a restart', () => {
	const shared: { interviewId?: string } = {};
	const triggerItem = (execution: ExecutionSummary) => nodeOutput(execution.data?.resultData.runData, TRIGGER)[0];

	it(
		'the sandbox sends {type: "candidateInterviewCompleted", deliveryId, data}; Events at default; a completion starts exactly one execution',
		withLog(async (ctx) => {
			await ctx.control.patch('/config', { webhookStyle: 'typed', webhookRedelivery: 'none' });
			const seeded = await ctx.control.post('/seed', { interviews: [{ interviewName: 'E2E dedupe interview', status: 'published' }] });
			const interviewId = (seeded.data as { interviewIds: string[] }).interviewIds[0];
			shared.interviewId = interviewId;

			// No `events` parameter: n8n fills in the default (Interview Completed), as for a new node.
			const trigger = { ...interviewServiceNode(TRIGGER, { interviewId: interviewById(interviewId) }, ctx.credential, TRIGGER_NODE_TYPE), webhookId: randomUUID() };
			await ctx.n8n.importWorkflow(buildWorkflow(DEDUPE_WORKFLOW_ID, 'e2e trigger dedupe', [trigger], []));
			await ctx.n8n.activate(DEDUPE_WORKFLOW_ID);
			await waitForWebhookUrl(ctx, interviewId, (url) => url.startsWith(`${ctx.n8n.url}/webhook/${trigger.webhookId}/`));

			const completion = await ctx.control.post(`/interviews/${interviewId}/complete`, { email: 'ivy@example.com', name: 'Ivy' });
			const { event, delivery } = completion.data as { event: Json; delivery: DeliveryView };
			expect(event).toMatchObject({ type: 'candidateInterviewCompleted', deliveryId: expect.any(String), data: { interviewId } });
			expect(delivery.status).toBe(200);

			const executions = await settledExecutions(ctx, DEDUPE_WORKFLOW_ID, 1);
			expect(executions).toHaveLength(1);
			expect(triggerItem(executions[0])).toMatchObject({
				eventType: 'candidateInterviewCompleted',
				eventKind: 'completed',
				interviewId,
				candidate: { email: 'ivy@example.com', name: 'Ivy' },
				deliveryId: event.deliveryId,
				malformed: false,
			});
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'the same delivery again is answered 200 and starts none',
		withLog(async (ctx) => {
			const again = (await ctx.control.post('/webhooks/redeliver', {})).data as { delivery: DeliveryView };
			expect(again.delivery.status).toBe(200);
			expect(await settledExecutions(ctx, DEDUPE_WORKFLOW_ID, 1)).toHaveLength(1);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'two copies of one delivery at the same moment start one execution',
		withLog(async (ctx) => {
			await ctx.control.patch('/config', { webhookRedelivery: 'concurrent' });
			try {
				const completion = await ctx.control.post(`/interviews/${shared.interviewId}/complete`, { email: 'jo@example.com', name: 'Jo' });
				const { deliveries } = completion.data as { deliveries: DeliveryView[] };
				expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
			} finally {
				await ctx.control.patch('/config', { webhookRedelivery: 'none' });
			}
			const executions = await settledExecutions(ctx, DEDUPE_WORKFLOW_ID, 2);
			expect(executions).toHaveLength(2);
			expect(triggerItem(executions[1])).toMatchObject({ candidate: { email: 'jo@example.com' }, interviewId: shared.interviewId });
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'after an n8n restart (same user folder), a redelivery still starts none, and a new completion one',
		withLog(async (ctx) => {
			await ctx.n8n.restart();
			const again = await redeliverUntilRegistered(ctx);
			expect(again.status).toBe(200);
			expect(await settledExecutions(ctx, DEDUPE_WORKFLOW_ID, 2)).toHaveLength(2);

			await ctx.control.post(`/interviews/${shared.interviewId}/complete`, { email: 'kim@example.com', name: 'Kim' });
			const executions = await settledExecutions(ctx, DEDUPE_WORKFLOW_ID, 3);
			expect(executions).toHaveLength(3);
			expect(triggerItem(executions[2])).toMatchObject({ candidate: { email: 'kim@example.com' }, interviewId: shared.interviewId });
		}),
		TEST_TIMEOUT_MS,
	);
});

const SLOT_WORKFLOW_ID = 'e2eTriggerSlot';
const USERS_URL = 'https://ats.example.com/hooks/slot';

/**
 * The slot survives a move of n8n's public address and an outage at deactivation.
 * n8n's public API answers (de)activation before the trigger's create/delete has run, so every
 * check waits on the sandbox.
 */
describe('Interview Service Trigger in real n8n: the user\'s URL survives moves and outages', () => {
	const slot: { interviewId?: string; webhookId?: string } = {};

	it(
		'after a restart under another WEBHOOK_URL, deactivation restores the user\'s URL and activation registers under the new address',
		withLog(async (ctx) => {
			const seeded = await ctx.control.post('/seed', {
				interviews: [{ interviewName: 'E2E slot interview', status: 'published', interviewConfig: { webhookUrl: USERS_URL } }],
			});
			slot.interviewId = (seeded.data as { interviewIds: string[] }).interviewIds[0];
			slot.webhookId = randomUUID();
			const trigger = {
				...interviewServiceNode(TRIGGER, { interviewId: interviewById(slot.interviewId), events: ['completed'], options: {} }, ctx.credential, TRIGGER_NODE_TYPE),
				webhookId: slot.webhookId,
			};
			await ctx.n8n.importWorkflow(buildWorkflow(SLOT_WORKFLOW_ID, 'e2e trigger slot', [trigger], []));
			await ctx.n8n.activate(SLOT_WORKFLOW_ID);
			const port = new URL(ctx.n8n.url).port;
			await waitForWebhookUrl(ctx, slot.interviewId, (url) => url.startsWith(`http://127.0.0.1:${port}/webhook/${slot.webhookId}/`));

			// A new public address (say a new tunnel): n8n's own listener is unchanged. n8n 2.41's startup
			// reconciliation does not call checkExists/create for a webhook it has registered already
			// (workflow-publication-applier.js, getNodesWithUnregisteredWebhooks), so the interview keeps
			// the old address until the next activation. Deactivating under the new address still knows
			// the old registration as ours and gives the user's URL back; activating registers anew.
			await ctx.n8n.restart({ WEBHOOK_URL: `http://localhost:${port}/` });
			await ctx.n8n.deactivate(SLOT_WORKFLOW_ID);
			await waitForWebhookUrl(ctx, slot.interviewId, (url) => url === USERS_URL);
			await ctx.n8n.activate(SLOT_WORKFLOW_ID);
			const moved = await waitForWebhookUrl(ctx, slot.interviewId, (url) => url.startsWith(`http://localhost:${port}/webhook/${slot.webhookId}/`));
			expect(new URL(String(moved.webhookUrl)).searchParams.get('secret')).toEqual(expect.any(String));

			await ctx.n8n.deactivate(SLOT_WORKFLOW_ID);
			await waitForWebhookUrl(ctx, slot.interviewId, (url) => url === USERS_URL);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'deactivation while the service is down leaves a restore owed (logged), done at the next activation and deactivation',
		withLog(async (ctx) => {
			const interviewId = String(slot.interviewId);
			await ctx.n8n.activate(SLOT_WORKFLOW_ID);
			await waitForWebhookUrl(ctx, interviewId, (url) => url.includes(`/webhook/${slot.webhookId}/`));

			await ctx.control.post('/faults', { route: '*', status: 503, count: 1000 });
			try {
				await ctx.n8n.deactivate(SLOT_WORKFLOW_ID);
				await pollLog(ctx, `could not give interview ${interviewId} its webhook URL back`);
				expect(String((await interviewConfigOf(ctx, interviewId)).webhookUrl)).toContain(`/webhook/${slot.webhookId}/`);
			} finally {
				await ctx.control.delete('/faults');
			}

			await ctx.n8n.activate(SLOT_WORKFLOW_ID);
			await waitForWebhookUrl(ctx, interviewId, (url) => url.includes(`/webhook/${slot.webhookId}/`));
			await ctx.n8n.deactivate(SLOT_WORKFLOW_ID);
			await waitForWebhookUrl(ctx, interviewId, (url) => url === USERS_URL);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'where n8n runs its start-up activation (n8n 1.x; 2.41 with N8N_USE_WORKFLOW_PUBLICATION_SERVICE=false), a restart under another WEBHOOK_URL re-registers by itself',
		withLog(async (ctx) => {
			const interviewId = String(slot.interviewId);
			const port = new URL(ctx.n8n.url).port;
			await ctx.n8n.activate(SLOT_WORKFLOW_ID);
			await waitForWebhookUrl(ctx, interviewId, (url) => url.startsWith(`http://localhost:${port}/webhook/${slot.webhookId}/`));

			// n8n 2.41 without its publication service starts the active workflows as n8n 1.x does
			// (start.js: activeWorkflowManager.init → add('init') → createWebhookIfNotExists), which
			// asks the node's checkExists: the address n8n gives now differs, so it registers anew.
			// This is the last test of the file, so the changed environment stays.
			await ctx.n8n.restart({ WEBHOOK_URL: `http://127.0.0.1:${port}/`, N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'false' });
			const moved = await waitForWebhookUrl(ctx, interviewId, (url) => url.startsWith(`http://127.0.0.1:${port}/webhook/${slot.webhookId}/`));
			expect(new URL(String(moved.webhookUrl)).searchParams.get('secret')).toEqual(expect.any(String));

			// The user's URL carried over the move: deactivation gives it back, not the earlier n8n address.
			await ctx.n8n.deactivate(SLOT_WORKFLOW_ID);
			await waitForWebhookUrl(ctx, interviewId, (url) => url === USERS_URL);
		}),
		TEST_TIMEOUT_MS,
	);
});
