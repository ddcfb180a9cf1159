import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { listInterviews } from '../transport/lists';
import { MAX_PAGE_SIZE } from '../transport/pagination';

/** Walked as Get Many walks it, so a capped page size is caught alike; the token counts those shown, each step reads from the start. */
export async function searchInterviews(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const shown = Number(paginationToken) > 0 ? Math.floor(Number(paginationToken)) : 0;
	const search = filter?.trim() ? filter.trim() : undefined;
	const limit = shown + MAX_PAGE_SIZE;
	const interviews = await listInterviews.call(this, { search, limit });
	const results: INodeListSearchItems[] = interviews.slice(shown).filter((item) => typeof item.interviewId === 'string').map((item) => ({
		name: item.status ? `${String(item.interviewName ?? item.interviewId)} (${String(item.status)})` : String(item.interviewName ?? item.interviewId),
		value: String(item.interviewId),
	}));
	return { results, paginationToken: interviews.length >= limit ? String(limit) : undefined };
}
