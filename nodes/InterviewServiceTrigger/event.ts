import type { IDataObject } from 'n8n-workflow';

import { candidateResult, simplifyResult } from '../InterviewService/schemas';

/**
 * The spec shows no event payload. We assume the sandbox's (see TRIGGERS.md):
 * `{ event: "interview.completed", eventId, interviewId, candidate: { name, email }, scores, reportLink, completedAt }`,
 * and read the type from `event`, `eventType` or `type`, whichever is present.
 */
export const COMPLETED_EVENT = 'completed';
export const ANY_EVENT = '*';

export interface NormalisedEvent {
	/** The item to emit: the event as received plus the normalised fields, or the raw body and `problems`. */
	json: IDataObject;
	eventType?: string;
	interviewId?: string;
	candidateEmail?: string;
	malformed: boolean;
}

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

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
	if (isObject(body) && Object.keys(body).length > 0) return { event: body };
	const received = bodyText(body, rawBody);
	if (received === undefined || received.trim() === '') return { raw: null, problem: 'The request has no body' };
	const parsed = parseJson(received);
	if (isObject(parsed)) return { event: parsed };
	return {
		raw: received,
		problem: parsed === undefined ? 'The body is not JSON' : 'The body is JSON but not an object',
	};
}

const firstText = (...values: unknown[]) => values.map(text).find((value) => value !== undefined);

function eventTypeOf(event: IDataObject): string | undefined {
	return firstText(event.event, event.eventType, event.type);
}

function interviewIdOf(event: IDataObject): string | undefined {
	const interview = isObject(event.interview) ? event.interview : {};
	return firstText(event.interviewId, event.interview_id, interview.interviewId, interview.id);
}

function candidateEmailOf(event: IDataObject): string | undefined {
	const candidate = isObject(event.candidate) ? event.candidate : {};
	return firstText(candidate.email, event.candidateEmail, event.email);
}

/** The three scores under our names, whichever naming the service used. */
function scoresOf(event: IDataObject): { scores?: IDataObject; problem?: string } {
	if (event.scores === undefined || event.scores === null) return {};
	const parsed = candidateResult.safeParse({ scores: event.scores });
	if (!parsed.success) return { problem: 'The scores are not numbers' };
	const { interviewScore, communicationScore, codingScore } = simplifyResult(parsed.data);
	return { scores: { interviewScore, communicationScore, codingScore } };
}

export function normaliseEvent(body: unknown, rawBody?: unknown): NormalisedEvent {
	const parsed = parseBody(body, rawBody);
	if (!('event' in parsed)) {
		return { json: { body: parsed.raw as IDataObject[string], malformed: true, problems: [parsed.problem] }, malformed: true };
	}

	const { event } = parsed;
	const eventType = eventTypeOf(event);
	const interviewId = interviewIdOf(event);
	const candidateEmail = candidateEmailOf(event);
	const scores = scoresOf(event);

	const problems: string[] = [];
	if (eventType === undefined) problems.push('No event type (event, eventType or type)');
	if (interviewId === undefined) problems.push('No interviewId');
	if (candidateEmail === undefined) problems.push('No candidate e-mail (candidate.email)');
	if (scores.problem) problems.push(scores.problem);

	const json: IDataObject = { ...event, ...scores.scores };
	if (eventType !== undefined) json.eventType = eventType;
	if (interviewId !== undefined) json.interviewId = interviewId;
	if (candidateEmail !== undefined) json.candidateEmail = candidateEmail;
	json.malformed = problems.length > 0;
	if (problems.length > 0) json.problems = problems;

	return { json, eventType, interviewId, candidateEmail, malformed: problems.length > 0 };
}

/** `interview.completed`, `completed` or `candidate_completed` all count as a completion. */
export function isCompletion(eventType: string): boolean {
	return /(^|[._:-])completed$/i.test(eventType);
}

/**
 * Whether the node passes the event on. An event whose type we cannot read is passed on (with its
 * `malformed` flag) rather than dropped, so a change of payload shows up instead of going silent.
 */
export function isSelected(selectedEvents: string[], eventType: string | undefined): boolean {
	if (eventType === undefined || selectedEvents.includes(ANY_EVENT)) return true;
	return selectedEvents.includes(COMPLETED_EVENT) && isCompletion(eventType);
}
