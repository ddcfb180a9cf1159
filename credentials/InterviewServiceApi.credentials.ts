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

/** The API's own `message` of a failed exchange; never the request, which holds the key. */
export function tokenExchangeFailure(error: unknown): Error {
	const response = (error as { response?: { status?: number; data?: { message?: unknown } } })?.response;
	const apiMessage = typeof response?.data?.message === 'string' ? response.data.message : undefined;
	const status = response?.status ? ` (HTTP ${response.status})` : '';
	return new Error(
		`Interview Service token exchange failed${status}: ${apiMessage ?? 'no answer from the service; check the Base URL'}`,
	);
}

/** Exchanges under way, by the credential data they refresh (one object per node run). */
const pendingExchanges = new WeakMap<object, Promise<{ accessToken: string }>>();

async function exchangeToken(helper: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
	const baseUrl = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
	let response: { data?: { accessToken?: unknown } };
	try {
		response = (await helper.helpers.httpRequest({
			method: 'POST',
			url: `${baseUrl}/api/v1/auth/token`,
			body: tokenRequestBody(credentials),
			json: true,
		})) as typeof response;
	} catch (error) {
		throw tokenExchangeFailure(error);
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
