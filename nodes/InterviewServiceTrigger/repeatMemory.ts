import { createHash } from 'crypto';

import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/**
 * Senders deliver at least once; a repeat starts no second execution. A delivery is known by its
 * event's kind and its own id, else by a hash of its body. The keys live in the node's workflow
 * static data, which n8n saves per webhook call (so they survive a restart), and a key is written
 * only once its delivery's execution exists (`admitDelivery`); copies that arrive together are
 * caught in the process (`claimInProcess`), and every write merges what this process recorded
 * lately, since n8n writes the whole static data back when a call ends (`remember`).
 */

/** The memory keeps at most this many keys, each for at most this long. */
export const MAX_REMEMBERED = 1000;
export const REMEMBER_MS = 24 * 60 * 60 * 1000;

const STATIC_DATA_KEY = 'seenDeliveries';

interface DeliveryKey {
	/** What is remembered: a digest, so that no id or body text is stored. */
	key: string;
	/** The delivery id as received, when the key comes from one. */
	deliveryId?: string;
}

const digest = (value: string | Buffer) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** The event's kind with the id of the delivery, or else with a hash of the body exactly as received. */
export function deliveryKey(eventType: string | undefined, deliveryId: string | undefined, rawBody: unknown, body: unknown): DeliveryKey {
	const kind = `kind:${eventType ?? ''}\u0000`;
	if (deliveryId !== undefined) return { key: `k${digest(`${kind}id:${deliveryId}`)}`, deliveryId };
	let raw: string;
	if (Buffer.isBuffer(rawBody) && rawBody.length > 0) raw = rawBody.toString('base64');
	else if (typeof body === 'string') raw = body;
	else raw = JSON.stringify(body ?? null);
	return { key: `h${digest(`${kind}body:${raw}`)}` };
}

type Entry = [key: string, at: number];
type Seen = Entry[];

/**
 * How the list is stored: oldest first, the newest `NEWEST_AS_PAIRS` keys as `[key, at]` pairs (the
 * form earlier versions of the node wrote and still read), older ones as one text each,
 * `"<key> <at in base 36>"`. Each time n8n builds a workflow it wraps every object in its static
 * data in an observer of its own (n8n-workflow ObservableObject; twice per webhook call, in
 * live-webhooks.ts and in workflow-runner.ts runMainProcess), and loads and writes them as JSON: a
 * thousand pairs cost a thousand wrappers per build, a thousand texts none.
 */
const NEWEST_AS_PAIRS = 50;

const packed = ([key, at]: Entry): string => `${key} ${at.toString(36)}`;

/** A stored entry as `[key, at]`; undefined for one it cannot read. */
function entryOf(stored: unknown): Entry | undefined {
	if (Array.isArray(stored)) return typeof stored[0] === 'string' && typeof stored[1] === 'number' ? [stored[0], stored[1]] : undefined;
	if (typeof stored !== 'string') return undefined;
	const space = stored.lastIndexOf(' ');
	const at = space > 0 ? parseInt(stored.slice(space + 1), 36) : Number.NaN;
	return Number.isFinite(at) ? [stored.slice(0, space), at] : undefined;
}

function storedIn(staticData: IDataObject): unknown[] {
	const stored = staticData[STATIC_DATA_KEY];
	return Array.isArray(stored) ? (stored as unknown[]) : [];
}

/** Whether a stored entry may be the key's: a pair, or a text that starts with the key and a space. */
const mayBe = (stored: unknown, key: string) =>
	Array.isArray(stored) ? stored[0] === key : typeof stored === 'string' && stored.startsWith(key) && stored.charCodeAt(key.length) === 32;

export function wasSeen(staticData: IDataObject, key: string, now = Date.now()): boolean {
	return storedIn(staticData).some((stored) => {
		if (!mayBe(stored, key)) return false;
		const entry = entryOf(stored);
		return entry !== undefined && entry[0] === key && now - entry[1] < REMEMBER_MS;
	});
}

/**
 * What this process keeps per node (`scope`): every key it knows with when, oldest first, and the
 * one stored list that every call of the node puts into its static data, changed in place. n8n
 * writes each call's whole static data back when the call ends, in whatever order the calls end:
 * a call that remembered its key before another call remembered its own would otherwise write
 * back a list without the other key, and be the last to write. Holding one shared list, whichever
 * call writes last writes every key this process has recorded.
 */
interface LiveList {
	entries: Seen;
	stored: Array<Entry | string>;
	/** The texts in `stored`: a loaded copy's entries this process wrote itself need no reading. */
	texts: Set<string>;
}
const liveLists = new Map<string, LiveList>();
/** Nodes whose shared list this process keeps (the least recently used go first). */
const MAX_LIVE_LISTS = 100;

/**
 * Adds the key (when given) and the keys this process recorded lately for the same node (`scope`)
 * that the loaded copy lacks, dropping keys older than a day and all but the newest
 * `MAX_REMEMBERED`. The list is assigned (the node's shared list, see `LiveList`), which is what
 * marks n8n's static data as changed, so it gets saved.
 */
export function remember(staticData: IDataObject, key: string | undefined, scope = '', now = Date.now()): void {
	const live = liveLists.get(scope) ?? { entries: [], stored: [], texts: new Set<string>() };
	const byKey = new Map<string, number>();
	const add = ([seenKey, at]: Entry) => {
		if (now - at < REMEMBER_MS && (byKey.get(seenKey) ?? -1) < at) byKey.set(seenKey, at);
	};
	for (const stored of storedIn(staticData)) {
		if (typeof stored === 'string' && live.texts.has(stored)) continue;
		const entry = entryOf(stored);
		if (entry) add(entry);
	}
	for (const entry of live.entries) add(entry);
	if (key !== undefined) add([key, now]);
	live.entries = [...byKey.entries()].sort((a, b) => a[1] - b[1]).slice(-MAX_REMEMBERED);
	const firstPair = live.entries.length - NEWEST_AS_PAIRS;
	const stored = live.entries.map((entry, index) => (index < firstPair ? packed(entry) : entry));
	live.stored.splice(0, live.stored.length, ...stored);
	live.texts = new Set(stored.filter((entry): entry is string => typeof entry === 'string'));
	liveLists.delete(scope);
	liveLists.set(scope, live);
	while (liveLists.size > MAX_LIVE_LISTS) liveLists.delete(liveLists.keys().next().value as string);
	staticData[STATIC_DATA_KEY] = live.stored as unknown as IDataObject[];
}

/**
 * Keys this n8n process has taken on lately, per workflow and node: in flight or recorded. Module
 * state lives as long as the process and is shared by every call it handles, which is what closes
 * the window between reading and saving static data for copies that arrive together.
 */
const inProcess = new Map<string, number>();
const MAX_IN_PROCESS = 10 * MAX_REMEMBERED;

/** True when the key is new to this process (and claims it); false when another call already has it. */
export function claimInProcess(scope: string, key: string, now = Date.now()): boolean {
	const scoped = `${scope}\u0000${key}`;
	const at = inProcess.get(scoped);
	if (at !== undefined && now - at < REMEMBER_MS) return false;
	inProcess.delete(scoped);
	inProcess.set(scoped, now);
	while (inProcess.size > MAX_IN_PROCESS) inProcess.delete(inProcess.keys().next().value as string);
	return true;
}

/** How a delivery in flight ended: its execution counts (`recorded`), or it gave its claim back. */
type Outcome = 'recorded' | 'released';

/** Deliveries whose call has claimed them and not yet ended, by scoped key: what a copy waits for. */
const inFlight = new Map<string, Promise<Outcome>>();

/**
 * How long a copy waits for the call that holds its delivery. n8n stores an execution within
 * moments of the call, so a copy of a delivery answered at once learns the outcome well within
 * this; one answered once its workflow has finished may not, and is then told to come again.
 */
export const COPY_WAIT_MS = 3_000;

/** Nodes (`scope`) with keys recorded after their call's static data was saved: the next call saves them. */
const unsaved = new Set<string>();

/** A delivery this call has claimed. */
export interface NewDelivery {
	outcome: 'new';
	deliveryId?: string;
	/** Counts the delivery: its execution is stored (or, answering once it finished, succeeded). */
	record: () => void;
	/** Gives the claim back: the delivery has no execution that counts, so its next copy runs. */
	release: () => void;
}

/** What a call learns about its delivery (see `admitDelivery`). */
type Admission = { outcome: 'repeat'; deliveryId?: string } | { outcome: 'busy'; deliveryId?: string } | NewDelivery;

async function outcomeWithin(earlier: Promise<Outcome>, ms: number): Promise<Outcome | undefined> {
	return await Promise.race([earlier, sleep(ms).then(() => undefined)]);
}

/**
 * Whether this delivery is new, a repeat, or still held by another call (`busy`). A new one is
 * claimed in the process; its caller then records it once its execution counts, or releases it:
 * the memory is written only for a delivery whose execution exists, so a completion whose
 * execution is missing is never turned away as a repeat. A copy that arrives while the first call
 * is still going waits for its outcome (at most `COPY_WAIT_MS`). Keys recorded after their call's
 * save (`savedLater`) are written by the next call of the node. Listening for a test event never
 * counts repeats, so the same sample can be sent again while building a workflow.
 */
export async function admitDelivery(
	this: IWebhookFunctions,
	event: { eventType?: string; deliveryId?: string },
	{ savedLater }: { savedLater: boolean },
): Promise<Admission> {
	const noop = () => undefined;
	if (this.getMode() === 'manual') return { outcome: 'new', record: noop, release: noop };
	const request = this.getRequestObject();
	const { key, deliveryId } = deliveryKey(event.eventType, event.deliveryId, request.rawBody, request.body);
	const staticData = this.getWorkflowStaticData('node');
	const scope = `${this.getWorkflow().id ?? ''}:${this.getNode().id ?? this.getNode().name}`;
	if (unsaved.delete(scope)) saveRecordedKeys(staticData, scope);
	if (wasSeen(staticData, key)) return { outcome: 'repeat', deliveryId };

	const scoped = `${scope}\u0000${key}`;
	const earlier = inFlight.get(scoped);
	if (earlier !== undefined) {
		const outcome = await outcomeWithin(earlier, COPY_WAIT_MS);
		if (outcome === undefined) return { outcome: 'busy', deliveryId };
		if (outcome === 'recorded') return { outcome: 'repeat', deliveryId };
	}
	// Checked after static data on purpose: a key found there must not be claimed in the process.
	if (!claimInProcess(scope, key)) return { outcome: 'repeat', deliveryId };

	let settle: (outcome: Outcome) => void = noop;
	inFlight.set(scoped, new Promise<Outcome>((resolve) => (settle = resolve)));
	let settled = false;
	const end = (outcome: Outcome) => {
		if (settled) return;
		settled = true;
		inFlight.delete(scoped);
		if (outcome === 'released') inProcess.delete(scoped);
		settle(outcome);
	};
	return {
		outcome: 'new',
		deliveryId,
		record: () => {
			if (settled) return;
			remember(staticData, key, scope);
			if (savedLater) unsaved.add(scope);
			end('recorded');
		},
		release: () => end('released'),
	};
}

/**
 * Puts the keys recorded since the last save into this call's static data. n8n clears the
 * "changed" mark of a call's static data when it starts the call's execution
 * (`WorkflowRunner.run` wraps the same object anew), and saves that static data only after; so the
 * list is assigned again in a later turn of the event loop, which is after that: n8n gets from
 * `webhook()` to `run` without waiting on anything but promises.
 */
function saveRecordedKeys(staticData: IDataObject, scope: string): void {
	remember(staticData, undefined, scope);
	void sleep(0).then(() => remember(staticData, undefined, scope));
}
