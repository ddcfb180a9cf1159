/** The one way every API route is served: from its row of the contract's endpoint table. */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

import type { EndpointSpec } from '../../nodes/shared/contract/endpoints';
import { requireBearer } from '../auth';
import type { SandboxContext } from '../route-context';
import { sendData, validate } from '../http';
import type { StoredInterview } from '../state';

type Checked<S> = S extends z.ZodTypeAny ? z.infer<S> : undefined;

/** What a route gets: the interview of the path (when it has one), the body and the query, each checked. */
export interface RouteInput<E extends EndpointSpec> {
	interview: E['path'] extends `${string}{id}${string}` ? StoredInterview : undefined;
	body: Checked<E['body']>;
	query: Checked<E['query']>;
}

/** What a route answers: the success envelope's status, message and data. */
export interface RouteAnswer {
	status: number;
	message: string;
	data: unknown;
}

/**
 * Serves one endpoint: the bearer check where the endpoint needs one, then the interview of the
 * path (404 when unknown), then the body and query against the table's schemas (422), then the
 * route's answer in the success envelope.
 */
export function serveEndpoint<E extends EndpointSpec>(
	app: FastifyInstance,
	context: SandboxContext,
	endpoint: E,
	answer: (input: RouteInput<E>) => RouteAnswer,
) {
	app.route<{ Params: { id?: string } }>({
		method: endpoint.method,
		url: endpoint.path.replace('{id}', ':id'),
		...(endpoint.bearer ? { onRequest: requireBearer(context) } : {}),
		handler: async (request, reply) => {
			const { id } = request.params;
			const input = {
				interview: id === undefined ? undefined : context.state.requireInterview(id),
				body: endpoint.body ? validate(endpoint.body, request.body) : undefined,
				query: endpoint.query ? validate(endpoint.query, request.query) : undefined,
			} as RouteInput<E>;
			const { status, message, data } = answer(input);
			return sendData(reply, status, message, data);
		},
	});
}
