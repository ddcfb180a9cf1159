import type {
	IAdditionalCredentialOptions,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';
import type { z } from 'zod';

import { pathOf } from '../contract/endpoints';
import { failureInAnswer } from '../dialects';
import type { EndpointSpec } from '../contract/endpoints';
import { CREDENTIAL_TYPE, normalizeBaseUrl, requestTimeoutSeconds } from '../interviewServiceCredential';
import { envelopeFailure, namingInterview, retryAfterOf, statusOf, timeoutError, toNodeApiError } from './errors';
import { DEFAULT_RETRY_POLICY, retryDelayMs, policyFromOptions } from './retry';
import type { RetryPolicy } from './retry';

/** Every n8n context that talks to the Interview Service: the action node, trigger hooks, the picker, polls and webhooks. */
export type InterviewServiceContext = IExecuteFunctions | IHookFunctions | ILoadOptionsFunctions | IPollFunctions | IWebhookFunctions;

/**
 * The credential, read and decrypted once per node run (one `this`), not once per request. n8n's
 * refresh on 401 writes the new token into this same object and the database, so later requests
 * and runs use it: one token exchange per token lifetime. A failed read is not kept.
 */
const perRun = new WeakMap<object, Promise<ICredentialsDecrypted>>();

async function readCredential(context: InterviewServiceContext): Promise<ICredentialsDecrypted> {
	const data = await context.getCredentials(CREDENTIAL_TYPE);
	const reference = context.getNode().credentials?.[CREDENTIAL_TYPE];
	return { id: reference?.id ?? '', name: reference?.name ?? '', type: CREDENTIAL_TYPE, data };
}

async function runCredential(context: InterviewServiceContext): Promise<ICredentialsDecrypted> {
	let credential = perRun.get(context);
	if (!credential) {
		credential = readCredential(context);
		perRun.set(context, credential);
		credential.catch(() => perRun.delete(context));
	}
	return await credential;
}

/** What `httpRequestWithAuthentication` needs to use the run's credential as it is. */
function credentialOptions(credential: ICredentialsDecrypted): IAdditionalCredentialOptions {
	return { credentialsDecrypted: credential };
}

interface ApiRequestOptions {
	/** The interview that `{id}` in the endpoint's path stands for. */
	interviewId?: string;
	body?: IDataObject;
	qs?: IDataObject;
	/** Named in errors, so a failure is tied to the item that caused it. */
	itemIndex?: number;
}

/** Each run's policy, read once: a list of thousands of rows sends hundreds of requests. */
const policyPerRun = new WeakMap<object, RetryPolicy>();

/** The action node's Request Options (a node-level option, read at item 0); triggers and the picker use the defaults. */
function requestPolicyOf(context: InterviewServiceContext): RetryPolicy {
	if (!('getInputData' in context)) return DEFAULT_RETRY_POLICY;
	let policy = policyPerRun.get(context);
	if (policy === undefined) {
		policy = policyFromOptions(context.getNodeParameter('requestOptions', 0, {}) as IDataObject);
		policyPerRun.set(context, policy);
	}
	return policy;
}

interface FullResponse {
	body?: unknown;
	statusCode?: number;
}

/**
 * One HTTP exchange with n8n's authenticated helper. A failure is returned, not thrown, as a
 * NodeApiError with the API's message, the status and any Retry-After; a timeout names the
 * endpoint and the wait.
 */
async function send(
	context: InterviewServiceContext,
	request: IHttpRequestOptions,
	credential: ICredentialsDecrypted,
	endpoint: string,
	timeoutSeconds: number,
	itemIndex: number | undefined,
): Promise<{ response: FullResponse } | { failure: NodeApiError }> {
	try {
		const response = await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_TYPE,
			request,
			credentialOptions(credential),
		);
		return { response: response as FullResponse };
	} catch (error) {
		const timedOut = timeoutError(context.getNode(), error, `${request.method} ${endpoint}`, timeoutSeconds, itemIndex);
		return { failure: timedOut ?? toNodeApiError(context.getNode(), error, itemIndex) };
	}
}

/**
 * The one way this package talks to the Interview Service: authenticated through the
 * credential (token exchange, bearer header, refresh on 401), with a timeout, retried as the
 * retry policy allows (see `retry.ts`), answers unwrapped from the `{ message, success, data }`
 * envelope and checked against the endpoint's `data` schema. `success: false` is a failure whatever the status.
 */
export async function apiRequest<E extends EndpointSpec>(
	this: InterviewServiceContext,
	endpoint: E,
	options: ApiRequestOptions = {},
): Promise<z.infer<E['data']>> {
	const { method } = endpoint;
	const path = pathOf(endpoint, options.interviewId);
	const credential = await runCredential(this);
	const timeoutSeconds = requestTimeoutSeconds(credential.data ?? {});
	const request: IHttpRequestOptions = {
		method,
		url: `${normalizeBaseUrl(credential.data?.baseUrl)}${path}`,
		json: true,
		timeout: timeoutSeconds * 1000,
		returnFullResponse: true,
	};
	if (options.body !== undefined) request.body = options.body;
	if (options.qs !== undefined) request.qs = options.qs;

	const policy = requestPolicyOf(this);
	let response: FullResponse | undefined;
	for (let attempt = 1; response === undefined; attempt++) {
		const outcome = await send(this, request, credential, path, timeoutSeconds, options.itemIndex);
		if ('response' in outcome) {
			response = outcome.response ?? {};
		} else {
			const { failure } = outcome;
			const delay = retryDelayMs(policy, method, attempt, statusOf(failure), retryAfterOf(failure), failure);
			if (delay === undefined) throw namingInterview(failure, options.interviewId);
			await sleep(delay);
		}
	}

	const body = response.body as { data?: unknown } | null | undefined;
	const failure = failureInAnswer(body);
	if (failure !== undefined) {
		const status = response.statusCode === undefined ? undefined : String(response.statusCode);
		throw envelopeFailure(this.getNode(), failure, options.itemIndex, status);
	}
	const parsed = endpoint.data.safeParse(body?.data);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		const where = issue?.path.length ? `data.${issue.path.join('.')}` : 'data';
		throw new NodeApiError(
			this.getNode(),
			{ message: 'Unexpected response from the Interview Service' },
			{
				message: `Unexpected response from the Interview Service for ${method} ${path}`,
				description: `${where}: ${issue?.message ?? 'does not match the API contract'}`,
				itemIndex: options.itemIndex,
			},
		);
	}
	return parsed.data as z.infer<E['data']>;
}
