import { z } from 'zod';

import { credentialsBody, linkData, tokenData } from './auth';
import { accessLinksBody, accessLinksData, cancelScheduledBody, cancelScheduledData } from './candidate';
import { pageQuery } from './common';
import { createInterviewBodySchema, interviewSchema, listInterviewsQuery, updateInterviewBodySchema, updateSettingsBodySchema } from './interview';
import { resultsPage } from './result';

/** One endpoint of the API: what the nodes send and the sandbox serves. `{id}` in the path is the interview's ID. */
export interface EndpointSpec {
	method: 'GET' | 'POST' | 'PUT' | 'PATCH';
	path: string;
	/** Whether the call carries the bearer token: all but the two credential exchanges. */
	bearer: boolean;
	body?: z.ZodTypeAny;
	query?: z.ZodTypeAny;
	/** The success envelope's `data`. */
	data: z.ZodTypeAny;
}

/** The ten endpoints of the spec, in the spec's order, one row each. */
export const endpoints = {
	createToken: { method: 'POST', path: '/api/v1/auth/token', bearer: false, body: credentialsBody, data: tokenData },
	createLink: { method: 'POST', path: '/api/v1/auth/link', bearer: false, body: credentialsBody, data: linkData },
	listInterviews: { method: 'GET', path: '/api/v1/interview/get-interviews', bearer: true, query: listInterviewsQuery, data: z.array(interviewSchema) },
	getInterview: { method: 'GET', path: '/api/v1/interview/get-interview/{id}', bearer: true, data: interviewSchema },
	updateSettings: { method: 'PUT', path: '/api/v1/interview/{id}/settings', bearer: true, body: updateSettingsBodySchema, data: interviewSchema },
	createInterview: { method: 'POST', path: '/api/v1/interview/create', bearer: true, body: createInterviewBodySchema, data: interviewSchema },
	updateInterview: { method: 'PATCH', path: '/api/v1/interview/{id}/update-interview', bearer: true, body: updateInterviewBodySchema, data: interviewSchema },
	createAccessLinks: { method: 'POST', path: '/api/v1/interview/{id}/access-links', bearer: true, body: accessLinksBody, data: accessLinksData },
	listResults: { method: 'GET', path: '/api/v1/interview/{id}/results', bearer: true, query: pageQuery, data: resultsPage },
	cancelScheduled: { method: 'POST', path: '/api/v1/interview/{id}/cancel-scheduled-candidates', bearer: true, body: cancelScheduledBody, data: cancelScheduledData },
} as const satisfies Record<string, EndpointSpec>;

