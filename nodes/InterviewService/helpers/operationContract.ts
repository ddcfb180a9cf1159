import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RequestRun } from '../../shared/transport/request';
import type { ParameterReader } from './parameters';

/*
 * What the router hands an operation and gets back. An operation is its fields plus `prepare`
 * (one item → its request, checked) and either `send` (one request per item) or `sendInBatches`
 * (many items per request); the router owns the loop, the pairing and the routing of failures.
 */

/** One run of the node, built once by the router and handed to every prepare and send. */
export interface NodeRun {
	/** The node, read once: n8n's `getNode()` copies it at every call (docs/n8n-internals.md). */
	node: INode;
	/** Parameters, each evaluated once for all items unless it uses the item. */
	read: ParameterReader;
	items: INodeExecutionData[];
	/** The credential and the Request Options, for every request of the run. */
	requests: RequestRun;
}

/** One input item's request, read and checked. */
export interface PreparedItem<T> {
	itemIndex: number;
	request: T;
}

/** An item's failure, as n8n's own errors: n8n routes an item that carries one to the error output. */
export type ItemError = NodeApiError | NodeOperationError;

/** An input item's output items, on the node's first output unless `output` names another. */
export interface ItemSuccess {
	itemIndex: number;
	json: IDataObject[];
	/** Which of the node's outputs (0, the first, when absent). */
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

/** What became of one input item: its output items, or its failure. */
export type ItemOutcome = ItemSuccess | ItemFailure;

export const isFailure = (outcome: ItemOutcome): outcome is ItemFailure => 'error' in outcome;

/** Our own errors as they are (they already name the item); anything else wrapped so that it does. */
export function asNodeError(context: IExecuteFunctions, error: unknown, itemIndex: number): ItemError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

export function failedItem(context: IExecuteFunctions, error: unknown, itemIndex: number, known?: IDataObject): ItemFailure {
	const failure: ItemFailure = { itemIndex, error: asNodeError(context, error, itemIndex) };
	if (known !== undefined) failure.known = known;
	return failure;
}

/**
 * What the service already did in this run of the node, for requests that change something each
 * time they are sent (Create, Invite, Cancel Scheduled), so that n8n's Retry On Fail does not send
 * them again. `keyOf` names a request by its content; only a memory that keeps anything computes it.
 */
export interface RetryMemory {
	keyOf(content: unknown): string;
	answerTo(key: string): unknown;
	keep(key: string, answer: unknown): void;
	forget(): void;
}

/** An operation that sends one request (or a short sequence) per item. */
export interface PerItemOperation {
	/** Reads and checks one item's request. */
	prepare(this: IExecuteFunctions, itemIndex: number, run: NodeRun): unknown;
	/** Sends it; the answer is the item's output, a list giving one output item each. */
	send(this: IExecuteFunctions, request: unknown, itemIndex: number, run: NodeRun): Promise<object | object[]>;
	/** The request changes something each time it is sent: see `RetryMemory`. */
	rememberAcrossRetries?: boolean;
}

/** An operation that sends many items per request: it tells each item's outcome itself. */
export interface BatchOperation {
	prepare(this: IExecuteFunctions, itemIndex: number, run: NodeRun): unknown;
	/**
	 * How many regular outputs the node has for this run, when it may be more than one: what the
	 * node's `outputs` expression gives, worked out from the same parameters (a unit test holds the two
	 * equal), since having n8n evaluate the expression costs an expression run per execution.
	 */
	outputCount?(this: IExecuteFunctions): number;
	sendInBatches(this: IExecuteFunctions, prepared: Array<PreparedItem<unknown>>, memory: RetryMemory, run: NodeRun): Promise<ItemOutcome[]>;
}

export type NodeOperation = PerItemOperation | BatchOperation;
