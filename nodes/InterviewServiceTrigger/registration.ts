import type { IDataObject } from 'n8n-workflow';

/** What `create` leaves in the node's static data, for `checkExists`, `delete` and `webhook`. */
export interface Registration {
	interviewId: string;
	/** Ours, secret included: exactly what the interview must hold for us to call it ours. */
	webhookUrl: string;
	webhookSecret: string;
	/** What the interview held before us, put back by `delete`; null means it had none. */
	previousWebhookUrl: string | null;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function readRegistration(staticData: IDataObject): Registration | undefined {
	const { interviewId, webhookUrl, webhookSecret, previousWebhookUrl } = staticData;
	if (!isText(interviewId) || !isText(webhookUrl) || !isText(webhookSecret)) return undefined;
	return {
		interviewId,
		webhookUrl,
		webhookSecret,
		previousWebhookUrl: isText(previousWebhookUrl) ? previousWebhookUrl : null,
	};
}

export function saveRegistration(staticData: IDataObject, registration: Registration): void {
	Object.assign(staticData, registration);
}

export function forgetRegistration(staticData: IDataObject): void {
	delete staticData.interviewId;
	delete staticData.webhookUrl;
	delete staticData.webhookSecret;
	delete staticData.previousWebhookUrl;
}
