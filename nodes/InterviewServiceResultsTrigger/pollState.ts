/* What the Results Trigger keeps between polls, in static data: a row without a completion time keeps one fingerprint for good, so an update loses no memory. */
import { createHash } from 'crypto';

import type { IDataObject } from 'n8n-workflow';

import { emailKey } from '../shared/email';

/** Static data is saved with the workflow, so it stays small: at most this many results the service no longer lists, each a hash (no e-mail stored). */
const MAX_REMEMBERED_RESULTS = 10_000;

/** Interview, e-mail without case (one that is no text as its JSON, none as ''), report link, then the completion time if any. */
export function resultKey(interviewId: string, email: unknown, reportLink: string | null | undefined, completedAt?: number): string {
	const emailPart = email === null || email === undefined ? '' : (emailKey(email) ?? JSON.stringify(email));
	const time = completedAt === undefined ? [] : [new Date(completedAt).toISOString()];
	return JSON.stringify([interviewId, emailPart, reportLink ?? '', ...time]);
}

export function fingerprint(key: string): string {
	return createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 20);
}

interface CompletedResultIdentity {
	interviewId: string;
	email?: unknown;
	reportLink?: string | null;
	completedAt?: number;
}

const fingerprintOf = ({ interviewId, email, reportLink, completedAt }: CompletedResultIdentity) =>
	fingerprint(resultKey(interviewId, email, reportLink, completedAt));

const untimedForms = (result: CompletedResultIdentity) => [
	{ ...result, completedAt: undefined },
	{ ...result, reportLink: null, completedAt: undefined },
];

/** New unless seen (a new completion time is a new attempt), also as it was before its report link or time appeared. */
export function isNewResult(seen: ReadonlySet<string>, result: CompletedResultIdentity): boolean {
	return ![result, { ...result, reportLink: null }, ...untimedForms(result)].some((form) => seen.has(fingerprintOf(form)));
}

/** `seen` itself when nothing is new (static data not rewritten); over `max`, only unlisted results go, oldest first: a listed one would return. */
export function rememberResults(seen: string[], current: CompletedResultIdentity[], max = MAX_REMEMBERED_RESULTS): string[] {
	const known = new Set(seen);
	const currentFingerprints = new Set(current.map(fingerprintOf));
	const added = [...currentFingerprints].filter((value) => !known.has(value));
	if (added.length === 0) return seen;

	// A time replaces the untimed forms of its row (unless listed themselves): kept, they would hide the candidate's next attempt.
	const timed = current.filter((result) => result.completedAt !== undefined);
	const replaced = new Set(timed.flatMap(untimedForms).map(fingerprintOf).filter((value) => !currentFingerprints.has(value)));
	const all = [...seen.filter((value) => !replaced.has(value)), ...added];
	const listedNoMore = all.filter((value) => !currentFingerprints.has(value));
	const overflow = listedNoMore.length - max;
	if (overflow <= 0) return all;
	const dropped = new Set(listedNoMore.slice(0, overflow));
	return all.filter((value) => !dropped.has(value));
}

interface PollState {
	/** `*` for all published interviews, else the interview ID; a change starts over. */
	watching: string;
	seen: string[];
	/** The interview a pass over all published ones stopped after, at the poll's budget; the next poll goes on from there. */
	resumeAfter?: string;
	/** While the first pass goes on: it records, and emits nothing. */
	recording?: true;
}

export function readPollState(staticData: IDataObject): PollState | undefined {
	const { watching, seen, resumeAfter, recording } = staticData;
	if (typeof watching !== 'string' || !Array.isArray(seen)) return undefined;
	return {
		watching,
		// The same array when it holds only texts, so an unchanged record is not written again.
		seen: seen.every((value) => typeof value === 'string') ? (seen as string[]) : seen.filter((value): value is string => typeof value === 'string'),
		resumeAfter: typeof resumeAfter === 'string' ? resumeAfter : undefined,
		recording: recording === true || undefined,
	};
}

/** Writes only what changed: n8n saves static data that was written to. */
export function savePollState(staticData: IDataObject, state: PollState): void {
	for (const [key, value] of Object.entries(state)) {
		if (staticData[key] === value) continue;
		if (value === undefined) delete staticData[key];
		else staticData[key] = value as IDataObject[string];
	}
}
