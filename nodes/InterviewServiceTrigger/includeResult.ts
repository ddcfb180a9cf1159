import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { emailKey } from '../shared/email';
import type { CandidateResult } from '../shared/contract';
import { completedAtOf, instantOf, isCompleted, simplifyResult } from '../shared/results';
import { fetchCandidateResults } from '../shared/transport/lists';
import type { NormalisedEvent } from './event';

/**
 * The candidate's row this event is about, when the candidate has several (a re-attempt): the one
 * with the event's report link, else the one completed at the event's time, else the last
 * completed row, else the last row.
 */
export function rowOfEvent(rows: CandidateResult[], event: Pick<NormalisedEvent, 'reportLink' | 'completedAt'>): CandidateResult | undefined {
	const byLink = event.reportLink === undefined ? undefined : rows.find((row) => row.reportLink === event.reportLink);
	if (byLink) return byLink;
	const eventTime = instantOf(event.completedAt);
	const byTime = eventTime === undefined ? undefined : rows.find((row) => completedAtOf(row) === eventTime);
	if (byTime) return byTime;
	const completed = rows.filter(isCompleted);
	return completed[completed.length - 1] ?? rows[rows.length - 1];
}

/**
 * The candidate's result, matched by e-mail without case, as `result` (simplified) and
 * `resultRaw`. A failed lookup is reported on the item, never thrown: the event itself has
 * arrived and must not be lost because the results endpoint had a bad moment.
 */
export async function resultFields(
	this: IWebhookFunctions,
	interviewId: string | undefined,
	event: Pick<NormalisedEvent, 'candidateEmail' | 'reportLink' | 'completedAt'>,
): Promise<IDataObject> {
	const { candidateEmail } = event;
	if (interviewId === undefined || candidateEmail === undefined) {
		return { result: null, resultError: 'The event names no interview or candidate e-mail to look up' };
	}
	let results: CandidateResult[];
	try {
		results = await fetchCandidateResults.call(this, interviewId, candidateEmail);
	} catch (error) {
		return { result: null, resultError: (error as Error).message };
	}
	const wanted = emailKey(candidateEmail);
	const matches = results.filter((result) => emailKey(result.candidate?.email) === wanted);
	const match = rowOfEvent(matches, event);
	if (match === undefined) return { result: null, resultError: 'No result for this candidate yet' };
	return { result: simplifyResult(match) as unknown as IDataObject, resultRaw: match as IDataObject };
}
