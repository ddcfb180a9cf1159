/** 6. Create interview. */
import type { FastifyInstance } from 'fastify';

import { endpoints } from '../../nodes/shared/contract/endpoints';
import type { SandboxContext } from '../route-context';
import { buildInterview } from '../interviews-and-results';
import { serveEndpoint } from './serve-endpoint';

export function registerCreateInterview(app: FastifyInstance, context: SandboxContext) {
	serveEndpoint(app, context, endpoints.createInterview, ({ body }) => {
		const interview = buildInterview(body, context.baseUrl(), new Date().toISOString());
		context.state.interviews.set(interview.interviewId, interview);
		const { interviewId, status, interviewLink, competencyData, metaData } = interview;
		return { status: 201, message: 'Interview created successfully', data: { interviewId, status, interviewLink, competencyData, metaData } };
	});
}
