import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { emailKey } from '../../../shared/email';
import { messageOf } from '../../../shared/transport/errors';

/*
 * Which candidates the Invite nodes of this workflow have invited, across executions, in n8n's
 * processed-data store (the one Remove Duplicates uses, kept in n8n's database). Its scope is the
 * workflow, so Cancel Scheduled and Forget Invited Candidates in the same workflow reach what Invite
 * recorded: n8n keys a node's own scope by the node's ID, which another node cannot name.
 */

/** n8n's own default for the entries it remembers (Remove Duplicates' History Size). */
export const DEFAULT_INVITED_HISTORY_SIZE = 10_000;

export const invitedHistoryOptions: INodeProperties[] = [
	{
		displayName: 'Invited History Size',
		name: 'invitedHistorySize',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_INVITED_HISTORY_SIZE,
		description:
			'With Skip Candidates Already Invited: how many invited candidates the workflow remembers. Beyond it the oldest are forgotten, and would be invited again.',
	},
	{
		displayName: 'Skip Candidates Already Invited',
		name: 'skipAlreadyInvited',
		type: 'boolean',
		default: false,
		description:
			'Whether to skip candidates this workflow already invited to the interview in an earlier run, whatever the window. They come out marked "skipped" and cost no request. A candidate counts as invited only once the service returned their link; Cancel Scheduled forgets them again.',
	},
];

/** The key of one candidate of one interview, as the store remembers it (n8n keeps only a hash of it). */
export const invitedKey = (interviewId: string, email: string) => `interview-service invited ${interviewId} ${emailKey(email)}`;

const ENTRIES = { mode: 'entries' } as const;

/** The store's own errors (a Remove Duplicates node of the workflow in another mode, say), named as ours. */
async function inStore<T>(context: IExecuteFunctions, what: string, call: () => Promise<T>): Promise<T> {
	try {
		return await call();
	} catch (error) {
		throw new NodeOperationError(context.getNode(), `Could not ${what} in n8n's memory of invited candidates: ${messageOf(error)}`, {
			description: "The memory is n8n's processed-data store of this workflow, the one Remove Duplicates uses with the Workflow scope.",
		});
	}
}

/**
 * Which of these keys the workflow remembers. n8n has no check that does not record, so the keys
 * it did not know are forgotten again at once; the check runs without a size limit, so that nothing
 * remembered is pushed out by keys that were never invited.
 */
export async function rememberedOf(context: IExecuteFunctions, keys: string[]): Promise<Set<string>> {
	if (keys.length === 0) return new Set();
	const checked = await inStore(context, 'look up candidates', async () => await context.helpers.checkProcessedAndRecord(keys, 'workflow', ENTRIES));
	if (checked.new.length > 0) {
		await inStore(context, 'look up candidates', async () => await context.helpers.removeProcessed(checked.new, 'workflow', ENTRIES));
	}
	return new Set(checked.processed.map(String));
}

/** Records candidates the service took, at most `historySize` entries in all (the oldest go first). */
export async function rememberInvited(context: IExecuteFunctions, keys: string[], historySize: number): Promise<void> {
	if (keys.length === 0) return;
	await inStore(context, 'remember invited candidates', async () => {
		await context.helpers.checkProcessedAndRecord(keys, 'workflow', { ...ENTRIES, maxEntries: historySize });
	});
}

/** Forgets candidates, so that Skip Candidates Already Invited invites them again. */
export async function forgetInvited(context: IExecuteFunctions, keys: string[]): Promise<void> {
	if (keys.length === 0) return;
	await inStore(context, 'forget candidates', async () => await context.helpers.removeProcessed(keys, 'workflow', ENTRIES));
}

/** Forgets every invited candidate of the workflow; answers how many entries were remembered. */
export async function clearInvited(context: IExecuteFunctions): Promise<number> {
	return await inStore(context, 'clear the memory', async () => {
		const remembered = await context.helpers.getProcessedDataCount('workflow', ENTRIES);
		await context.helpers.clearAllProcessedItems('workflow', ENTRIES);
		return remembered;
	});
}
