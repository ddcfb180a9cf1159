import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { retryAfterOf, statusOf } from '../../shared/transport/errors';

/** An item's failure, as n8n's own errors: n8n routes an item that carries one to the error output. */
export type ItemError = NodeApiError | NodeOperationError;

export type ItemOutcome = { itemIndex: number; json: IDataObject[] } | { itemIndex: number; error: ItemError };

/** Keeps our own errors as they are (they already name the item); wraps anything else. */
export function asNodeError(context: IExecuteFunctions, error: unknown, itemIndex: number): ItemError {
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

/** Whether the node's On Error setting is "Continue (using error output)". */
export function usesErrorOutput(context: IExecuteFunctions): boolean {
	return context.getNode().onError === 'continueErrorOutput';
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
