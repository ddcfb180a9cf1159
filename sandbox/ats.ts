/**
 * A stand-in ATS on the sandbox's own port, so the examples that read candidates from an ATS or
 * write results back to one run in the demo as shipped (the demo points https://ats.example.com at
 * `<sandbox>/ats`). It lists the candidates it was seeded with and records every write, once per `Idempotency-Key`.
 */
import { isDeepStrictEqual } from 'node:util';

import type { FastifyInstance, FastifyReply } from 'fastify';

import { html, page } from './html';
import type { SandboxContext } from './route-context';
import type { AtsCandidate, SandboxState } from './state';

/** Where the stand-in ATS lives; the demo rewrites the examples' ATS origin to `<sandbox>` + this. */
export const ATS_PREFIX = '/ats';

/** Seeded, or added again: the same e-mail replaces the earlier entry, in its place. */
export function addAtsCandidates(state: SandboxState, candidates: AtsCandidate[]) {
	const byEmail = new Map(state.ats.candidates.map((candidate) => [candidate.email.toLowerCase(), candidate]));
	for (const candidate of candidates) byEmail.set(candidate.email.toLowerCase(), candidate);
	state.ats.candidates = [...byEmail.values()];
}

function overview(state: SandboxState) {
	const candidates = state.ats.candidates.map(
		({ name, email, phone }) => html`<tr><td>${name ?? ''}</td><td>${email}</td><td>${phone ?? ''}</td></tr>`,
	);
	const writes = [...state.ats.writes]
		.reverse()
		.map(
			({ at, method, path, body, idempotencyKey }) =>
				html`<tr><td>${at}</td><td>${method} ${path}${idempotencyKey === undefined ? '' : html`<br>Idempotency-Key: ${idempotencyKey}`}</td><td><pre>${JSON.stringify(body, null, 2)}</pre></td></tr>`,
		);
	return page(
		'Stand-in ATS',
		html`<h1>Stand-in ATS</h1>
<p>What the example workflows read from "your ATS" and write back to it in the demo.</p>
<h2>Candidates in stage "AI interview"</h2>
<p><code>GET ${ATS_PREFIX}/api/candidates</code> lists them (the ATS sync example reads it).</p>
<table><tr><th>Name</th><th>E-mail</th><th>Phone</th></tr>${candidates}</table>
<h2>Written back (newest first)</h2>
<p>Every POST, PUT or PATCH under <code>${ATS_PREFIX}/api/</code>, e.g. the completion callback example's results. Reload to see new ones.</p>
${writes.length === 0 ? html`<p>Nothing yet.</p>` : html`<table><tr><th>When</th><th>Request</th><th>Body</th></tr>${writes}</table>`}`,
	);
}

export function registerAts(app: FastifyInstance, context: SandboxContext) {
	const { state } = context;

	app.get(`${ATS_PREFIX}/api/candidates`, async () => state.ats.candidates);

	app.route<{ Params: { '*': string } }>({
		method: ['POST', 'PUT', 'PATCH'],
		url: `${ATS_PREFIX}/api/*`,
		handler: async (request, reply: FastifyReply) => {
			const write = { method: request.method, path: `${ATS_PREFIX}/api/${request.params['*']}`, body: request.body ?? null };
			const key = request.headers['idempotency-key'];
			const idempotencyKey = typeof key === 'string' && key !== '' ? key : undefined;
			const status = request.method === 'POST' ? 201 : 200;
			const earlier = idempotencyKey === undefined ? undefined : state.ats.writes.find((done) => done.idempotencyKey === idempotencyKey);
			if (earlier !== undefined) {
				// The same write again gets the first answer and is not recorded twice; another write under a used key is refused.
				const same = earlier.method === write.method && earlier.path === write.path && isDeepStrictEqual(earlier.body, write.body);
				if (!same) return await reply.code(422).send({ message: `Idempotency-Key "${idempotencyKey}" was used for another write` });
				return await reply.code(status).header('idempotent-replayed', 'true').send({ received: true });
			}
			state.ats.writes.push({ ...write, at: new Date().toISOString(), ...(idempotencyKey === undefined ? {} : { idempotencyKey }) });
			return await reply.code(status).send({ received: true });
		},
	});

	app.get(ATS_PREFIX, async (_request, reply) => await reply.type('text/html; charset=utf-8').send(overview(state)));
}
