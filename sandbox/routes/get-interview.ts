/** 4. Get interview by identifier. */
import type { FastifyInstance } from 'fastify';

import { endpoints } from '../../nodes/shared/contract/endpoints';
import type { SandboxContext } from '../route-context';
import { interviewView } from '../interviews-and-results';
import { serveEndpoint } from './serve-endpoint';

export function registerGetInterview(app: FastifyInstance, context: SandboxContext) {
	serveEndpoint(app, context, endpoints.getInterview, ({ interview }) => ({
		status: 200,
		message: 'Interview fetched successfully',
		data: interviewView(interview),
	}));
}
