import { createHash, randomBytes, timingSafeEqual } from 'crypto';

import type { IDataObject, IHookFunctions, WebhookType } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { endpoints } from '../shared/contract/endpoints';
import type { Interview } from '../shared/contract/interview';
import { triggerInterviewId } from '../shared/interviewLocator';
import { isNotFound, messageOf, unlessError } from '../shared/transport/errors';
import { apiRequest } from '../shared/transport/request';
import { SECRET_QUERY_PARAMETER } from '../shared/webhookSecret';

// The interview has one `interviewConfig.webhookUrl`: registering borrows it, deleting gives it back unless taken since.
// The spec shows no signing of webhook calls, so a secret in the registered URL is the only proof a call comes from the service.

/** One webhook per way of answering (at once, once the workflow has finished), named as n8n names webhooks. */
export const ANSWER_AT_ONCE: WebhookType = 'default';
export const ANSWER_WHEN_FINISHED: WebhookType = 'setup';

/** What `create` leaves in the node's static data. */
interface Registration {
	interviewId: string;
	/** Ours, secret included: what the interview must hold for us to call it ours. */
	webhookUrl: string;
	webhookSecret: string;
	/** What the interview held before us, put back by `delete`; null for none. */
	previousWebhookUrl: string | null;
	/** Saved before the PUT, cleared once confirmed: the next lifecycle call completes or undoes it. */
	pending: boolean;
	/** A `delete` that could not reach the service: the user's URL is still to be put back. */
	restorePending: boolean;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function readRegistration(staticData: IDataObject): Registration | undefined {
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

/** 32 random bytes as hex: unguessable, and URL-safe without encoding. */
export function createWebhookSecret(): string {
	return randomBytes(32).toString('hex');
}

export function withSecret(webhookUrl: string, secret: string): string {
	return `${webhookUrl}${webhookUrl.includes('?') ? '&' : '?'}${SECRET_QUERY_PARAMETER}=${secret}`;
}

export function withoutQuery(url: string): string {
	return url.split('?', 1)[0];
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Compares hashes in constant time, so timing tells nothing of the secret, not even its length; a repeated query parameter (an array) is refused. */
export function secretMatches(expected: unknown, received: unknown): boolean {
	if (typeof expected !== 'string' || expected === '' || typeof received !== 'string') return false;
	return timingSafeEqual(sha256(expected), sha256(received));
}

/** Whether this is the workflow's own static data: a Retry or a queue-mode execution may run on a copy without it (docs/n8n-internals.md). */
export const holdsRegistration = (staticData: IDataObject): boolean => readRegistration(staticData) !== undefined;

/** What a webhook call is checked against, read once per call. */
export interface RegisteredCall {
	hasSecret: boolean;
	/** Signs record calls (repeatMemory.ts). */
	secret?: string;
	/** The registered URL without its secret, where a record call goes. */
	recordUrl?: string;
}

export function registeredCall(staticData: IDataObject, query: IDataObject | undefined): RegisteredCall {
	const registration = readRegistration(staticData);
	if (registration === undefined) return { hasSecret: false };
	const { webhookUrl, webhookSecret } = registration;
	const check = { hasSecret: secretMatches(webhookSecret, query?.[SECRET_QUERY_PARAMETER]), secret: webhookSecret };
	if (!URL.canParse(webhookUrl)) return check;
	const url = new URL(webhookUrl);
	url.searchParams.delete(SECRET_QUERY_PARAMETER);
	return { ...check, recordUrl: url.toString() };
}

function ownWebhookUrl(this: IHookFunctions): string {
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const url = this.getNodeWebhookUrl(options.answerWhenFinished === true ? ANSWER_WHEN_FINISHED : ANSWER_AT_ONCE);
	if (!url) throw new NodeOperationError(this.getNode(), 'n8n gave no webhook URL for this node');
	return url;
}

const currentWebhookUrl = (found: Interview): string | null => {
	const url = found.interviewConfig?.webhookUrl;
	return isText(url) ? url : null;
};

// PUT replaces the whole `interviewConfig`: settings go back as read (our schema would drop unknown fields), nulls left out as the API
// admits none, only `webhookUrl` changed; `published` is never sent, so the status stays.
async function putWebhookUrl(this: IHookFunctions, found: Interview, webhookUrl: string | null): Promise<Interview> {
	const otherSettings = Object.fromEntries(
		Object.entries(found.interviewConfig ?? {}).filter(([key, value]) => key !== 'webhookUrl' && value !== null),
	);
	const interviewConfig = webhookUrl === null ? otherSettings : { ...otherSettings, webhookUrl };
	return await apiRequest.call(this, endpoints.updateSettings, { interviewId: found.interviewId, body: { interviewConfig } });
}

/** The last three path segments (`webhook/<webhookId>/<path>`): what stays when n8n's public address changes. */
const endpointOf = (url: string) => withoutQuery(url).split('/').filter(Boolean).slice(-3).join('/');

/** What to put back later: the interview's URL, unless it is this node's own (now or at an earlier address); then what we saved before. */
function urlToRestore(this: IHookFunctions, current: string | null, interviewId: string, earlier?: Registration): string | null {
	if (current === null) return null;
	const ownUrls = [ANSWER_AT_ONCE, ANSWER_WHEN_FINISHED].map((name) => this.getNodeWebhookUrl(name)).filter((url): url is string => Boolean(url));
	const ours = ownUrls.some((url) => endpointOf(current) === endpointOf(url)) || (earlier !== undefined && withoutQuery(current) === withoutQuery(earlier.webhookUrl));
	if (!ours) return current;
	return earlier?.interviewId === interviewId ? earlier.previousWebhookUrl : null;
}

export async function webhookExists(this: IHookFunctions): Promise<boolean> {
	const registration = readRegistration(this.getWorkflowStaticData('node'));
	// A half-done activation or a restore still owed: `create` completes or undoes it.
	if (registration === undefined || registration.pending || registration.restorePending) return false;
	const interviewId = triggerInterviewId(this);
	if (registration.interviewId !== interviewId) return false;
	// n8n may have moved to another public address (WEBHOOK_URL) since: register under the one it gives now.
	if (withoutQuery(registration.webhookUrl) !== ownWebhookUrl.call(this)) return false;
	const found = await unlessError(apiRequest.call(this, endpoints.getInterview, { interviewId }), isNotFound, undefined);
	return found !== undefined && currentWebhookUrl(found) === registration.webhookUrl;
}

export async function createWebhook(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const interviewId = triggerInterviewId(this);
	const ownUrl = ownWebhookUrl.call(this);
	let earlier = readRegistration(staticData);
	// A registration left on another interview would otherwise keep that interview's slot forever.
	if (earlier !== undefined && earlier.interviewId !== interviewId) {
		if (!(await deleteWebhook.call(this))) {
			throw new NodeOperationError(
				this.getNode(),
				`Could not give interview ${earlier.interviewId} its webhook URL back, so it was not replaced by interview ${interviewId}`,
				{ description: 'The Interview Service did not answer. Publish the workflow again once it is back.' },
			);
		}
		earlier = undefined;
	}
	const found = await apiRequest.call(this, endpoints.getInterview, { interviewId });
	const webhookSecret = isText(staticData.webhookSecret) ? staticData.webhookSecret : createWebhookSecret();
	const webhookUrl = withSecret(ownUrl, webhookSecret);
	const registration: Registration = {
		interviewId,
		webhookUrl,
		webhookSecret,
		previousWebhookUrl: urlToRestore.call(this, currentWebhookUrl(found), interviewId, earlier),
		pending: true,
		restorePending: false,
	};
	// Saved before the PUT: should its answer be lost, the undo below (or the next lifecycle call) knows what to put back.
	Object.assign(staticData, registration);
	// A flag and finally, not catch: n8n's lint (require-node-api-error) refuses rethrowing the caught error.
	let confirmed = false;
	try {
		const answer = await putWebhookUrl.call(this, found, webhookUrl);
		// An answer without the config is checked with a fresh read.
		const stored = currentWebhookUrl(answer.interviewConfig ? answer : await apiRequest.call(this, endpoints.getInterview, { interviewId: found.interviewId }));
		if (stored !== webhookUrl) {
			throw new NodeOperationError(this.getNode(), `The Interview Service stored another webhook URL than the one sent for interview ${found.interviewId}`, {
				description: `Sent ${withoutQuery(webhookUrl)} with its secret; the service kept ${stored === null ? 'no URL' : withoutQuery(stored) + (stored.includes('?') ? ' with another query' : ' without the query string')}. Deliveries would be refused, so the trigger does not listen.`,
			});
		}
		confirmed = true;
	} finally {
		// Undone here: n8n's cleanup may not see what was saved above (docs/n8n-internals.md). `delete` never throws, so n8n sees the PUT's error.
		if (!confirmed) await deleteWebhook.call(this);
	}
	Object.assign(staticData, { ...registration, pending: false });
	return true;
}

/** Gives the slot back unless taken since. Never throws (docs/n8n-internals.md): if unreachable, the registration stays, marked as a restore owed. */
export async function deleteWebhook(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const registration = readRegistration(staticData);
	if (registration === undefined) return true;
	try {
		const found = await unlessError(apiRequest.call(this, endpoints.getInterview, { interviewId: registration.interviewId }), isNotFound, undefined);
		const current = found === undefined ? null : currentWebhookUrl(found);
		if (found !== undefined && current !== null && withoutQuery(current) === withoutQuery(registration.webhookUrl)) {
			await unlessError(putWebhookUrl.call(this, found, registration.previousWebhookUrl), isNotFound, undefined);
		}
	} catch (error) {
		Object.assign(staticData, { ...registration, restorePending: true });
		this.logger.warn(
			`Interview Service Trigger: could not give interview ${registration.interviewId} its webhook URL back (${messageOf(error)}). ` +
				'It still points at this n8n; the trigger restores it when next published or listening for a test event.',
			{ interviewId: registration.interviewId, workflowId: this.getWorkflow().id },
		);
		return false;
	}
	// The secret stays: a webhook call still running writes back the static data it loaded, and must not revive a secret the interview lost.
	for (const key of ['interviewId', 'webhookUrl', 'previousWebhookUrl', 'pending', 'restorePending']) delete staticData[key];
	return true;
}
