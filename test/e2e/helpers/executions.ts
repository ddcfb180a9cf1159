/**
 * Waiting on what real n8n does after it answered: executions finishing, webhooks being
 * registered, a trigger's create()/delete() reaching the sandbox. Every wait is bounded.
 */
import axios from 'axios';

import type { ExecutionSummary, N8nInstance } from '../../../harness/n8n';
import { pollUntil, sleep } from '../../../harness/process';
import type { E2eContext } from './context';

type Json = Record<string, unknown>;

/** The finished executions of `workflowId` once there are at least `count`. */
export async function waitForExecutions(
	n8n: N8nInstance,
	workflowId: string,
	count: number,
	timeoutMs = 60_000,
): Promise<ExecutionSummary[]> {
	return await pollUntil(
		async () => {
			const finished = (await n8n.listExecutions(workflowId)).filter((execution) => !['new', 'running', 'waiting'].includes(execution.status));
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

/** Redelivers the latest delivery; right after a restart n8n may answer 404 until the webhook is registered again. */
export async function redeliverUntilRegistered(ctx: E2eContext, timeoutMs = 60_000): Promise<DeliveryView> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const { delivery } = (await ctx.control.post('/webhooks/redeliver', {})).data as { delivery: DeliveryView };
		if (delivery.status !== 404 || Date.now() > deadline) return delivery;
		await sleep(1_000);
	}
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
