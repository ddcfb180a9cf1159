import type { ItemOutcome } from './failedItems';
import type { SentBatches } from './sentBatches';

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

interface BatchSending<B, A> {
	batches: B[];
	/** Batches in flight at once. */
	concurrency: number;
	memory: SentBatches;
	keyOf: (batch: B) => string;
	send: (batch: B) => Promise<A>;
	/** The items' outcomes from the service's answer (may throw, like `failItem`). */
	outcomesOf: (batch: B, answer: A) => ItemOutcome[];
	/** The items' outcomes when the batch failed (throws when the node does not continue on fail). */
	failuresOf: (batch: B, error: unknown) => ItemOutcome[];
}

/**
 * Sends batches at most `concurrency` at a time. Each answer is remembered before it is used, and a
 * remembered batch is never sent again in this run. When a batch fails and the node does not
 * continue on fail, no further batch starts, the ones in flight finish (and are remembered), then
 * the first error is thrown: what succeeded is known to a Retry On Fail attempt.
 */
export async function sendBatches<B, A>(options: BatchSending<B, A>): Promise<ItemOutcome[]> {
	const { batches, memory, keyOf } = options;
	const outcomes: ItemOutcome[] = [];
	let next = 0;
	let stopped: { error: unknown } | undefined;

	const settle = (produce: () => ItemOutcome[]) => {
		try {
			outcomes.push(...produce());
		} catch (error) {
			stopped ??= { error };
		}
	};

	const worker = async () => {
		while (!stopped && next < batches.length) {
			const batch = batches[next++];
			const key = keyOf(batch);
			const remembered = memory.get(key) as A | undefined;
			if (remembered !== undefined) {
				settle(() => options.outcomesOf(batch, remembered));
				continue;
			}
			let answer: A;
			try {
				answer = await options.send(batch);
			} catch (error) {
				settle(() => options.failuresOf(batch, error));
				continue;
			}
			memory.set(key, answer);
			settle(() => options.outcomesOf(batch, answer));
		}
	};

	const workers = Math.max(1, Math.min(options.concurrency, batches.length));
	await Promise.all(Array.from({ length: workers }, worker));
	if (stopped) throw stopped.error;
	return outcomes;
}
