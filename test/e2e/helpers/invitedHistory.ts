/**
 * One workflow for the e2e proofs of Skip Candidates Already Invited: two production webhooks in the
 * same workflow (the memory is the workflow's), one inviting the posted candidates with the option on,
 * one cancelling the posted e-mails. Cancel answers with its items; Invite's run is read from n8n's executions,
 * since the webhook answers with its first output only and the skipped candidates are on the second.
 */
import { randomUUID } from 'node:crypto';

import type { N8nInstance, WorkflowImport } from '../../../harness/n8n';
import type { NodeSpec } from '../../../harness/workflow';
import { buildWorkflow, interviewById, interviewServiceNode } from '../../../harness/workflow';
import type { E2eContext } from './context';
import { postUntilRegistered, waitForExecutions } from './executions';

type Json = Record<string, unknown>;

export const SYNC_WINDOW = { startTime: '2026-12-01T09:00:00.000Z', endTime: '2026-12-08T09:00:00.000Z' };

function webhook(name: string, path: string): NodeSpec {
	return {
		name,
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
		webhookId: randomUUID(),
	};
}

const postedItems = (name: string, field: string): NodeSpec => ({
	name,
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	parameters: { jsCode: `return $input.first().json.body.${field}.map((json) => ({ json }));` },
});

export interface SyncWorkflow {
	workflow: WorkflowImport;
	/** Invite's items of both outputs, Invited then Skipped. */
	invite(candidates: Json[]): Promise<Json[]>;
	cancel(emails: string[]): Promise<Json[]>;
}

/** The workflow for one interview, imported and activated; `invite` and `cancel` post to its webhooks. */
export async function syncWorkflow(ctx: E2eContext, id: string, interviewId: string): Promise<SyncWorkflow> {
	const invitePath = `${id}-invite`;
	const cancelPath = `${id}-cancel`;
	const invite: NodeSpec = {
		...interviewServiceNode(
			'Invite',
			{
				resource: 'candidate',
				operation: 'invite',
				interviewId: interviewById(interviewId),
				...SYNC_WINDOW,
				email: '={{ $json.email }}',
				additionalFields: {},
				options: { skipAlreadyInvited: true },
			},
			ctx.credential,
		),
		onError: 'continueRegularOutput',
	};
	const cancel = interviewServiceNode(
		'Cancel',
		{ resource: 'candidate', operation: 'cancelScheduled', interviewId: interviewById(interviewId), emailSource: 'inputItems', candidateEmail: '={{ $json.email }}' },
		ctx.credential,
	);
	const workflow = buildWorkflow(
		id,
		`invited history ${id}`,
		[webhook('Invite Webhook', invitePath), postedItems('Candidates', 'candidates'), invite, webhook('Cancel Webhook', cancelPath), postedItems('Emails', 'emails'), cancel],
		[
			['Invite Webhook', 'Candidates'],
			['Candidates', 'Invite'],
			['Cancel Webhook', 'Emails'],
			['Emails', 'Cancel'],
		],
	);
	await ctx.n8n.importWorkflow(workflow);
	await ctx.n8n.activate(workflow.id);
	const post = async (n8n: N8nInstance, path: string, body: Json) => {
		const response = await postUntilRegistered(`${n8n.url}/webhook/${path}`, body, 60_000);
		if (response.status !== 200) throw new Error(`POST /webhook/${path} answered ${response.status}: ${JSON.stringify(response.data)}`);
		return response.data as Json[];
	};
	let runs = 0;
	type StoredRun = { id: string; data?: { resultData: { runData: Record<string, Array<{ data?: { main?: Array<Array<{ json: Json }> | null> } }>> } } };
	return {
		workflow,
		invite: async (candidates) => {
			await post(ctx.n8n, invitePath, { candidates });
			runs += 1;
			const [newest] = [...(await waitForExecutions(ctx.n8n, id, runs, 120_000))].sort((a, b) => Number(b.id) - Number(a.id)) as unknown as StoredRun[];
			return (newest.data?.resultData.runData.Invite?.[0]?.data?.main ?? []).flatMap((output) => (output ?? []).map((item) => item.json));
		},
		cancel: async (emails) => {
			runs += 1;
			return await post(ctx.n8n, cancelPath, { emails: emails.map((email) => ({ email })) });
		},
	};
}
