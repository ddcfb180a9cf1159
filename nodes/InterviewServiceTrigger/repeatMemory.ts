import { createHash, createHmac, randomBytes } from 'crypto';

import type { IDataObject, IExecuteFunctions, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { holdsRegistration, secretMatches } from './lifecycle';
import type { RegisteredCall } from './lifecycle';

/**
 * Senders deliver at least once; a repeat starts no second execution. A delivery is known by its
 * event's kind and its own id, else by a hash of its body. The keys live in the node's workflow
 * static data, which n8n saves per webhook call and per execution (so they survive a restart).
 * A key is recorded only by the node's own step inside the delivery's execution (`passOnDeliveries`),
 * so never before that execution exists. Copies that arrive together are caught in the process
 * (`admitDelivery`), and every write merges what this process recorded lately, since n8n writes
 * the whole static data back (`remember`). What n8n does around these calls, per version:
 * docs/n8n-internals.md.
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

/** A recorded delivery: its key, when, and the attempt (one webhook call) whose execution ran it. */
type Entry = [key: string, at: number, attempt?: string];
type Seen = Entry[];

/**
 * How an entry is stored, oldest first: one text, `"<key> <at in base 36> <attempt>"`, because n8n
 * wraps every object in static data in an observer of its own each time it builds the workflow,
 * and a text is no object (docs/n8n-internals.md). Saved workflows may also hold `[key, at]` pairs
 * and entries without an attempt: they are read, and written back as texts.
 */
const packed = ([key, at, attempt]: Entry): string => `${key} ${at.toString(36)}${attempt === undefined ? '' : ` ${attempt}`}`;

/** A stored entry as `[key, at, attempt?]`; undefined for one it cannot read. */
function entryOf(stored: unknown): Entry | undefined {
	if (Array.isArray(stored)) {
		if (typeof stored[0] !== 'string' || typeof stored[1] !== 'number') return undefined;
		return typeof stored[2] === 'string' ? [stored[0], stored[1], stored[2]] : [stored[0], stored[1]];
	}
	if (typeof stored !== 'string') return undefined;
	const [key, at36, attempt] = stored.split(' ');
	const at = at36 === undefined ? Number.NaN : parseInt(at36, 36);
	if (key === '' || !Number.isFinite(at)) return undefined;
	return attempt === undefined ? [key, at] : [key, at, attempt];
}

function storedIn(staticData: IDataObject): unknown[] {
	const stored = staticData[STATIC_DATA_KEY];
	return Array.isArray(stored) ? (stored as unknown[]) : [];
}

/** Whether a stored entry may be the key's: a pair, or a text that starts with the key and a space. */
const mayBe = (stored: unknown, key: string) =>
	Array.isArray(stored) ? stored[0] === key : typeof stored === 'string' && stored.startsWith(key) && stored.charCodeAt(key.length) === 32;

/** The stored entry of a key still remembered, if any. */
function storedEntry(staticData: IDataObject, key: string, now: number): Entry | undefined {
	for (const stored of storedIn(staticData)) {
		if (!mayBe(stored, key)) continue;
		const entry = entryOf(stored);
		if (entry !== undefined && entry[0] === key && now - entry[1] < REMEMBER_MS) return entry;
	}
	return undefined;
}

export function wasSeen(staticData: IDataObject, key: string, now = Date.now()): boolean {
	return storedEntry(staticData, key, now) !== undefined;
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
	stored: string[];
	/** The texts in `stored`: a loaded copy's entries this process wrote itself need no reading. */
	texts: Set<string>;
	/** Keys were recorded after their call's static data was saved: the next call saves them (`saveRecordedKeys`). */
	unsaved?: boolean;
}
const liveLists = new Map<string, LiveList>();
/** Nodes whose shared list this process keeps (the least recently used go first). */
const MAX_LIVE_LISTS = 100;

/**
 * Adds the key (when given, with the attempt that ran it) and the keys this process recorded lately
 * for the same node (`scope`) that the loaded copy lacks, dropping keys older than a day and all
 * but the newest `MAX_REMEMBERED`. The list is assigned (the node's shared list, see `LiveList`),
 * which is what marks n8n's static data as changed, so it gets saved; with `staticData` undefined
 * only this process learns the key, and the node's next write saves it.
 */
export function remember(staticData: IDataObject | undefined, key: string | undefined, scope = '', now = Date.now(), attempt?: string): void {
	const live: LiveList = liveLists.get(scope) ?? { entries: [], stored: [], texts: new Set<string>() };
	const byKey = new Map<string, Entry>();
	const add = (entry: Entry) => {
		if (now - entry[1] < REMEMBER_MS && (byKey.get(entry[0])?.[1] ?? -1) < entry[1]) byKey.set(entry[0], entry);
	};
	for (const stored of staticData === undefined ? [] : storedIn(staticData)) {
		if (typeof stored === 'string' && live.texts.has(stored)) continue;
		const entry = entryOf(stored);
		if (entry) add(entry);
	}
	for (const entry of live.entries) add(entry);
	if (key !== undefined) add(attempt === undefined ? [key, now] : [key, now, attempt]);
	live.entries = [...byKey.values()].sort((a, b) => a[1] - b[1]).slice(-MAX_REMEMBERED);
	live.stored.splice(0, live.stored.length, ...live.entries.map(packed));
	live.texts = new Set(live.stored);
	liveLists.delete(scope);
	liveLists.set(scope, live);
	while (liveLists.size > MAX_LIVE_LISTS) liveLists.delete(liveLists.keys().next().value as string);
	if (staticData !== undefined) staticData[STATIC_DATA_KEY] = live.stored as unknown as IDataObject[];
}

/** This process's entry of a key it recorded lately for the node (`scope`). */
const recordedHere = (scope: string, key: string, now: number): Entry | undefined =>
	liveLists.get(scope)?.entries.find((live) => live[0] === key && now - live[1] < REMEMBER_MS);

/** The attempt that ran a recorded key, by what is stored or what this process recorded; '' for a key recorded without one. */
function recordedAttempt(staticData: IDataObject, key: string, scope: string, now: number): string | undefined {
	const entry = storedEntry(staticData, key, now) ?? recordedHere(scope, key, now);
	return entry === undefined ? undefined : (entry[2] ?? '');
}

/** How a delivery in flight ended: its execution ran it (`recorded`), or it gave its claim back. */
type Outcome = 'recorded' | 'released';

interface InFlight {
	outcome: Promise<Outcome>;
	settle: (outcome: Outcome) => void;
	since: number;
	/** Answering at once: its execution's step records it as soon as it runs. */
	recordsAtStart: boolean;
}

/**
 * Deliveries claimed in this process whose execution has not recorded them yet, by scoped key: what
 * a copy waits for. With the live lists, what closes the window between reading and saving static
 * data for copies that arrive together: module state, shared by every call the process handles.
 */
const inFlight = new Map<string, InFlight>();

/**
 * How long a copy waits for the delivery's execution to record it. n8n runs an execution within
 * moments of storing it, so a copy of a delivery answered at once learns the outcome well within
 * this; otherwise (the workflow has not finished, or the execution runs in another process, as
 * in queue mode) it is told to come again.
 */
export const COPY_WAIT_MS = 3_000;

/**
 * After this long, a claim no execution has recorded here is given up: its execution never
 * started, or its record call never came. A copy then runs, and the node's step in its execution
 * stops it if another execution has run the delivery (`passOnDeliveries`).
 */
export const CLAIM_MS = 60_000;

/** The property of an item that carries its delivery from the webhook to the node's step in the execution. */
export const DELIVERY_MARK = 'interviewServiceDelivery';

/** When a delivery counts as run: once its execution runs (answering at once), or once it succeeded (answering once finished). */
type RecordWhen = 'start' | 'success';

/** A delivery this call has claimed. */
export interface NewDelivery {
	outcome: 'new';
	deliveryId?: string;
	/** Goes on the item as `DELIVERY_MARK`: the key, this call's attempt and when to record. */
	mark?: string;
	/** Counts the delivery once the answer has gone out as a success (answering once finished). */
	recordOnSuccess: () => void;
	/** Gives the claim back: the delivery has no execution that counts, so its next copy runs. */
	release: () => void;
}

/** What a call learns about its delivery (see `admitDelivery`). */
type Admission = { outcome: 'repeat'; deliveryId?: string } | { outcome: 'busy'; deliveryId?: string } | NewDelivery;

async function outcomeWithin(earlier: Promise<Outcome>, ms: number): Promise<Outcome | undefined> {
	return await Promise.race([earlier, sleep(ms).then(() => undefined)]);
}

const scopeOf = (context: IWebhookFunctions | IExecuteFunctions) => `${context.getWorkflow().id ?? ''}:${context.getNode().id ?? context.getNode().name}`;

function endInFlight(scoped: string, outcome: Outcome): void {
	const flight = inFlight.get(scoped);
	if (flight === undefined) return;
	inFlight.delete(scoped);
	flight.settle(outcome);
}

/** Gives up the claims older than `CLAIM_MS`, oldest first (the map keeps the order they were made in). */
function giveUpOldClaims(now: number): void {
	for (const [scoped, flight] of inFlight) {
		if (now - flight.since < CLAIM_MS) return;
		endInFlight(scoped, 'released');
	}
}

/** Records a delivery an execution has run: in this process, and into `staticData` when given. */
function recordRun(staticData: IDataObject | undefined, scope: string, key: string, attempt: string, now: number): void {
	remember(staticData, key, scope, now, attempt);
	endInFlight(`${scope}\u0000${key}`, 'recorded');
}

/**
 * The key of the body of a record call, the call an execution without the workflow's static data
 * makes to the node's URL (see `passOnDeliveries`): `{ interviewServiceRecord: { delivery, signature } }`,
 * the delivery as `"<key> <attempt>"`, signed with the registration's secret.
 */
export const RECORD_CALL = 'interviewServiceRecord';

/** A record call as received: the delivery it names, and its signature, still to be checked. */
export interface RecordCall {
	delivery: string;
	signature: unknown;
}

const signatureOf = (secret: string, delivery: string) => createHmac('sha256', secret).update(delivery, 'utf8').digest('base64url');

const isSignatureOf = (secret: string, delivery: string, signature: unknown) => secretMatches(signatureOf(secret, delivery), signature);

/** Records the delivery of a record call whose signature was made with the registration's `secret`; false (nothing recorded) for any other. */
export function recordCalled(this: IWebhookFunctions, { delivery, signature }: RecordCall, secret: string | undefined): boolean {
	if (secret === undefined || !isSignatureOf(secret, delivery, signature)) return false;
	const [key, attempt] = delivery.split(' ');
	recordRun(this.getWorkflowStaticData('node'), scopeOf(this), key, attempt, Date.now());
	return true;
}

/**
 * Whether this delivery is new, a repeat, or still held by another call (`busy`). A new one is
 * claimed in the process and carries its mark to the execution, whose step records it
 * (`passOnDeliveries`); the call releases it when n8n takes no execution from it. A copy that
 * arrives before the execution has recorded it waits for that (at most `COPY_WAIT_MS`). Keys
 * recorded after their call's save (`savedLater`) are written by the next call. Listening for a test event never
 * counts repeats, so the same sample can be sent again while building a workflow.
 */
export async function admitDelivery(
	this: IWebhookFunctions,
	event: { eventType?: string; deliveryId?: string },
	{ savedLater, registered }: { savedLater: boolean; registered: RegisteredCall },
): Promise<Admission> {
	const noop = () => undefined;
	if (this.getMode() === 'manual') return { outcome: 'new', recordOnSuccess: noop, release: noop };
	const request = this.getRequestObject();
	const { key, deliveryId } = deliveryKey(event.eventType, event.deliveryId, request.rawBody, request.body);
	const staticData = this.getWorkflowStaticData('node');
	const scope = scopeOf(this);
	const live = liveLists.get(scope);
	if (live?.unsaved === true) {
		live.unsaved = false;
		saveRecordedKeys(staticData, scope);
	}
	if (wasSeen(staticData, key)) return { outcome: 'repeat', deliveryId };
	giveUpOldClaims(Date.now());
	const scoped = `${scope}\u0000${key}`;
	const earlier = inFlight.get(scoped);
	if (earlier !== undefined) {
		const outcome = await outcomeWithin(earlier.outcome, COPY_WAIT_MS);
		if (outcome === undefined) return { outcome: 'busy', deliveryId };
		if (outcome === 'recorded') return { outcome: 'repeat', deliveryId };
	}
	// Checked after static data on purpose: a key found there must not be claimed in the process.
	// Claimed by a copy while this one waited, or recorded here: a repeat.
	if (inFlight.has(scoped) || recordedHere(scope, key, Date.now()) !== undefined) return { outcome: 'repeat', deliveryId };

	let settle: (outcome: Outcome) => void = noop;
	const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
	const attempt = randomBytes(6).toString('hex');
	inFlight.set(scoped, { outcome, settle, since: Date.now(), recordsAtStart: !savedLater });
	const when: RecordWhen = savedLater ? 'success' : 'start';
	const { secret, recordUrl } = registered;
	const recordCall = secret === undefined || recordUrl === undefined ? [] : [recordUrl, signatureOf(secret, `${key} ${attempt}`)];
	return {
		outcome: 'new',
		deliveryId,
		mark: [key, attempt, when, ...recordCall].join(' '),
		recordOnSuccess: () => {
			if (!inFlight.has(scoped)) return;
			remember(staticData, key, scope, Date.now(), attempt);
			const recorded = liveLists.get(scope);
			if (recorded !== undefined) recorded.unsaved = true;
			endInFlight(scoped, 'recorded');
		},
		release: () => endInFlight(scoped, 'released'),
	};
}

/**
 * How long the step waits for the deliveries claimed beside its own to be recorded. Each execution
 * writes the whole memory back when it ends, and a database may commit writes that end together in
 * any order; once every sibling has recorded its key, every such write holds every key, so
 * whichever is committed last loses none.
 */
export const SIBLINGS_WAIT_MS = 2_000;

/** Waits (at most `ms`) until no delivery claimed for this node, answering at once, is still unrecorded. */
async function siblingsRecorded(scope: string, ms: number): Promise<void> {
	const prefix = `${scope}\u0000`;
	const pending = [...inFlight.entries()].filter(([scoped, flight]) => scoped.startsWith(prefix) && flight.recordsAtStart).map(([, flight]) => flight.outcome);
	if (pending.length > 0) await Promise.race([Promise.all(pending), sleep(ms)]);
}

/**
 * The node's step in the execution (its `execute`), which n8n runs only once it has stored the
 * execution: an item whose delivery another attempt has already run is dropped (a Retry of a
 * crashed execution whose completion the sender's copy ran meanwhile), every other item goes on,
 * and a delivery answered at once is recorded now. It is written only into static data that holds
 * the registration (`holdsRegistration`). Elsewhere the key goes to this process, and a queue-mode
 * execution calls the node's URL to have the main process record it, signed with the node's
 * secret by the call that started it.
 */
export async function passOnDeliveries(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const staticData = this.getWorkflowStaticData('node');
	const scope = scopeOf(this);
	const isRetry = this.getMode() === 'retry';
	const writes = !isRetry && holdsRegistration(staticData);
	const passed: INodeExecutionData[] = [];
	let dropped = 0;
	let recorded = false;
	items.forEach((item, index) => {
		const [key, attempt, when, recordUrl, signature] = typeof item[DELIVERY_MARK] === 'string' ? item[DELIVERY_MARK].split(' ') : [];
		const output: INodeExecutionData = { json: item.json, pairedItem: { item: index } };
		if (item.binary !== undefined) output.binary = item.binary;
		if (key === undefined || attempt === undefined) return void passed.push(output);
		const now = Date.now();
		const owner = recordedAttempt(staticData, key, scope, now);
		if (owner !== undefined && owner !== attempt) return void dropped++;
		passed.push(output);
		if (owner !== undefined || (when !== 'start' && !isRetry)) return;
		recordRun(writes ? staticData : undefined, scope, key, attempt, now);
		recorded = writes;
		// No copy of the memory to save here: the node's own URL records it (`recordCalled`).
		if (!writes && !isRetry && recordUrl !== undefined && signature !== undefined) void sendRecordCall.call(this, recordUrl, { [RECORD_CALL]: { delivery: `${key} ${attempt}`, signature } });
	});
	if (recorded) await siblingsRecorded(scope, SIBLINGS_WAIT_MS);
	if (dropped > 0) {
		this.addExecutionHints({
			message: `${dropped} delivery(ies) not passed on: another execution has already run them (the sender delivered them again)`,
			location: 'outputPane',
		});
	}
	return [passed];
}

/** How long an execution keeps trying its record call, while the process that answered may be restarting. */
export const RECORD_CALL_MS = 120_000;

async function sendRecordCall(this: IExecuteFunctions, url: string, body: IDataObject): Promise<void> {
	const until = Date.now() + RECORD_CALL_MS;
	for (;;) {
		try {
			await this.helpers.httpRequest({ method: 'POST', url, body, json: true, timeout: 10_000 });
			return;
		} catch (error) {
			if (Date.now() >= until) {
				// Its sender's copy then runs once more, and this execution has run it: a repeat, not a loss.
				this.logger.warn(`Interview Service Trigger: could not have a delivery recorded at ${url} (${(error as Error).message})`);
				return;
			}
			await sleep(500);
		}
	}
}

/**
 * Puts the keys recorded since the last save into this call's static data, and again in a later
 * turn of the event loop: n8n clears the call's "changed" mark when it starts the execution, and
 * saves after (docs/n8n-internals.md).
 */
function saveRecordedKeys(staticData: IDataObject, scope: string): void {
	remember(staticData, undefined, scope);
	void sleep(0).then(() => remember(staticData, undefined, scope));
}
