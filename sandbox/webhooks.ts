/**
 * The completion event and its delivery to `interviewConfig.webhookUrl`: a POST with a timeout, in
 * the configured payload dialect, repeated only when the redelivery fault asks for it.
 */
import { randomUUID } from 'node:crypto';

import {
	COMPLETION_EVENT,
	type ScoreStyle,
	SNAKE_COMPLETION_EVENT,
	TYPED_COMPLETION_EVENT,
	WEBHOOK_TIMEOUT_MS,
	type WebhookRedelivery,
	type WebhookStyle,
} from './assumptions';
import { styledScores } from './interviews-and-results';
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

/** The event as the configured dialect carries it (see WEBHOOK_STYLES in assumptions.ts). */
export function webhookPayload(event: CompletionEvent, style: WebhookStyle): Record<string, unknown> {
	const { interviewId, candidate, scores, reportLink, completedAt } = event;
	switch (style) {
		case 'typed':
			return {
				type: TYPED_COMPLETION_EVENT,
				deliveryId: event.eventId,
				createdAt: new Date().toISOString(),
				data: { interviewId, candidate, scores, reportLink, completedAt },
			};
		case 'event':
			return {
				event: SNAKE_COMPLETION_EVENT,
				data: {
					interview_id: interviewId,
					candidate_email: candidate.email,
					candidate_name: candidate.name,
					scores,
					report_link: reportLink,
					completed_at: completedAt,
				},
			};
		default:
			return { ...event };
	}
}

/** POSTs `body` once and records the outcome; never throws. */
async function post(
	state: SandboxState,
	url: string,
	delivery: Pick<WebhookDelivery, 'eventId' | 'interviewId' | 'payload' | 'body' | 'redelivery'>,
): Promise<WebhookDelivery> {
	const started = Date.now();
	const record: WebhookDelivery = { ...delivery, url, status: null, at: new Date(started).toISOString(), durationMs: 0 };
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'user-agent': 'interview-service-sandbox' },
			body: delivery.body,
			signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
		});
		record.status = response.status;
		// Read the answer so that the connection is released at once.
		await response.arrayBuffer();
	} catch (error) {
		record.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
	}
	record.durationMs = Date.now() - started;
	state.deliveries.push(record);
	return record;
}

const succeeded = (delivery: WebhookDelivery) => delivery.status !== null && delivery.status >= 200 && delivery.status < 300;

/**
 * Delivers the event in the configured dialect, and again as the redelivery fault says. Returns
 * every attempt, the first one first.
 */
export async function deliverEvent(
	state: SandboxState,
	url: string,
	event: CompletionEvent,
	options: { style: WebhookStyle; redelivery: WebhookRedelivery },
): Promise<WebhookDelivery[]> {
	const payload = webhookPayload(event, options.style);
	const first = { eventId: event.eventId, interviewId: event.interviewId, payload, body: JSON.stringify(payload) };
	const again = { ...first, redelivery: true };
	if (options.redelivery === 'concurrent') {
		return await Promise.all([post(state, url, { ...first, redelivery: false }), post(state, url, again)]);
	}
	const delivered = await post(state, url, { ...first, redelivery: false });
	const repeat = options.redelivery === 'twice' || (options.redelivery === 'onError' && !succeeded(delivered));
	return repeat ? [delivered, await post(state, url, again)] : [delivered];
}

/** Re-POSTs exactly the bytes of an earlier delivery to the same URL. */
export async function redeliver(state: SandboxState, earlier: WebhookDelivery): Promise<WebhookDelivery> {
	const { eventId, interviewId, payload, body } = earlier;
	return await post(state, earlier.url, { eventId, interviewId, payload, body, redelivery: true });
}

/** The latest delivery of `eventId`, or the latest delivery of all. */
export function findDelivery(state: SandboxState, eventId?: string): WebhookDelivery | undefined {
	const matching = eventId === undefined ? state.deliveries : state.deliveries.filter((delivery) => delivery.eventId === eventId);
	return matching[matching.length - 1];
}
