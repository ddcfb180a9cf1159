import type {
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
import { DEFAULT_RETRY_POLICY, retryDelayMs } from './retry';
import type { RetryPolicy } from './retry';

/** Every n8n context that talks to the Interview Service: the action node, trigger hooks, the picker, polls and webhooks. */
export type InterviewServiceContext = IExecuteFunctions | IHookFunctions | ILoadOptionsFunctions | IPollFunctions | IWebhookFunctions;

/**
 * What one run of a node sends with: its n8n context, its credential read and decrypted once (n8n's
 * refresh on 401 writes the new token into that same object, see docs/n8n-internals.md), its retry policy.
 */
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
export function requestRun(context: InterviewServiceContext, policy: RetryPolicy = DEFAULT_RETRY_POLICY): RequestRun {
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

/**
 * The one way this package talks to the Interview Service: authenticated through the
 * credential (token exchange, bearer header, refresh on 401), with a timeout, retried as the
 * retry policy allows (see `retry.ts`), answers unwrapped from the `{ message, success, data }`
 * envelope and checked against the endpoint's `data` schema. `success: false` is a failure whatever the status.
 */
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
			const delay = retryDelayMs(policy, method, attempt, statusOf(failure), retryAfterOf(failure), failure);
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
		throw new NodeApiError(
			context.getNode(),
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
