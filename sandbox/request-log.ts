/** The request log of every /api/v1 request, for tests and benchmarks. Secrets never enter it. */
import type { FastifyRequest } from 'fastify';

import type { RequestLogEntry, SandboxState } from './state';

/** Keys whose values are replaced (compared case-insensitively). Headers, and so bearer tokens, are never logged. */
const SECRET_KEYS = new Set(['apikey', 'accesstoken', 'token', 'password']);
export const REDACTED = '[redacted]';
/** Oldest entries go first beyond this, so a long-running sandbox stays small. */
const MAX_ENTRIES = 10_000;

export function redact(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(redact);
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.entries(value).map(([key, inner]) => [key, SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : redact(inner)]),
	);
}

export const pathOf = (request: FastifyRequest) => request.url.split('?')[0];

/** `METHOD /pattern` of the matched route, e.g. `POST /api/v1/interview/:id/access-links`; null when none matched. */
export function routeOf(request: FastifyRequest): string | null {
	const pattern = request.routeOptions.url;
	return pattern ? `${request.method} ${pattern}` : null;
}

export function logRequest(
	state: SandboxState,
	request: FastifyRequest,
	status: number | null,
	durationMs: number,
	faultId?: string,
) {
	const entry: RequestLogEntry = {
		method: request.method,
		path: pathOf(request),
		route: routeOf(request),
		query: redact({ ...(request.query as Record<string, unknown>) }) as Record<string, unknown>,
		body: redact(request.body ?? null),
		status,
		at: new Date().toISOString(),
		durationMs: Math.round(durationMs),
		...(faultId ? { faultId } : {}),
	};
	state.requests.push(entry);
	if (state.requests.length > MAX_ENTRIES) state.requests.splice(0, state.requests.length - MAX_ENTRIES);
}
