import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

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

/** Output in input order, every item paired to the input item it came from. */
export function toExecutionData(outcomes: ItemOutcome[]): INodeExecutionData[] {
	return [...outcomes]
		.sort((a, b) => a.itemIndex - b.itemIndex)
		.flatMap((outcome) => {
			const pairedItem = { item: outcome.itemIndex };
			if ('error' in outcome) return [{ json: { error: outcome.error.message }, pairedItem }];
			return outcome.json.map((json) => ({ json, pairedItem }));
		});
}

/** One request (or a short sequence of requests) per input item. */
export async function runPerItem<T>(
	context: IExecuteFunctions,
	prepare: (itemIndex: number) => T | Promise<T>,
	send: (request: T, itemIndex: number) => Promise<IDataObject | IDataObject[]>,
): Promise<INodeExecutionData[]> {
	const { prepared, failures } = await prepareItems(context, prepare);
	const outcomes = [...failures];
	for (const { itemIndex, request } of prepared) {
		try {
			const result = await send(request, itemIndex);
			outcomes.push({ itemIndex, json: Array.isArray(result) ? result : [result] });
		} catch (error) {
			outcomes.push(failItem(context, error, itemIndex));
		}
	}
	return toExecutionData(outcomes);
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
