/**
 * The Interview Service sandbox: a local, stateful, in-memory stand-in for the API that the Interview
 * Service API specification describes (see README.md). `startSandbox()` runs it in-process; main.ts is the CLI.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { STATUS_CODES } from 'node:http';

import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

import {
	BODY_LIMIT_BYTES,
	DEFAULT_HOST,
	DEFAULT_PAGE_SIZE,
	DEFAULT_SCORE_STYLE,
	DEFAULT_TOKEN_TTL_SECONDS,
	DEFAULT_WEBHOOK_REDELIVERY,
	DEFAULT_WEBHOOK_STYLE,
	DEMO_CLIENT,
	MAX_PAGE_SIZE,
	MAX_TOKEN_TTL_SECONDS,
	MESSAGES,
	type ScoreStyle,
	type WebhookRedelivery,
	type WebhookStyle,
} from './assumptions';
import type { SandboxContext } from './route-context';
import { registerAts } from './ats';
import { registerCandidatePage } from './candidate-page';
import { registerOpenAi } from './openai';
import { addFaults, registerControl } from './control';
import { DEMO_SEED } from './demo-data';
import { applyFault, type Fault, FaultTable, type FaultSpec } from './faults';
import { ApiError, errorEnvelope } from './http';
import { logRequest, pathOf, routeOf } from './request-log';
import { API_PREFIX, registerApiRoutes } from './routes';
import type { SeedName } from './schemas';
import { applySeed } from './seed';
import { type SandboxConfig, SandboxState } from './state';

export interface SandboxOptions {
	/** 0 picks a free port. Default 0. */
	port?: number;
	host?: string;
	/** clientId → apiKey. Default: the demo client only. */
	clients?: Record<string, string>;
	tokenTtl?: number;
	tokenTtlMax?: number;
	defaultPageSize?: number;
	maxPageSize?: number;
	ignorePage?: boolean;
	latencyMs?: number;
	scoreStyle?: ScoreStyle;
	webhookStyle?: WebhookStyle;
	webhookRedelivery?: WebhookRedelivery;
	/** Store `interviewConfig.webhookUrl` without its query string. Default false. */
	stripWebhookQuery?: boolean;
	/** Data present from the start (and after `POST /__sandbox/reset {"seed":"demo"}`). Default 'none'. */
	seed?: SeedName;
	faults?: FaultSpec[];
	/** HS256 secret; random by default. Tests pass one to forge tokens (e.g. already expired ones). */
	jwtSecret?: string;
}

export interface RunningSandbox {
	/** Base URL for the credential, e.g. `http://127.0.0.1:43127`. */
	url: string;
	close(): Promise<void>;
	app: FastifyInstance;
	state: SandboxState;
}

export function configFrom(options: SandboxOptions): SandboxConfig {
	return {
		scoreStyle: options.scoreStyle ?? DEFAULT_SCORE_STYLE,
		latencyMs: options.latencyMs ?? 0,
		defaultPageSize: options.defaultPageSize ?? DEFAULT_PAGE_SIZE,
		maxPageSize: options.maxPageSize ?? MAX_PAGE_SIZE,
		ignorePage: options.ignorePage ?? false,
		tokenTtl: options.tokenTtl ?? DEFAULT_TOKEN_TTL_SECONDS,
		tokenTtlMax: options.tokenTtlMax ?? MAX_TOKEN_TTL_SECONDS,
		webhookStyle: options.webhookStyle ?? DEFAULT_WEBHOOK_STYLE,
		webhookRedelivery: options.webhookRedelivery ?? DEFAULT_WEBHOOK_REDELIVERY,
		stripWebhookQuery: options.stripWebhookQuery ?? false,
		resultsPastEnd: 'empty',
		resultsCompletedAt: true,
		refusals: { emails: [], domains: [], dialect: 'rejectRequest' },
	};
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isApiRequest = (request: FastifyRequest) => pathOf(request).startsWith(API_PREFIX);

/**
 * JSON bodies only. An empty body is no body whatever its Content-Type (clients send empty POSTs
 * as form data), broken JSON is invalid input (422), and any other non-empty body is a 415.
 */
function installBodyParsers(app: FastifyInstance) {
	const secureParse = app.getDefaultJsonParser('error', 'error');
	app.removeAllContentTypeParsers();
	app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
		const text = body.toString();
		if (text.trim() === '') return done(null, undefined);
		secureParse(request, text, (error, parsed) =>
			error
				? done(new ApiError(422, MESSAGES.validation, [{ path: '', message: 'body is not valid JSON' }]), undefined)
				: done(null, parsed),
		);
	});
	app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
		body.length === 0
			? done(null, undefined)
			: done(new ApiError(415, MESSAGES.unsupportedMediaType, { code: 'UNSUPPORTED_MEDIA_TYPE' }), undefined),
	);
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
	FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
	FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
};

/** Every failure answers the error envelope; a 500 says nothing about its cause. */
function installErrorHandling(app: FastifyInstance) {
	app.setErrorHandler((error: FastifyError, _request, reply) => {
		if (error instanceof ApiError) {
			return reply.code(error.statusCode).send(errorEnvelope(error.message, error.details));
		}
		const status = error.statusCode ?? 500;
		if (status >= 400 && status < 500) {
			const message = FRAMEWORK_MESSAGES[error.code] ?? STATUS_CODES[status] ?? 'Bad request';
			return reply.code(status).send(errorEnvelope(message, { code: error.code ?? null }));
		}
		return reply.code(500).send(errorEnvelope(MESSAGES.internal, null));
	});
	app.setNotFoundHandler((request, reply) =>
		reply
			.code(404)
			.send(errorEnvelope(MESSAGES.routeNotFound, { code: 'ROUTE_NOT_FOUND', method: request.method, path: pathOf(request) })),
	);
}

/** Latency and faults before anything else (they stand for the network), then the request log. */
function installApiHooks(app: FastifyInstance, state: SandboxState) {
	const faultOf = new WeakMap<FastifyRequest, string>();
	const appliedFirst = new WeakMap<FastifyRequest, Fault>();

	app.addHook('onRequest', async (request, reply) => {
		if (!isApiRequest(request)) return;
		if (state.config.latencyMs > 0) await sleep(state.config.latencyMs);
		const route = routeOf(request);
		const fault = route ? state.faults.take(route, pathOf(request)) : undefined;
		if (!fault) return;
		faultOf.set(request, fault.id);
		if (fault.afterApply) {
			appliedFirst.set(request, fault);
			return;
		}
		const outcome = await applyFault(fault, request, reply);
		if (outcome === 'dropped') logRequest(state, request, null, reply.elapsedTime, fault.id);
		if (outcome !== 'continue') return reply;
	});

	// A fault with afterApply: the route has done its work; its answer is replaced (or never sent).
	app.addHook('onSend', async (request, reply, payload) => {
		const fault = appliedFirst.get(request);
		if (!fault) return payload;
		appliedFirst.delete(request);
		if (fault.drop) {
			request.raw.socket.destroy();
			return payload;
		}
		const status = fault.status ?? 500;
		reply.code(status);
		return JSON.stringify(errorEnvelope(fault.message ?? STATUS_CODES[status] ?? 'Simulated fault', { code: 'SANDBOX_FAULT', faultId: fault.id }));
	});

	app.addHook('onResponse', async (request, reply) => {
		if (isApiRequest(request)) logRequest(state, request, reply.statusCode, reply.elapsedTime, faultOf.get(request));
	});
}

function listeningUrl(app: FastifyInstance): string {
	const address = app.server.address() as AddressInfo;
	const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
	return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	const initialConfig = configFrom(options);
	const state = new SandboxState({ ...initialConfig }, new FaultTable());
	let url = '';
	const context: SandboxContext = {
		state,
		clients: new Map(Object.entries(options.clients ?? { [DEMO_CLIENT.clientId]: DEMO_CLIENT.apiKey })),
		jwtSecret: options.jwtSecret ?? randomBytes(32).toString('hex'),
		baseUrl: () => url,
	};

	const app = Fastify({
		logger: false,
		bodyLimit: BODY_LIMIT_BYTES,
		forceCloseConnections: true,
		// Errors raised before routing (e.g. a broken percent-encoding) answer the envelope too.
		frameworkErrors: (error, _request, reply) =>
			(reply as FastifyReply).code(400).send(errorEnvelope(STATUS_CODES[400] ?? 'Bad request', { code: error.code })),
	});
	installBodyParsers(app);
	installErrorHandling(app);
	installApiHooks(app, state);
	registerApiRoutes(app, context);
	registerControl(app, context, initialConfig);
	registerCandidatePage(app, context);
	registerAts(app, context);
	registerOpenAi(app, context);
	await app.ready();
	addFaults(app, context, options.faults ?? []);

	await app.listen({ port: options.port ?? 0, host: options.host ?? DEFAULT_HOST });
	url = listeningUrl(app);
	if (options.seed === 'demo') applySeed(state, DEMO_SEED, url);

	return { url, app, state, close: () => app.close() };
}
