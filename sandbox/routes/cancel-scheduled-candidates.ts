/**
 * 10. Cancel scheduled candidates — `POST /api/v1/interview/{id}/cancel-scheduled-candidates`.
 * Only `scheduled` candidates are cancelled; other or unknown e-mails are left out of the answer.
 */
import type { FastifyInstance } from 'fastify';

import { cancelScheduledBody } from '../../nodes/shared/contract';
import { CANCELLABLE_STATE } from '../assumptions';
import { requireBearer } from '../auth';
import type { SandboxContext } from '../context';
import { sendData, validate } from '../http';
import type { StoredCandidate } from '../state';

export function registerCancelScheduledCandidates(app: FastifyInstance, context: SandboxContext) {
	app.post<{ Params: { id: string } }>(
		'/api/v1/interview/:id/cancel-scheduled-candidates',
		{ onRequest: requireBearer(context) },
		async (request, reply) => {
			const interview = context.state.requireInterview(request.params.id);
			const body = validate(cancelScheduledBody, request.body);
			const cancelled = new Map<string, StoredCandidate>();
			for (const email of body.candidateEmails) {
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
			return sendData(reply, 200, 'Scheduled candidates cancelled successfully', { cancelledCandidates });
		},
	);
}
