import type { CandidateResult } from './contract';
import { isResultsNotReady, unlessError } from './transport/errors';
import { listInterviews, listResults } from './transport/lists';
import type { InterviewServiceContext } from './transport/context';

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

interface SimplifiedResult {
	interviewId: string | null;
	name: string | null;
	email: string | null;
	interviewScore: number | null;
	communicationScore: number | null;
	codingScore: number | null;
	reportLink: string | null;
	metaData: Record<string, unknown>;
}

/** One flat record per candidate, whichever score names the service used. */
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
	};
}
