/** 3. List interviews — `GET /api/v1/interview/get-interviews`. */
import type { FastifyInstance } from 'fastify';

import { listInterviewsQuery } from '../../nodes/shared/contract';
import { requireBearer } from '../auth';
import type { SandboxContext } from '../context';
import { sendData, validate } from '../http';
import { interviewView, matchesSearch } from '../model';
import { pageOf } from '../pagination';
import type { StoredInterview } from '../state';

/** createdAt descending, ties by interviewId ascending (see assumptions.ts). */
function newestFirst(a: StoredInterview, b: StoredInterview): number {
	return b.createdAt.localeCompare(a.createdAt) || a.interviewId.localeCompare(b.interviewId);
}

export function registerGetInterviews(app: FastifyInstance, context: SandboxContext) {
	app.get('/api/v1/interview/get-interviews', { onRequest: requireBearer(context) }, async (request, reply) => {
		const query = validate(listInterviewsQuery, request.query);
		const interviews = [...context.state.interviews.values()]
			.filter((interview) => query.status === undefined || interview.status === query.status)
			.filter((interview) => matchesSearch(query.search, [interview.interviewName], interview.metaData))
			.sort(newestFirst);
		const page = pageOf(interviews, query, context.state.config);
		return sendData(reply, 200, 'Interviews fetched successfully', page.map(interviewView));
	});
}
