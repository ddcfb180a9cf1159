import type { IDataObject } from 'n8n-workflow';

import { documentedResult } from '../shared/contract';
import { isPlainObject } from '../shared/plainObjects';
import { simplifyResult } from '../shared/results';
import { kindOfEventType } from './eventKind';
import type { EventKind } from './eventKind';

/**
 * The spec shows no event payload, and senders differ. The node reads an event leniently:
 * - flat, as our sandbox sends by default: `{ event, eventId, interviewId, candidate: { name, email }, scores, reportLink, completedAt }`;
 * - in an envelope, one level down under `data`, `payload` or `object`: `{ type, deliveryId, data: { ... } }`, `{ event, data }`;
 * with the usual key variants (camelCase, snake_case, nested `interview.id` / `candidate.email`).
 * The top level is read before the envelope.
 */
const ENVELOPE_KEYS = ['data', 'payload', 'object'] as const;
const TYPE_KEYS = ['event', 'type', 'eventType', 'event_type', 'name'] as const;

export interface NormalisedEvent {
	/** The item to emit: the event as received plus the normalised fields, or the raw body and `problems`. */
	json: IDataObject;
	/** The parsed body, when it is a JSON object. */
	body?: IDataObject;
	eventType?: string;
	eventKind?: EventKind;
	interviewId?: string;
	candidateEmail?: string;
	completedAt?: string;
	reportLink?: string;
	malformed: boolean;
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

/** Where fields are looked for, in order: the top level, then each envelope that is an object. */
export function fieldSources(event: IDataObject): IDataObject[] {
	const envelopes = ENVELOPE_KEYS.map((key) => event[key]).filter(isPlainObject);
	return [event, ...envelopes];
}

/** A key, or a `parent.child` path one level deep. */
function valueAt(source: IDataObject, path: string): unknown {
	const [first, second] = path.split('.');
	const value = source[first];
	if (second === undefined) return value;
	return isPlainObject(value) ? value[second] : undefined;
}

/** The first non-empty text under any of `paths`, the top level first; `skip` leaves out one source's key. */
export function firstText(sources: IDataObject[], paths: readonly string[], skip?: { source: IDataObject; path: string }): string | undefined {
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

const INTERVIEW_ID_PATHS = ['interviewId', 'interview_id', 'interview.id', 'interview.interviewId'];
const EMAIL_PATHS = ['candidate.email', 'candidateEmail', 'candidate_email', 'email'];
const NAME_PATHS = ['candidate.name', 'candidateName', 'candidate_name', 'name'];
const COMPLETED_AT_PATHS = ['completedAt', 'completed_at', 'timestamp'];
const REPORT_LINK_PATHS = ['reportLink', 'report_link'];
const SCORE_KEYS = ['interviewScore', 'overallScore', 'communicationScore', 'codingScore', 'technicalScore'];

/** The scores object (or score fields given loose), from the top level or the envelope. */
function rawScores(sources: IDataObject[]): unknown {
	for (const source of sources) {
		if (source.scores !== undefined && source.scores !== null) return source.scores;
		const loose = Object.fromEntries(SCORE_KEYS.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]));
		if (Object.keys(loose).length > 0) return loose;
	}
	return undefined;
}

/** The three scores under our names, whichever naming the service used. */
function scoresOf(sources: IDataObject[]): { scores?: IDataObject; problem?: string } {
	const found = rawScores(sources);
	if (found === undefined) return {};
	// The scores are acted on here (normalised to our names), so they are checked as documented.
	const parsed = documentedResult.safeParse({ scores: found });
	if (!parsed.success) return { problem: 'The scores are not numbers' };
	const { interviewScore, communicationScore, codingScore } = simplifyResult(parsed.data);
	return { scores: { interviewScore, communicationScore, codingScore } };
}

/** Sets `key` only when there is a value, so that absent fields stay absent. */
function setDefined(target: IDataObject, key: string, value: IDataObject[string] | undefined) {
	if (value !== undefined) target[key] = value;
}

export function readEvent(body: unknown, rawBody?: unknown): NormalisedEvent {
	const parsed = parseBody(body, rawBody);
	if (!('event' in parsed)) {
		return { json: { body: parsed.raw as IDataObject[string], malformed: true, problems: [parsed.problem] }, malformed: true };
	}

	const { event } = parsed;
	const sources = fieldSources(event);
	const { eventType, from: typeSource } = eventTypeOf(sources);
	const eventKind = eventType === undefined ? undefined : kindOfEventType(eventType);
	const interviewId = firstText(sources, INTERVIEW_ID_PATHS);
	const candidateEmail = firstText(sources, EMAIL_PATHS);
	// A bare `name` that was read as the type is not the candidate's name.
	const candidateName = firstText(sources, NAME_PATHS, typeSource);
	const scores = scoresOf(sources);

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

	return { json, body: event, eventType, eventKind, interviewId, candidateEmail, completedAt, reportLink, malformed: problems.length > 0 };
}
