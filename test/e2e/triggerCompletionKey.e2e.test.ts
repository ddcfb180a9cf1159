/**
 * `completionKey` in real n8n: the completion callback example (Interview Service Trigger → HTTP Request to the
 * sandbox's stand-in ATS, with the key as `Idempotency-Key`) and a Results Trigger watch one interview. One
 * completion gives one key in every read of it: a copy under a new delivery id (which the repeat memory lets
 * through), the same after an n8n restart, and the Results Trigger's item; the ATS records it once. The
 * candidate's second attempt gets another key and a second write.
 */
import { randomUUID } from 'node:crypto';

import axios from 'axios';

import type { ExecutionSummary } from '../../harness/n8n';
import { PACKAGE_NAME, nodeOutput } from '../../harness/n8n';
import { pollUntil } from '../../harness/process';
import { buildWorkflow, interviewById, interviewServiceNode } from '../../harness/workflow';
import { loadExample } from '../../scripts/lib/examples';
import { TEST_TIMEOUT_MS, sandboxRequests, useE2e } from './helpers/context';
import type { E2eContext } from './helpers/context';
import { settledExecutions, waitForExecutions, waitForWebhookUrl } from './helpers/executions';

const { withLog } = useE2e();

const RESULTS_TRIGGER_TYPE = `${PACKAGE_NAME}.interviewServiceResultsTrigger`;
const RESULTS_TRIGGER = 'Results Trigger';
const WEBHOOK_TRIGGER = 'Interview Completed';
const RESULTS_ROUTE = 'GET /api/v1/interview/:id/results';
const USERS_URL = 'https://ats.example.com/hooks/completion-key';

type Json = Record<string, unknown>;

const keyIn = (execution: ExecutionSummary, node: string) => nodeOutput(execution.data?.resultData.runData, node)[0]?.completionKey;

async function atsWrites(ctx: E2eContext) {
	return ((await ctx.control.get('/ats')).data as { writes: Array<{ path: string; body: Json; idempotencyKey?: string }> }).writes;
}

describe('completionKey in real n8n: one key per completion, whoever reads it', () => {
	it(
		'a copy, a restart and the Results Trigger give one completion the same key, written to the ATS once; a second attempt gets another',
		withLog(async (ctx) => {
			const seeded = await ctx.control.post('/seed', {
				interviews: [{ interviewName: 'E2E completion key', status: 'published', interviewConfig: { webhookUrl: USERS_URL } }],
			});
			const interviewId = (seeded.data as { interviewIds: string[] }).interviewIds[0];

			const poller = interviewServiceNode(
				RESULTS_TRIGGER,
				{ watch: 'interview', interviewId: interviewById(interviewId), pollTimes: { item: [{ mode: 'everyMinute' }] } },
				ctx.credential,
				RESULTS_TRIGGER_TYPE,
			);
			await ctx.n8n.importWorkflow(buildWorkflow('e2eKeyResults', 'e2e key results', [poller], []));
			const callback = loadExample('completionCallback', { interviewId, atsUrl: `${ctx.sandbox.url}/ats/api/interview-results` });
			callback.id = 'e2eKeyCallback';
			for (const node of callback.nodes.filter((each) => each.credentials !== undefined)) {
				node.credentials = { interviewServiceApi: { id: ctx.credential.id, name: ctx.credential.name } };
			}
			await ctx.n8n.importWorkflow(callback);

			// The Results Trigger's first poll records what exists (nothing), so the completion below is new to it.
			await ctx.control.delete('/requests');
			await ctx.n8n.activate('e2eKeyResults');
			const polls = async () => (await sandboxRequests(ctx.control)).filter((request) => request.route === RESULTS_ROUTE && request.path.includes(interviewId));
			await pollUntil(async () => ((await polls()).length >= 1 ? true : undefined), 60_000, 'the first poll');
			await ctx.n8n.activate(callback.id);
			const webhookUrl = String((await waitForWebhookUrl(ctx, interviewId, (url) => url.startsWith(`${ctx.n8n.url}/webhook/`))).webhookUrl);
			// n8n saves the secret only after the URL is registered: an ignored event probes for it.
			await pollUntil(async () => ((await axios.post(webhookUrl, { event: 'probe.ignored' }, { validateStatus: () => true })).status === 200 ? true : undefined), 30_000, 'the secret saved', 250);

			const first = (await ctx.control.post(`/interviews/${interviewId}/complete`, { email: 'Kim@Example.com', name: 'Kim' })).data as { event: Json; delivery: { status: number } };
			expect(first.delivery.status).toBe(200);
			const [original] = await settledExecutions(ctx, callback.id, 1);
			const key = keyIn(original, WEBHOOK_TRIGGER);
			expect(key).toMatch(/^[0-9a-f]{32}$/);

			// The sender's copy of the same completion under a new delivery id starts a second execution, with the same key.
			const copy = async () => (await axios.post(webhookUrl, { ...first.event, eventId: `evt_${randomUUID()}` }, { validateStatus: () => true })).status;
			expect(await copy()).toBe(200);
			const afterCopy = await settledExecutions(ctx, callback.id, 2);
			expect(afterCopy.map((execution) => [execution.status, keyIn(execution, WEBHOOK_TRIGGER)])).toEqual([
				['success', key],
				['success', key],
			]);
			expect((await atsWrites(ctx)).map((write) => [write.idempotencyKey, (write.body.candidate as Json).email])).toEqual([[key, 'Kim@Example.com']]);

			// The Results Trigger reads the same completion at its next poll (n8n polls at most once a minute).
			const [polled] = await waitForExecutions(ctx.n8n, 'e2eKeyResults', 1, 150_000);
			expect(nodeOutput(polled.data?.resultData.runData, RESULTS_TRIGGER)).toEqual([expect.objectContaining({ email: 'Kim@Example.com', completionKey: key })]);
			await ctx.n8n.deactivate('e2eKeyResults');

			await ctx.n8n.restart();
			await pollUntil(async () => ((await copy()) === 200 ? true : undefined), 60_000, 'the webhook after the restart', 500);
			const afterRestart = await settledExecutions(ctx, callback.id, 3);
			expect(afterRestart.map((execution) => keyIn(execution, WEBHOOK_TRIGGER))).toEqual([key, key, key]);
			expect(await atsWrites(ctx)).toHaveLength(1);

			// Her second attempt completes at another time: another key, a second write.
			const again = (await ctx.control.post(`/interviews/${interviewId}/complete`, { email: 'kim@example.com' })).data as { delivery: { status: number } };
			expect(again.delivery.status).toBe(200);
			const all = await settledExecutions(ctx, callback.id, 4);
			const secondKey = keyIn(all[3], WEBHOOK_TRIGGER);
			expect(secondKey).toMatch(/^[0-9a-f]{32}$/);
			expect(secondKey).not.toBe(key);
			expect((await atsWrites(ctx)).map((write) => write.idempotencyKey)).toEqual([key, secondKey]);

			await ctx.n8n.deactivate(callback.id);
			await waitForWebhookUrl(ctx, interviewId, (url) => url === USERS_URL);
		}),
		// The Results Trigger's poll and a restart take minutes.
		2 * TEST_TIMEOUT_MS,
	);
});
