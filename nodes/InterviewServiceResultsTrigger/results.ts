import type { CandidateResult } from '../InterviewService/schemas';
import { isResultsNotReady, unlessError } from '../InterviewService/transport/errors';
import { listInterviews, listResults } from '../InterviewService/transport/lists';
import type { InterviewServiceContext } from '../InterviewService/transport/request';

/** Every candidate result of one interview (all pages); none while results are not ready. */
export async function fetchCandidateResults(
	this: InterviewServiceContext,
	interviewId: string,
	search?: string,
): Promise<CandidateResult[]> {
	return await unlessError(listResults.call(this, interviewId, { search }), isResultsNotReady, []);
}

/** IDs of all published interviews, newest first. */
export async function fetchPublishedInterviewIds(this: InterviewServiceContext): Promise<string[]> {
	const interviews = await listInterviews.call(this, { status: 'published' });
	return interviews.map((item) => item.interviewId);
}

/** Completed: the service has scored the candidate or written the report. */
export function isCompleted(result: CandidateResult): boolean {
	return Boolean(result.reportLink) || (result.scores !== null && result.scores !== undefined);
}
