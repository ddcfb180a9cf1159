import type { INodeExecutionData } from 'n8n-workflow';

import { withMaskedWebhookSecret } from '../../shared/webhookSecret';
import { errorJson } from './failedItems';
import type { ItemOutcome } from './failedItems';

/**
 * Output in input order, every item paired to the input item it came from. No output shows the
 * trigger's webhook secret.
 *
 * A failed item, as n8n (2.41 and 1.123, `handleNodeErrorOutput`) routes it:
 * - under "Continue (using error output)" it carries its error as n8n's own nodes do (`error`),
 *   which is what moves it to the error output. n8n then sets its json to `{ error: message }`
 *   (`normalizeNodeErrors`); the status and Retry-After stay on the error, shown in the execution.
 * - under "Continue (regular output)" its json holds the message, `httpCode` and `retryAfter`, so
 *   a workflow can branch on them.
 */
export function toExecutionData(outcomes: ItemOutcome[], errorOutput = false): INodeExecutionData[] {
	return [...outcomes]
		.sort((a, b) => a.itemIndex - b.itemIndex)
		.flatMap((outcome) => {
			const pairedItem = { item: outcome.itemIndex };
			if ('error' in outcome) {
				const json = errorJson(outcome.error);
				return [errorOutput ? { json, error: outcome.error, pairedItem } : { json, pairedItem }];
			}
			return outcome.json.map((json) => ({ json: withMaskedWebhookSecret(json), pairedItem }));
		});
}
