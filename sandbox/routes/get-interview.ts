/** 4. Get interview by identifier — `GET /api/v1/interview/get-interview/{id}`. */
import type { FastifyInstance } from 'fastify';

import { requireBearer } from '../auth';
import type { SandboxContext } from '../context';
import { sendData } from '../http';
import { interviewView } from '../model';

export function registerGetInterview(app: FastifyInstance, context: SandboxContext) {
	app.get<{ Params: { id: string } }>(
		'/api/v1/interview/get-interview/:id',
		{ onRequest: requireBearer(context) },
		async (request, reply) => {
			const interview = context.state.requireInterview(request.params.id);
			return sendData(reply, 200, 'Interview fetched successfully', interviewView(interview));
		},
	);
}
