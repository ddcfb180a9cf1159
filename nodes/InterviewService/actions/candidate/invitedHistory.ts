import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { emailKey } from '../../../shared/email';
import { messageOf } from '../../../shared/transport/errors';
import { isFailure } from '../../helpers/operationContract';
import type { ItemOutcome, PreparedItem, RetryMemory } from '../../helpers/operationContract';

// Skip Already Invited, in n8n's processed-data store with the workflow scope, so that Cancel Scheduled and Forget
// Invited Candidates reach what Invite recorded (docs/n8n-internals.md).

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
			'With Skip Already Invited: how many invited candidates the workflow remembers. Beyond it the oldest are forgotten, and would be invited again.',
	},
	{
		// Added from Options means wanting it: it comes on when added.
		displayName: 'Skip Already Invited',
		name: 'skipAlreadyInvited',
		type: 'boolean',
		default: true,
		description:
			'Whether to skip candidates this workflow already invited to the interview in an earlier run, whatever the window. They cost no request and come out on the Skipped output. A candidate counts as invited once the node has handed on their link; Cancel Scheduled forgets them again.',
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

// n8n has no check that does not record, so the unknown keys are forgotten at once; without a size limit, so that
// nothing remembered is pushed out by keys that were never invited.
export async function rememberedOf(context: IExecuteFunctions, keys: string[]): Promise<Set<string>> {
	if (keys.length === 0) return new Set();
	return await inStore(context, 'look up candidates', async () => {
		const checked = await context.helpers.checkProcessedAndRecord(keys, 'workflow', ENTRIES);
		if (checked.new.length > 0) await context.helpers.removeProcessed(checked.new, 'workflow', ENTRIES);
		return new Set(checked.processed.map(String));
	});
}

/** Forgets candidates, so that Skip Already Invited invites them again. */
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

type Invitation = { interviewId: string; candidate: { email: string; name?: string } };

const keyOfItem = ({ request }: PreparedItem<Invitation>) => invitedKey(request.interviewId, request.candidate.email);

/** The node's second output, "Skipped", which Invite has with the option on. */
const SKIPPED_OUTPUT = 1;

function skippedItem({ itemIndex, request }: PreparedItem<Invitation>): ItemOutcome {
	const { interviewId, candidate } = request;
	const reason = 'Invited by this workflow in an earlier run (Skip Already Invited); not sent again';
	const json = { interviewId, email: candidate.email, ...(candidate.name ? { name: candidate.name } : {}), skipped: true, reason };
	return { itemIndex, json: [json], output: SKIPPED_OUTPUT };
}

// Records the linked candidates once, as the node returns them: a run that stops before records nothing, so the next
// run invites them again. Outcomes are marked when n8n could not record them.
async function recordLinked(context: IExecuteFunctions, outcomes: ItemOutcome[], size: number): Promise<ItemOutcome[]> {
	const linked = outcomes.flatMap((outcome) => (isFailure(outcome) ? [] : outcome.json));
	const keys = [...new Set(linked.map((json) => invitedKey(String(json.interviewId), String(json.email))))];
	if (keys.length === 0) return outcomes;
	try {
		await inStore(context, 'remember invited candidates', async () => {
			await context.helpers.checkProcessedAndRecord(keys, 'workflow', { ...ENTRIES, maxEntries: size });
		});
		return outcomes;
	} catch (error) {
		// The links still go out, each item saying that it was not remembered.
		const notRemembered = (error as Error).message;
		context.logger.warn(`Interview Service: ${notRemembered}`, { workflowId: context.getWorkflow().id });
		return outcomes.map((outcome) => (isFailure(outcome) ? outcome : { ...outcome, json: outcome.json.map((json) => ({ ...json, notRemembered })) }));
	}
}

// Whom to send, who was skipped, and how the links are recorded: decided once per run and kept in the run's memory,
// so on Retry On Fail a candidate the first attempt invited (and may have recorded) is not skipped in the second.
export async function invitedHistoryRun<I extends PreparedItem<Invitation>>(
	context: IExecuteFunctions,
	options: IDataObject,
	prepared: I[],
	memory: RetryMemory,
) {
	const size = (options.invitedHistorySize ?? DEFAULT_INVITED_HISTORY_SIZE) as number;
	if (options.skipAlreadyInvited !== true) return { toSend: prepared, skipped: [], record: async (outcomes: ItemOutcome[]) => outcomes };
	const keys = [...new Set(prepared.map(keyOfItem))];
	const decided = memory.keyOf(['skipAlreadyInvited', keys]);
	let remembered = memory.answerTo(decided) as string[] | undefined;
	if (remembered === undefined) {
		remembered = [...(await rememberedOf(context, keys))];
		memory.keep(decided, remembered);
	}
	const skip = new Set(remembered);
	return {
		toSend: prepared.filter((item) => !skip.has(keyOfItem(item))),
		skipped: prepared.filter((item) => skip.has(keyOfItem(item))).map(skippedItem),
		record: async (outcomes: ItemOutcome[]) => await recordLinked(context, outcomes, size),
	};
}

/** A cancelled candidate may be invited again; cancelled whether or not n8n forgets them, so a failure is only logged. */
export async function forgetCancelled(context: IExecuteFunctions, interviewId: string, cancelled: IDataObject[]): Promise<void> {
	const keys = cancelled.map((candidate) => invitedKey(interviewId, String(candidate.candidateEmail)));
	try {
		await forgetInvited(context, keys);
	} catch (error) {
		context.logger.warn(`Interview Service: ${(error as Error).message}`, { workflowId: context.getWorkflow().id });
	}
}
