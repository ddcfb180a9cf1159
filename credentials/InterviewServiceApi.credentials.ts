import type {
	IAuthenticate,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { endpoints } from '../nodes/shared/contract/endpoints';
import {
	BASE_URL_EXPRESSION,
	DEFAULT_REQUEST_TIMEOUT_SECONDS,
	baseUrlProblem,
	credentialTokenLifetime,
	normalizeBaseUrl,
	requestTimeoutSeconds,
	tokenExchangeFailure,
	tokenRequestBody,
} from '../nodes/shared/interviewServiceCredential';

/** Exchanges under way, by the credential data they refresh (one object per node run). */
const pendingExchanges = new WeakMap<object, Promise<{ accessToken: string }>>();

async function exchangeToken(helper: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
	const baseUrl = normalizeBaseUrl(credentials.baseUrl);
	const problem = baseUrlProblem(baseUrl);
	if (problem) throw new Error(`Interview Service token exchange failed: ${problem}`);
	const timeout = requestTimeoutSeconds(credentials) * 1000;
	let response: { data?: { accessToken?: unknown } };
	try {
		response = (await helper.helpers.httpRequest({
			method: 'POST',
			url: `${baseUrl}${endpoints.createToken.path}`,
			body: tokenRequestBody(credentials, credentialTokenLifetime(credentials)),
			json: true,
			timeout,
		})) as typeof response;
	} catch (error) {
		throw tokenExchangeFailure(error, timeout, baseUrl);
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
			description: 'Address of the Interview Service, without /api/v1. For the demo\'s sandbox: the Sandbox URL the demo prints when it starts (npm start).',
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
	 * share one credential object (nodes/shared/transport/request.ts, requestRun), so when several requests in flight
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

	// The first interview, so a wrong key or Base URL shows at once.
	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: endpoints.listInterviews.path,
			qs: { page: 1, limit: 1 },
		},
	};
}
