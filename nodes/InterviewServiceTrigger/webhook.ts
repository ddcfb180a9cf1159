import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { isSelected, normaliseEvent } from './event';
import { resultFields } from './includeResult';
import { readRegistration } from './registration';
import { receivedSecret, secretMatches } from './secret';

interface TriggerOptions {
	includeResult?: boolean;
	verifySecret?: boolean;
}

function hasValidSecret(this: IWebhookFunctions): boolean {
	const registration = readRegistration(this.getWorkflowStaticData('node'));
	return secretMatches(registration?.webhookSecret, receivedSecret(this.getQueryData() as IDataObject));
}

export async function receiveEvent(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	// Checked before anything else: an unverified caller learns nothing and starts nothing.
	if (options.verifySecret !== false && !hasValidSecret.call(this)) {
		this.getResponseObject().status(401).json({ message: 'Unauthorized' });
		return { noWebhookResponse: true };
	}

	const request = this.getRequestObject();
	const event = normaliseEvent(request.body, request.rawBody);
	if (!isSelected(this.getNodeParameter('events', []) as string[], event.eventType)) {
		return { webhookResponse: { message: 'Event received and ignored: not selected in the trigger' } };
	}

	if (options.includeResult !== true) return { workflowData: [[{ json: event.json }]] };
	// The node listens to one interview, so an event that does not name one is about that one.
	const interviewId = event.interviewId ?? (this.getNodeParameter('interviewId', '', { extractValue: true }) as string);
	const result = await resultFields.call(this, interviewId || undefined, event.candidateEmail);
	return { workflowData: [[{ json: { ...event.json, ...result } }]] };
}
