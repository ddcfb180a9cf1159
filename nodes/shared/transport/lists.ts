import { emailKey } from '../email';
import { withoutUndefined } from '../plainObjects';
import { endpoints } from '../contract/endpoints';
import { isUnexpectedRow } from '../contract/result';
import type { Interview } from '../contract/interview';
import type { CandidateResult } from '../contract/result';
import { collectPages } from './pagination';
import { isPastTheEnd, isResultsNotReady } from '../dialects';
import { unlessError } from './errors';
import { apiRequest, runOf } from './request';
import type { InterviewServiceContext, RequestRun } from './request';

interface ListOptions {
	limit?: number;
	search?: string;
	itemIndex?: number;
}

/** get-interviews, all pages or up to `limit`. */
export async function listInterviews(
	this: InterviewServiceContext | RequestRun,
	{ status, search, limit, itemIndex }: ListOptions & { status?: string },
): Promise<Interview[]> {
	const run = runOf(this);
	return await collectPages<Interview>(
		async (page, pageLimit) =>
			await apiRequest.call(run, endpoints.listInterviews, {
				qs: withoutUndefined({ page, limit: pageLimit, status, search }),
				itemIndex,
			}),
		// A row without an id (read leniently) is known by its content.
		{ limit, keyOf: (item) => (typeof item.interviewId === 'string' ? item.interviewId : JSON.stringify(item)) },
	);
}

// E-mail (without case) and report: a candidate's second report is kept, a repeated page caught; an odd record has no key, so
// two alike both pass. Unlike `pollState.resultKey`, which is stored in static data and must never change.
export function resultRowKey(result: CandidateResult): string | undefined {
	if (isUnexpectedRow(result)) return undefined;
	const email = result.candidate?.email;
	const key = email === '' ? undefined : emailKey(email);
	return key === undefined ? JSON.stringify(result) : JSON.stringify([key, result.reportLink ?? null]);
}

/** The results of one interview, all pages or up to `limit`. A 422 "not ready" for page 1 is thrown as is. */
export async function listResults(
	this: InterviewServiceContext | RequestRun,
	interviewId: string,
	{ search, limit, itemIndex }: ListOptions = {},
): Promise<CandidateResult[]> {
	const run = runOf(this);
	const fetchPage = async (page: number, pageLimit: number) =>
		await apiRequest.call(run, endpoints.listResults, { interviewId, qs: withoutUndefined({ page, limit: pageLimit, search }), itemIndex });
	return await collectPages<CandidateResult>(
		// Past page 1, a page past the end ends the walk with the rows read.
		async (page, pageLimit) => (page === 1 ? await fetchPage(page, pageLimit) : await unlessError(fetchPage(page, pageLimit), isPastTheEnd, [])),
		{ limit, keyOf: resultRowKey },
	);
}

/** Every candidate result of one interview (all pages); none while results are not ready. */
export async function fetchCandidateResults(
	this: InterviewServiceContext | RequestRun,
	interviewId: string,
	search?: string,
): Promise<CandidateResult[]> {
	return await unlessError(listResults.call(this, interviewId, { search }), isResultsNotReady, []);
}
