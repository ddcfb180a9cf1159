import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { errorEnvelope } from '../contract/envelope';

/** What our NodeApiErrors carry: the status as text (or a network error's code), the API's `error` details, Retry-After in seconds. */
export interface ApiFailure extends Error {
	httpCode?: string | null;
	errorResponse?: { error?: unknown };
	context?: { retryAfter?: number };
}

/** What n8n-core puts on the error it throws for a failed request. */
interface WrappedHttpError {
	httpCode?: string | null;
	message?: string;
	description?: string | null;
	context?: { data?: unknown };
	cause?: { code?: string; message?: string; response?: { status?: number; data?: unknown; headers?: Record<string, unknown> } };
}

/** Connection failures where nothing came back: the request may or may not have been carried out. */
const NETWORK_ERROR_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ENETUNREACH', 'EHOSTUNREACH']);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

/** Retry-After in seconds from its header value (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+$/.test(text)) return Number(text);
	const date = Date.parse(text);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, Math.ceil((date - now) / 1000));
}

function errorCode(error: WrappedHttpError): string | undefined {
	return error.cause?.code ?? (typeof error.httpCode === 'string' ? error.httpCode : undefined);
}

// Any request failure as a NodeApiError with the API's `message`, `error` details and status, built from plain data only
// so the request (with its bearer token or API key) never travels with the error.
export function toNodeApiError(node: INode, error: unknown, itemIndex?: number): NodeApiError {
	const wrapped = (error ?? {}) as WrappedHttpError;
	const status = wrapped.cause?.response?.status ?? wrapped.httpCode;
	const httpCode = status === null || status === undefined ? undefined : String(status);
	const retryAfter = parseRetryAfter(wrapped.cause?.response?.headers?.['retry-after']);
	const envelope = errorEnvelope.safeParse(wrapped.context?.data ?? wrapped.cause?.response?.data);
	if (envelope.success) return envelopeFailure(node, envelope.data, itemIndex, httpCode, retryAfter);
	const message = wrapped.message ?? 'The Interview Service request failed';
	return apiError(node, { message, httpCode: httpCode ?? null }, { message, description: wrapped.description ?? undefined, httpCode, itemIndex }, retryAfter);
}

function apiError(node: INode, response: JsonObject, options: ConstructorParameters<typeof NodeApiError>[2], retryAfter: number | undefined): NodeApiError {
	const error = new NodeApiError(node, response, options);
	if (retryAfter !== undefined) error.context.retryAfter = retryAfter;
	return error;
}

/** An answer `{ success: false, message, error }` under any status: `message` is the error, `error` its description. */
export function envelopeFailure(
	node: INode,
	{ message, error: details }: { message: string; error?: unknown },
	itemIndex?: number,
	httpCode?: string,
	retryAfter?: number,
): NodeApiError {
	const description = details === null || details === undefined || typeof details === 'string' ? (details ?? undefined) : JSON.stringify(details);
	return apiError(node, { message, error: (details ?? null) as JsonObject, httpCode: httpCode ?? null }, { message, description, httpCode, itemIndex }, retryAfter);
}

/** A request unanswered within the timeout, named with its endpoint and wait; undefined for any other error. */
export function timeoutError(node: INode, error: unknown, endpoint: string, timeoutSeconds: number, itemIndex?: number): NodeApiError | undefined {
	const code = errorCode((error ?? {}) as WrappedHttpError);
	if (!code || !TIMEOUT_CODES.has(code)) return undefined;
	const message = `The Interview Service did not answer ${endpoint} within ${timeoutSeconds} s`;
	const description = `Waited ${timeoutSeconds} s (the Request Timeout of the credential) and gave up; the request was not retried.`;
	// No httpCode: n8n would replace our message with its generic one for a code like ETIMEDOUT.
	return new NodeApiError(node, { message }, { message, description, itemIndex });
}

/** Whether the request failed without any answer (refused, reset, unresolvable host); a timeout is not one. */
export function isNetworkError(error: unknown): boolean {
	const code = errorCode((error ?? {}) as WrappedHttpError);
	return code !== undefined && NETWORK_ERROR_CODES.has(code);
}

/** Resolves to `fallback` instead of failing when `accept(error)` says the failure means "nothing". */
export async function unlessError<T, F>(request: Promise<T>, accept: (error: unknown) => boolean, fallback: F): Promise<T | F> {
	return await request.catch((error: unknown) => {
		if (accept(error)) return fallback;
		throw error;
	});
}

export const isNotFound = (error: unknown) => (error as ApiFailure | undefined)?.httpCode === '404';

/** A 404 on an interview's path names the ID after the service's message, so the user sees which interview is missing. */
export function namingInterview(error: NodeApiError, interviewId: string | undefined): NodeApiError {
	if (interviewId === undefined || error.httpCode !== '404' || error.message.includes(interviewId)) return error;
	error.message = `${error.message} (interview ID ${interviewId})`;
	return error;
}

/** The message of anything thrown, for logs. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
