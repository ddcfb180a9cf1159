import { z } from 'zod';

import { candidateResult, interview } from '../InterviewService/schemas';
import type { CandidateResult, Interview } from '../InterviewService/schemas';
import { isResultsNotReady, unlessError } from '../InterviewService/transport/errors';
import { collectPages } from '../InterviewService/transport/pagination';
import { apiRequest } from '../InterviewService/transport/request';
import type { InterviewServiceContext } from '../InterviewService/transport/request';

const resultList = z.array(candidateResult);
const interviewList = z.array(interview);

/** Every candidate result of one interview (all pages); none while results are not ready. */
export async function fetchCandidateResults(
	this: InterviewServiceContext,
	interviewId: string,
	search?: string,
): Promise<CandidateResult[]> {
	const endpoint = `/api/v1/interview/${encodeURIComponent(interviewId)}/results`;
	const walk = collectPages<CandidateResult>(
		async (page, limit) =>
			await apiRequest.call(this, 'GET', endpoint, resultList, {
				qs: search === undefined ? { page, limit } : { page, limit, search },
			}),
		{ keyOf: (result) => JSON.stringify([result.candidate?.email, result.candidate?.name, result.reportLink]) },
	);
	return await unlessError(walk, isResultsNotReady, []);
}

/** IDs of all published interviews, newest first. */
export async function fetchPublishedInterviewIds(this: InterviewServiceContext): Promise<string[]> {
	const interviews = await collectPages<Interview>(
		async (page, limit) =>
			await apiRequest.call(this, 'GET', '/api/v1/interview/get-interviews', interviewList, {
				qs: { status: 'published', page, limit },
			}),
		{ keyOf: (item) => item.interviewId },
	);
	return interviews.map((item) => item.interviewId);
}

/** Completed: the service has scored the candidate or written the report. */
export function isCompleted(result: CandidateResult): boolean {
	return Boolean(result.reportLink) || (result.scores !== null && result.scores !== undefined);
}
