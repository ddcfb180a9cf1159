import type { IDataObject } from 'n8n-workflow';

import { documentedResult } from '../shared/contract/result';
import { isPlainObject } from '../shared/plainObjects';

/* The spec shows no event payload and senders differ, so events are read leniently: the shapes are in docs/triggers.md. */

const ENVELOPE_KEYS = ['data', 'payload', 'object'] as const;
const TYPE_KEYS = ['event', 'type', 'eventType', 'event_type', 'name'] as const;
/** Not a bare `id`: senders use it for the candidate or the interview too, and keying on it would swallow the next completion. */
const DELIVERY_ID_KEYS = ['deliveryId', 'delivery_id', 'eventId', 'event_id', 'webhook_event_id'] as const;

/** The kinds, as values of the Events parameter (released values never change), in the order the subtitle names them. */
export const COMPLETED_EVENT = 'completed';
export const CHEAT_PROBABILITY_MARKED_EVENT = 'cheatProbabilityMarked';
export const EVENT_KINDS = [COMPLETED_EVENT, CHEAT_PROBABILITY_MARKED_EVENT] as const;

type EventKind = (typeof EVENT_KINDS)[number];

/** The last words of a type name, per kind, in any naming style (`interview.completed`, `INTERVIEW_COMPLETED`, `candidateInterviewCompleted`). */
const KIND_WORDS: Record<EventKind, string[]> = { [COMPLETED_EVENT]: ['completed'], [CHEAT_PROBABILITY_MARKED_EVENT]: ['cheat', 'probability', 'marked'] };

/** Lower-case words of a name: split at `.`, `_`, `-`, `:`, `/`, spaces and camelCase humps (`HTTPRequestDone` → `http`, `request`, `done`). */
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
	return EVENT_KINDS.find((kind) => endsWith(nameWords, KIND_WORDS[kind]));
}

export interface NormalisedEvent {
	eventType?: string;
	eventKind?: EventKind;
	deliveryId?: string;
	interviewId?: string;
	candidateEmail?: string;
	candidateName?: string;
	completedAt?: string;
	reportLink?: string;
	scores?: Scores;
	malformed: boolean;
	problems: string[];
	/** What the node did not read from the body, with its nesting; the body as received (text) when it is not a JSON object. */
	other?: IDataObject[string];
}

export type Scores = Record<'interviewScore' | 'communicationScore' | 'codingScore', number | null>;

/** A value as text: a finite number, or a text that is not blank (trimmed). */
export const textOf = (value: unknown): string | undefined => {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** A body n8n has not parsed as JSON reaches us as text, or as an empty object beside the raw bytes (docs/n8n-internals.md). */
function parseBody(body: unknown, rawBody: unknown): { event: IDataObject } | { raw: string | null; problem: string } {
	if (isPlainObject(body) && Object.keys(body).length > 0) return { event: body };
	const received = typeof body === 'string' ? body : Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : typeof rawBody === 'string' ? rawBody : undefined;
	if (received === undefined || received.trim() === '') return { raw: null, problem: 'The request has no body' };
	let parsed: unknown;
	try {
		parsed = JSON.parse(received) as unknown;
	} catch {
		parsed = undefined;
	}
	if (isPlainObject(parsed)) return { event: parsed };
	return { raw: received, problem: parsed === undefined ? 'The body is not JSON' : 'The body is JSON but not an object' };
}

/** An object fields are looked for in, and where it sits in the body (`[]` for the top level). */
type Source = { object: IDataObject; at: string[] };

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
			const found = textOf(valueAt(source, path));
			if (found !== undefined) return found;
		}
	}
	return undefined;
}

/** The type name from the first of `TYPE_KEYS` that holds one; `name` only without spaces, as it may be a candidate's name. */
function eventTypeOf(sources: IDataObject[]): { eventType?: string; from?: { source: IDataObject; path: string } } {
	for (const source of sources) {
		for (const path of TYPE_KEYS) {
			const found = textOf(source[path]);
			if (found === undefined || (path === 'name' && /\s/.test(found))) continue;
			return { eventType: found, from: { source, path } };
		}
	}
	return {};
}

/** Where each text field is looked for, in order, at the top level and then in the envelope. */
const FIELD_PATHS = {
	interviewId: ['interviewId', 'interview_id', 'interview.id', 'interview.interviewId'],
	candidateEmail: ['candidate.email', 'candidateEmail', 'candidate_email', 'email'],
	candidateName: ['candidate.name', 'candidateName', 'candidate_name', 'name'],
	completedAt: ['completedAt', 'completed_at', 'timestamp'],
	reportLink: ['reportLink', 'report_link'],
	deliveryId: DELIVERY_ID_KEYS,
} as const;
type TextField = keyof typeof FIELD_PATHS;
const TEXT_FIELDS = Object.keys(FIELD_PATHS) as TextField[];

const SCORE_NAMES: Record<string, keyof Scores> = {
	interviewScore: 'interviewScore',
	overallScore: 'interviewScore',
	communicationScore: 'communicationScore',
	codingScore: 'codingScore',
	technicalScore: 'codingScore',
};
const SCORE_KEYS = Object.keys(SCORE_NAMES);

/** The scores object (or score fields given loose), and where the score keys sit. */
function rawScores(sources: Source[]): { found: unknown; at: string[] } | undefined {
	for (const { object, at } of sources) {
		if (object.scores !== undefined && object.scores !== null) return { found: object.scores, at: [...at, 'scores'] };
		const loose = Object.fromEntries(SCORE_KEYS.filter((key) => object[key] !== undefined).map((key) => [key, object[key]]));
		if (Object.keys(loose).length > 0) return { found: loose, at };
	}
	return undefined;
}

/** The three scores under our names, and the paths of the keys they were read from. */
function scoresOf(sources: Source[]): { scores?: Scores; read: string[][]; problem?: string } {
	const raw = rawScores(sources);
	if (raw === undefined) return { read: [] };
	// Acted on here (renamed), so checked as documented.
	const parsed = documentedResult.safeParse({ scores: raw.found });
	if (!parsed.success) return { read: [], problem: 'The scores are not numbers' };
	const documented = parsed.data.scores ?? {};
	const scores: Scores = { interviewScore: null, communicationScore: null, codingScore: null };
	// In SCORE_KEYS' order, so that a documented name wins over the other naming's.
	for (const key of SCORE_KEYS) scores[SCORE_NAMES[key]] ??= (documented[key] as number | null | undefined) ?? null;
	const found = raw.found as IDataObject;
	const read = SCORE_KEYS.filter((key) => key in found && found[key] === scores[SCORE_NAMES[key]]).map((key) => [...raw.at, key]);
	return { scores, read };
}

/** The paths of every key under `paths` whose text is `value`: a value is read once, wherever it was repeated. */
function pathsHolding(sources: Source[], paths: readonly string[], value: string | undefined): string[][] {
	if (value === undefined) return [];
	return sources.flatMap(({ object, at }) => paths.filter((path) => textOf(valueAt(object, path)) === value).map((path) => [...at, ...path.split('.')]));
}

function removePath(object: IDataObject, [key, ...deeper]: string[]): void {
	const child = object[key];
	if (deeper.length === 0) delete object[key];
	else if (isPlainObject(child)) {
		removePath(child, deeper);
		if (Object.keys(child).length === 0) delete object[key];
	}
}

/** The body without the keys at `read`, objects left empty dropped; undefined when nothing is left. */
function unreadPart(event: IDataObject, read: string[][]): IDataObject | undefined {
	const rest = structuredClone(event);
	for (const path of read) removePath(rest, path);
	return Object.keys(rest).length > 0 ? rest : undefined;
}

export function readEvent(body: unknown, rawBody?: unknown): NormalisedEvent {
	const parsed = parseBody(body, rawBody);
	if (!('event' in parsed)) return { malformed: true, problems: [parsed.problem], other: parsed.raw ?? undefined };

	const { event } = parsed;
	const envelopes = ENVELOPE_KEYS.filter((key) => isPlainObject(event[key])).map((key) => ({ object: event[key] as IDataObject, at: [key] }));
	const placed: Source[] = [{ object: event, at: [] }, ...envelopes];
	const sources = placed.map((source) => source.object);
	const { eventType, from: typeSource } = eventTypeOf(sources);
	// A bare `name` that was read as the type is not the candidate's name.
	const fields: Partial<Record<TextField, string>> = Object.fromEntries(
		TEXT_FIELDS.map((field) => [field, firstText(sources, FIELD_PATHS[field], field === 'candidateName' ? typeSource : undefined)]),
	);
	const scores = scoresOf(placed);

	const problems: string[] = [];
	if (eventType === undefined) problems.push(`No event type (${TYPE_KEYS.join(', ')})`);
	if (fields.interviewId === undefined) problems.push('No interviewId');
	if (fields.candidateEmail === undefined) problems.push('No candidate e-mail');
	if (scores.problem) problems.push(scores.problem);

	const other = unreadPart(event, [
		...pathsHolding(placed, TYPE_KEYS, eventType),
		...TEXT_FIELDS.flatMap((field) => pathsHolding(placed, FIELD_PATHS[field], fields[field])),
		...scores.read,
	]);
	return {
		eventType,
		eventKind: eventType === undefined ? undefined : kindOfEventType(eventType),
		...fields,
		scores: scores.scores,
		malformed: problems.length > 0,
		problems,
		other,
	};
}
