/**
 * 10. Cancel scheduled candidates. Only `scheduled` candidates are cancelled; other or unknown e-mails
 * are left out of the answer.
 */
import type { FastifyInstance } from 'fastify';

import { endpoints } from '../../nodes/shared/contract/endpoints';
import { CANCELLABLE_STATE } from '../assumptions';
import type { SandboxContext } from '../route-context';
import { takenCandidates } from '../refusals';
import type { StoredCandidate } from '../state';
import { serveEndpoint } from './serve-endpoint';

export function registerCancelScheduledCandidates(app: FastifyInstance, context: SandboxContext) {
	serveEndpoint(app, context, endpoints.cancelScheduled, ({ interview, body }) => {
		const cancelled = new Map<string, StoredCandidate>();
		for (const email of takenCandidates(context.state.config, body.candidateEmails, (sent) => sent, { listName: 'candidateEmails' })) {
			const candidate = context.state.findCandidate(interview.interviewId, email);
			if (candidate?.status !== CANCELLABLE_STATE) continue;
			const updated: StoredCandidate = { ...candidate, status: 'cancelled' };
			context.state.saveCandidate(updated);
			cancelled.set(email.toLowerCase(), updated);
		}
		const cancelledCandidates = [...cancelled.values()].map((candidate) => ({
			candidateEmail: candidate.email,
			candidateName: candidate.name,
			metaData: candidate.metaData,
		}));
		return { status: 200, message: 'Scheduled candidates cancelled successfully', data: { cancelledCandidates } };
	});
}
