import type { INodeExecutionData } from 'n8n-workflow';

import { errorJson } from './failedItems';
import type { ItemOutcome } from './failedItems';

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
