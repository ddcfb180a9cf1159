import { createHash } from 'crypto';

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { retryAfterOf, statusOf } from '../transport/errors';

export interface PreparedItem<T> {
	itemIndex: number;
	request: T;
}

export type ItemOutcome = { itemIndex: number; json: IDataObject[] } | { itemIndex: number; error: Error };

/** Keeps our own errors as they are (they already name the item); wraps anything else. */
export function asNodeError(context: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

/**
 * The item's failure as an outcome when the node continues on fail; otherwise the run stops here.
 */
export function failItem(context: IExecuteFunctions, error: unknown, itemIndex: number): ItemOutcome {
	const nodeError = asNodeError(context, error, itemIndex);
	if (!context.continueOnFail()) throw nodeError;
	return { itemIndex, error: nodeError };
}

/**
 * Builds and validates the request of every input item before any request is sent, so bad
 * input in item 7 stops the run before item 0 has changed anything on the service.
 */
export async function prepareItems<T>(
	context: IExecuteFunctions,
	prepare: (itemIndex: number) => T | Promise<T>,
): Promise<{ prepared: Array<PreparedItem<T>>; failures: ItemOutcome[] }> {
	const prepared: Array<PreparedItem<T>> = [];
	const failures: ItemOutcome[] = [];
	const count = context.getInputData().length;
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			prepared.push({ itemIndex, request: await prepare(itemIndex) });
		} catch (error) {
			failures.push(failItem(context, error, itemIndex));
		}
	}
	return { prepared, failures };
}

/** What an item on the error output holds: the message, and the HTTP status and Retry-After when there were any. */
export function errorJson(error: Error): IDataObject {
	const httpCode = (error as { httpCode?: unknown }).httpCode;
	const retryAfter = retryAfterOf(error);
	return {
		error: error.message,
		...(typeof httpCode === 'string' && httpCode !== '' ? { httpCode: statusOf(error) ?? httpCode } : {}),
		...(retryAfter === undefined ? {} : { retryAfter }),
	};
}

/** Output in input order, every item paired to the input item it came from. */
export function toExecutionData(outcomes: ItemOutcome[]): INodeExecutionData[] {
	return [...outcomes]
		.sort((a, b) => a.itemIndex - b.itemIndex)
		.flatMap((outcome) => {
			const pairedItem = { item: outcome.itemIndex };
			if ('error' in outcome) return [{ json: errorJson(outcome.error), pairedItem }];
			return outcome.json.map((json) => ({ json, pairedItem }));
		});
}

/** A memory that keeps nothing: for requests that may safely be sent again, and whose answers may hold secrets. */
const NO_MEMORY: SentBatches = { get: () => undefined, set: () => {}, forget: () => {} };

/**
 * One request (or a short sequence of requests) per input item, one item after the other. With
 * `sendOnce` (for requests that are not idempotent, e.g. Create), an item answered in an earlier
 * Retry On Fail attempt of this run is not sent again: its answer is reused.
 */
export async function runPerItem<T>(
	context: IExecuteFunctions,
	prepare: (itemIndex: number) => T | Promise<T>,
	send: (request: T, itemIndex: number) => Promise<IDataObject | IDataObject[]>,
	{ sendOnce = false }: { sendOnce?: boolean } = {},
): Promise<INodeExecutionData[]> {
	const { prepared, failures } = await prepareItems(context, prepare);
	const operation = `${String(context.getNodeParameter('resource', 0, ''))}:${String(context.getNodeParameter('operation', 0, ''))}`;
	const memory = sendOnce ? sentBatches(context, operation) : NO_MEMORY;
	const outcomes = await sendBatches({
		batches: prepared,
		concurrency: 1,
		memory,
		keyOf: ({ itemIndex, request }) => batchKey([itemIndex, request]),
		send: async ({ itemIndex, request }) => await send(request, itemIndex),
		outcomesOf: ({ itemIndex }, result) => [{ itemIndex, json: Array.isArray(result) ? result : [result] }],
		failuresOf: ({ itemIndex }, error) => [failItem(context, error, itemIndex)],
	});
	return finishBatches(memory, [...failures, ...outcomes]);
}

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

/**
 * What one run of the node has already had done by the service, kept in n8n's per-execution node
 * context (`getContext('node')`). n8n's Retry On Fail runs the node again in the same execution
 * with the same context and the same run index, so a batch done in an earlier attempt is
 * answered from here instead of being sent again (see README, "Errors, retries and timeouts").
 */
export interface SentBatches {
	get(key: string): unknown;
	set(key: string, answer: unknown): void;
	forget(): void;
}

export function sentBatches(context: IExecuteFunctions, operation: string): SentBatches {
	const store = context.getContext('node');
	const runIndex = Number(context.getWorkflowDataProxy(0).$runIndex ?? 0);
	const slot = `${operation}:run${runIndex}`;
	const done = (): IDataObject => {
		store[slot] ??= {};
		return store[slot] as IDataObject;
	};
	return {
		get: (key) => (store[slot] as IDataObject | undefined)?.[key],
		set: (key, answer) => {
			done()[key] = answer as IDataObject;
		},
		forget: () => {
			delete store[slot];
		},
	};
}

/**
 * The node's output; the memory of sent batches is dropped when every item succeeded (n8n re-runs a
 * node whose first output item is an error, so it is kept otherwise).
 */
export function finishBatches(memory: SentBatches, outcomes: ItemOutcome[]): INodeExecutionData[] {
	if (outcomes.every((outcome) => !('error' in outcome))) memory.forget();
	return toExecutionData(outcomes);
}

/** A short stable key for what a batch sends: the same request content gives the same key. */
export function batchKey(content: unknown): string {
	return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

export interface BatchSending<B, A> {
	batches: B[];
	/** Batches in flight at once. */
	concurrency: number;
	memory: SentBatches;
	keyOf: (batch: B) => string;
	send: (batch: B) => Promise<A>;
	/** The items' outcomes from the service's answer (may throw, like `failItem`). */
	outcomesOf: (batch: B, answer: A) => ItemOutcome[];
	/** The items' outcomes when the batch failed (throws when the node does not continue on fail). */
	failuresOf: (batch: B, error: unknown) => ItemOutcome[];
}

/**
 * Sends batches at most `concurrency` at a time. Each answer is remembered before it is used, and a
 * remembered batch is never sent again in this run. When a batch fails and the node does not
 * continue on fail, no further batch starts, the ones in flight finish (and are remembered), then
 * the first error is thrown: what succeeded is known to a Retry On Fail attempt.
 */
export async function sendBatches<B, A>(options: BatchSending<B, A>): Promise<ItemOutcome[]> {
	const { batches, memory, keyOf } = options;
	const outcomes: ItemOutcome[] = [];
	let next = 0;
	let stopped: { error: unknown } | undefined;

	const settle = (produce: () => ItemOutcome[]) => {
		try {
			outcomes.push(...produce());
		} catch (error) {
			stopped ??= { error };
		}
	};

	const worker = async () => {
		while (!stopped && next < batches.length) {
			const batch = batches[next++];
			const key = keyOf(batch);
			const remembered = memory.get(key) as A | undefined;
			if (remembered !== undefined) {
				settle(() => options.outcomesOf(batch, remembered));
				continue;
			}
			let answer: A;
			try {
				answer = await options.send(batch);
			} catch (error) {
				settle(() => options.failuresOf(batch, error));
				continue;
			}
			memory.set(key, answer);
			settle(() => options.outcomesOf(batch, answer));
		}
	};

	const workers = Math.max(1, Math.min(options.concurrency, batches.length));
	await Promise.all(Array.from({ length: workers }, worker));
	if (stopped) throw stopped.error;
	return outcomes;
}
