/**
 * A candidate completing an interview: the result is stored, then the event goes to the interview's
 * `interviewConfig.webhookUrl`. The control API and the candidate's page both complete through here,
 * so there is one way a completion is recorded and delivered.
 */
import { completedCandidate, newCandidate, resultView, scoresFrom, type ScoresInput } from './interviews-and-results';
import type { SandboxContext } from './route-context';
import type { StoredInterview, WebhookDelivery } from './state';
import { completionEvent, deliverEvent, webhookPayload } from './webhooks';

export interface Completion {
	email: string;
	name?: string;
	scores?: ScoresInput;
	completedAt?: string;
}

/** The short form a completion answers with: where it went and what came back. */
const deliverySummary = ({ url, status, error }: WebhookDelivery) => ({ url, status, ...(error ? { error } : {}) });

export async function completeInterview(context: SandboxContext, interview: StoredInterview, completion: Completion) {
	const { state } = context;
	const now = new Date().toISOString();
	const existing = state.findCandidate(interview.interviewId, completion.email) ?? newCandidate(interview.interviewId, completion.email, now);
	const completed = completedCandidate(
		{ ...existing, name: completion.name ?? existing.name },
		scoresFrom(completion.scores, completion.email),
		context.baseUrl(),
		completion.completedAt ?? now,
	);
	state.saveCandidate(completed);

	const event = completionEvent(completed, state.config.scoreStyle);
	const url = interview.interviewConfig.webhookUrl;
	const { webhookStyle: style, webhookRedelivery: redelivery } = state.config;
	const deliveries = url ? await deliverEvent(state, url, event, { style, redelivery }) : [];
	return {
		result: resultView(completed, state.config),
		// The event as sent, in the configured webhook style; eventId finds its deliveries.
		event: deliveries[0]?.payload ?? webhookPayload(event, style),
		eventId: event.eventId,
		delivery: deliveries[0] ? deliverySummary(deliveries[0]) : null,
		deliveries: deliveries.map((delivery) => ({ ...deliverySummary(delivery), redelivery: delivery.redelivery })),
	};
}
