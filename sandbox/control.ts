/**
 * The sandbox's own control API under `/__sandbox/` (no auth, never under /api/v1): reset, seed,
 * simulate completion, request log, webhook deliveries, faults, token expiry, live config, state, the stand-in ATS.
 * Answers are plain JSON; errors use the API's error envelope.
 */
import type { FastifyInstance } from 'fastify';

import { MESSAGES } from './assumptions';
import { revokeAllTokens } from './auth';
import { completeInterview } from './completion';
import type { SandboxContext } from './route-context';
import { DEMO_SEED } from './demo-data';
import { ANY_ROUTE, type FaultSpec } from './faults';
import { ApiError, validate } from './http';
import { API_PREFIX } from './routes';
import { completeBody, configPatch, expireTokensBody, faultBody, redeliverBody, resetBody, resultRowsBody } from './schemas';
import { applySeed } from './seed';
import type { SandboxConfig, WebhookDelivery } from './state';
import { findDelivery, redeliver } from './webhooks';

export const CONTROL_PREFIX = '/__sandbox';

/** Rejects fault routes that match nothing, so a typo does not silently inject nothing. */
function checkFaultRoute(app: FastifyInstance, route: string) {
	if (route === ANY_ROUTE) return;
	const [method, url] = route.split(' ');
	if (url?.startsWith(API_PREFIX) && app.hasRoute({ method: method as 'GET', url })) return;
	throw new ApiError(422, MESSAGES.validation, [
		{ path: 'route', message: `must be "*" or "METHOD /api/v1/..." of an existing route, e.g. "GET /api/v1/interview/:id/results"` },
	]);
}

export function addFaults(app: FastifyInstance, context: SandboxContext, faults: FaultSpec[]) {
	faults.forEach((fault) => checkFaultRoute(app, fault.route));
	return faults.map((fault) => context.state.faults.add(fault));
}

/** What the control API shows of a delivery (the exact bytes sent are left out: `payload` holds them parsed). */
function deliveryView(delivery: WebhookDelivery) {
	const { body: _bytes, ...view } = delivery;
	return view;
}

export function registerControl(app: FastifyInstance, context: SandboxContext, initialConfig: SandboxConfig) {
	const { state } = context;

	app.post(`${CONTROL_PREFIX}/reset`, async (request) => {
		const { seed } = validate(resetBody, request.body);
		state.clear();
		state.config = { ...initialConfig };
		const interviewIds = seed === 'demo' ? applySeed(state, DEMO_SEED, context.baseUrl()) : [];
		return { reset: true, interviewIds };
	});

	app.post(`${CONTROL_PREFIX}/seed`, async (request) => ({
		interviewIds: applySeed(state, request.body, context.baseUrl()),
	}));

	/*
	 * The undocumented dialect: fields written into a stored interview or candidate as they are,
	 * unvalidated (an enum value the spec does not list, a fraction, a null), so tests can see the
	 * nodes read what a growing service sends.
	 */
	app.patch<{ Params: { id: string } }>(`${CONTROL_PREFIX}/interviews/:id/raw`, async (request) => {
		const interview = state.requireInterview(request.params.id);
		Object.assign(interview, rawFields(request.body));
		return { interview };
	});
	app.patch<{ Params: { id: string; email: string } }>(`${CONTROL_PREFIX}/interviews/:id/candidates/:email/raw`, async (request) => {
		const candidate = state.findCandidate(request.params.id, request.params.email);
		if (!candidate) throw new ApiError(404, 'Candidate not found', null);
		// Changed in place: its key stays the e-mail it was invited with, even when the field now holds null.
		Object.assign(candidate, rawFields(request.body));
		return { candidate };
	});

	/*
	 * Rows the results endpoint serves after the interview's candidates, exactly as given: a row that
	 * is no object (a text, a number, null), or one with fields the spec does not show (`status`,
	 * `completed_at`). They count for paging like any row.
	 */
	app.post<{ Params: { id: string } }>(`${CONTROL_PREFIX}/interviews/:id/results/rows`, async (request) => {
		const interview = state.requireInterview(request.params.id);
		const { rows } = validate(resultRowsBody, request.body);
		const extra = [...(state.extraResultRows.get(interview.interviewId) ?? []), ...rows];
		state.extraResultRows.set(interview.interviewId, extra);
		return { rows: extra.length };
	});

	app.post<{ Params: { id: string } }>(`${CONTROL_PREFIX}/interviews/:id/complete`, async (request) => {
		const interview = state.requireInterview(request.params.id);
		return await completeInterview(context, interview, validate(completeBody, request.body));
	});

	app.post(`${CONTROL_PREFIX}/webhooks/redeliver`, async (request) => {
		const { eventId } = validate(redeliverBody, request.body ?? {});
		const earlier = findDelivery(state, eventId);
		if (!earlier) {
			throw new ApiError(404, 'Delivery not found', { code: 'DELIVERY_NOT_FOUND', ...(eventId ? { eventId } : {}) });
		}
		return { delivery: deliveryView(await redeliver(state, earlier)) };
	});

	app.get(`${CONTROL_PREFIX}/requests`, async () => ({ requests: state.requests }));
	app.delete(`${CONTROL_PREFIX}/requests`, async () => {
		state.requests = [];
		return { cleared: true };
	});

	app.get(`${CONTROL_PREFIX}/webhooks`, async () => ({ deliveries: state.deliveries.map(deliveryView) }));

	app.get(`${CONTROL_PREFIX}/faults`, async () => ({ faults: state.faults.list() }));
	app.post(`${CONTROL_PREFIX}/faults`, async (request) => {
		const [fault] = addFaults(app, context, [validate(faultBody, request.body)]);
		return { id: fault.id };
	});
	app.delete(`${CONTROL_PREFIX}/faults`, async () => {
		state.faults.clear();
		return { cleared: true };
	});
	app.delete<{ Params: { id: string } }>(`${CONTROL_PREFIX}/faults/:id`, async (request) => {
		if (!state.faults.remove(request.params.id)) {
			throw new ApiError(404, 'Fault not found', { code: 'FAULT_NOT_FOUND', id: request.params.id });
		}
		return { removed: true };
	});

	app.post(`${CONTROL_PREFIX}/tokens/expire`, async (request) => {
		const { afterRequests } = validate(expireTokensBody, request.body);
		if (!afterRequests) {
			revokeAllTokens(state);
			return { expired: true, afterRequests: 0 };
		}
		state.tokens.expireAfterRequests = afterRequests;
		return { expired: false, afterRequests };
	});

	app.get(`${CONTROL_PREFIX}/config`, async () => ({ config: state.config }));
	app.patch(`${CONTROL_PREFIX}/config`, async (request) => {
		state.config = { ...state.config, ...validate(configPatch, request.body) };
		return { config: state.config };
	});

	// The stand-in ATS (ats.ts): what it lists, and what workflows wrote back to it.
	app.get(`${CONTROL_PREFIX}/ats`, async () => ({ candidates: state.ats.candidates, writes: state.ats.writes }));

	// The stand-in chat model (openai.ts): what it was asked and what it answered.
	app.get(`${CONTROL_PREFIX}/openai`, async () => ({ exchanges: state.chatModel.exchanges }));

	app.get(`${CONTROL_PREFIX}/state`, async () => ({
		interviews: [...state.interviews.values()],
		candidates: state.allCandidates(),
	}));
}

function rawFields(body: unknown): Record<string, unknown> {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(422, 'Expected a JSON object of fields', null);
	return body as Record<string, unknown>;
}
