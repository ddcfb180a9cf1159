/** 1. Generate access token — `POST /api/v1/auth/token` (no bearer needed). */
import type { FastifyInstance } from 'fastify';

import { credentialsBody } from '../../nodes/shared/contract';
import { exchangeCredentials } from '../auth';
import type { SandboxContext } from '../context';
import { sendData, validate } from '../http';

export function registerAuthToken(app: FastifyInstance, context: SandboxContext) {
	app.post('/api/v1/auth/token', async (request, reply) => {
		const body = validate(credentialsBody, request.body);
		const { token, expiresIn } = exchangeCredentials(context, body);
		return sendData(reply, 201, 'Access token generated', { accessToken: token, tokenType: 'bearer', expiresIn });
	});
}
