import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { sendBatches } from './batchSender';
import { failItem, usesErrorOutput } from './failedItems';
import { prepareItems } from './prepareItems';
import { NO_MEMORY, batchKey, finishBatches, sentBatches } from './sentBatches';

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
	return finishBatches(memory, [...failures, ...outcomes], usesErrorOutput(context));
}
