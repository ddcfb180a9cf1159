import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { emailKey } from '../../../shared/email';
import { messageOf } from '../../../shared/transport/errors';
import { invalidInput } from '../../helpers/validation';
import { isFailure } from '../operationContract';
import type { ItemOutcome, PreparedItem } from '../operationContract';

/*
 * Skip Candidates Already Invited: which candidates the Invite nodes of this workflow have invited,
 * across executions, in n8n's processed-data store (the one Remove Duplicates uses, kept in n8n's
 * database). Its scope is the workflow, so Cancel Scheduled and Forget Invited Candidates in the
 * same workflow reach what Invite recorded: n8n keys a node's own scope by the node's ID, which
 * another node cannot name.
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

/** What the memory needs of an invitation: the interview and the candidate's e-mail. */
interface Invitation {
	interviewId: string;
	candidate: { email: string };
}

const keyOfItem = ({ request }: PreparedItem<Invitation>) => invitedKey(request.interviewId, request.candidate.email);

function skippedItem({ itemIndex, request }: PreparedItem<Invitation>): ItemOutcome {
	const reason = 'Invited by this workflow in an earlier run (Skip Candidates Already Invited); not sent again';
	return { itemIndex, json: [{ interviewId: request.interviewId, email: request.candidate.email, skipped: true, reason }] };
}

/** One run of Invite with the option read: whom to send, who was skipped, and how links are recorded. */
export interface InvitedHistoryRun<T extends Invitation> {
	toSend: Array<PreparedItem<T>>;
	skipped: ItemOutcome[];
	/** Records the candidates that got their links; the outcomes as they are, or marked when n8n could not record. */
	record(outcomes: ItemOutcome[]): Promise<ItemOutcome[]>;
}

/**
 * Records candidates batch by batch. Recordings of one run go one after the other, as n8n reads
 * and writes the whole store each time. When n8n cannot record, the links still go out, each item
 * saying that it was not remembered.
 */
function recorder(context: IExecuteFunctions, size: number) {
	let previous: Promise<unknown> = Promise.resolve();
	return async (outcomes: ItemOutcome[]): Promise<ItemOutcome[]> => {
		const linked = outcomes.flatMap((outcome) => (isFailure(outcome) ? [] : outcome.json));
		const keys = [...new Set(linked.map((json) => invitedKey(String(json.interviewId), String(json.email))))];
		const recording = previous.then(async () => await rememberInvited(context, keys, size));
		previous = recording.catch(() => undefined);
		try {
			await recording;
			return outcomes;
		} catch (error) {
			const notRemembered = (error as Error).message;
			context.logger.warn(`Interview Service: ${notRemembered}`, { workflowId: context.getWorkflow().id });
			return outcomes.map((outcome) => (isFailure(outcome) ? outcome : { ...outcome, json: outcome.json.map((json) => ({ ...json, notRemembered })) }));
		}
	};
}

/**
 * Skip Candidates Already Invited and its history size, from the node's Options (the first item's),
 * checked; with the option on, the candidates the workflow remembers are skipped at no request.
 */
export async function invitedHistoryRun<T extends Invitation>(
	context: IExecuteFunctions,
	options: IDataObject,
	prepared: Array<PreparedItem<T>>,
): Promise<InvitedHistoryRun<T>> {
	const size = (options.invitedHistorySize ?? DEFAULT_INVITED_HISTORY_SIZE) as number;
	if (!Number.isInteger(size) || size < 1) {
		throw invalidInput(context.getNode(), 'Invited History Size', 'must be a whole number of at least 1', 0);
	}
	if (options.skipAlreadyInvited !== true) return { toSend: prepared, skipped: [], record: async (outcomes) => outcomes };
	const remembered = await rememberedOf(context, [...new Set(prepared.map(keyOfItem))]);
	return {
		toSend: prepared.filter((item) => !remembered.has(keyOfItem(item))),
		skipped: prepared.filter((item) => remembered.has(keyOfItem(item))).map(skippedItem),
		record: recorder(context, size),
	};
}

/**
 * A cancelled candidate may be invited again: the workflow's memory of invited candidates forgets
 * them. They are cancelled whether or not n8n could do that, so a failure is only logged.
 */
export async function forgetCancelled(context: IExecuteFunctions, interviewId: string, cancelled: IDataObject[]): Promise<void> {
	const keys = cancelled.map((candidate) => invitedKey(interviewId, String(candidate.candidateEmail)));
	try {
		await forgetInvited(context, keys);
	} catch (error) {
		context.logger.warn(`Interview Service: ${(error as Error).message}`, { workflowId: context.getWorkflow().id });
	}
}
