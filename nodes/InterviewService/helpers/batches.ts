import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { refusalOf, refusedCandidates } from '../../shared/dialects';
import type { Refusal } from '../../shared/dialects';
import { emailKey } from '../../shared/email';
import { isPlainObject } from '../../shared/plainObjects';
import { envelopeFailure } from '../../shared/transport/errors';
import { asNodeError, failedItem, isFailure } from '../actions/operationContract';
import type { ItemError, ItemOutcome, PreparedItem, RetryMemory } from '../actions/operationContract';
import { invalidInput } from './validation';

/*
 * Sending many items per request, for Invite and Cancel Scheduled: items are grouped into batches,
 * and batches go out a few at a time. A batch the service refuses as a whole (a 422, which applied
 * nothing) is sent again without the candidates the refusal names, who fail on their own items; one
 * that names nobody is sent again in parts, until each refused candidate stands alone. The
 * operations only turn answers into outcomes.
 */

/** Most candidates or e-mails in one request: the sandbox's page maximum, as the spec gives none. */
export const MAX_BATCH_SIZE = 100;
export const DEFAULT_PARALLEL_BATCHES = 4;
const MAX_PARALLEL_BATCHES = 10;

/** Items sent in one request. */
export type Batch<T> = Array<PreparedItem<T>>;

/** Splits a list into consecutive chunks of at most `size` elements. */
export function chunk<T>(list: T[], size: number): T[][] {
	const chunks: T[][] = [];
	for (let start = 0; start < list.length; start += size) chunks.push(list.slice(start, start + size));
	return chunks;
}

/** Groups items by a key, keeping the order in which each key first appears. */
export function groupBy<T>(list: T[], keyOf: (element: T) => string): T[][] {
	const groups = new Map<string, T[]>();
	for (const element of list) {
		const key = keyOf(element);
		const group = groups.get(key);
		if (group) group.push(element);
		else groups.set(key, [element]);
	}
	return [...groups.values()];
}

export const parallelBatchesOption: INodeProperties = {
	displayName: 'Batches In Parallel',
	name: 'parallelBatches',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_PARALLEL_BATCHES },
	default: DEFAULT_PARALLEL_BATCHES,
	description: `Most batch requests in flight at once (1 sends one after the other). At most ${MAX_PARALLEL_BATCHES}.`,
};

/** Batches In Parallel, from the node's Options (the first item's), checked. */
export function parallelBatchesOf(context: IExecuteFunctions, options: IDataObject): number {
	const parallel = (options.parallelBatches ?? DEFAULT_PARALLEL_BATCHES) as number;
	if (!Number.isInteger(parallel) || parallel < 1 || parallel > MAX_PARALLEL_BATCHES) {
		throw invalidInput(context.getNode(), 'Batches In Parallel', `must be a whole number from 1 to ${MAX_PARALLEL_BATCHES}`, 0);
	}
	return parallel;
}

/** What a batch's request came to, as the run's memory keeps it: the service's answer, or its refusal. */
type Sent<A> = { answer: A } | { refused: Refusal };

/** The answer to a batch's request, or the service's refusal of some of its candidates; any other failure is thrown. */
async function sendOrRefusal<A>(context: IExecuteFunctions, request: Promise<A>, itemIndex: number): Promise<Sent<A>> {
	return await request.then(
		(answer) => ({ answer }),
		(error: unknown) => {
			const refused = refusalOf(error);
			if (refused === undefined) throw asNodeError(context, error, itemIndex);
			return { refused };
		},
	);
}

/** Items of a batch in two halves by a key (items with the same key stay together); none when all share one. */
export function halvesOf<T>(batch: Batch<T>, keyOf: (item: PreparedItem<T>) => string): Array<Batch<T>> | undefined {
	const keys = [...new Set(batch.map(keyOf))];
	if (keys.length < 2) return undefined;
	const first = new Set(keys.slice(0, Math.ceil(keys.length / 2)));
	return [batch.filter((item) => first.has(keyOf(item))), batch.filter((item) => !first.has(keyOf(item)))];
}

/** What an item of a batch is about, as its error names it: the interview, the e-mail (or e-mails), the name. */
export interface BatchItemFacts extends IDataObject {
	interviewId: string;
	email: string;
}

/** The service's own reason for a refusal: its message, and its details when it gave any. */
function reasonOf(refused: Refusal): string {
	const details = Array.isArray(refused.details)
		? refused.details.map((detail) => (isPlainObject(detail) && typeof detail.message === 'string' ? detail.message : JSON.stringify(detail)))
		: [];
	return [refused.message, ...details].join('; ');
}

/**
 * The failure of one item whose candidate the service refused, in words a recruiter reads: who was
 * refused and which item, the service's reason; the item carries who it is about, so the error
 * branch can write back to the ATS without a lookup.
 */
function refusedItem(context: IExecuteFunctions, refused: Refusal, facts: BatchItemFacts, itemIndex: number) {
	const reason = reasonOf(refused);
	const message = `The Interview Service refused ${facts.email} [item ${itemIndex}], saying: ${reason}`;
	const error = envelopeFailure(context.getNode(), { message, error: refused.details }, itemIndex, '422');
	error.description = 'The rest of the request went through without this candidate. Check the candidate with the Interview Service, then send them again.';
	return failedItem(context, error, itemIndex, { ...facts, reason });
}

/** The candidates of a batch by e-mail, so that those a refusal names can be taken out of it. */
export interface BatchCandidates<T> {
	/** The e-mails the batch's request sends, in its order: the places a refusal may name. */
	sentEmails: (batch: Batch<T>) => string[];
	/** The e-mails an item holds. */
	emailsOf: (item: PreparedItem<T>) => string[];
	/** An item holding several e-mails, narrowed to some of them; absent when each item holds one. */
	narrowed?: (item: PreparedItem<T>, emails: string[]) => PreparedItem<T>;
}

/**
 * A batch apart: the items whose candidates the refusal named (each with the service's details
 * about them), and the rest. An item holding several e-mails is cut in two when only some were named.
 */
function apart<T>(batch: Batch<T>, named: Map<string, unknown[]>, candidates: BatchCandidates<T>) {
	const refused: Array<{ item: PreparedItem<T>; details: unknown[] }> = [];
	const rest: Batch<T> = [];
	for (const item of batch) {
		const emails = candidates.emailsOf(item);
		const hit = emails.filter((email) => named.has(emailKey(email)));
		const details = [...new Set(hit.map((email) => emailKey(email)))].flatMap((key) => named.get(key) ?? []);
		if (hit.length === 0) rest.push(item);
		else if (hit.length === emails.length || candidates.narrowed === undefined) refused.push({ item, details });
		else {
			refused.push({ item: candidates.narrowed(item, hit), details });
			rest.push(candidates.narrowed(item, emails.filter((email) => !named.has(emailKey(email)))));
		}
	}
	return { refused, rest };
}

export interface BatchSending<T, A> {
	batches: Array<Batch<T>>;
	/** Requests in flight at once. */
	concurrency: number;
	memory: RetryMemory;
	/** What a batch's request sends: the same content is the same request. */
	requestOf: (batch: Batch<T>) => unknown;
	send: (batch: Batch<T>) => Promise<A>;
	/** A refused batch that names nobody, in smaller batches to send instead; none once it cannot be split. */
	split: (batch: Batch<T>) => Array<Batch<T>> | undefined;
	/** Without it, a refusal's names are not read and every refused batch is split. */
	candidates?: BatchCandidates<T>;
	/** What an item is about, for its error: who was refused, or whose batch failed. */
	factsOf: (item: PreparedItem<T>) => BatchItemFacts;
	/** Each item's outcome from the service's answer. */
	outcomesOf: (batch: Batch<T>, answer: A) => ItemOutcome[] | Promise<ItemOutcome[]>;
}

/**
 * Sends batches, at most `concurrency` requests at a time; a batch that fails fails each of its
 * items. A refused one goes out again without the candidates the refusal names, who fail, or in
 * parts when it names nobody (ahead of the batches not yet begun, so a batch begun is finished
 * first). Each answer or refusal is kept in the run's memory before it is used, so a batch answered
 * in an earlier Retry On Fail attempt is not sent again, and a refused one goes straight to its rest
 * or its parts. When the node does not continue on fail, the first failure stops the run:
 * no further batch starts, those begun finish (their parts too, and are kept), then it is thrown.
 */
export async function dispatchBatches<T, A>(context: IExecuteFunctions, sending: BatchSending<T, A>): Promise<ItemOutcome[]> {
	const { memory } = sending;
	const stopOnFailure = !context.continueOnFail();
	const outcomes: ItemOutcome[] = [];
	const queue = sending.batches.map((batch) => ({ batch, part: false }));
	let stoppedBy: ItemError | undefined;

	const settle = (batchOutcomes: ItemOutcome[]) => {
		outcomes.push(...batchOutcomes);
		const failure = batchOutcomes.find(isFailure);
		if (stopOnFailure && failure !== undefined) stoppedBy ??= failure.error;
	};

	const handle = async (batch: Batch<T>) => {
		const key = memory.keyOf(sending.requestOf(batch));
		let sent = memory.answerTo(key) as Sent<A> | undefined;
		if (sent === undefined) {
			try {
				sent = await sendOrRefusal(context, sending.send(batch), batch[0].itemIndex);
			} catch (error) {
				settle(batch.map((item) => failedItem(context, error, item.itemIndex, sending.factsOf(item))));
				return;
			}
			memory.keep(key, sent);
		}
		if ('answer' in sent) {
			settle(await sending.outcomesOf(batch, sent.answer));
			return;
		}
		const { refused: refusal } = sent;
		const { candidates } = sending;
		const named = candidates && refusedCandidates(refusal, candidates.sentEmails(batch));
		if (candidates && named) {
			const { refused, rest } = apart(batch, named, candidates);
			if (rest.length > 0) queue.unshift({ batch: rest, part: true });
			settle(refused.map(({ item, details }) => refusedItem(context, { ...refusal, details }, sending.factsOf(item), item.itemIndex)));
			return;
		}
		const parts = sending.split(batch);
		if (parts !== undefined) queue.unshift(...parts.map((part) => ({ batch: part, part: true })));
		else settle(batch.map((item) => refusedItem(context, refusal, sending.factsOf(item), item.itemIndex)));
	};

	const inFlight = new Set<Promise<void>>();
	const mayStart = () => queue.length > 0 && (stoppedBy === undefined || queue[0].part);
	while (mayStart() || inFlight.size > 0) {
		while (inFlight.size < Math.max(1, sending.concurrency) && mayStart()) {
			const request = handle(queue.shift()!.batch);
			inFlight.add(request);
			void request.finally(() => inFlight.delete(request)).catch(() => undefined);
		}
		if (inFlight.size > 0) await Promise.race(inFlight);
	}
	if (stoppedBy !== undefined) throw stoppedBy;
	return outcomes;
}
