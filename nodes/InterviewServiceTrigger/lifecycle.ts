import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { interview } from '../shared/contract';
import type { Interview } from '../shared/contract';
import { isNotFound, unlessError } from '../shared/transport/errors';
import { apiRequest } from '../shared/transport/request';
import { forgetRegistration, readRegistration, saveRegistration } from './registration';
import type { Registration } from './registration';
import { createWebhookSecret, withSecret, withoutQuery } from './secret';

/*
 * The interview has one `interviewConfig.webhookUrl`, no webhook list: "registering" means
 * borrowing that slot and "deleting" means giving it back, unless someone has taken it since.
 */

const interviewPath = (interviewId: string) => encodeURIComponent(interviewId);

function configuredInterviewId(this: IHookFunctions): string {
	const value = this.getNodeParameter('interviewId', '', { extractValue: true });
	const interviewId = String(value ?? '').trim();
	if (interviewId === '') throw new NodeOperationError(this.getNode(), 'Choose an interview in the "Interview" field');
	return interviewId;
}

function ownWebhookUrl(this: IHookFunctions): string {
	const url = this.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(this.getNode(), 'n8n gave no webhook URL for this node');
	return url;
}

async function readInterview(this: IHookFunctions, interviewId: string): Promise<Interview> {
	return await apiRequest(this, 'GET', `/api/v1/interview/get-interview/${interviewPath(interviewId)}`, interview);
}

const currentWebhookUrl = (found: Interview): string | null => {
	const url = found.interviewConfig?.webhookUrl;
	return typeof url === 'string' && url !== '' ? url : null;
};

/**
 * PUT settings replaces the whole `interviewConfig`, so we send back every setting as read, with
 * only `webhookUrl` changed (or left out, which clears it). `published` is never sent, so the
 * status stays. The config is sent as read, not through our schema, which would drop fields we
 * do not know; only settings read as null (unset) are left out, as the API types admit no null.
 */
async function putWebhookUrl(this: IHookFunctions, found: Interview, webhookUrl: string | null): Promise<void> {
	const otherSettings = Object.fromEntries(
		Object.entries(found.interviewConfig ?? {}).filter(([key, value]) => key !== 'webhookUrl' && value !== null),
	);
	const interviewConfig = webhookUrl === null ? otherSettings : { ...otherSettings, webhookUrl };
	await apiRequest(this, 'PUT', `/api/v1/interview/${interviewPath(found.interviewId)}/settings`, interview, {
		body: { interviewConfig },
	});
}

/**
 * What to put back later. When the interview already holds a URL of this very node (a stale
 * registration), it is not the user's own URL: keep what we saved before, if it is for the same
 * interview.
 */
function urlToRestore(current: string | null, ownUrl: string, interviewId: string, earlier?: Registration): string | null {
	if (current === null || withoutQuery(current) !== withoutQuery(ownUrl)) return current;
	return earlier?.interviewId === interviewId ? earlier.previousWebhookUrl : null;
}

export async function webhookExists(this: IHookFunctions): Promise<boolean> {
	const registration = readRegistration(this.getWorkflowStaticData('node'));
	if (registration === undefined) return false;
	const interviewId = configuredInterviewId.call(this);
	if (registration.interviewId !== interviewId) return false;
	const found = await unlessError(readInterview.call(this, interviewId), isNotFound, undefined);
	return found !== undefined && currentWebhookUrl(found) === registration.webhookUrl;
}

export async function createWebhook(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const interviewId = configuredInterviewId.call(this);
	const ownUrl = ownWebhookUrl.call(this);
	const earlier = readRegistration(staticData);
	// A registration left on another interview would otherwise keep that interview's slot forever.
	if (earlier !== undefined && earlier.interviewId !== interviewId) await deleteWebhook.call(this);
	const found = await readInterview.call(this, interviewId);

	const webhookSecret = createWebhookSecret();
	const webhookUrl = withSecret(ownUrl, webhookSecret);
	const previousWebhookUrl = urlToRestore(currentWebhookUrl(found), ownUrl, interviewId, earlier);

	await putWebhookUrl.call(this, found, webhookUrl);
	saveRegistration(staticData, { interviewId, webhookUrl, webhookSecret, previousWebhookUrl });
	return true;
}

export async function deleteWebhook(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const registration = readRegistration(staticData);
	if (registration === undefined) return true;

	const found = await unlessError(readInterview.call(this, registration.interviewId), isNotFound, undefined);
	if (found !== undefined && currentWebhookUrl(found) === registration.webhookUrl) {
		await unlessError(putWebhookUrl.call(this, found, registration.previousWebhookUrl), isNotFound, undefined);
	}
	forgetRegistration(staticData);
	return true;
}
