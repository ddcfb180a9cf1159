import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { z } from 'zod';

import { interview } from '../schemas';
import { MAX_PAGE_SIZE } from '../transport/pagination';
import { callApi } from '../helpers/api';

const interviewPage = z.array(interview);

/**
 * The interview picker: get-interviews searched by name, one page per call. A full page means
 * there may be more, so the next page number travels as the pagination token.
 */
export async function searchInterviews(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken) >= 1 ? Number(paginationToken) : 1;
	const search = filter?.trim() ? filter.trim() : undefined;
	const interviews = await callApi(this, 'GET', '/api/v1/interview/get-interviews', interviewPage, {
		qs: { page, limit: MAX_PAGE_SIZE, ...(search ? { search } : {}) },
	});
	const results: INodeListSearchItems[] = interviews.map((item) => ({
		name: item.status ? `${item.interviewName ?? item.interviewId} (${item.status})` : (item.interviewName ?? item.interviewId),
		value: item.interviewId,
	}));
	return { results, paginationToken: interviews.length === MAX_PAGE_SIZE ? String(page + 1) : undefined };
}
