/** 2. Generate access link (no bearer needed). */
import type { FastifyInstance } from 'fastify';

import { endpoints } from '../../nodes/shared/contract/endpoints';
import { PRESIGNED_PATH } from '../assumptions';
import { exchangeCredentials } from '../auth';
import type { SandboxContext } from '../route-context';
import { serveEndpoint } from './serve-endpoint';

export function registerAuthLink(app: FastifyInstance, context: SandboxContext) {
	serveEndpoint(app, context, endpoints.createLink, ({ body }) => {
		const { token, expiresIn } = exchangeCredentials(context, body);
		const presignedUrl = `${context.baseUrl()}${PRESIGNED_PATH}?token=${encodeURIComponent(token)}`;
		return { status: 201, message: 'Access link generated', data: { presignedUrl, expiresIn } };
	});
}
