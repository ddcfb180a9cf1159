/**
 * Waiting on what real n8n does after it answered: executions finishing, webhooks being
 * registered, a trigger's create()/delete() reaching the sandbox. Every wait is bounded.
 */
import axios from 'axios';

import type { ExecutionSummary, N8nInstance } from '../../../harness/n8n';
import { pollUntil, sleep } from '../../../harness/process';
import type { E2eContext } from './context';

type Json = Record<string, unknown>;

/**
 * The executions of `workflowId` n8n has finished. Its list also holds one just created (status "new"), before
 * even its trigger has run, so a test reading outputs reads only these.
 */
export async function finishedExecutions(n8n: N8nInstance, workflowId: string): Promise<ExecutionSummary[]> {
	return (await n8n.listExecutions(workflowId)).filter((execution) => !['new', 'running', 'waiting'].includes(execution.status));
}

/** The finished executions of `workflowId` once there are at least `count`. */
export async function waitForExecutions(
	n8n: N8nInstance,
	workflowId: string,
	count: number,
	timeoutMs = 60_000,
): Promise<ExecutionSummary[]> {
	return await pollUntil(
		async () => {
			const finished = await finishedExecutions(n8n, workflowId);
			return finished.length >= count ? finished : undefined;
		},
		timeoutMs,
		`${count} finished execution(s) of ${workflowId}`,
		500,
	);
}

/** A webhook delivery as the sandbox records it. */
export interface DeliveryView {
	url: string;
	status: number | null;
	eventId?: string;
	error?: string;
}

/**
 * Redelivers one event (the latest when no id is given); right after a restart n8n answers 404
 * until the webhook is registered again, so a 404 is retried for a bounded time.
 */
export async function redeliverUntilRegistered(ctx: E2eContext, { eventId, timeoutMs = 60_000 }: { eventId?: string; timeoutMs?: number } = {}): Promise<DeliveryView> {
	return await pollUntil(
		async () => {
			const { delivery } = (await ctx.control.post('/webhooks/redeliver', eventId === undefined ? {} : { eventId })).data as { delivery: DeliveryView };
			return delivery.status === 404 ? undefined : delivery;
		},
		timeoutMs,
		`redelivery of ${eventId ?? 'the latest event'}`,
		1_000,
	);
}

/** Long enough for an execution that was (wrongly) started to show up in the list. */
const SETTLE_MS = 4_000;

/** The workflow's finished executions, oldest first, once nothing more shows up for a while. */
export async function settledExecutions(ctx: E2eContext, workflowId: string, atLeast: number): Promise<ExecutionSummary[]> {
	await waitForExecutions(ctx.n8n, workflowId, atLeast);
	await sleep(SETTLE_MS);
	const all = await waitForExecutions(ctx.n8n, workflowId, atLeast);
	return [...all].sort((a, b) => Number(a.id) - Number(b.id));
}

/** Waits (bounded) for a line in n8n's log. */
export async function pollLog(ctx: E2eContext, text: string, timeoutMs = 30_000) {
	await pollUntil(async () => (ctx.n8n.logTail(400).includes(text) ? true : undefined), timeoutMs, `n8n logging "${text}"`, 500);
}

/** A POST to a webhook; until n8n has registered it, it answers 404, so retry that for a bounded time. */
export async function postUntilRegistered(url: string, body: Json, timeoutMs = 30_000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const response = await axios.post(url, body, { validateStatus: () => true, timeout: 15_000 });
		if (response.status !== 404 || Date.now() > deadline) return response;
		await sleep(500);
	}
}

/** The interview's settings as the sandbox stores them, plus its status. */
export async function interviewConfigOf(ctx: E2eContext, interviewId: string): Promise<Json> {
	const state = (await ctx.control.get('/state')).data as { interviews: Json[] };
	const found = state.interviews.find((interview) => interview.interviewId === interviewId);
	if (!found) throw new Error(`interview ${interviewId} is not in the sandbox`);
	return { ...(found.interviewConfig as Json), status: found.status };
}

/** n8n's public API answers an activation before the trigger's webhook `create`/`delete` has run: wait on the sandbox. */
export async function waitForWebhookUrl(ctx: E2eContext, interviewId: string, accept: (url: string) => boolean): Promise<Json> {
	return await pollUntil(
		async () => {
			const config = await interviewConfigOf(ctx, interviewId);
			return accept(String(config.webhookUrl)) ? config : undefined;
		},
		30_000,
		`webhookUrl of interview ${interviewId}`,
	).catch(async (error: Error) => {
		error.message += `; it is ${JSON.stringify((await interviewConfigOf(ctx, interviewId)).webhookUrl)}`;
		throw error;
	});
}

/**
 * Asserts that `workflowId` still has exactly `count` executions after `marginMs`. n8n stores an
 * execution before it answers the request that started it; the margin covers the rest.
 */
export async function expectExecutionCountStays(n8n: N8nInstance, workflowId: string, count: number, marginMs = 2_000) {
	await sleep(marginMs);
	expect(await n8n.listExecutions(workflowId)).toHaveLength(count);
}
