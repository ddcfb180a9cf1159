/**
 * 8. Generate pre-authenticated access links. Schedules each candidate (re-inviting an e-mail updates
 * it) and answers one link set per distinct e-mail. Unknown id → 404; no `candidates` → an empty list
 * (see assumptions.ts).
 */
import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import type { Candidate } from '../../nodes/shared/contract/candidate';
import { endpoints } from '../../nodes/shared/contract/endpoints';
import type { SandboxContext } from '../route-context';
import { interviewLinkFor, newCandidate } from '../interviews-and-results';
import { takenCandidates } from '../refusals';
import type { SandboxState, StoredCandidate } from '../state';
import { serveEndpoint } from './serve-endpoint';

interface Window {
	startTime: string;
	endTime: string;
}

/** Last occurrence wins when an e-mail is listed twice. */
function distinctByEmail(candidates: Candidate[]): Candidate[] {
	return [...new Map(candidates.map((candidate) => [candidate.email.toLowerCase(), candidate])).values()];
}

function schedule(state: SandboxState, interviewId: string, sent: Candidate, window: Window, now: string): StoredCandidate {
	const existing = state.findCandidate(interviewId, sent.email) ?? newCandidate(interviewId, sent.email, now);
	const candidate: StoredCandidate = {
		...existing,
		name: sent.name ?? existing.name,
		phone: sent.phone ?? existing.phone,
		resumeLink: sent.resumeLink ?? existing.resumeLink,
		metaData: sent.metaData ?? existing.metaData,
		// A completed candidate keeps its result; anyone else is (again) expected in this window.
		status: existing.status === 'completed' ? 'completed' : 'scheduled',
		...window,
	};
	state.saveCandidate(candidate);
	return candidate;
}

function linksFor(state: SandboxState, interviewUrl: string, candidate: StoredCandidate) {
	const token = randomBytes(16).toString('hex');
	// Remembered so that the candidate's page (candidate-page.ts) knows who opened the link.
	state.accessTokens.set(token, { interviewId: candidate.interviewId, email: candidate.email });
	return {
		email: candidate.email,
		preAuthLink: `${interviewUrl}?token=${token}`,
		demoInterviewLink: `${interviewUrl}/demo?token=${token}`,
		rescheduleLink: `${interviewUrl}/reschedule?token=${token}`,
	};
}

export function registerAccessLinks(app: FastifyInstance, context: SandboxContext) {
	serveEndpoint(app, context, endpoints.createAccessLinks, ({ interview, body }) => {
		const window = { startTime: body.startTime, endTime: body.endTime };
		const now = new Date().toISOString();
		const interviewUrl = interviewLinkFor(context.baseUrl(), interview.slug);
		// Refused candidates are named by their place in the request as sent, so the list is made distinct after.
		const taken = distinctByEmail(
			takenCandidates(context.state.config, body.candidates ?? [], (sent) => sent.email, { listName: 'candidates', emailField: 'email' }),
		);
		const links = taken.map((sent) =>
			linksFor(context.state, interviewUrl, schedule(context.state, interview.interviewId, sent, window, now)),
		);
		return { status: 200, message: 'Access links generated successfully', data: { data: links } };
	});
}
