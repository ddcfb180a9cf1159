import { emailKey } from './email';
import { isPlainObject } from './plainObjects';
import type { ApiFailure } from './transport/errors';

// The service's dialects: what it says where the spec leaves it open, each named and read only here. The sandbox
// speaks every one (sandbox/README.md, "Dialects"); a test holds each reading.

// ── `success: false` in an answer ──────────────────────────────────────────────────────────

/** `{ success: false, message, error }` under any HTTP status, a 200 too. */
export function failureInAnswer(body: unknown): { message: string; error: unknown } | undefined {
	if (!isPlainObject(body) || body.success !== false) return undefined;
	const message = typeof body.message === 'string' && body.message !== '' ? body.message : 'The Interview Service answered success: false';
	return { message, error: body.error };
}

// ── Results not ready ──────────────────────────────────────────────────────────────────────

// The results endpoint's 422 while nobody has completed: RESULTS_NOT_READY on a 422 or a success:false 200, or "not ready"
// in the message of a 422 without a code. Any other 422 is a real validation error.
export function isResultsNotReady(error: unknown): boolean {
	const { httpCode, errorResponse, message } = (error ?? {}) as ApiFailure;
	if (httpCode !== '422' && httpCode !== '200') return false;
	if ((errorResponse?.error as { code?: unknown } | null | undefined)?.code === 'RESULTS_NOT_READY') return true;
	return httpCode === '422' && /not ready/i.test(message ?? '');
}

// ── A page past the end ────────────────────────────────────────────────────────────────────

/** Past page 1, a 422 or a 404 is how some services say "no such page", where others answer `[]`. */
export const isPastTheEnd = (error: unknown) => ['422', '404'].includes(String((error as ApiFailure | undefined)?.httpCode));

// ── A refused request ──────────────────────────────────────────────────────────────────────

/** A request the service refused with a 422, which applied none of it: its message and its `error` details. */
export interface Refusal {
	message: string;
	details: unknown;
}

/** The text of a detail's `path`: `candidates.3.email` as it came, or a path given as a list (`["candidates", 3, "email"]`) joined. */
function pathOf(detail: unknown): string | undefined {
	if (!isPlainObject(detail)) return undefined;
	const { path } = detail;
	if (Array.isArray(path)) return path.join('.');
	return typeof path === 'string' ? path : undefined;
}

// A 422 about some candidates, so part of the request may be resent. Details naming only fields outside the candidates
// are about the whole request; any other failure (5xx, timeout, lost answer) may have been applied: never a refusal.
export function refusalOf(error: unknown): Refusal | undefined {
	const { httpCode, errorResponse, message } = (error ?? {}) as ApiFailure;
	if (httpCode !== '422') return undefined;
	const details = errorResponse?.error;
	const refusal = { message, details };
	if (!Array.isArray(details) || details.length === 0) return refusal;
	const paths = details.map(pathOf);
	return paths.every((path) => path !== undefined && path !== '' && !path.startsWith('candidate')) ? undefined : refusal;
}

/** A candidate's place in the request's list (`candidates.3.email`, `candidates[3]`, `candidateEmails.3`), from 0. */
function placeOf(detail: unknown): number | undefined {
	const match = /^candidate(?:s|Emails)(?:\.|\[)(\d+)(?:\]|\.|$)/.exec(pathOf(detail) ?? '');
	return match ? Number(match[1]) : undefined;
}

/** The e-mail a detail names the candidate by: `{ email, message }` (or `candidateEmail`, as the cancel answer names it). */
function emailOf(detail: unknown): string | undefined {
	if (!isPlainObject(detail)) return undefined;
	const email = detail.email ?? detail.candidateEmail;
	return typeof email === 'string' && email.trim() !== '' ? email : undefined;
}

// Naming nobody (`error` null, or details that do not each name a candidate), by e-mail (`[{ email, message }]`), or by
// place as validation libraries do (`[{ path: "candidates.3.email", message }]`). Maps e-mail keys to their details;
// undefined when it names nobody or a candidate not sent, since then nothing it says about who is trusted.
export function refusedCandidates(refusal: Refusal, sentEmails: string[]): Map<string, unknown[]> | undefined {
	const { details } = refusal;
	if (!Array.isArray(details) || details.length === 0) return undefined;
	const sent = new Set(sentEmails.map(emailKey));
	const named = new Map<string, unknown[]>();
	for (const detail of details) {
		const place = placeOf(detail);
		const email = emailOf(detail) ?? (place !== undefined && place < sentEmails.length ? sentEmails[place] : undefined);
		if (email === undefined || !sent.has(emailKey(email))) return undefined;
		named.set(emailKey(email), [...(named.get(emailKey(email)) ?? []), detail]);
	}
	return named;
}

// ── An omitted candidate ───────────────────────────────────────────────────────────────────

/** Some services take the request and leave a refused candidate out of the answer: its entries by e-mail, without case. */
export function entriesByEmail<T>(entries: T[], emailOfEntry: (entry: T) => unknown): (email: string) => T | undefined {
	const byEmail = new Map<string | undefined, T>();
	for (let index = 0; index < entries.length; index++) byEmail.set(emailKey(emailOfEntry(entries[index])), entries[index]);
	return (email) => byEmail.get(emailKey(email));
}

