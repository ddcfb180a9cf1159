import type {
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';
import type { z } from 'zod';

import type { EndpointSpec } from '../contract/endpoints';
import { failureInAnswer } from '../dialects';
import { CREDENTIAL_TYPE, normalizeBaseUrl, requestTimeoutSeconds } from '../interviewServiceCredential';
import { envelopeFailure, isNetworkError, namingInterview, timeoutError, toNodeApiError } from './errors';
import type { ApiFailure } from './errors';

// Retried: 429 and 503 always (nothing was done); 502, 504 and network errors only for GET, as a POST may have been applied
// (resending could invite twice); a timeout never (a held request costs one). Wait: Retry-After, else jittered backoff, up to Max Retry Wait.

export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_MAX_RETRY_WAIT_SECONDS = 60;
export const MAX_ATTEMPTS_LIMIT = 10;
const BASE_DELAY_MS = 1000;

export interface RetryPolicy {
	/** Attempts in all, the first one included; 1 never retries. */
	maxAttempts: number;
	maxWaitMs: number;
}

const RETRIED_ANY_METHOD = new Set([429, 503]);
const RETRIED_FOR_GET = new Set([502, 504]);

// An expression escapes the editor's limits, and an attempt count outside 1 to 10 would retry the service without end.
export function policyFromOptions(requestOptions: IDataObject): RetryPolicy {
	const attempts = Number(requestOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
	const waitSeconds = Number(requestOptions.maxRetryWait ?? DEFAULT_MAX_RETRY_WAIT_SECONDS);
	return {
		maxAttempts: Number.isInteger(attempts) ? Math.min(Math.max(attempts, 1), MAX_ATTEMPTS_LIMIT) : DEFAULT_MAX_ATTEMPTS,
		maxWaitMs: Number.isFinite(waitSeconds) && waitSeconds >= 0 ? waitSeconds * 1000 : DEFAULT_MAX_RETRY_WAIT_SECONDS * 1000,
	};
}

function isRetryable(method: IHttpRequestMethods, status: number | undefined, error: unknown): boolean {
	if (status !== undefined && RETRIED_ANY_METHOD.has(status)) return true;
	if (method !== 'GET') return false;
	return (status !== undefined && RETRIED_FOR_GET.has(status)) || isNetworkError(error);
}

/** The wait before attempt `attempt + 1`; undefined when the failure of attempt `attempt` is final. */
export function retryDelayMs(
	policy: RetryPolicy,
	method: IHttpRequestMethods,
	attempt: number,
	status: number | undefined,
	retryAfterSeconds: number | undefined,
	error: unknown,
	random: () => number = Math.random,
): number | undefined {
	if (attempt >= policy.maxAttempts || !isRetryable(method, status, error)) return undefined;
	if (retryAfterSeconds !== undefined) {
		const wait = retryAfterSeconds * 1000;
		return wait <= policy.maxWaitMs ? wait : undefined;
	}
	const backoff = BASE_DELAY_MS * 2 ** (attempt - 1);
	return Math.min(policy.maxWaitMs, Math.round(backoff * (0.5 + random() / 2)));
}

/** The path of one call: `{id}` replaced by the interview's ID, escaped. */
function pathOf(endpoint: EndpointSpec, interviewId?: string): string {
	if (!endpoint.path.includes('{id}')) return endpoint.path;
	if (interviewId === undefined) throw new Error(`${endpoint.method} ${endpoint.path} needs an interview ID`);
	return endpoint.path.replace('{id}', encodeURIComponent(interviewId));
}

/** Every n8n context that talks to the Interview Service: the action node, trigger hooks, the picker, polls and webhooks. */
export type InterviewServiceContext = IExecuteFunctions | IHookFunctions | ILoadOptionsFunctions | IPollFunctions | IWebhookFunctions;

/** One run: its context, its credential read and decrypted once (docs/n8n-internals.md), its retry policy. */
export interface RequestRun {
	context: InterviewServiceContext;
	credential: () => Promise<ICredentialsDecrypted>;
	policy: RetryPolicy;
}

async function readCredential(context: InterviewServiceContext): Promise<ICredentialsDecrypted> {
	const data = await context.getCredentials(CREDENTIAL_TYPE);
	const reference = context.getNode().credentials?.[CREDENTIAL_TYPE];
	return { id: reference?.id ?? '', name: reference?.name ?? '', type: CREDENTIAL_TYPE, data };
}

/** A run whose credential is read at its first request; a failed read is not kept. */
export function requestRun(context: InterviewServiceContext, policy = policyFromOptions({})): RequestRun {
	let credential: Promise<ICredentialsDecrypted> | undefined;
	return {
		context,
		policy,
		credential: async () => {
			credential ??= readCredential(context).catch((error: unknown) => {
				credential = undefined;
				throw error;
			});
			return await credential;
		},
	};
}

/** Triggers and the picker send with a context alone, the action node with its run. */
export const runOf = (source: InterviewServiceContext | RequestRun): RequestRun => ('policy' in source ? source : requestRun(source));

interface ApiRequestOptions {
	/** The interview that `{id}` in the endpoint's path stands for. */
	interviewId?: string;
	body?: IDataObject;
	qs?: IDataObject;
	/** Named in errors, so a failure is tied to the item that caused it. */
	itemIndex?: number;
}

interface FullResponse {
	body?: unknown;
	statusCode?: number;
}

// The only way to the service: the credential's auth (token exchange, bearer, refresh on 401), a timeout, the retry policy,
// the `{ message, success, data }` envelope unwrapped and `data` checked; `success: false` fails whatever the status.
export async function apiRequest<E extends EndpointSpec>(
	this: InterviewServiceContext | RequestRun,
	endpoint: E,
	options: ApiRequestOptions = {},
): Promise<z.infer<E['data']>> {
	const { method } = endpoint;
	const path = pathOf(endpoint, options.interviewId);
	const run = runOf(this);
	const { context, policy } = run;
	const credential = await run.credential();
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

	let response: FullResponse | undefined;
	for (let attempt = 1; response === undefined; attempt++) {
		try {
			// The run's credential as it is: n8n then skips reading and decrypting it again.
			const answer = await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_TYPE, request, { credentialsDecrypted: credential });
			response = (answer as FullResponse | undefined) ?? {};
		} catch (error) {
			const node = context.getNode();
			const failure = timeoutError(node, error, `${method} ${path}`, timeoutSeconds, options.itemIndex) ?? toNodeApiError(node, error, options.itemIndex);
			const status = Number((failure as ApiFailure).httpCode ?? Number.NaN);
			const delay = retryDelayMs(policy, method, attempt, Number.isInteger(status) ? status : undefined, failure.context.retryAfter as number | undefined, failure);
			if (delay === undefined) throw namingInterview(failure, options.interviewId);
			await sleep(delay);
		}
	}

	const body = response.body as { data?: unknown } | null | undefined;
	const failure = failureInAnswer(body);
	if (failure !== undefined) {
		const status = response.statusCode === undefined ? undefined : String(response.statusCode);
		throw envelopeFailure(context.getNode(), failure, options.itemIndex, status);
	}
	const parsed = endpoint.data.safeParse(body?.data);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		const where = issue?.path.length ? `data.${issue.path.join('.')}` : 'data';
		const message = `Unexpected response from the Interview Service for ${method} ${path}`;
		const description = `${where}: ${issue?.message ?? 'does not match the API contract'}`;
		throw new NodeApiError(context.getNode(), { message: 'Unexpected response from the Interview Service' }, { message, description, itemIndex: options.itemIndex });
	}
	return parsed.data as z.infer<E['data']>;
}
