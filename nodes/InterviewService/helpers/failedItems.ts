import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { retryAfterOf, statusOf } from '../../shared/transport/errors';

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
