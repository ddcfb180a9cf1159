import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { failedItem, isFailure } from './itemOutcomes';
import type { ItemError, ItemOutcome } from './itemOutcomes';
import type { RetryMemory } from './retryMemory';
import { invalidInput } from './validation';

/*
 * Sending many items per request, for Invite and Cancel Scheduled: items are grouped into batches,
 * and batches go out a few at a time.
 */

/** Most candidates or e-mails in one request: the sandbox's page maximum, as the spec gives none. */
export const MAX_BATCH_SIZE = 100;
export const DEFAULT_PARALLEL_BATCHES = 4;
const MAX_PARALLEL_BATCHES = 10;

/** One input item's request, read and checked. */
export interface PreparedItem<T> {
	itemIndex: number;
	request: T;
}

export type Batch<T> = Array<PreparedItem<T>>;

/** Splits a list into consecutive chunks of at most `size` elements. */
export function chunk<T>(list: T[], size: number): T[][] {
	const chunks: T[][] = [];
	for (let start = 0; start < list.length; start += size) chunks.push(list.slice(start, start + size));
	return chunks;
}

/** Groups items by a key, keeping the order in which each key first appears. */
export function groupBy<T>(list: T[], keyOf: (element: T) => string): T[][] {
	const groups = new Map<string, T[]>();
	for (const element of list) {
		const key = keyOf(element);
		const group = groups.get(key);
		if (group) group.push(element);
		else groups.set(key, [element]);
	}
	return [...groups.values()];
}

export const parallelBatchesOption: INodeProperties = {
	displayName: 'Batches In Parallel',
	name: 'parallelBatches',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_PARALLEL_BATCHES },
	default: DEFAULT_PARALLEL_BATCHES,
	description: `Most batch requests in flight at once (1 sends one after the other). At most ${MAX_PARALLEL_BATCHES}.`,
};

/** Batches In Parallel, from the node's Options (the first item's), checked. */
export function parallelBatchesOf(context: IExecuteFunctions): number {
	const options = context.getNodeParameter('options', 0, {}) as IDataObject;
	const parallel = (options.parallelBatches ?? DEFAULT_PARALLEL_BATCHES) as number;
	if (!Number.isInteger(parallel) || parallel < 1 || parallel > MAX_PARALLEL_BATCHES) {
		throw invalidInput(context.getNode(), 'Batches In Parallel', `must be a whole number from 1 to ${MAX_PARALLEL_BATCHES}`, 0);
	}
	return parallel;
}

interface BatchSending<T, A> {
	batches: Array<Batch<T>>;
	/** Batches in flight at once. */
	concurrency: number;
	memory: RetryMemory;
	/** What a batch's request sends, as a key: the same content gives the same key. */
	keyOf: (batch: Batch<T>) => string;
	send: (batch: Batch<T>) => Promise<A>;
	/** Each item's outcome from the service's answer. */
	outcomesOf: (batch: Batch<T>, answer: A) => ItemOutcome[];
}

/**
 * Sends batches at most `concurrency` at a time; a batch that fails fails each of its items. Each
 * answer is kept in the run's memory before it is used, and a batch answered in an earlier Retry
 * On Fail attempt is not sent again. When the node does not continue on fail, the first failure
 * stops the run: no further batch starts, the ones in flight finish (and are kept), then it is thrown.
 */
export async function sendBatches<T, A>(context: IExecuteFunctions, sending: BatchSending<T, A>): Promise<ItemOutcome[]> {
	const { batches, memory, keyOf } = sending;
	const stopOnFailure = !context.continueOnFail();
	const outcomes: ItemOutcome[] = [];
	let next = 0;
	let stoppedBy: ItemError | undefined;

	const settle = (batchOutcomes: ItemOutcome[]) => {
		outcomes.push(...batchOutcomes);
		const failure = batchOutcomes.find(isFailure);
		if (stopOnFailure && failure !== undefined) stoppedBy ??= failure.error;
	};

	const worker = async () => {
		while (stoppedBy === undefined && next < batches.length) {
			const batch = batches[next++];
			const key = keyOf(batch);
			let answer = memory.answerTo(key) as A | undefined;
			if (answer === undefined) {
				try {
					answer = await sending.send(batch);
				} catch (error) {
					settle(batch.map(({ itemIndex }) => failedItem(context, error, itemIndex)));
					continue;
				}
				memory.keep(key, answer);
			}
			settle(sending.outcomesOf(batch, answer));
		}
	};

	const workers = Math.max(1, Math.min(sending.concurrency, batches.length));
	await Promise.all(Array.from({ length: workers }, worker));
	if (stoppedBy !== undefined) throw stoppedBy;
	return outcomes;
}
