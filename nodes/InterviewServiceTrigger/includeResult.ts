import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { emailKey } from '../shared/email';
import type { CandidateResult } from '../shared/contract';
import { fetchCandidateResults, isCompleted, simplifyResult } from '../shared/results';

/**
 * The candidate's result, matched by e-mail without case, as `result` (simplified) and
 * `resultRaw`. A failed lookup is reported on the item, never thrown: the event itself has
 * arrived and must not be lost because the results endpoint had a bad moment.
 */
export async function resultFields(
	this: IWebhookFunctions,
	interviewId: string | undefined,
	candidateEmail: string | undefined,
): Promise<IDataObject> {
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
	const matches = results.filter((result) => emailKey(result.candidate?.email ?? '') === wanted);
	const completed = matches.filter(isCompleted);
	const match = completed[completed.length - 1] ?? matches[matches.length - 1];
	if (match === undefined) return { result: null, resultError: 'No result for this candidate yet' };
	return { result: simplifyResult(match) as unknown as IDataObject, resultRaw: match as IDataObject };
}
