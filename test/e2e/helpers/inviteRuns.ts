/**
 * Invite with Skip Already Invited, started by a production webhook with the posted
 * candidates, as an ATS sync starts it. The webhook answers at once; each run is then read from n8n's
 * executions, with every output of Invite: Invited, Skipped and, under "Continue (using error output)",
 * the error output.
 */
import { randomUUID } from 'node:crypto';

import type { ExecutionSummary } from '../../../harness/n8n';
import type { NodeSpec } from '../../../harness/workflow';
import { buildWorkflow, interviewById, interviewServiceNode } from '../../../harness/workflow';
import type { E2eContext } from './context';
import { finishedExecutions, postUntilRegistered, waitForExecutions } from './executions';
import { SYNC_WINDOW } from './invitedHistory';

type Json = Record<string, unknown>;

export const INVITE_NODE = 'Invite';

export interface InviteRunOptions {
	/** n8n's On Error setting; Stop Workflow when absent. */
	onError?: NodeSpec['onError'];
	/** Invite's Options beyond Skip Already Invited (batchSize, parallelBatches). */
	options?: Json;
}

/** One finished run: its status, the error that stopped it, and the items of each output of Invite. */
export interface InviteRun {
	executionId: string;
	status: string;
	error?: string;
	/** Invite's outputs in order: Invited, Skipped, then the error output when On Error uses it. */
	outputs: Json[][];
}

export interface InviteWorkflow {
	id: string;
	/** Posts the candidates; answers once n8n took them (the run goes on). */
	post(candidates: Json[]): Promise<void>;
	/** Posts the candidates and waits (bounded) for the run they start to finish. */
	run(candidates: Json[]): Promise<InviteRun>;
	/** The workflow's finished executions, newest first. */
	finished(count: number): Promise<ExecutionSummary[]>;
}

interface StoredExecution extends ExecutionSummary {
	data?: { resultData: { runData: Record<string, Array<{ data?: { main?: Array<Array<{ json: Json }> | null> } }>>; error?: { message?: string } } };
}

export function inviteRunOf(execution: ExecutionSummary): InviteRun {
	const { data } = execution as StoredExecution;
	const main = data?.resultData.runData[INVITE_NODE]?.[0]?.data?.main ?? [];
	return {
		executionId: String(execution.id),
		status: execution.status,
		error: data?.resultData.error?.message,
		outputs: main.map((output) => (output ?? []).map((item) => item.json)),
	};
}

/** Webhook → the posted candidates → Invite with Skip Already Invited, imported and activated. */
export async function inviteWorkflow(ctx: E2eContext, id: string, interviewId: string, { onError, options = {} }: InviteRunOptions = {}): Promise<InviteWorkflow> {
	const path = `${id}-candidates`;
	const invite: NodeSpec = {
		...interviewServiceNode(
			INVITE_NODE,
			{
				resource: 'candidate',
				operation: 'invite',
				interviewId: interviewById(interviewId),
				...SYNC_WINDOW,
				email: '={{ $json.email }}',
				additionalFields: { name: '={{ $json.name }}' },
				options: { ...options, skipAlreadyInvited: true },
			},
			ctx.credential,
		),
		...(onError ? { onError } : {}),
	};
	const workflow = buildWorkflow(
		id,
		`invite runs ${id}`,
		[
			{
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
				webhookId: randomUUID(),
			},
			{
				name: 'Candidates',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: { jsCode: 'return $input.first().json.body.candidates.map((json) => ({ json }));' },
			},
			invite,
		],
		[
			['Webhook', 'Candidates'],
			['Candidates', INVITE_NODE],
		],
	);
	await ctx.n8n.importWorkflow(workflow);
	await ctx.n8n.activate(workflow.id);

	const finished = async (count: number) =>
		[...(await waitForExecutions(ctx.n8n, id, count, 120_000))].sort((a, b) => Number(b.id) - Number(a.id));
	const post = async (candidates: Json[]) => {
		const response = await postUntilRegistered(`${ctx.n8n.url}/webhook/${path}`, { candidates }, 60_000);
		if (response.status !== 200) throw new Error(`POST /webhook/${path} answered ${response.status}: ${JSON.stringify(response.data)}`);
	};
	return {
		id,
		post,
		finished,
		async run(candidates) {
			const before = (await finishedExecutions(ctx.n8n, id)).length;
			await post(candidates);
			const [newest] = await finished(before + 1);
			return inviteRunOf(newest);
		},
	};
}
