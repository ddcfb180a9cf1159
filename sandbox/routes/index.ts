/** The ten endpoints of the spec, in the spec's order. */
import type { FastifyInstance } from 'fastify';

import type { SandboxContext } from '../route-context';

import { registerAccessLinks } from './access-links';
import { registerAuthLink } from './auth-link';
import { registerAuthToken } from './auth-token';
import { registerCancelScheduledCandidates } from './cancel-scheduled-candidates';
import { registerCreateInterview } from './create-interview';
import { registerGetInterview } from './get-interview';
import { registerGetInterviews } from './get-interviews';
import { registerInterviewSettings } from './interview-settings';
import { registerResults } from './results';
import { registerUpdateInterview } from './update-interview';

export function registerApiRoutes(app: FastifyInstance, context: SandboxContext) {
	registerAuthToken(app, context); // 1
	registerAuthLink(app, context); // 2
	registerGetInterviews(app, context); // 3
	registerGetInterview(app, context); // 4
	registerInterviewSettings(app, context); // 5
	registerCreateInterview(app, context); // 6
	registerUpdateInterview(app, context); // 7
	registerAccessLinks(app, context); // 8
	registerResults(app, context); // 9
	registerCancelScheduledCandidates(app, context); // 10
}

export const API_PREFIX = '/api/v1/';
