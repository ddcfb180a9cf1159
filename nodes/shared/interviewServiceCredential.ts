import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { endpoints } from './contract/endpoints';

/*
 * Every rule of the `interviewServiceApi` credential, written once: its type name, how the Base
 * URL is read, the token exchange's body, timeout and failure messages. The credential file and
 * every request of every node read them from here.
 */

/**
 * The credential's type name. n8n's linters read it as a literal where it is declared (the
 * credential class) and where nodes name their credential (`description.credentials`), so it is
 * spelled out there too; test/unit/credentials holds all of them equal to this one.
 */
export const CREDENTIAL_TYPE = 'interviewServiceApi';

/** The Base URL as typed, without surrounding spaces or trailing slashes. */
export function normalizeBaseUrl(baseUrl: unknown): string {
	return String(baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
}

/**
 * `normalizeBaseUrl` as an n8n expression, for the credential's declarative test request (which
 * cannot call code). A unit test holds the two to the same results.
 */
export const BASE_URL_EXPRESSION = '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}';

export const EXCHANGE_ENDPOINT = endpoints.createToken.path;

/** What the credential's Test reads: the first interview, so a wrong key or Base URL shows at once. */
export const TEST_ENDPOINT = endpoints.listInterviews.path;

/**
 * Body of a token exchange (the credential's own, Create Token and Create Link): the client and its
 * key, and `expiresIn` when a lifetime is asked for.
 */
export function tokenRequestBody(credentials: ICredentialDataDecryptedObject, expiresIn?: unknown): IDataObject {
	return { clientId: credentials.clientId, apiKey: credentials.apiKey, ...(expiresIn === undefined ? {} : { expiresIn }) };
}

/** The credential's Token Lifetime: a whole number of seconds, or undefined (0 or empty) to leave it to the service. */
export function credentialTokenLifetime(credentials: ICredentialDataDecryptedObject): number | undefined {
	const lifetime = Number(credentials.expiresIn);
	return Number.isInteger(lifetime) && lifetime > 0 ? lifetime : undefined;
}

/** Seconds to wait for any answer of the service; 30 when unset (credentials saved before the field existed). */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;

/** The Request Timeout field, read the one way the token exchange and every node request read it. */
export function requestTimeoutSeconds(credentials: ICredentialDataDecryptedObject): number {
	const seconds = Number(credentials.timeout);
	return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_REQUEST_TIMEOUT_SECONDS;
}

/**
 * Why no answer came back, told apart by the error code: a wrong address, a dropped connection, or
 * a silent service. Said in words only: n8n replaces any error message that contains a code such
 * as ECONNRESET with its own generic text (n8n-workflow `NodeError`, COMMON_ERRORS), which would
 * hide that the token exchange failed.
 */
function noAnswerReason(code: string | undefined, timeoutMs: number): string {
	if (code === 'ECONNREFUSED') return 'the host refused the connection; check the Base URL';
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host could not be found; check the Base URL';
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') {
		return `no answer within ${timeoutMs / 1000} s; the service may be overloaded, try again later`;
	}
	if (code === 'ECONNRESET' || code === 'EPIPE') {
		return 'the connection was reset before an answer came; the service or a proxy dropped it, try again later';
	}
	return 'no answer from the service';
}

/** The example every Base URL message shows. */
const BASE_URL_EXAMPLE = 'https://api.example.com';

/**
 * What is wrong with a Base URL before any request is sent: without http:// or https:// the
 * request cannot even start, and n8n would only say that no answer came.
 */
export function baseUrlProblem(baseUrl: string): string | undefined {
	if (/^https?:\/\/[^/]/i.test(baseUrl)) return undefined;
	return `the Base URL must start with https:// (or http:// for a local service), e.g. ${BASE_URL_EXAMPLE}`;
}

/**
 * A 404 from the exchange means the address is wrong, most often a Base URL that already ends in
 * /api/v1 (the path the nodes add themselves).
 */
function notFoundAdvice(baseUrl: string | undefined): string {
	if (baseUrl !== undefined && /\/api\/v1$/i.test(baseUrl)) {
		return 'The Base URL ends in /api/v1: leave that out, the nodes add it';
	}
	return `Check the Base URL: the address of the service without /api/v1, e.g. ${BASE_URL_EXAMPLE}`;
}

/**
 * The API's own `message` of a failed exchange; never the request, which holds the key. `baseUrl`
 * (normalised) lets a 404 say what is wrong with it.
 */
export function tokenExchangeFailure(error: unknown, timeoutMs = DEFAULT_REQUEST_TIMEOUT_SECONDS * 1000, baseUrl?: string): Error {
	const failure = error as { code?: unknown; cause?: { code?: unknown }; response?: { status?: number; data?: { message?: unknown } } };
	const response = failure?.response;
	const apiMessage = typeof response?.data?.message === 'string' ? response.data.message : undefined;
	const status = response?.status ? ` (HTTP ${response.status})` : '';
	const code = [failure?.code, failure?.cause?.code].find((value): value is string => typeof value === 'string');
	const advice = response?.status === 404 ? `. ${notFoundAdvice(baseUrl)}` : '';
	return new Error(`Interview Service token exchange failed${status}: ${apiMessage ?? noAnswerReason(code, timeoutMs)}${advice}`);
}
