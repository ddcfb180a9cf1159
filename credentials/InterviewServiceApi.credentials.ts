import type {
	IAuthenticate,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

/** Body of the token exchange; `expiresIn` only when a lifetime is set. */
export function tokenRequestBody(credentials: ICredentialDataDecryptedObject): IDataObject {
	const body: IDataObject = { clientId: credentials.clientId, apiKey: credentials.apiKey };
	const lifetime = Number(credentials.expiresIn);
	if (Number.isInteger(lifetime) && lifetime > 0) body.expiresIn = lifetime;
	return body;
}

/** Seconds to wait for any answer of the service; 30 when unset (credentials saved before the field existed). */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;

/** The Request Timeout field, read the one way the token exchange and every node request read it. */
export function requestTimeoutSeconds(credentials: ICredentialDataDecryptedObject): number {
	const seconds = Number(credentials.timeout);
	return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_REQUEST_TIMEOUT_SECONDS;
}

/** Why no answer came back, told apart by the error code: a wrong address, a dropped connection, or a silent service. */
function noAnswerReason(code: string | undefined, timeoutMs: number): string {
	if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
		return `the host refused the connection or could not be found (${code}); check the Base URL`;
	}
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') {
		return `no answer within ${timeoutMs / 1000} s (${code}); the service may be overloaded, try again later`;
	}
	if (code === 'ECONNRESET' || code === 'EPIPE') {
		return `the connection was reset before an answer came (${code}); the service or a proxy dropped it, try again later`;
	}
	return `no answer from the service${code ? ` (${code})` : ''}`;
}

/** The API's own `message` of a failed exchange; never the request, which holds the key. */
export function tokenExchangeFailure(error: unknown, timeoutMs = DEFAULT_REQUEST_TIMEOUT_SECONDS * 1000): Error {
	const failure = error as { code?: unknown; cause?: { code?: unknown }; response?: { status?: number; data?: { message?: unknown } } };
	const response = failure?.response;
	const apiMessage = typeof response?.data?.message === 'string' ? response.data.message : undefined;
	const status = response?.status ? ` (HTTP ${response.status})` : '';
	const code = [failure?.code, failure?.cause?.code].find((value): value is string => typeof value === 'string');
	return new Error(`Interview Service token exchange failed${status}: ${apiMessage ?? noAnswerReason(code, timeoutMs)}`);
}

/** Exchanges under way, by the credential data they refresh (one object per node run). */
const pendingExchanges = new WeakMap<object, Promise<{ accessToken: string }>>();

async function exchangeToken(helper: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
	const baseUrl = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
	const timeout = requestTimeoutSeconds(credentials) * 1000;
	let response: { data?: { accessToken?: unknown } };
	try {
		response = (await helper.helpers.httpRequest({
			method: 'POST',
			url: `${baseUrl}/api/v1/auth/token`,
			body: tokenRequestBody(credentials),
			json: true,
			timeout,
		})) as typeof response;
	} catch (error) {
		throw tokenExchangeFailure(error, timeout);
	}
	const accessToken = response?.data?.accessToken;
	if (typeof accessToken !== 'string' || accessToken === '') {
		throw new Error('Interview Service token exchange failed: the answer holds no data.accessToken');
	}
	return { accessToken };
}

export class InterviewServiceApi implements ICredentialType {
	name = 'interviewServiceApi';

	displayName = 'Interview Service API';

	documentationUrl = 'https://github.com/n8n-nodes-interview-service/n8n-nodes-interview-service#credentials';

	icon: Icon = { light: 'file:../icons/interviewService.svg', dark: 'file:../icons/interviewService.dark.svg' };

	properties: INodeProperties[] = [
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://api.example.com',
			description: 'Address of the Interview Service, without /api/v1. For the local sandbox: http://127.0.0.1:4010.',
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			required: true,
			default: '',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
		},
		{
			displayName: 'Token Lifetime (Seconds)',
			name: 'expiresIn',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				'Lifetime to ask for when exchanging the key for an access token. 0 leaves it to the service (3600 seconds by default). n8n gets a new token when the old one is rejected.',
		},
		{
			displayName: 'Request Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_REQUEST_TIMEOUT_SECONDS,
			description:
				'How long to wait for each answer of the service (every node and trigger using this credential). A request with no answer by then fails, naming the endpoint.',
		},
	];

	/**
	 * Exchanges the key for a token: when the token is empty, and after a 401. Requests of one run
	 * share one credential object (see transport/credential), so when several requests in flight
	 * are rejected together, they wait for the same exchange instead of each making its own.
	 */
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const pending = pendingExchanges.get(credentials);
		if (pending) return await pending;
		const exchange = exchangeToken(this, credentials);
		pendingExchanges.set(credentials, exchange);
		try {
			return await exchange;
		} finally {
			pendingExchanges.delete(credentials);
		}
	}

	/**
	 * The bearer header, set directly: a generic `{{$credentials.accessToken}}` template would be
	 * evaluated by n8n's expression engine on every request.
	 */
	authenticate: IAuthenticate = async (credentials, requestOptions) => ({
		...requestOptions,
		headers: { ...requestOptions.headers, Authorization: `Bearer ${String(credentials.accessToken ?? '')}` },
	});

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}',
			url: '/api/v1/interview/get-interviews',
			qs: { page: 1, limit: 1 },
		},
	};
}
