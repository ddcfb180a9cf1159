import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RequestRun } from '../../shared/transport/request';
import type { ParameterReader } from './parameters';

/** One run of the node, built once by the router and handed to every prepare and send. */
export interface NodeRun {
	/** Parameters, each evaluated once for all items unless it uses the item. */
	read: ParameterReader;
	items: INodeExecutionData[];
	/** The credential and the Request Options, for every request of the run. */
	requests: RequestRun;
	/** Which run of the node this is in the execution; Retry On Fail's attempts share it. */
	runIndex: number;
}

export interface PreparedItem<T> {
	itemIndex: number;
	request: T;
}

/** An item's failure, as n8n's own errors, which name the item. */
export type ItemError = NodeApiError | NodeOperationError;

/** An input item's output items, on the node's first output unless `output` names another. */
export interface ItemSuccess {
	itemIndex: number;
	json: IDataObject[];
	output?: number;
	/** The input items this output stands for, when more than its own (one answer for the whole run). */
	pairedWith?: number[];
}

/** An input item's failure; `known` holds what the item is about (interview, e-mail, name), for the error branch. */
export interface ItemFailure {
	itemIndex: number;
	error: ItemError;
	known?: IDataObject;
}

export type ItemOutcome = ItemSuccess | ItemFailure;

export const isFailure = (outcome: ItemOutcome): outcome is ItemFailure => 'error' in outcome;

/** Our own errors as they are (they already name the item); anything else wrapped so that it does. */
export function asNodeError(context: IExecuteFunctions, error: unknown, itemIndex: number): ItemError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

export function failedItem(context: IExecuteFunctions, error: unknown, itemIndex: number, known?: IDataObject): ItemFailure {
	return { itemIndex, error: asNodeError(context, error, itemIndex), ...(known === undefined ? {} : { known }) };
}

// What the service already answered in this run to requests that change something (Create, Invite, Cancel Scheduled),
// so that Retry On Fail does not resend them. `keyOf` names a request by content; only a memory that keeps computes it.
export interface RetryMemory {
	keyOf(content: unknown): string;
	answerTo(key: string): unknown;
	keep(key: string, answer: unknown): void;
	forget(): void;
}

/** An operation that sends one request (or a short sequence) per item. */
export interface PerItemOperation {
	prepare(this: IExecuteFunctions, itemIndex: number, run: NodeRun): unknown;
	/** Sends it; the answer is the item's output, a list giving one output item each. */
	send(this: IExecuteFunctions, request: unknown, itemIndex: number, run: NodeRun): Promise<object | object[]>;
	/** The request changes something each time it is sent: see `RetryMemory`. */
	rememberAcrossRetries?: boolean;
}

/** An operation that sends many items per request: it tells each item's outcome itself. */
export interface BatchOperation {
	prepare(this: IExecuteFunctions, itemIndex: number, run: NodeRun): unknown;
	/** The count the `outputs` expression gives (a unit test holds them equal), without n8n's expression run (docs/n8n-internals.md). */
	outputCount?(this: IExecuteFunctions): number;
	sendInBatches(this: IExecuteFunctions, prepared: Array<PreparedItem<unknown>>, memory: RetryMemory, run: NodeRun): Promise<ItemOutcome[]>;
}

export type NodeOperation = PerItemOperation | BatchOperation;
