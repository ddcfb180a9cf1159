import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { retryAfterOf, statusOf } from '../../shared/transport/errors';
import { withMaskedWebhookSecret } from '../../shared/webhookSecret';
import { NO_MEMORY, rememberedAnswers } from '../helpers/retryMemory';
import * as access from './access';
import * as candidate from './candidate';
import * as interview from './interview';
import { failedItem, isFailure } from './operationContract';
import type { ItemOutcome, NodeOperation, PreparedItem } from './operationContract';
import * as result from './result';

/** resource → operation; the values are the node's public API. */
export const operations: Record<string, Record<string, NodeOperation>> = {
	interview: {
		create: interview.create,
		get: interview.get,
		getMany: interview.getMany,
		update: interview.update,
		updateSettings: interview.updateSettings,
	},
	candidate: {
		invite: candidate.invite,
		cancelScheduled: candidate.cancelScheduled,
		forgetInvited: candidate.forgetInvited,
	},
	result: {
		getMany: result.getMany,
	},
	access: {
		createToken: access.createToken,
		createLink: access.createLink,
	},
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const chosen = operations[resource]?.[operation];
	if (!chosen) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
	return await runOperation.call(this, chosen, `${resource}:${operation}`);
}

/** How many regular outputs the node has now (n8n adds the error output after them). */
function mainOutputCount(context: IExecuteFunctions): number {
	const outputs = context.getNodeOutputs().filter((output) => output.type === NodeConnectionTypes.Main && output.category !== 'error');
	return Math.max(1, outputs.length);
}

/**
 * Runs one operation over the input items. Every item's request is read and checked before any is
 * sent, so bad input in item 7 stops the run before item 0 changed anything on the service. A
 * failure stops the run, unless the node continues on fail: then it is that item's output.
 */
export async function runOperation(this: IExecuteFunctions, operation: NodeOperation, name = ''): Promise<INodeExecutionData[][]> {
	const stopOnFailure = !this.continueOnFail();
	const outcomes: ItemOutcome[] = [];
	const fail = (error: unknown, itemIndex: number) => {
		const failure = failedItem(this, error, itemIndex);
		if (stopOnFailure) throw failure.error;
		outcomes.push(failure);
	};

	const prepared: Array<PreparedItem<unknown>> = [];
	const itemCount = this.getInputData().length;
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		try {
			prepared.push({ itemIndex, request: await operation.prepare.call(this, itemIndex) });
		} catch (error) {
			fail(error, itemIndex);
		}
	}

	const remembers = 'sendInBatches' in operation || operation.rememberAcrossRetries === true;
	const memory = remembers ? rememberedAnswers(this, name) : NO_MEMORY;
	if ('sendInBatches' in operation) {
		outcomes.push(...(await operation.sendInBatches.call(this, prepared, memory)));
	} else {
		for (const { itemIndex, request } of prepared) {
			const key = memory.keyOf([itemIndex, request]);
			try {
				let answer = memory.answerTo(key) as object | object[] | undefined;
				if (answer === undefined) {
					answer = await operation.send.call(this, request, itemIndex);
					memory.keep(key, answer);
				}
				outcomes.push({ itemIndex, json: (Array.isArray(answer) ? answer : [answer]) as IDataObject[] });
			} catch (error) {
				fail(error, itemIndex);
			}
		}
	}
	// n8n's Retry On Fail also runs the node again when its first output item is an error.
	if (!outcomes.some(isFailure)) memory.forget();
	return toExecutionData(outcomes, this.getNode().onError === 'continueErrorOutput', mainOutputCount(this));
}

/** What a failed item's json holds: the message, and the HTTP status and Retry-After when there were any. */
export function errorJson(error: Error): IDataObject {
	const httpCode = (error as { httpCode?: unknown }).httpCode;
	const retryAfter = retryAfterOf(error);
	return {
		error: error.message,
		...(typeof httpCode === 'string' && httpCode !== '' ? { httpCode: statusOf(error) ?? httpCode } : {}),
		...(retryAfter === undefined ? {} : { retryAfter }),
	};
}

/**
 * Output in input order, every item paired to the input item it came from, each on its output; no
 * output shows the trigger's webhook secret. A failed item, as n8n (2.41 and 1.123) routes it:
 * - under "Continue (regular output)" its json holds the message, `httpCode` and `retryAfter`, so a
 *   workflow can branch on them, and what the operation knew of the item (interview, e-mail, name,
 *   the service's reason);
 * - under "Continue (using error output)" it carries its error (`error`), which is what moves it to
 *   the error output; there n8n keeps only `{ error: message }` of its json (`normalizeNodeErrors`)
 *   and lays that over the input item's json, which holds the candidate as the input had it.
 */
export function toExecutionData(outcomes: ItemOutcome[], errorOutput = false, outputCount = 1): INodeExecutionData[][] {
	const outputs: INodeExecutionData[][] = Array.from({ length: outputCount }, () => []);
	for (const outcome of [...outcomes].sort((a, b) => a.itemIndex - b.itemIndex)) {
		const pairedItem = { item: outcome.itemIndex };
		if (isFailure(outcome)) {
			const json = { ...errorJson(outcome.error), ...outcome.known };
			outputs[0].push(errorOutput ? { json, error: outcome.error, pairedItem } : { json, pairedItem });
			continue;
		}
		const paired = outcome.pairedWith === undefined ? pairedItem : outcome.pairedWith.map((item) => ({ item }));
		const output = outputs[Math.min(outcome.output ?? 0, outputCount - 1)];
		for (const json of outcome.json) output.push({ json: withMaskedWebhookSecret(json), pairedItem: paired });
	}
	return outputs;
}
