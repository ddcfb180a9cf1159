/** The completion event and its delivery to `interviewConfig.webhookUrl`: one POST, a timeout, no retries. */
import { randomUUID } from 'node:crypto';

import { COMPLETION_EVENT, type ScoreStyle, WEBHOOK_TIMEOUT_MS } from './assumptions';
import { styledScores } from './model';
import type { SandboxState, Scores, StoredCandidate, WebhookDelivery } from './state';

export interface CompletionEvent {
	event: typeof COMPLETION_EVENT;
	eventId: string;
	interviewId: string;
	candidate: { name: string; email: string };
	scores: ReturnType<typeof styledScores>;
	reportLink: string | null;
	completedAt: string | null;
}

export function completionEvent(candidate: StoredCandidate & { scores: Scores }, style: ScoreStyle): CompletionEvent {
	return {
		event: COMPLETION_EVENT,
		eventId: `evt_${randomUUID()}`,
		interviewId: candidate.interviewId,
		candidate: { name: candidate.name, email: candidate.email },
		scores: styledScores(candidate.scores, style),
		reportLink: candidate.reportLink,
		completedAt: candidate.completedAt,
	};
}

/** POSTs the event once and records the outcome; never throws. */
export async function deliverEvent(state: SandboxState, url: string, event: CompletionEvent): Promise<WebhookDelivery> {
	const started = Date.now();
	const delivery: WebhookDelivery = {
		eventId: event.eventId,
		interviewId: event.interviewId,
		url,
		status: null,
		at: new Date(started).toISOString(),
		durationMs: 0,
		payload: event,
	};
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'user-agent': 'interview-service-sandbox' },
			body: JSON.stringify(event),
			signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
		});
		delivery.status = response.status;
		// Read the answer so that the connection is released at once.
		await response.arrayBuffer();
	} catch (error) {
		delivery.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
	}
	delivery.durationMs = Date.now() - started;
	state.deliveries.push(delivery);
	return delivery;
}
