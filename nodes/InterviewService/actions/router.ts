import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiFailure } from '../../shared/transport/errors';
import { policyFromOptions, requestRun } from '../../shared/transport/request';
import { NO_MEMORY, rememberedAnswers } from '../helpers/retryMemory';
import { requiredInterviewId, sharedParameterReader } from '../helpers/parameters';
import { NOT_FOR_TOOLS, runsAsTool } from '../helpers/toolUse';
import * as access from './access';
import * as candidate from './candidate';
import * as interview from './interview';
import { asNodeError, failedItem, isFailure } from '../helpers/operationContract';
import type { ItemOutcome, NodeOperation, NodeRun, PreparedItem } from '../helpers/operationContract';
import * as result from './result';

/** resource → operation; the values are the node's public API. */
export const operations: Record<string, Record<string, NodeOperation>> = {
	interview: interview.operations,
	candidate: candidate.operations,
	result: result.operations,
	access: access.operations,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	// A saved or imported workflow may still hold Access on a tool, which the editor no longer offers it.
	if (NOT_FOR_TOOLS.has(resource) && runsAsTool(this.getNode())) {
		throw new NodeOperationError(this.getNode(), 'Access is not available to the Interview Service node as a tool', {
			description: 'Create Token and Create Link hand out a bearer token or a presigned link, which an AI agent must not get. Use them in a workflow step instead.',
		});
	}
	const operation = this.getNodeParameter('operation', 0) as string;
	const chosen = operations[resource]?.[operation];
	if (!chosen) throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	return await runOperation.call(this, chosen, `${resource}:${operation}`);
}

// Every item is read and checked before any is sent, so bad input in item 7 stops the run before item 0 changed anything.
// A failure stops the run unless the node continues on fail; then it is that item's output.
export async function runOperation(this: IExecuteFunctions, operation: NodeOperation, name = ''): Promise<INodeExecutionData[][]> {
	const stopOnFailure = !this.continueOnFail();
	const outcomes: ItemOutcome[] = [];
	const read = sharedParameterReader(this);
	// The item's interview, where the operation has one and it could be read, so its failure says which.
	const interviewOf = (itemIndex: number) => {
		try {
			return { interviewId: requiredInterviewId(this, itemIndex, read) };
		} catch {
			return undefined;
		}
	};
	const fail = (error: unknown, itemIndex: number) => {
		if (stopOnFailure) throw asNodeError(this, error, itemIndex);
		outcomes.push(failedItem(this, error, itemIndex, interviewOf(itemIndex)));
	};

	// Request Options is a node-level option, read at item 0.
	const policy = policyFromOptions(read('requestOptions', 0, {}) as IDataObject);
	const runIndex = runIndexOf(this);
	const run: NodeRun = { read, items: this.getInputData(), requests: requestRun(this, policy), runIndex };
	const prepared: Array<PreparedItem<unknown>> = [];
	for (let itemIndex = 0; itemIndex < run.items.length; itemIndex++) {
		try {
			// Only Access reads its credential as it prepares: the rest give their request at once, with no wait per item.
			const request = operation.prepare.call(this, itemIndex, run);
			prepared.push({ itemIndex, request: request instanceof Promise ? await request : request });
		} catch (error) {
			fail(error, itemIndex);
		}
	}

	const remembers = 'sendInBatches' in operation || operation.rememberAcrossRetries === true;
	const memory = remembers ? rememberedAnswers(this, name, run.runIndex) : NO_MEMORY;
	if ('sendInBatches' in operation) {
		outcomes.push(...(await operation.sendInBatches.call(this, prepared, memory, run)));
	} else {
		for (const { itemIndex, request } of prepared) {
			const key = memory.keyOf([itemIndex, request]);
			try {
				let answer = memory.answerTo(key) as object | object[] | undefined;
				if (answer === undefined) {
					answer = await operation.send.call(this, request, itemIndex, run);
					memory.keep(key, answer);
				}
				outcomes.push({ itemIndex, json: (Array.isArray(answer) ? answer : [answer]) as IDataObject[] });
			} catch (error) {
				fail(error, itemIndex);
			}
		}
	}
	// Retry On Fail also runs the node again when its first output item is an error (docs/n8n-internals.md).
	if (!outcomes.some(isFailure)) memory.forget();
	const outputCount = 'outputCount' in operation && operation.outputCount ? operation.outputCount.call(this) : 1;
	return toExecutionData(outcomes, this.getNode().onError === 'continueErrorOutput', outputCount);
}

// The execute context holds its run index, which no interface names; the data proxy is the fallback (about 2 ms to build).
export function runIndexOf(context: IExecuteFunctions): number {
	const held = (context as IExecuteFunctions & { runIndex?: unknown }).runIndex;
	return typeof held === 'number' && Number.isInteger(held) ? held : Number(context.getWorkflowDataProxy(0).$runIndex ?? 0);
}

/** What a failed item's json holds: the message, and the HTTP status and Retry-After when there were any. */
export function errorJson(error: Error): IDataObject {
	const { httpCode, context } = error as ApiFailure;
	const status = Number(httpCode);
	return {
		error: error.message,
		...(typeof httpCode === 'string' && httpCode !== '' ? { httpCode: Number.isInteger(status) ? status : httpCode } : {}),
		...(typeof context?.retryAfter === 'number' ? { retryAfter: context.retryAfter } : {}),
	};
}

// Input order, each item paired to its input item, on its output. A failed item's json holds the message and what the operation
// knew; on the error output only `error` and `message`, as json alone, since n8n cuts the rest (docs/n8n-internals.md).
export function toExecutionData(outcomes: ItemOutcome[], errorOutput = false, outputCount = 1): INodeExecutionData[][] {
	const outputs: INodeExecutionData[][] = Array.from({ length: outputCount }, () => []);
	const ordered = [...outcomes].sort((a, b) => a.itemIndex - b.itemIndex);
	for (let index = 0; index < ordered.length; index++) {
		const outcome = ordered[index];
		const pairedItem = { item: outcome.itemIndex };
		if (isFailure(outcome)) {
			const { error, known: { message, ...known } = {} } = outcome;
			const reason = typeof message === 'string' && message !== '' ? { message } : {};
			outputs[0].push({ json: errorOutput ? { error: error.message, ...reason } : { ...errorJson(error), ...known, ...reason }, pairedItem });
			continue;
		}
		const paired = outcome.pairedWith === undefined ? pairedItem : outcome.pairedWith.map((item) => ({ item }));
		const output = outputs[outcome.output ?? 0];
		for (let at = 0; at < outcome.json.length; at++) output.push({ json: outcome.json[at], pairedItem: paired });
	}
	return outputs;
}
