import type { IDataObject } from 'n8n-workflow';

import { documentedResult } from '../shared/contract';
import type { CandidateResult } from '../shared/contract';
import { isPlainObject } from '../shared/plainObjects';
import { simplifyResult } from '../shared/results';

/*
 * Reading an event: its fields, its kind and its delivery id. The spec shows no event payload,
 * and senders differ, so the node reads an event leniently:
 * - flat, as our sandbox sends by default: `{ event, eventId, interviewId, candidate: { name, email }, scores, reportLink, completedAt }`;
 * - in an envelope, one level down under `data`, `payload` or `object`: `{ type, deliveryId, data: { ... } }`, `{ event, data }`;
 * with the usual key variants (camelCase, snake_case, nested `interview.id` / `candidate.email`).
 * The top level is read before the envelope.
 */

const ENVELOPE_KEYS = ['data', 'payload', 'object'] as const;
const TYPE_KEYS = ['event', 'type', 'eventType', 'event_type', 'name'] as const;
/** Id fields of a delivery, looked for at the top level and then in the envelope (`data`, `payload`, `object`). */
const DELIVERY_ID_KEYS = ['deliveryId', 'delivery_id', 'eventId', 'event_id', 'webhook_event_id'] as const;

/*
 * The event's kind, in whatever naming style the sender uses (`interview.completed`,
 * `INTERVIEW_COMPLETED`, `candidateInterviewCompleted`, ...). One rule: split the name into
 * lower-case words, then compare its last words with each kind's words.
 */

/** Option values of the Events parameter. Released values never change. */
export const COMPLETED_EVENT = 'completed';
export const CHEAT_PROBABILITY_MARKED_EVENT = 'cheatProbabilityMarked';
export const ANY_EVENT = '*';

export type EventKind = typeof COMPLETED_EVENT | typeof CHEAT_PROBABILITY_MARKED_EVENT;

/** The words a type name ends with, per kind. The service's own names are `candidateInterviewCompleted` and `cheatProbabilityMarked`. */
const KIND_WORDS: Record<EventKind, string[]> = {
	[COMPLETED_EVENT]: ['completed'],
	[CHEAT_PROBABILITY_MARKED_EVENT]: ['cheat', 'probability', 'marked'],
};

/** What the answer to an ignored event calls each kind. */
export const KIND_LABELS: Record<EventKind, string> = {
	[COMPLETED_EVENT]: 'Interview Completed',
	[CHEAT_PROBABILITY_MARKED_EVENT]: 'Cheat Probability Marked',
};

/**
 * Lower-case words of a name: split at `.`, `_`, `-`, `:`, `/`, spaces, and at camelCase humps
 * (`candidateInterviewCompleted`, `HTTPRequestDone` → `http`, `request`, `done`).
 */
export function words(name: string): string[] {
	return name
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.split(/[\s._:/-]+/)
		.filter((word) => word !== '')
		.map((word) => word.toLowerCase());
}

const endsWith = (actual: string[], ending: string[]) =>
	actual.length >= ending.length && ending.every((word, index) => actual[actual.length - ending.length + index] === word);

/** The kind a type name stands for; undefined for a kind this node does not know (e.g. `interview.started`). */
export function kindOfEventType(eventType: string): EventKind | undefined {
	const nameWords = words(eventType);
	return (Object.keys(KIND_WORDS) as EventKind[]).find((kind) => endsWith(nameWords, KIND_WORDS[kind]));
}

export const isCompletion = (eventType: string): boolean => kindOfEventType(eventType) === COMPLETED_EVENT;

/**
 * Whether the node passes the event on. An event whose type cannot be read is passed on (flagged
 * `malformed`) rather than dropped, so that a change of payload shows up instead of going silent.
 */
export function isSelected(selectedEvents: string[], eventType: string | undefined): boolean {
	if (eventType === undefined || selectedEvents.includes(ANY_EVENT)) return true;
	const kind = kindOfEventType(eventType);
	return kind !== undefined && selectedEvents.includes(kind);
}

export interface NormalisedEvent {
	/** The item to emit: the event as received plus the normalised fields, or the raw body and `problems`. */
	json: IDataObject;
	/** The parsed body, when it is a JSON object. */
	body?: IDataObject;
	eventType?: string;
	eventKind?: EventKind;
	/** The delivery's own id, when the event carries one (see `deliveryIdOf`). */
	deliveryId?: string;
	interviewId?: string;
	candidateEmail?: string;
	candidateName?: string;
	completedAt?: string;
	reportLink?: string;
	/** The three scores under our names, when the event carries readable scores. */
	scores?: Scores;
	malformed: boolean;
	problems: string[];
	/** What the node did not read from the body, with its nesting; the whole body when it is not a JSON object. */
	other?: IDataObject[string];
	/** Whether the trigger's Events pass it on (see `isSelected`). */
	selected: boolean;
}

interface Scores {
	interviewScore: number | null;
	communicationScore: number | null;
	codingScore: number | null;
}

const text = (value: unknown): string | undefined => {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

function bodyText(body: unknown, rawBody: unknown): string | undefined {
	if (typeof body === 'string') return body;
	if (Buffer.isBuffer(rawBody)) return rawBody.toString('utf8');
	if (typeof rawBody === 'string') return rawBody;
	return undefined;
}

function parseJson(value: string): unknown {
	try {
		return JSON.parse(value) as unknown;
	} catch {
		return undefined;
	}
}

/**
 * n8n parses JSON bodies itself, but only when they are sent as `application/json`; anything
 * else reaches us as text, or as an empty object beside the raw bytes.
 */
function parseBody(body: unknown, rawBody: unknown): { event: IDataObject } | { raw: unknown; problem: string } {
	if (isPlainObject(body) && Object.keys(body).length > 0) return { event: body };
	const received = bodyText(body, rawBody);
	if (received === undefined || received.trim() === '') return { raw: null, problem: 'The request has no body' };
	const parsed = parseJson(received);
	if (isPlainObject(parsed)) return { event: parsed };
	return {
		raw: received,
		problem: parsed === undefined ? 'The body is not JSON' : 'The body is JSON but not an object',
	};
}

/** An object fields are looked for in, and where it sits in the body (`[]` for the top level, `['data']`). */
interface Source {
	object: IDataObject;
	at: string[];
}

/** Where fields are looked for, in order: the top level, then each envelope that is an object. */
function placedSources(event: IDataObject): Source[] {
	const envelopes = ENVELOPE_KEYS.filter((key) => isPlainObject(event[key])).map((key) => ({ object: event[key] as IDataObject, at: [key] }));
	return [{ object: event, at: [] }, ...envelopes];
}

function fieldSources(event: IDataObject): IDataObject[] {
	return placedSources(event).map((source) => source.object);
}

/** A key, or a `parent.child` path one level deep. */
function valueAt(source: IDataObject, path: string): unknown {
	const [first, second] = path.split('.');
	const value = source[first];
	if (second === undefined) return value;
	return isPlainObject(value) ? value[second] : undefined;
}

/** The first non-empty text under any of `paths`, the top level first; `skip` leaves out one source's key. */
function firstText(sources: IDataObject[], paths: readonly string[], skip?: { source: IDataObject; path: string }): string | undefined {
	for (const source of sources) {
		for (const path of paths) {
			if (skip?.source === source && skip.path === path) continue;
			const found = text(valueAt(source, path));
			if (found !== undefined) return found;
		}
	}
	return undefined;
}

/**
 * The type name, from the first of `event`, `type`, `eventType`, `event_type`, `name` that holds
 * a word. `name` is read last and only without spaces, as it may be a candidate's name.
 */
function eventTypeOf(sources: IDataObject[]): { eventType?: string; from?: { source: IDataObject; path: string } } {
	for (const source of sources) {
		for (const path of TYPE_KEYS) {
			const found = text(source[path]);
			if (found === undefined || (path === 'name' && /\s/.test(found))) continue;
			return { eventType: found, from: { source, path } };
		}
	}
	return {};
}

/**
 * The delivery's own id. A bare `id` does not count: senders use it for the candidate or the
 * interview as often as for the delivery, and keying on it would swallow the next completion.
 */
export function deliveryIdOf(event: IDataObject): string | undefined {
	return firstText(fieldSources(event), DELIVERY_ID_KEYS);
}

const INTERVIEW_ID_PATHS = ['interviewId', 'interview_id', 'interview.id', 'interview.interviewId'];
const EMAIL_PATHS = ['candidate.email', 'candidateEmail', 'candidate_email', 'email'];
const NAME_PATHS = ['candidate.name', 'candidateName', 'candidate_name', 'name'];
const COMPLETED_AT_PATHS = ['completedAt', 'completed_at', 'timestamp'];
const REPORT_LINK_PATHS = ['reportLink', 'report_link'];

/** Each score key the node reads, and the name it has in the item. */
const SCORE_NAMES: Record<string, keyof Scores> = {
	interviewScore: 'interviewScore',
	overallScore: 'interviewScore',
	communicationScore: 'communicationScore',
	codingScore: 'codingScore',
	technicalScore: 'codingScore',
};
const SCORE_KEYS = Object.keys(SCORE_NAMES);

/** The scores object (or score fields given loose), from the top level or the envelope, and where the score keys sit. */
function rawScores(sources: Source[]): { found: unknown; at: string[] } | undefined {
	for (const { object, at } of sources) {
		if (object.scores !== undefined && object.scores !== null) return { found: object.scores, at: [...at, 'scores'] };
		const loose = Object.fromEntries(SCORE_KEYS.filter((key) => object[key] !== undefined).map((key) => [key, object[key]]));
		if (Object.keys(loose).length > 0) return { found: loose, at };
	}
	return undefined;
}

/** The three scores under our names, whichever naming the service used, and the paths of the keys they were read from. */
function scoresOf(sources: Source[]): { scores?: Scores; read: string[][]; problem?: string } {
	const raw = rawScores(sources);
	if (raw === undefined) return { read: [] };
	// The scores are acted on here (normalised to our names), so they are checked as documented.
	const parsed = documentedResult.safeParse({ scores: raw.found });
	if (!parsed.success) return { read: [], problem: 'The scores are not numbers' };
	const { interviewScore, communicationScore, codingScore } = simplifyResult(parsed.data);
	const scores = { interviewScore, communicationScore, codingScore };
	const found = raw.found as IDataObject;
	const read = SCORE_KEYS.filter((key) => key in found && found[key] === scores[SCORE_NAMES[key]]).map((key) => [...raw.at, key]);
	return { scores, read };
}

/** The paths (from the top of the body) of every key under `paths` whose text is `value`: a value read once, wherever it was repeated. */
function pathsHolding(sources: Source[], paths: readonly string[], value: string | undefined): string[][] {
	if (value === undefined) return [];
	return sources.flatMap(({ object, at }) => paths.filter((path) => text(valueAt(object, path)) === value).map((path) => [...at, ...path.split('.')]));
}

function removePath(object: IDataObject, [key, ...deeper]: string[]): void {
	if (deeper.length === 0) {
		delete object[key];
		return;
	}
	const child = object[key];
	if (!isPlainObject(child)) return;
	removePath(child, deeper);
	if (Object.keys(child).length === 0) delete object[key];
}

/** The body without the keys at `read`, objects left empty dropped; undefined when nothing is left. */
function unreadPart(event: IDataObject, read: string[][]): IDataObject | undefined {
	const rest = structuredClone(event);
	for (const path of read) removePath(rest, path);
	return Object.keys(rest).length > 0 ? rest : undefined;
}

/** Sets `key` only when there is a value, so that absent fields stay absent. */
function setDefined(target: IDataObject, key: string, value: IDataObject[string] | undefined) {
	if (value !== undefined) target[key] = value;
}

/** The event as this trigger sees it: its fields, its kind, its delivery id, and whether `selectedEvents` pass it on. */
export function readEvent(body: unknown, rawBody?: unknown, selectedEvents: string[] = [ANY_EVENT]): NormalisedEvent {
	const parsed = parseBody(body, rawBody);
	if (!('event' in parsed)) {
		const raw = parsed.raw as IDataObject[string];
		const problems = [parsed.problem];
		return { json: { body: raw, malformed: true, problems }, malformed: true, problems, other: raw ?? undefined, selected: true };
	}

	const { event } = parsed;
	const placed = placedSources(event);
	const sources = placed.map((source) => source.object);
	const { eventType, from: typeSource } = eventTypeOf(sources);
	const eventKind = eventType === undefined ? undefined : kindOfEventType(eventType);
	const interviewId = firstText(sources, INTERVIEW_ID_PATHS);
	const candidateEmail = firstText(sources, EMAIL_PATHS);
	// A bare `name` that was read as the type is not the candidate's name.
	const candidateName = firstText(sources, NAME_PATHS, typeSource);
	const scores = scoresOf(placed);

	const problems: string[] = [];
	if (eventType === undefined) problems.push(`No event type (${TYPE_KEYS.join(', ')})`);
	if (interviewId === undefined) problems.push('No interviewId');
	if (candidateEmail === undefined) problems.push('No candidate e-mail');
	if (scores.problem) problems.push(scores.problem);

	const json: IDataObject = { ...event, ...scores.scores };
	setDefined(json, 'eventType', eventType);
	setDefined(json, 'eventKind', eventKind);
	setDefined(json, 'interviewId', interviewId);
	setDefined(json, 'candidateEmail', candidateEmail);
	setDefined(json, 'candidateName', candidateName);
	const completedAt = firstText(sources, COMPLETED_AT_PATHS);
	const reportLink = firstText(sources, REPORT_LINK_PATHS);
	setDefined(json, 'completedAt', completedAt);
	setDefined(json, 'reportLink', reportLink);
	json.malformed = problems.length > 0;
	if (problems.length > 0) json.problems = problems;

	const deliveryId = firstText(sources, DELIVERY_ID_KEYS);
	// Worked out only when asked for (version 3's shape): versions 1 and 2 never read it.
	const unread = () =>
		unreadPart(event, [
			...pathsHolding(placed, TYPE_KEYS, eventType),
			...pathsHolding(placed, INTERVIEW_ID_PATHS, interviewId),
			...pathsHolding(placed, EMAIL_PATHS, candidateEmail),
			...pathsHolding(placed, NAME_PATHS, candidateName),
			...pathsHolding(placed, COMPLETED_AT_PATHS, completedAt),
			...pathsHolding(placed, REPORT_LINK_PATHS, reportLink),
			...pathsHolding(placed, DELIVERY_ID_KEYS, deliveryId),
			...scores.read,
		]);
	const selected = isSelected(selectedEvents, eventType);
	return {
		json,
		body: event,
		eventType,
		eventKind,
		deliveryId,
		interviewId,
		candidateEmail,
		candidateName,
		completedAt,
		reportLink,
		scores: scores.scores,
		malformed: problems.length > 0,
		problems,
		get other() {
			return unread();
		},
		selected,
	};
}

/** What Include Result found for the event: the candidate's row, or why there is none. */
export type ResultLookup = { row: CandidateResult } | { error: string };

/**
 * The item of node version 3: each value once, under one name, whatever the sender's naming. With
 * Include Result, the row's scores, report link, completion time and name win over the event's:
 * the row is the service's record, read after the event arrived, and is what the user asked
 * for; the event fills what the row lacks. The e-mail stays the event's, as the row was matched by it.
 */
export function shapedEvent(event: NormalisedEvent, lookup?: ResultLookup): IDataObject {
	const found = lookup !== undefined && 'row' in lookup ? lookup.row : undefined;
	const row = found === undefined ? undefined : simplifyResult(found);
	const rowCompletedAt = found === undefined ? undefined : text(found.completedAt ?? found.completed_at);
	const scores: Partial<Scores> = event.scores ?? {};
	const item: IDataObject = {
		eventType: event.eventType ?? null,
		eventKind: event.eventKind ?? null,
		interviewId: event.interviewId ?? row?.interviewId ?? null,
		candidate: { email: event.candidateEmail ?? row?.email ?? null, name: row?.name ?? event.candidateName ?? null },
		scores: {
			interviewScore: row?.interviewScore ?? scores.interviewScore ?? null,
			communicationScore: row?.communicationScore ?? scores.communicationScore ?? null,
			codingScore: row?.codingScore ?? scores.codingScore ?? null,
		},
		reportLink: row?.reportLink ?? event.reportLink ?? null,
		completedAt: rowCompletedAt ?? event.completedAt ?? null,
	};
	setDefined(item, 'deliveryId', event.deliveryId);
	if (lookup !== undefined) item.metaData = (row?.metaData as IDataObject | undefined) ?? null;
	item.malformed = event.malformed;
	if (event.problems.length > 0) item.problems = event.problems;
	if (lookup !== undefined && 'error' in lookup) item.resultError = lookup.error;
	setDefined(item, 'other', event.other);
	return item;
}
