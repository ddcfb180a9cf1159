import type { IExecuteFunctions } from 'n8n-workflow';

import { failItem } from './failedItems';
import type { ItemOutcome } from './failedItems';

export interface PreparedItem<T> {
	itemIndex: number;
	request: T;
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
