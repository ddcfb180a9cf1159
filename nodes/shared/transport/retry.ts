import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import { isNetworkError } from './errors';

/**
 * The one retry policy of every request:
 * - 429 and 503 are retried whatever the method: the service refused the work, nothing was done;
 * - 502, 504 and network errors (refused, reset, unresolvable) only for GET: a POST may have
 *   been carried out before the answer was lost, and sending it again could invite twice;
 * - a timeout is never retried, so a held request costs one timeout, not several;
 * - the wait is the service's Retry-After (seconds or an HTTP date) when it sent one; a
 *   Retry-After longer than Max Retry Wait fails at once (the error carries it). Otherwise
 *   exponential backoff (1 s, 2 s, 4 s, ...) with jitter, at most Max Retry Wait.
 */

export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_MAX_RETRY_WAIT_SECONDS = 60;
export const MAX_ATTEMPTS_LIMIT = 10;
const BASE_DELAY_MS = 1000;

export interface RetryPolicy {
	/** Attempts in all, the first one included; 1 never retries. */
	maxAttempts: number;
	maxWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxAttempts: DEFAULT_MAX_ATTEMPTS,
	maxWaitMs: DEFAULT_MAX_RETRY_WAIT_SECONDS * 1000,
};

const RETRIED_ANY_METHOD = new Set([429, 503]);
const RETRIED_FOR_GET = new Set([502, 504]);

export function policyFromOptions(requestOptions: IDataObject): RetryPolicy {
	const attempts = Number(requestOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
	const waitSeconds = Number(requestOptions.maxRetryWait ?? DEFAULT_MAX_RETRY_WAIT_SECONDS);
	return {
		maxAttempts: Number.isInteger(attempts) ? Math.min(Math.max(attempts, 1), MAX_ATTEMPTS_LIMIT) : DEFAULT_MAX_ATTEMPTS,
		maxWaitMs: Number.isFinite(waitSeconds) && waitSeconds >= 0 ? waitSeconds * 1000 : DEFAULT_RETRY_POLICY.maxWaitMs,
	};
}

function isRetryable(method: IHttpRequestMethods, status: number | undefined, error: unknown): boolean {
	if (status !== undefined && RETRIED_ANY_METHOD.has(status)) return true;
	if (method !== 'GET') return false;
	return (status !== undefined && RETRIED_FOR_GET.has(status)) || isNetworkError(error);
}

/**
 * How long to wait before attempt `attempt + 1`, or undefined when the failure of attempt
 * `attempt` is final.
 */
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
