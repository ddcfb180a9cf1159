/** 3. List interviews. */
import type { FastifyInstance } from 'fastify';

import { endpoints } from '../../nodes/shared/contract/endpoints';
import type { SandboxContext } from '../route-context';
import { interviewView, matchesSearch } from '../interviews-and-results';
import { pageOf } from '../pagination';
import type { StoredInterview } from '../state';
import { serveEndpoint } from './serve-endpoint';

/** createdAt descending, ties by interviewId ascending (see assumptions.ts). */
function newestFirst(a: StoredInterview, b: StoredInterview): number {
	return b.createdAt.localeCompare(a.createdAt) || a.interviewId.localeCompare(b.interviewId);
}

export function registerGetInterviews(app: FastifyInstance, context: SandboxContext) {
	serveEndpoint(app, context, endpoints.listInterviews, ({ query }) => {
		const interviews = [...context.state.interviews.values()]
			.filter((interview) => query.status === undefined || interview.status === query.status)
			.filter((interview) => matchesSearch(query.search, [interview.interviewName], interview.metaData))
			.sort(newestFirst);
		const page = pageOf(interviews, query, context.state.config);
		return { status: 200, message: 'Interviews fetched successfully', data: page.map(interviewView) };
	});
}
