import { createHash, randomBytes, timingSafeEqual } from 'crypto';

import type { IDataObject, IHookFunctions, WebhookType } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { endpoints } from '../shared/contract/endpoints';
import type { Interview } from '../shared/contract/interview';
import { NO_INTERVIEW_CHOSEN, pickedInterviewId } from '../shared/interviewLocator';
import { isNotFound, messageOf, unlessError } from '../shared/transport/errors';
import { apiRequest } from '../shared/transport/request';
import { SECRET_QUERY_PARAMETER } from '../shared/webhookSecret';

/*
 * The trigger's lifecycle. The interview has one `interviewConfig.webhookUrl`, no webhook list:
 * "registering" means borrowing that slot and "deleting" means giving it back, unless someone
 * has taken it since. What was borrowed is kept in the node's static data (`Registration`), with
 * the secret that goes into the URL; a delivery is checked against that secret
 * (`registeredCall`). The secret's query parameter and its masking, which the action node
 * also needs, live in `shared/webhookSecret.ts`.
 */

/**
 * The node's two webhooks, one per way of answering: at once, or once the workflow has finished.
 * The interview holds the URL of the one the option Answer When Workflow Ends picks.
 * Two webhooks, not a `responseMode` expression, which would cost each delivery an expression run;
 * `default` and `setup` are the names n8n has for webhooks (docs/n8n-internals.md).
 */
export const ANSWER_AT_ONCE: WebhookType = 'default';
export const ANSWER_WHEN_FINISHED: WebhookType = 'setup';

/** What `create` leaves in the node's static data, for `checkExists`, `delete` and `webhook`. */
interface Registration {
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

/** Reads the registration; one without `pending`/`restorePending` reads as confirmed. */
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

function saveRegistration(staticData: IDataObject, registration: Registration): void {
	Object.assign(staticData, registration);
}

/**
 * Forgets the registration but keeps its secret: the next registration of this node uses the same
 * one, so a webhook call that was still running and writes back static data it loaded before
 * (n8n saves the whole object when an execution ends) cannot bring back a secret the interview
 * no longer holds.
 */
function forgetRegistration(staticData: IDataObject): void {
	delete staticData.interviewId;
	delete staticData.webhookUrl;
	delete staticData.previousWebhookUrl;
	delete staticData.pending;
	delete staticData.restorePending;
}

/** The secret this node has used before, if any. */
function keptSecret(staticData: IDataObject): string | undefined {
	return isText(staticData.webhookSecret) ? staticData.webhookSecret : undefined;
}

/*
 * The spec shows no signing for webhook calls, so the only proof that a POST comes from the
 * service is a secret we put into the URL we register: whoever knows that URL can call us.
 */

/** 32 random bytes as hex: unguessable, and URL-safe without encoding. */
export function createWebhookSecret(): string {
	return randomBytes(32).toString('hex');
}

export function withSecret(webhookUrl: string, secret: string): string {
	const separator = webhookUrl.includes('?') ? '&' : '?';
	return `${webhookUrl}${separator}${SECRET_QUERY_PARAMETER}=${secret}`;
}

/** The webhook URL without its query, to recognise one of ours whatever secret it carries. */
export function withoutQuery(url: string): string {
	const queryStart = url.indexOf('?');
	return queryStart === -1 ? url : url.slice(0, queryStart);
}

/** The secret as received; a repeated parameter arrives as an array and is refused. */
export function receivedSecret(query: IDataObject | undefined): string | undefined {
	const value = query?.[SECRET_QUERY_PARAMETER];
	return typeof value === 'string' ? value : undefined;
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Constant-time comparison. Both sides are hashed first, so the buffers always have the same
 * length and the time spent tells nothing about the expected secret, not even its length.
 */
export function secretMatches(expected: unknown, received: unknown): boolean {
	if (typeof expected !== 'string' || expected === '' || typeof received !== 'string') return false;
	return timingSafeEqual(sha256(expected), sha256(received));
}

/**
 * Whether this static data is the workflow's own, with the trigger's registration: a Retry, and a
 * queue-mode execution, may run on a copy without it that a write would save over the workflow's
 * (docs/n8n-internals.md).
 */
export const holdsRegistration = (staticData: IDataObject): boolean => readRegistration(staticData) !== undefined;

/** What a webhook call is checked against, read once per call. */
export interface RegisteredCall {
	/** Whether the call carries the registration's secret (none registered: it does not). */
	hasSecret: boolean;
	/** The registration's secret, which signs record calls (repeatMemory.ts); undefined with no registration. */
	secret?: string;
	/** The registered URL without its secret, where a record call goes; undefined when it cannot be parsed. */
	recordUrl?: string;
}

export function registeredCall(staticData: IDataObject, query: IDataObject | undefined): RegisteredCall {
	const registration = readRegistration(staticData);
	if (registration === undefined) return { hasSecret: false };
	const { webhookUrl, webhookSecret } = registration;
	const check = { hasSecret: secretMatches(webhookSecret, receivedSecret(query)), secret: webhookSecret };
	if (!URL.canParse(webhookUrl)) return check;
	const url = new URL(webhookUrl);
	url.searchParams.delete(SECRET_QUERY_PARAMETER);
	return { ...check, recordUrl: url.toString() };
}

function configuredInterviewId(this: IHookFunctions): string {
	const interviewId = pickedInterviewId(this);
	if (interviewId === undefined) throw new NodeOperationError(this.getNode(), NO_INTERVIEW_CHOSEN);
	return interviewId;
}

/** The webhook the interview is to call: the one whose way of answering the trigger's options pick. */
function chosenWebhook(this: IHookFunctions): WebhookType {
	const options = this.getNodeParameter('options', {}) as IDataObject;
	return options.answerWhenFinished === true ? ANSWER_WHEN_FINISHED : ANSWER_AT_ONCE;
}

function ownWebhookUrl(this: IHookFunctions): string {
	const url = this.getNodeWebhookUrl(chosenWebhook.call(this));
	if (!url) throw new NodeOperationError(this.getNode(), 'n8n gave no webhook URL for this node');
	return url;
}

/** Both webhooks' URLs: a URL of either is this node's, whichever way of answering it was registered for. */
function bothWebhookUrls(this: IHookFunctions): string[] {
	return [ANSWER_AT_ONCE, ANSWER_WHEN_FINISHED].map((name) => this.getNodeWebhookUrl(name)).filter((url): url is string => Boolean(url));
}

async function readInterview(this: IHookFunctions, interviewId: string): Promise<Interview> {
	return await apiRequest.call(this, endpoints.getInterview, { interviewId });
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
async function putWebhookUrl(this: IHookFunctions, found: Interview, webhookUrl: string | null): Promise<Interview> {
	const otherSettings = Object.fromEntries(
		Object.entries(found.interviewConfig ?? {}).filter(([key, value]) => key !== 'webhookUrl' && value !== null),
	);
	const interviewConfig = webhookUrl === null ? otherSettings : { ...otherSettings, webhookUrl };
	return await apiRequest.call(this, endpoints.updateSettings, { interviewId: found.interviewId, body: { interviewConfig } });
}

/** The last three path segments (`webhook/<webhookId>/<path>`): what stays when n8n's public address changes. */
function endpointOf(url: string): string {
	return withoutQuery(url).split('/').filter(Boolean).slice(-3).join('/');
}

/**
 * Whether the interview's URL is one this node put there: the address now of either of its
 * webhooks, or the address of its own earlier registration (n8n may since have moved to another
 * public address). Test and production URLs of the node differ in their path, so one never passes
 * for the other.
 */
function isThisNodesUrl(current: string | null, ownUrls: string[], earlier?: Registration): boolean {
	if (current === null) return false;
	if (ownUrls.some((url) => endpointOf(current) === endpointOf(url))) return true;
	return earlier !== undefined && withoutQuery(current) === withoutQuery(earlier.webhookUrl);
}

/**
 * What to put back later. When the interview already holds a URL of this very node (a stale or
 * half-done registration, or one under an earlier address), it is not the user's own URL: keep
 * what we saved before, if it is for the same interview.
 */
function urlToRestore(current: string | null, ownUrls: string[], interviewId: string, earlier?: Registration): string | null {
	if (!isThisNodesUrl(current, ownUrls, earlier)) return current;
	return earlier?.interviewId === interviewId ? earlier.previousWebhookUrl : null;
}

export async function webhookExists(this: IHookFunctions): Promise<boolean> {
	const registration = readRegistration(this.getWorkflowStaticData('node'));
	// A half-done activation or a restore still owed: `create` completes or undoes it.
	if (registration === undefined || registration.pending || registration.restorePending) return false;
	const interviewId = configuredInterviewId.call(this);
	if (registration.interviewId !== interviewId) return false;
	// n8n may have moved to another public address (WEBHOOK_URL) since: register under the one it gives now.
	if (withoutQuery(registration.webhookUrl) !== ownWebhookUrl.call(this)) return false;
	const found = await unlessError(readInterview.call(this, interviewId), isNotFound, undefined);
	return found !== undefined && currentWebhookUrl(found) === registration.webhookUrl;
}

export async function createWebhook(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const interviewId = configuredInterviewId.call(this);
	const ownUrl = ownWebhookUrl.call(this);
	let earlier = readRegistration(staticData);
	// A registration left on another interview would otherwise keep that interview's slot forever.
	if (earlier !== undefined && earlier.interviewId !== interviewId) {
		if (!(await deleteWebhook.call(this))) {
			throw new NodeOperationError(
				this.getNode(),
				`Could not give interview ${earlier.interviewId} its webhook URL back, so it was not replaced by interview ${interviewId}`,
				{ description: 'The Interview Service did not answer. Activate the workflow again once it is back.' },
			);
		}
		earlier = undefined;
	}
	const found = await readInterview.call(this, interviewId);

	const webhookSecret = keptSecret(staticData) ?? createWebhookSecret();
	const webhookUrl = withSecret(ownUrl, webhookSecret);
	const registration: Registration = {
		interviewId,
		webhookUrl,
		webhookSecret,
		previousWebhookUrl: urlToRestore(currentWebhookUrl(found), bothWebhookUrls.call(this), interviewId, earlier),
		pending: true,
		restorePending: false,
	};
	// Saved before the PUT: should its answer be lost, the undo below (or the next lifecycle call) knows what to put back.
	saveRegistration(staticData, registration);
	let confirmed = false;
	try {
		await putAndConfirm.call(this, found, webhookUrl);
		confirmed = true;
	} finally {
		// A failed PUT is undone here, not left to n8n's cleanup, which may never see the registration
		// saved above (docs/n8n-internals.md). `delete` never throws, so the PUT's error is what n8n
		// sees; when the service cannot be reached it keeps the registration as a restore owed.
		if (!confirmed) await deleteWebhook.call(this);
	}
	saveRegistration(staticData, { ...registration, pending: false });
	return true;
}

/** Puts our URL on the interview and reads back what the service stored. */
async function putAndConfirm(this: IHookFunctions, found: Interview, webhookUrl: string): Promise<void> {
	const answer = await putWebhookUrl.call(this, found, webhookUrl);
	// An answer without the config is checked with a fresh read.
	const stored = currentWebhookUrl(answer.interviewConfig ? answer : await readInterview.call(this, found.interviewId));
	if (stored !== webhookUrl) {
		throw new NodeOperationError(this.getNode(), `The Interview Service stored another webhook URL than the one sent for interview ${found.interviewId}`, {
			description: `Sent ${withoutQuery(webhookUrl)} with its secret; the service kept ${stored === null ? 'no URL' : withoutQuery(stored) + (stored.includes('?') ? ' with another query' : ' without the query string')}. Deliveries would be refused, so the trigger is not active.`,
		});
	}
}

/**
 * Gives the slot back, unless someone has taken it since. Never throws: n8n deactivates whatever a
 * `delete` does, and a failure here would also keep n8n from saving static data. When the service
 * cannot be reached, the registration stays, marked as a restore still owed, and is named in n8n's
 * log; the next activation of this node carries it out.
 */
export async function deleteWebhook(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const registration = readRegistration(staticData);
	if (registration === undefined) return true;
	try {
		const found = await unlessError(readInterview.call(this, registration.interviewId), isNotFound, undefined);
		const current = found === undefined ? null : currentWebhookUrl(found);
		if (found !== undefined && current !== null && withoutQuery(current) === withoutQuery(registration.webhookUrl)) {
			await unlessError(putWebhookUrl.call(this, found, registration.previousWebhookUrl), isNotFound, undefined);
		}
	} catch (error) {
		saveRegistration(staticData, { ...registration, restorePending: true });
		this.logger.warn(
			`Interview Service Trigger: could not give interview ${registration.interviewId} its webhook URL back (${messageOf(error)}). ` +
				'It still points at this n8n; the next activation of this trigger restores it.',
			{ interviewId: registration.interviewId, workflowId: this.getWorkflow().id },
		);
		return false;
	}
	forgetRegistration(staticData);
	return true;
}
