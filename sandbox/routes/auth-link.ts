/** 2. Generate access link — `POST /api/v1/auth/link` (no bearer needed). */
import type { FastifyInstance } from 'fastify';

import { credentialsBody } from '../../nodes/shared/contract';
import { PRESIGNED_PATH } from '../assumptions';
import { exchangeCredentials } from '../auth';
import type { SandboxContext } from '../context';
import { sendData, validate } from '../http';

export function registerAuthLink(app: FastifyInstance, context: SandboxContext) {
	app.post('/api/v1/auth/link', async (request, reply) => {
		const body = validate(credentialsBody, request.body);
		const { token, expiresIn } = exchangeCredentials(context, body);
		const presignedUrl = `${context.baseUrl()}${PRESIGNED_PATH}?token=${encodeURIComponent(token)}`;
		return sendData(reply, 201, 'Access link generated', { presignedUrl, expiresIn });
	});
}
