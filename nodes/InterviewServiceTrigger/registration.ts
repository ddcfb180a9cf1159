import type { IDataObject } from 'n8n-workflow';

/** What `create` leaves in the node's static data, for `checkExists`, `delete` and `webhook`. */
export interface Registration {
	interviewId: string;
	/** Ours, secret included: exactly what the interview must hold for us to call it ours. */
	webhookUrl: string;
	webhookSecret: string;
	/** What the interview held before us, put back by `delete`; null means it had none. */
	previousWebhookUrl: string | null;
	/**
	 * Saved before the PUT and cleared once the service confirmed it: a registration still marked
	 * pending may or may not be on the interview, so the next lifecycle call completes or undoes it.
	 */
	pending: boolean;
	/** A `delete` that could not reach the service: the user's URL is still to be put back. */
	restorePending: boolean;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Reads the registration; one saved before `pending`/`restorePending` existed reads as confirmed. */
export function readRegistration(staticData: IDataObject): Registration | undefined {
	const { interviewId, webhookUrl, webhookSecret, previousWebhookUrl } = staticData;
	if (!isText(interviewId) || !isText(webhookUrl) || !isText(webhookSecret)) return undefined;
	return {
		interviewId,
		webhookUrl,
		webhookSecret,
		previousWebhookUrl: isText(previousWebhookUrl) ? previousWebhookUrl : null,
		pending: staticData.pending === true,
		restorePending: staticData.restorePending === true,
	};
}

export function saveRegistration(staticData: IDataObject, registration: Registration): void {
	Object.assign(staticData, registration);
}

/**
 * Forgets the registration but keeps its secret: the next registration of this node uses the same
 * one, so a webhook call that was still running and writes back static data it loaded before
 * (n8n saves the whole object when an execution ends) cannot bring back a secret the interview
 * no longer holds.
 */
export function forgetRegistration(staticData: IDataObject): void {
	delete staticData.interviewId;
	delete staticData.webhookUrl;
	delete staticData.previousWebhookUrl;
	delete staticData.pending;
	delete staticData.restorePending;
}

/** The secret this node has used before, if any. */
export function keptSecret(staticData: IDataObject): string | undefined {
	return isText(staticData.webhookSecret) ? staticData.webhookSecret : undefined;
}
