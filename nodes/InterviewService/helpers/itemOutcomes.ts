import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** An item's failure, as n8n's own errors: n8n routes an item that carries one to the error output. */
export type ItemError = NodeApiError | NodeOperationError;

/** What became of one input item: the JSON of its output items, or its failure. */
export type ItemOutcome = { itemIndex: number; json: IDataObject[] } | { itemIndex: number; error: ItemError };

export const isFailure = (outcome: ItemOutcome): outcome is { itemIndex: number; error: ItemError } => 'error' in outcome;

/** Our own errors as they are (they already name the item); anything else wrapped so that it does. */
export function asNodeError(context: IExecuteFunctions, error: unknown, itemIndex: number): ItemError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

export function failedItem(context: IExecuteFunctions, error: unknown, itemIndex: number): { itemIndex: number; error: ItemError } {
	return { itemIndex, error: asNodeError(context, error, itemIndex) };
}
