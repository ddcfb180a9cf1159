/** 4. Get interview by identifier. */
import type { FastifyInstance } from 'fastify';

import { endpoints } from '../../nodes/shared/contract';
import type { SandboxContext } from '../context';
import { interviewView } from '../model';
import { serveEndpoint } from './serve-endpoint';

export function registerGetInterview(app: FastifyInstance, context: SandboxContext) {
	serveEndpoint(app, context, endpoints.getInterview, ({ interview }) => ({
		status: 200,
		message: 'Interview fetched successfully',
		data: interviewView(interview),
	}));
}
