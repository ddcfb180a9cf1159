/** 6. Create interview — `POST /api/v1/interview/create`. */
import type { FastifyInstance } from 'fastify';

import { createInterviewBody } from '../../nodes/shared/contract';
import { requireBearer } from '../auth';
import type { SandboxContext } from '../context';
import { sendData, validate } from '../http';
import { buildInterview } from '../model';

export function registerCreateInterview(app: FastifyInstance, context: SandboxContext) {
	app.post('/api/v1/interview/create', { onRequest: requireBearer(context) }, async (request, reply) => {
		const body = validate(createInterviewBody, request.body);
		const interview = buildInterview(body, context.baseUrl(), new Date().toISOString());
		context.state.interviews.set(interview.interviewId, interview);
		return sendData(reply, 201, 'Interview created successfully', {
			interviewId: interview.interviewId,
			status: interview.status,
			interviewLink: interview.interviewLink,
			competencyData: interview.competencyData,
			metaData: interview.metaData,
		});
	});
}
