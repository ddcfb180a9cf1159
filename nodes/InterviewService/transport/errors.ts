import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { errorEnvelope } from '../schemas/envelope';

/** What n8n-core puts on the error it throws for a failed request. */
interface WrappedHttpError {
	httpCode?: string | null;
	message?: string;
	description?: string | null;
	context?: { data?: unknown };
	cause?: { response?: { status?: number; data?: unknown } };
}

function responseBody(error: WrappedHttpError): unknown {
	return error.context?.data ?? error.cause?.response?.data;
}

function httpStatus(error: WrappedHttpError): string | undefined {
	const status = error.cause?.response?.status ?? error.httpCode;
	return status === null || status === undefined ? undefined : String(status);
}

function describeDetails(details: unknown): string | undefined {
	if (details === null || details === undefined) return undefined;
	if (typeof details === 'string') return details;
	return JSON.stringify(details);
}

/**
 * Turns any failure of a request into a NodeApiError that carries the API's own `message`,
 * its `error` details and the HTTP status. It is built from plain data only, so the request
 * (with its bearer token or API key) never travels with the error.
 */
export function toNodeApiError(node: INode, error: unknown, itemIndex?: number): NodeApiError {
	const wrapped = (error ?? {}) as WrappedHttpError;
	const httpCode = httpStatus(wrapped);
	const envelope = errorEnvelope.safeParse(responseBody(wrapped));
	if (envelope.success) {
		const { message, error: details } = envelope.data;
		return new NodeApiError(
			node,
			{ message, error: (details ?? null) as JsonObject, httpCode: httpCode ?? null },
			{ message, description: describeDetails(details), httpCode, itemIndex },
		);
	}
	const message = wrapped.message ?? 'The Interview Service request failed';
	return new NodeApiError(
		node,
		{ message, httpCode: httpCode ?? null },
		{ message, description: wrapped.description ?? undefined, httpCode, itemIndex },
	);
}

/** The HTTP status of a NodeApiError made by `toNodeApiError`. */
export function statusOf(error: unknown): number | undefined {
	const code = (error as { httpCode?: string | null } | undefined)?.httpCode;
	return code ? Number(code) : undefined;
}

/** The API's `error` details of a NodeApiError made by `toNodeApiError`. */
export function apiErrorDetails(error: unknown): unknown {
	return (error as { errorResponse?: { error?: unknown } } | undefined)?.errorResponse?.error;
}

/**
 * "Results are not ready yet": the results endpoint's 422 while no candidate has completed.
 * Known by its code, or by its message for a service that sends no code; any other 422 is a
 * real validation error.
 */
export function isResultsNotReady(error: unknown): boolean {
	if (statusOf(error) !== 422) return false;
	const details = apiErrorDetails(error) as { code?: unknown } | null | undefined;
	if (details?.code === 'RESULTS_NOT_READY') return true;
	return /not ready/i.test((error as { message?: string }).message ?? '');
}

/** Resolves to `fallback` instead of failing when `accept(error)` says the failure means "nothing". */
export async function unlessError<T, F>(request: Promise<T>, accept: (error: unknown) => boolean, fallback: F): Promise<T | F> {
	return await request.then(
		(value) => value,
		(error: unknown) => {
			if (accept(error)) return fallback;
			throw error;
		},
	);
}

export const isNotFound = (error: unknown) => statusOf(error) === 404;
