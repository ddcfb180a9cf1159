/**
 * What the Results Trigger keeps between polls, in the workflow's static data: what it watches and
 * a fingerprint of every result it has seen. The stored format never changes, so an active
 * workflow's memory reads the same after an update.
 */
import { createHash } from 'crypto';

import type { IDataObject } from 'n8n-workflow';

import { emailKey } from '../shared/email';

/**
 * Static data is saved with the workflow on every change, so it must stay small: besides every
 * result the service still lists, at most this many results it no longer lists are remembered
 * (see `rememberResults`), each as a 20-character hash (which also keeps candidates' e-mail
 * addresses out of the workflow's data).
 */
const MAX_REMEMBERED_RESULTS = 10_000;

/**
 * Identity of a completed result: interview, e-mail without case, report link. An e-mail that is no
 * text (rows are kept as received) stands as its JSON; none (null, missing) as ''.
 */
export function resultKey(interviewId: string, email: unknown, reportLink: string | null | undefined): string {
	const emailPart = email === null || email === undefined ? '' : (emailKey(email) ?? JSON.stringify(email));
	return JSON.stringify([interviewId, emailPart, reportLink ?? '']);
}

export function fingerprint(key: string): string {
	return createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 20);
}

interface CompletedResultIdentity {
	interviewId: string;
	email?: unknown;
	reportLink?: string | null;
}

const fingerprintOf = ({ interviewId, email, reportLink }: CompletedResultIdentity) =>
	fingerprint(resultKey(interviewId, email, reportLink));

/**
 * A result is new unless its key was seen. A report link that appears after the scores does not
 * make it new again: the same result seen earlier without a link counts as seen.
 */
export function isNewResult(seen: ReadonlySet<string>, result: CompletedResultIdentity): boolean {
	if (seen.has(fingerprintOf(result))) return false;
	return !(result.reportLink && seen.has(fingerprintOf({ ...result, reportLink: null })));
}

/**
 * The remembered fingerprints after a poll that saw `current`. Returns `seen` itself when nothing
 * is new, so static data is not rewritten. Results the service still lists are never forgotten
 * (forgetting one would emit it again at the next poll); over the bound, only results it no
 * longer lists go, oldest first. So the memory holds what the service lists plus at most `max`.
 */
export function rememberResults(seen: string[], current: CompletedResultIdentity[], max = MAX_REMEMBERED_RESULTS): string[] {
	const known = new Set(seen);
	const currentFingerprints = new Set(current.map(fingerprintOf));
	const added = [...currentFingerprints].filter((value) => !known.has(value));
	if (added.length === 0) return seen;

	const all = [...seen, ...added];
	const listedNoMore = all.filter((value) => !currentFingerprints.has(value));
	const overflow = listedNoMore.length - max;
	if (overflow <= 0) return all;
	const dropped = new Set(listedNoMore.slice(0, overflow));
	return all.filter((value) => !dropped.has(value));
}

/** What the poller keeps between polls: what it watches, and what it has seen of it. */
interface PollState {
	/** `*` for all published interviews, else the interview ID; a change starts over. */
	watching: string;
	seen: string[];
}

export function readPollState(staticData: IDataObject): PollState | undefined {
	const { watching, seen } = staticData;
	if (typeof watching !== 'string' || !Array.isArray(seen)) return undefined;
	return { watching, seen: seen.filter((value): value is string => typeof value === 'string') };
}

export function savePollState(staticData: IDataObject, state: PollState): void {
	staticData.watching = state.watching;
	staticData.seen = state.seen;
}
