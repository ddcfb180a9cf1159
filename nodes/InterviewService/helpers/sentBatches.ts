import { createHash } from 'crypto';

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ItemOutcome } from './failedItems';
import { toExecutionData } from './pairedOutput';

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
export function finishBatches(memory: SentBatches, outcomes: ItemOutcome[], errorOutput = false): INodeExecutionData[] {
	if (outcomes.every((outcome) => !('error' in outcome))) memory.forget();
	return toExecutionData(outcomes, errorOutput);
}

/** A short stable key for what a batch sends: the same request content gives the same key. */
export function batchKey(content: unknown): string {
	return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

/** A memory that keeps nothing: for requests that may safely be sent again, and whose answers may hold secrets. */
export const NO_MEMORY: SentBatches = { get: () => undefined, set: () => {}, forget: () => {} };
