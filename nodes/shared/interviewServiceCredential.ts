import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

/* Every rule of the `interviewServiceApi` credential, written once for the credential file and every request. */

/** n8n's linters read the type name as a literal where declared and named, so it is spelled out there too (a unit test holds them equal). */
export const CREDENTIAL_TYPE = 'interviewServiceApi';

/** The Base URL as typed, without surrounding spaces or trailing slashes. */
export function normalizeBaseUrl(baseUrl: unknown): string {
	return String(baseUrl ?? '').trim().replace(/\/+$/, '');
}

/** `normalizeBaseUrl` as an expression, for the declarative test request, which cannot call code (a unit test holds them equal). */
export const BASE_URL_EXPRESSION = '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}';

/** Body of a token exchange (the credential's own, Create Token and Create Link). */
export function tokenRequestBody(credentials: ICredentialDataDecryptedObject, expiresIn?: unknown): IDataObject {
	return { clientId: credentials.clientId, apiKey: credentials.apiKey, ...(expiresIn === undefined ? {} : { expiresIn }) };
}

/** The credential's Token Lifetime: a whole number of seconds, or undefined (0 or empty) to leave it to the service. */
export function credentialTokenLifetime(credentials: ICredentialDataDecryptedObject): number | undefined {
	const lifetime = Number(credentials.expiresIn);
	return Number.isInteger(lifetime) && lifetime > 0 ? lifetime : undefined;
}

/** The service's token lifetime when none is asked for (the spec's default). */
export const SERVICE_TOKEN_LIFETIME_SECONDS = 3600;

/** Seconds to wait for any answer of the service when the Request Timeout is unset. */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;

export function requestTimeoutSeconds(credentials: ICredentialDataDecryptedObject): number {
	const seconds = Number(credentials.timeout);
	return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_REQUEST_TIMEOUT_SECONDS;
}

/** Why no answer came, in words without the code, which n8n would replace with its generic text (docs/n8n-internals.md). */
function noAnswerReason(code: string | undefined, timeoutMs: number): string {
	if (code === 'ECONNREFUSED') return 'the host refused the connection; check the Base URL';
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host could not be found; check the Base URL';
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return `no answer within ${timeoutMs / 1000} s; the service may be overloaded, try again later`;
	if (code === 'ECONNRESET' || code === 'EPIPE') {
		return 'the connection was reset before an answer came; the service or a proxy dropped it, try again later';
	}
	return 'no answer from the service';
}

const BASE_URL_EXAMPLE = 'https://api.example.com';

/** Without http:// or https:// a request cannot start, and n8n would only say that no answer came. */
export function baseUrlProblem(baseUrl: string): string | undefined {
	if (/^https?:\/\/[^/]/i.test(baseUrl)) return undefined;
	return `the Base URL must start with https:// (or http:// for a local service), e.g. ${BASE_URL_EXAMPLE}`;
}

/** A 404 from the exchange: a wrong address, most often a Base URL ending in /api/v1, which the nodes add. */
function notFoundAdvice(baseUrl: string | undefined): string {
	if (baseUrl !== undefined && /\/api\/v1$/i.test(baseUrl)) return 'The Base URL ends in /api/v1: leave that out, the nodes add it';
	return `Check the Base URL: the address of the service without /api/v1, e.g. ${BASE_URL_EXAMPLE}`;
}

/** The API's own `message` of a failed exchange, never the request, which holds the key. */
export function tokenExchangeFailure(error: unknown, timeoutMs = DEFAULT_REQUEST_TIMEOUT_SECONDS * 1000, baseUrl?: string): Error {
	const failure = error as { code?: unknown; cause?: { code?: unknown }; response?: { status?: number; data?: { message?: unknown } } };
	const response = failure?.response;
	const apiMessage = typeof response?.data?.message === 'string' ? response.data.message : undefined;
	const status = response?.status ? ` (HTTP ${response.status})` : '';
	const code = [failure?.code, failure?.cause?.code].find((value): value is string => typeof value === 'string');
	const advice = response?.status === 404 ? `. ${notFoundAdvice(baseUrl)}` : '';
	return new Error(`Interview Service token exchange failed${status}: ${apiMessage ?? noAnswerReason(code, timeoutMs)}${advice}`);
}
