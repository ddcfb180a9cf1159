import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { refusalOf, refusedCandidates } from '../../shared/dialects';
import type { Refusal } from '../../shared/dialects';
import { emailKey, uniqueEmails } from '../../shared/email';
import { isPlainObject } from '../../shared/plainObjects';
import { envelopeFailure } from '../../shared/transport/errors';
import { asNodeError, failedItem, isFailure } from './operationContract';
import type { ItemError, ItemOutcome, PreparedItem, RetryMemory } from './operationContract';

// A 422 applied nothing, so a refused batch goes again without the candidates it names, or in halves when it names
// nobody; any other failure may have been applied and is never resent.

/** Most candidates or e-mails in one request: the sandbox's page maximum, as the spec gives none. */
export const MAX_BATCH_SIZE = 100;
export const DEFAULT_PARALLEL_BATCHES = 4;
const MAX_PARALLEL_BATCHES = 10;

export interface BatchItemFacts extends IDataObject {
	interviewId: string;
	email: string;
}

/** An item as its operation describes it: the e-mails it sends (where a refusal may name it) and what its error names. */
export interface BatchItem<T> extends PreparedItem<T> {
	emails: string[];
	facts: BatchItemFacts;
	/** The e-mails typed in the item's list, when its e-mails came from one. */
	listed?: string[];
}

/** A refused candidate's failure, whether the service refused them by a 422 or left them out; `why` follows. */
export function refusedMessage({ itemIndex, emails, facts, listed = [] }: BatchItem<unknown>, why: string): string {
	const places = emails.map((email) => listed.indexOf(email) + 1).join(', ');
	const place = listed.length > 1 ? `, ${emails.length > 1 ? 'addresses' : 'address'} ${places} of ${listed.length}` : '';
	return `The Interview Service refused ${facts.email} [item ${itemIndex}${place}] for interview ${facts.interviewId}${why}`;
}

export type Batch<T> = Array<BatchItem<T>>;

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

/** Elements in two halves by a key (those with the same key stay together); none when all share one. */
function halvesOf<E>(list: E[], keyOf: (element: E) => string): E[][] | undefined {
	const keys = [...new Set(list.map(keyOf))];
	if (keys.length < 2) return undefined;
	const first = new Set(keys.slice(0, Math.ceil(keys.length / 2)));
	return [list.filter((element) => first.has(keyOf(element))), list.filter((element) => !first.has(keyOf(element)))];
}

/** The e-mails a batch's request sends, each once, in the order they first appear. */
export const sentEmailsOf = <T>(batch: Batch<T>): string[] => uniqueEmails(batch.flatMap(({ emails }) => emails));

function reasonOf(refused: Refusal): string {
	const details = Array.isArray(refused.details)
		? refused.details.map((detail) => (isPlainObject(detail) && typeof detail.message === 'string' ? detail.message : JSON.stringify(detail)))
		: [];
	return [refused.message, ...details].join('; ');
}

// In a recruiter's words: who was refused, which item and interview, and the service's reason. The message names them
// because n8n keeps only `error` and `message` on the error output (docs/n8n-internals.md); the regular output has them as fields.
function refusedItem<T>(context: IExecuteFunctions, refused: Refusal, item: BatchItem<T>) {
	const { facts, itemIndex } = item;
	const reason = reasonOf(refused);
	const error = envelopeFailure(context.getNode(), { message: refusedMessage(item, `, saying: ${reason}`), error: refused.details }, itemIndex, '422');
	error.description = 'The rest of the request went through without this candidate. Check the candidate with the Interview Service, then send them again.';
	return failedItem(context, error, itemIndex, { ...facts, message: reason });
}

/** The items the refusal named (with its details about them), and the rest; an item with several e-mails may be cut in two. */
function apart<T>(batch: Batch<T>, named: Map<string, unknown[]>, narrowed: Narrowing<T> | undefined) {
	const refused: Array<{ item: BatchItem<T>; details: unknown[] }> = [];
	const rest: Batch<T> = [];
	for (const item of batch) {
		const { emails } = item;
		const hit = emails.filter((email) => named.has(emailKey(email)));
		const details = [...new Set(hit.map((email) => emailKey(email)))].flatMap((key) => named.get(key) ?? []);
		if (hit.length === 0) rest.push(item);
		else if (hit.length === emails.length || narrowed === undefined) refused.push({ item, details });
		else {
			refused.push({ item: narrowedItem(item, hit, narrowed), details });
			rest.push(narrowedItem(item, emails.filter((email) => !named.has(emailKey(email))), narrowed));
		}
	}
	return { refused, rest };
}

/** An item's request narrowed to some of its e-mails; only operations whose items hold several have one. */
type Narrowing<T> = (request: T, emails: string[]) => T;

function narrowedItem<T>(item: BatchItem<T>, emails: string[], narrowed: Narrowing<T>): BatchItem<T> {
	return { ...item, request: narrowed(item.request, emails), emails, facts: { ...item.facts, email: emails.join(', ') } };
}

/** A refusal naming nobody: halves by e-mail (one e-mail stays together), or the e-mails of a lone item; none once one is left. */
function halvesOfRefused<T>(batch: Batch<T>, narrowed: Narrowing<T> | undefined): Array<Batch<T>> | undefined {
	if (batch.length > 1 || batch[0].emails.length === 1 || narrowed === undefined) return halvesOf(batch, ({ emails }) => emailKey(emails[0]));
	const [item] = batch;
	return halvesOf(item.emails, emailKey)?.map((half) => [narrowedItem(item, half, narrowed)]);
}

export interface BatchSending<T, A> {
	batches: Array<Batch<T>>;
	concurrency: number;
	memory: RetryMemory;
	/** Sends a batch's request, built from its items' requests alone: the same items are the same request. */
	send: (batch: Batch<T>) => Promise<A>;
	/** For items that hold several e-mails: one narrowed to some of them. */
	narrowed?: Narrowing<T>;
	outcomesOf: (batch: Batch<T>, answer: A) => ItemOutcome[] | Promise<ItemOutcome[]>;
}

// A refused batch's rest or parts go ahead of batches not begun. Each answer is kept before use, so a Retry On Fail
// attempt resends nothing answered. Without Continue On Fail the first failure stops new batches; those begun finish.
export async function dispatchBatches<T, A>(context: IExecuteFunctions, sending: BatchSending<T, A>): Promise<ItemOutcome[]> {
	const { memory } = sending;
	const stopOnFailure = !context.continueOnFail();
	const outcomes: ItemOutcome[] = [];
	const queue = sending.batches.map((batch) => ({ batch, part: false }));
	let stoppedBy: ItemError | undefined;

	const settle = (batchOutcomes: ItemOutcome[]) => {
		for (let index = 0; index < batchOutcomes.length; index++) {
			const outcome = batchOutcomes[index];
			outcomes.push(outcome);
			if (stopOnFailure && isFailure(outcome)) stoppedBy ??= outcome.error;
		}
	};

	const handle = async (batch: Batch<T>) => {
		const key = memory.keyOf(batch.map(({ request }) => request));
		let sent = memory.answerTo(key) as Sent<A> | undefined;
		if (sent === undefined) {
			try {
				sent = await sendOrRefusal(context, sending.send(batch), batch[0].itemIndex);
			} catch (error) {
				settle(batch.map((item) => failedItem(context, error, item.itemIndex, item.facts)));
				return;
			}
			memory.keep(key, sent);
		}
		if ('answer' in sent) {
			settle(await sending.outcomesOf(batch, sent.answer));
			return;
		}
		const { refused: refusal } = sent;
		const named = refusedCandidates(refusal, sentEmailsOf(batch));
		if (named) {
			const { refused, rest } = apart(batch, named, sending.narrowed);
			if (rest.length > 0) queue.unshift({ batch: rest, part: true });
			settle(refused.map(({ item, details }) => refusedItem(context, { ...refusal, details }, item)));
			return;
		}
		const parts = halvesOfRefused(batch, sending.narrowed);
		if (parts !== undefined) queue.unshift(...parts.map((part) => ({ batch: part, part: true })));
		else settle(batch.map((item) => refusedItem(context, refusal, item)));
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
