/** 1. Generate access token (no bearer needed). */
import type { FastifyInstance } from 'fastify';

import { endpoints } from '../../nodes/shared/contract/endpoints';
import { exchangeCredentials } from '../auth';
import type { SandboxContext } from '../route-context';
import { serveEndpoint } from './serve-endpoint';

export function registerAuthToken(app: FastifyInstance, context: SandboxContext) {
	serveEndpoint(app, context, endpoints.createToken, ({ body }) => {
		const { token, expiresIn } = exchangeCredentials(context, body);
		return { status: 201, message: 'Access token generated', data: { accessToken: token, tokenType: 'bearer', expiresIn } };
	});
}
