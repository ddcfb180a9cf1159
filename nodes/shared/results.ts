import { createHash } from 'crypto';

import { isUnexpectedRow, UNEXPECTED_ROW } from './contract/result';
import type { CandidateResult } from './contract/result';
import { emailKey } from './email';

/** A date-time (text, or a number as text) as milliseconds; undefined when it is none. */
export function instantOf(value: unknown): number | undefined {
	const time = typeof value === 'string' || typeof value === 'number' ? Date.parse(String(value)) : Number.NaN;
	return Number.isNaN(time) ? undefined : time;
}

export const completedAtOf = (result: CandidateResult): number | undefined => instantOf(result.completedAt ?? result.completed_at);

/** One text per completion, alike from both triggers (interview, e-mail, time); lacking one, `otherwise` stands in. */
export function completionKey(interviewId: unknown, email: unknown, completedAt: number | undefined, otherwise: string): string {
	const known = typeof interviewId === 'string' && emailKey(email) && completedAt !== undefined;
	const parts = known ? [interviewId, emailKey(email), new Date(completedAt).toISOString()] : [otherwise];
	return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

const isScore = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** Finished (a report link, or a completed status) and scored: a row without a numeric score is still on its way. */
export function isCompleted(result: CandidateResult): boolean {
	const finished = Boolean(result.reportLink) || /^completed?$/i.test(String(result.status ?? ''));
	return finished && Object.values(result.scores ?? {}).some(isScore);
}

interface SimplifiedResult {
	interviewId: string | null;
	name: string | null;
	email: string | null;
	interviewScore: number | null;
	communicationScore: number | null;
	codingScore: number | null;
	reportLink: string | null;
	metaData: Record<string, unknown>;
	unexpectedRow?: unknown;
}

/** One flat record per candidate, whichever score names the service used; an odd record keeps what was received. */
export function simplifyResult(result: CandidateResult): SimplifiedResult {
	const s = result.scores ?? {};
	return {
		interviewId: result.interviewId ?? null,
		name: result.candidate?.name ?? null,
		email: result.candidate?.email ?? null,
		interviewScore: s.interviewScore ?? s.overallScore ?? null,
		communicationScore: s.communicationScore ?? null,
		codingScore: s.codingScore ?? s.technicalScore ?? null,
		reportLink: result.reportLink ?? null,
		metaData: result.metaData ?? {},
		...(isUnexpectedRow(result) ? { [UNEXPECTED_ROW]: result[UNEXPECTED_ROW] } : {}),
	};
}
