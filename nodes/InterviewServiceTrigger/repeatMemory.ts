import { createHash, createHmac, randomBytes } from 'crypto';

import type { IDataObject, IExecuteFunctions, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { holdsRegistration, secretMatches } from './lifecycle';
import type { RegisteredCall } from './lifecycle';

// Senders deliver at least once; a repeat starts no second execution. A key is recorded only by the execution's step
// (`passOnDeliveries`), so never before that execution exists. How n8n saves static data: docs/n8n-internals.md#static-data.

export const MAX_REMEMBERED = 1000;
export const REMEMBER_MS = 24 * 60 * 60 * 1000;

const STATIC_DATA_KEY = 'seenDeliveries';

const digest = (value: string | Buffer) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** A digest (no id or body text is stored) of the event's kind with its delivery id, else with the body exactly as received. */
export function deliveryKey(eventType: string | undefined, deliveryId: string | undefined, rawBody: unknown, body: unknown): { key: string; deliveryId?: string } {
	const kind = `kind:${eventType ?? ''}\u0000`;
	if (deliveryId !== undefined) return { key: `k${digest(`${kind}id:${deliveryId}`)}`, deliveryId };
	let raw: string;
	if (Buffer.isBuffer(rawBody) && rawBody.length > 0) raw = rawBody.toString('base64');
	else if (typeof body === 'string') raw = body;
	else raw = JSON.stringify(body ?? null);
	return { key: `h${digest(`${kind}body:${raw}`)}` };
}

/** A recorded delivery: its key, when, and the attempt (one webhook call) whose execution ran it. */
type Entry = [key: string, at: number, attempt: string];

/** Stored as one text, `"<key> <at in base 36> <attempt>"`: a text costs n8n no observer, an object does. */
const packed = ([key, at, attempt]: Entry): string => `${key} ${at.toString(36)} ${attempt}`;

function entryOf(stored: unknown): Entry | undefined {
	if (typeof stored !== 'string') return undefined;
	const [key, at36, attempt] = stored.split(' ');
	const at = at36 === undefined ? Number.NaN : parseInt(at36, 36);
	return key === '' || attempt === undefined || !Number.isFinite(at) ? undefined : [key, at, attempt];
}

function storedIn(staticData: IDataObject): unknown[] {
	const stored = staticData[STATIC_DATA_KEY];
	return Array.isArray(stored) ? (stored as unknown[]) : [];
}

function storedEntry(staticData: IDataObject, key: string, now: number): Entry | undefined {
	const prefix = `${key} `;
	for (const stored of storedIn(staticData)) {
		const entry = typeof stored === 'string' && stored.startsWith(prefix) ? entryOf(stored) : undefined;
		if (entry !== undefined && now - entry[1] < REMEMBER_MS) return entry;
	}
	return undefined;
}

export function wasSeen(staticData: IDataObject, key: string, now = Date.now()): boolean {
	return storedEntry(staticData, key, now) !== undefined;
}

/** Per node (`scope`): this process's keys, oldest first, and the one list every call stores, so whichever call writes last writes them all. */
interface LiveList {
	entries: Entry[];
	stored: string[];
	/** The texts in `stored`, which need no reading again. */
	texts: Set<string>;
	/** Keys recorded after their call's static data was saved: the next call saves them. */
	unsaved?: boolean;
}
const liveLists = new Map<string, LiveList>();
const MAX_LIVE_LISTS = 100;

/** Merges this key and the process's recent ones into the loaded copy (assigning makes n8n save it); else the next write saves it. */
export function remember(staticData: IDataObject | undefined, recorded: Entry | undefined, scope: string): void {
	const now = recorded?.[1] ?? Date.now();
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
	if (recorded !== undefined) add(recorded);
	live.entries = [...byKey.values()].sort((a, b) => a[1] - b[1]).slice(-MAX_REMEMBERED);
	live.stored.splice(0, live.stored.length, ...live.entries.map(packed));
	live.texts = new Set(live.stored);
	liveLists.delete(scope);
	liveLists.set(scope, live);
	while (liveLists.size > MAX_LIVE_LISTS) liveLists.delete(liveLists.keys().next().value as string);
	if (staticData !== undefined) staticData[STATIC_DATA_KEY] = live.stored as unknown as IDataObject[];
}

const recordedHere = (scope: string, key: string, now: number): Entry | undefined =>
	liveLists.get(scope)?.entries.find((live) => live[0] === key && now - live[1] < REMEMBER_MS);

/** The attempt that ran a delivery: as static data holds it (`stored`), else as this process recorded it. */
const attemptThatRan = (stored: Entry | undefined, scope: string, key: string, now: number): string | undefined =>
	(stored ?? recordedHere(scope, key, now))?.[2];

type Outcome = 'recorded' | 'released';

interface InFlight {
	outcome: Promise<Outcome>;
	settle: (outcome: Outcome) => void;
	since: number;
	/** Answering at once: its execution's step records it as soon as it runs. */
	recordsAtStart: boolean;
}

/** Deliveries claimed in this process that no execution has recorded yet, by scoped key: what a copy waits for. */
const inFlight = new Map<string, InFlight>();

/** How long a copy waits for the delivery's execution to record it, before it is told to come again. */
const COPY_WAIT_MS = 3_000;

/** After this long, a claim no execution recorded is given up: a copy then runs, and `passOnDeliveries` stops a second run. */
export const CLAIM_MS = 60_000;

/** The property of an item that carries its delivery from the webhook to the node's step in the execution. */
export const DELIVERY_MARK = 'interviewServiceDelivery';

export interface NewDelivery {
	outcome: 'new';
	deliveryId?: string;
	/** Goes on the item as `DELIVERY_MARK`: the key, this call's attempt, when to record, and the record call. */
	mark?: string;
	/** Counts the delivery once the answer has gone out as a success (answering once finished). */
	recordOnSuccess: () => void;
	/** Gives the claim back: no execution counts, so the next copy runs. */
	release: () => void;
}

type Admission = { outcome: 'repeat'; deliveryId?: string } | { outcome: 'busy'; deliveryId?: string } | NewDelivery;

const scopeOf = (context: IWebhookFunctions | IExecuteFunctions) => `${context.getWorkflow().id ?? ''}:${context.getNode().id ?? context.getNode().name}`;

function endInFlight(scoped: string, outcome: Outcome): void {
	const flight = inFlight.get(scoped);
	if (flight === undefined) return;
	inFlight.delete(scoped);
	flight.settle(outcome);
}

function recordRun(staticData: IDataObject | undefined, scope: string, key: string, attempt: string, now: number): void {
	remember(staticData, [key, now, attempt], scope);
	endInFlight(`${scope}\u0000${key}`, 'recorded');
}

/** The body key of a record call, which a queue-mode execution sends to the node's URL: `{ interviewServiceRecord: RecordCall }`. */
export const RECORD_CALL = 'interviewServiceRecord';
export type RecordCall = { delivery: string; signature: unknown };

const signatureOf = (secret: string, delivery: string) => createHmac('sha256', secret).update(delivery, 'utf8').digest('base64url');

/** A signed record call: `ranBy` another attempt that ran it, `saved` when loaded static data holds it, else recorded; false for any other call. */
export function recordCalled(this: IWebhookFunctions, { delivery, signature }: RecordCall, secret: string | undefined): false | IDataObject {
	if (secret === undefined || !secretMatches(signatureOf(secret, delivery), signature)) return false;
	const [key, attempt] = delivery.split(' ');
	const [staticData, scope, now] = [this.getWorkflowStaticData('node'), scopeOf(this), Date.now()];
	const stored = storedEntry(staticData, key, now);
	const owner = attemptThatRan(stored, scope, key, now);
	if (owner !== undefined && owner !== attempt) return { ranBy: owner };
	if (stored === undefined) recordRun(staticData, scope, key, attempt, now);
	return { saved: stored !== undefined };
}

/** New (claimed; its execution's step records it), a repeat, or `busy` in another call. A test event is never a repeat, so a sample can be resent. */
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
		// Again in a later turn: n8n clears the "changed" mark when it starts the execution (docs/n8n-internals.md).
		remember(staticData, undefined, scope);
		void sleep(0).then(() => remember(staticData, undefined, scope));
	}
	if (wasSeen(staticData, key)) return { outcome: 'repeat', deliveryId };
	const now = Date.now();
	for (const [claimed, flight] of inFlight) {
		if (now - flight.since < CLAIM_MS) break;
		endInFlight(claimed, 'released');
	}
	const scoped = `${scope}\u0000${key}`;
	const earlier = inFlight.get(scoped);
	if (earlier !== undefined) {
		const outcome = await Promise.race([earlier.outcome, sleep(COPY_WAIT_MS).then(() => undefined)]);
		if (outcome === undefined) return { outcome: 'busy', deliveryId };
		if (outcome === 'recorded') return { outcome: 'repeat', deliveryId };
	}
	// After static data on purpose: a key found there must not be claimed. Claimed by a copy meanwhile, or recorded here: a repeat.
	if (inFlight.has(scoped) || recordedHere(scope, key, Date.now()) !== undefined) return { outcome: 'repeat', deliveryId };

	let settle: (outcome: Outcome) => void = noop;
	const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
	const attempt = randomBytes(6).toString('hex');
	inFlight.set(scoped, { outcome, settle, since: Date.now(), recordsAtStart: !savedLater });
	const { secret, recordUrl } = registered;
	const recordCall = secret === undefined || recordUrl === undefined ? [] : [recordUrl, signatureOf(secret, `${key} ${attempt}`)];
	return {
		outcome: 'new',
		deliveryId,
		mark: [key, attempt, savedLater ? 'success' : 'start', ...recordCall].join(' '),
		recordOnSuccess: () => {
			if (!inFlight.has(scoped)) return;
			recordRun(staticData, scope, key, attempt, Date.now());
			const recorded = liveLists.get(scope);
			if (recorded !== undefined) recorded.unsaved = true;
		},
		release: () => endInFlight(scoped, 'released'),
	};
}

/** Waits for sibling claims to record: a database may commit writes ending together in any order, so each must hold every key. */
const SIBLINGS_WAIT_MS = 2_000;

// The execution's step: drops an item another attempt already ran (a Retry of a crash the sender's copy ran meanwhile), records one
// answered at once. Writes only static data that holds the registration; elsewhere (queue mode) a signed record call has main record it.
export async function passOnDeliveries(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const staticData = this.getWorkflowStaticData('node');
	const scope = scopeOf(this);
	const isRetry = this.getMode() === 'retry';
	const writes = !isRetry && holdsRegistration(staticData);
	const passed: INodeExecutionData[] = [];
	let dropped = 0;
	let recorded = false;
	for (const [index, item] of items.entries()) {
		const [key, attempt, when, recordUrl, signature] = typeof item[DELIVERY_MARK] === 'string' ? item[DELIVERY_MARK].split(' ') : [];
		const output: INodeExecutionData = { json: item.json, pairedItem: { item: index } };
		if (key === undefined || attempt === undefined) {
			passed.push(output);
			continue;
		}
		const now = Date.now();
		const owner = attemptThatRan(storedEntry(staticData, key, now), scope, key, now);
		if (owner !== undefined && owner !== attempt) {
			dropped++;
			continue;
		}
		if (owner === undefined && (when === 'start' || isRetry)) {
			recordRun(writes ? staticData : undefined, scope, key, attempt, now);
			recorded = writes;
			// Another webhook process may have run a copy: the process the record call reaches reads the database.
			const record = !writes && !isRetry && recordUrl !== undefined && signature !== undefined;
			const ranBy = record ? (await sendRecordCall.call(this, recordUrl, { [RECORD_CALL]: { delivery: `${key} ${attempt}`, signature } }))?.ranBy : undefined;
			if (typeof ranBy === 'string') {
				recordRun(undefined, scope, key, ranBy, Date.now());
				dropped++;
				continue;
			}
		}
		passed.push(output);
	}
	if (recorded) {
		const prefix = `${scope}\u0000`;
		const pending = [...inFlight].filter(([scoped, flight]) => scoped.startsWith(prefix) && flight.recordsAtStart).map(([, flight]) => flight.outcome);
		if (pending.length > 0) await Promise.race([Promise.all(pending), sleep(SIBLINGS_WAIT_MS)]);
	}
	if (dropped > 0) {
		this.addExecutionHints({
			message: `${dropped} delivery(ies) not passed on: another execution has already run them (the sender delivered them again)`,
			location: 'outputPane',
		});
	}
	return [passed];
}

/** How long an execution keeps trying its record call, while the process that answered may be restarting. */
const RECORD_CALL_MS = 120_000;
/** Between a record and the call that checks it was saved: longer than any one webhook call. */
const CHECK_AFTER_MS = 2_000;

/** The first answer; retries unawaited until the record is in the database, as a process that loaded older static data may write it out. */
async function sendRecordCall(this: IExecuteFunctions, url: string, body: IDataObject): Promise<IDataObject | undefined> {
	const until = Date.now() + RECORD_CALL_MS;
	const post = async (): Promise<IDataObject | Error | undefined> =>
		await this.helpers.httpRequest({ method: 'POST', url, body, json: true, timeout: 10_000 }).catch((error: Error) => error);
	const first = await post();
	void (async (answer) => {
		while (answer instanceof Error || answer?.saved === false) {
			if (Date.now() >= until) {
				// The sender's copy then runs once more: a repeat, not a loss.
				return this.logger.warn(`Interview Service Trigger: could not have a delivery recorded at ${url} (${answer instanceof Error ? answer.message : 'not saved'})`);
			}
			await sleep(answer instanceof Error ? 500 : CHECK_AFTER_MS);
			answer = await post();
		}
	})(first);
	return first instanceof Error ? undefined : first;
}
