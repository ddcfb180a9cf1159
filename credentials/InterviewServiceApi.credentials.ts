import type {
	IAuthenticate,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { createHash } from 'crypto';

import { endpoints } from '../nodes/shared/contract/endpoints';
import {
	BASE_URL_EXPRESSION,
	DEFAULT_REQUEST_TIMEOUT_SECONDS,
	baseUrlProblem,
	credentialTokenLifetime,
	normalizeBaseUrl,
	requestTimeoutSeconds,
	SERVICE_TOKEN_LIFETIME_SECONDS,
	tokenExchangeFailure,
	tokenRequestBody,
} from '../nodes/shared/interviewServiceCredential';

/**
 * What this process knows of each credential (by its address, client, key and lifetime): the exchange under
 * way, or the token it last got. Shared by every execution, so a burst on a fresh credential makes one exchange.
 */
const exchanges = new Map<string, { pending?: Promise<{ accessToken: string }>; token?: string; until?: number }>();

function exchangeKey(credentials: ICredentialDataDecryptedObject): string {
	const parts = [normalizeBaseUrl(credentials.baseUrl), credentials.clientId, credentials.apiKey, credentials.expiresIn];
	return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

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
	 * Exchanges the key for a token: when the token is empty, and after a 401 (n8n then passes the rejected one).
	 * Callers wait for an exchange under way, and take a newer token this process already got instead of
	 * exchanging again; its lifetime bounds that memory.
	 */
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const key = exchangeKey(credentials);
		const known = exchanges.get(key);
		if (known?.pending) return await known.pending;
		if (known?.token && known.token !== credentials.accessToken && Date.now() < (known.until ?? 0)) {
			return { accessToken: known.token };
		}
		const pending = exchangeToken(this, credentials);
		exchanges.set(key, { pending });
		try {
			const { accessToken } = await pending;
			const lifetimeMs = (credentialTokenLifetime(credentials) ?? SERVICE_TOKEN_LIFETIME_SECONDS) * 1000;
			exchanges.set(key, { token: accessToken, until: Date.now() + lifetimeMs });
			return { accessToken };
		} catch (error) {
			exchanges.delete(key);
			throw error;
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
