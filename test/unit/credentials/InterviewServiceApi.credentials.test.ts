import type { ICredentialDataDecryptedObject, IHttpRequestHelper, IHttpRequestOptions } from 'n8n-workflow';

import { InterviewServiceApi } from '../../../credentials/InterviewServiceApi.credentials';
import { InterviewService } from '../../../nodes/InterviewService/InterviewService.node';
import { InterviewServiceResultsTrigger } from '../../../nodes/InterviewServiceResultsTrigger/InterviewServiceResultsTrigger.node';
import { InterviewServiceTrigger } from '../../../nodes/InterviewServiceTrigger/InterviewServiceTrigger.node';
import {
	BASE_URL_EXPRESSION,
	CREDENTIAL_TYPE,
	credentialTokenLifetime,
	normalizeBaseUrl,
	tokenExchangeFailure,
	tokenRequestBody,
} from '../../../nodes/shared/interviewServiceCredential';

/** The body the credential's own exchange sends. */
const credentialTokenBody = (credentials: ICredentialDataDecryptedObject) => tokenRequestBody(credentials, credentialTokenLifetime(credentials));

const SECRET_KEY = 'sk-very-secret-key-123';

function helperReturning(result: unknown) {
	const calls: IHttpRequestOptions[] = [];
	const helper = {
		helpers: {
			httpRequest: async (options: IHttpRequestOptions) => {
				calls.push(options);
				if (result instanceof Error) throw result;
				return result;
			},
		},
	} as unknown as IHttpRequestHelper;
	return { helper, calls };
}

function axiosLikeError(status: number, data: unknown) {
	return Object.assign(new Error(`Request failed with status code ${status}`), {
		response: { status, data },
		config: { data: JSON.stringify({ clientId: 'c', apiKey: SECRET_KEY }) },
	});
}

describe('InterviewServiceApi credential', () => {
	const credential = new InterviewServiceApi();
	const base = { baseUrl: 'http://127.0.0.1:4010/', clientId: 'demo-client', apiKey: SECRET_KEY, accessToken: '' };

	it('has a hidden, expirable, password-protected accessToken field', () => {
		const field = credential.properties.find((p) => p.name === 'accessToken');
		expect(field).toMatchObject({ type: 'hidden', typeOptions: { expirable: true, password: true } });
		expect(credential.properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(true);
	});

	it('exchanges clientId and apiKey at POST /api/v1/auth/token, with no doubled slash', async () => {
		const { helper, calls } = helperReturning({ success: true, data: { accessToken: 'jwt-1', tokenType: 'bearer', expiresIn: 3600 } });
		const output = await credential.preAuthentication.call(helper, { ...base, expiresIn: 0 });
		expect(output).toEqual({ accessToken: 'jwt-1' });
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({
			method: 'POST',
			url: 'http://127.0.0.1:4010/api/v1/auth/token',
			body: { clientId: 'demo-client', apiKey: SECRET_KEY },
			json: true,
		});
	});

	it('sends expiresIn only when a lifetime is set', () => {
		expect(credentialTokenBody({ ...base, expiresIn: 0 })).not.toHaveProperty('expiresIn');
		expect(credentialTokenBody({ ...base, expiresIn: '' })).not.toHaveProperty('expiresIn');
		expect(credentialTokenBody({ ...base })).not.toHaveProperty('expiresIn');
		expect(credentialTokenBody({ ...base, expiresIn: 900 })).toEqual({ clientId: 'demo-client', apiKey: SECRET_KEY, expiresIn: 900 });
	});

	it("shows the API's own message on a wrong key, never the key", async () => {
		const { helper } = helperReturning(
			axiosLikeError(401, { message: 'Invalid client credentials', success: false, error: null }),
		);
		const failure = credential.preAuthentication.call(helper, base);
		await expect(failure).rejects.toThrow('Invalid client credentials');
		const error = (await failure.catch((e: Error) => e)) as Error;
		expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain(SECRET_KEY);
		expect(error.message).toContain('HTTP 401');
	});

	it('names the token exchange and tells a refused host, an unknown host (check the Base URL), a reset and a timeout apart', () => {
		const failing = (code: string) =>
			tokenExchangeFailure(Object.assign(new Error(`connect ${code}`), { code, config: { data: SECRET_KEY } }), 5000).message;
		expect(failing('ECONNREFUSED')).toMatch(/token exchange failed: the host refused the connection; check the Base URL/);
		expect(failing('ENOTFOUND')).toMatch(/token exchange failed: the host could not be found; check the Base URL/);
		expect(failing('ECONNRESET')).toMatch(/token exchange failed: the connection was reset before an answer came/);
		expect(failing('ECONNRESET')).not.toMatch(/Base URL/);
		expect(failing('ECONNABORTED')).toMatch(/token exchange failed: no answer within 5 s/);
		expect(failing('ECONNABORTED')).not.toMatch(/Base URL/);
		// No code in the text: n8n would swap a message holding one for its own generic text.
		for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EAI_AGAIN']) expect(failing(code)).not.toMatch(/E[A-Z_]{4,}/);
		expect(failing('ECONNREFUSED')).not.toContain(SECRET_KEY);
	});

	it('a 404 of the exchange says what is wrong with the Base URL: /api/v1 left in it, or another address', async () => {
		const routeNotFound = axiosLikeError(404, { message: 'Route not found', success: false, error: { code: 'ROUTE_NOT_FOUND' } });
		const withPath = credential.preAuthentication.call(helperReturning(routeNotFound).helper, { ...base, baseUrl: 'http://127.0.0.1:4010/api/v1/' });
		await expect(withPath).rejects.toThrow(
			'Interview Service token exchange failed (HTTP 404): Route not found. The Base URL ends in /api/v1: leave that out, the nodes add it',
		);
		const elsewhere = credential.preAuthentication.call(helperReturning(routeNotFound).helper, { ...base, baseUrl: 'https://example.com/interviews' });
		await expect(elsewhere).rejects.toThrow(
			'(HTTP 404): Route not found. Check the Base URL: the address of the service without /api/v1, e.g. https://api.example.com',
		);
		// Other refusals are the key's or the service's business, not the address's.
		expect(tokenExchangeFailure(axiosLikeError(401, { message: 'Invalid client credentials' }), 5000, 'http://h/api/v1').message).not.toMatch(/Base URL/);
	});

	it('refuses a Base URL without http:// or https:// before sending anything, naming the field', async () => {
		for (const baseUrl of ['127.0.0.1:4010', 'api.example.com', 'ftp://api.example.com', '']) {
			const { helper, calls } = helperReturning({ success: true, data: { accessToken: 'never' } });
			await expect(credential.preAuthentication.call(helper, { ...base, baseUrl })).rejects.toThrow(
				'Interview Service token exchange failed: the Base URL must start with https:// (or http:// for a local service), e.g. https://api.example.com',
			);
			expect(calls).toHaveLength(0);
		}
	});

	it('rejects an answer without data.accessToken', async () => {
		const { helper } = helperReturning({ success: true, data: {} });
		await expect(credential.preAuthentication.call(helper, base)).rejects.toThrow(/holds no data.accessToken/);
	});

	it('sends the token as a bearer header, keeping the other headers, and tests with a cheap authenticated request', async () => {
		expect(typeof credential.authenticate).toBe('function');
		const authenticate = credential.authenticate as Exclude<typeof credential.authenticate, { type: string }>;
		const request = { url: 'http://127.0.0.1/x', headers: { accept: 'application/json' } };
		await expect(authenticate({ ...base, accessToken: 'tok-1' }, request)).resolves.toEqual({
			url: 'http://127.0.0.1/x',
			headers: { accept: 'application/json', Authorization: 'Bearer tok-1' },
		});
		// The request n8n passed in is not changed: it may be sent again after a refresh.
		expect(request.headers).toEqual({ accept: 'application/json' });
		expect(credential.test.request).toMatchObject({ url: '/api/v1/interview/get-interviews', qs: { page: 1, limit: 1 } });
	});
});

describe('token exchanges shared by a process', () => {
	const credential = new InterviewServiceApi();
	let client = 0;
	/** A credential no other test has exchanged for: the memory is per process. */
	const fresh = () => ({ baseUrl: 'http://127.0.0.1:4010', clientId: `shared-${++client}`, apiKey: SECRET_KEY, accessToken: '' });

	function countingHelper(tokens: string[]) {
		let calls = 0;
		const helper = {
			helpers: {
				httpRequest: async () => {
					const accessToken = tokens[calls++];
					await new Promise((resolve) => setTimeout(resolve, 10));
					return { success: true, data: { accessToken, tokenType: 'bearer', expiresIn: 3600 } };
				},
			},
		} as unknown as IHttpRequestHelper;
		return { helper, calls: () => calls };
	}

	it('a burst of 20 runs, each with its own copy of a fresh credential, makes one exchange', async () => {
		const credentials = fresh();
		const { helper, calls } = countingHelper(['jwt-a', 'jwt-b']);
		const outputs = await Promise.all(Array.from({ length: 20 }, () => credential.preAuthentication.call(helper, { ...credentials })));
		expect(outputs).toEqual(Array.from({ length: 20 }, () => ({ accessToken: 'jwt-a' })));
		// A run that read the credential before the token was stored comes later and still finds it.
		await expect(credential.preAuthentication.call(helper, { ...credentials })).resolves.toEqual({ accessToken: 'jwt-a' });
		expect(calls()).toBe(1);
	});

	it('a rejected token is exchanged again, once for all runs that met it; an older one gets the newer token', async () => {
		const credentials = fresh();
		const { helper, calls } = countingHelper(['jwt-a', 'jwt-b']);
		await credential.preAuthentication.call(helper, { ...credentials });
		const rejected = { ...credentials, accessToken: 'jwt-a' };
		const outputs = await Promise.all([1, 2, 3].map(() => credential.preAuthentication.call(helper, { ...rejected })));
		expect(outputs).toEqual([1, 2, 3].map(() => ({ accessToken: 'jwt-b' })));
		await expect(credential.preAuthentication.call(helper, { ...rejected })).resolves.toEqual({ accessToken: 'jwt-b' });
		expect(calls()).toBe(2);
	});

	it('another key, client or address never gets the token of this one', async () => {
		const credentials = fresh();
		const { helper, calls } = countingHelper(['jwt-a', 'jwt-b', 'jwt-c', 'jwt-d']);
		await credential.preAuthentication.call(helper, credentials);
		await expect(credential.preAuthentication.call(helper, { ...credentials, apiKey: 'sk-other' })).resolves.toEqual({ accessToken: 'jwt-b' });
		await expect(credential.preAuthentication.call(helper, { ...credentials, clientId: 'other' })).resolves.toEqual({ accessToken: 'jwt-c' });
		await expect(credential.preAuthentication.call(helper, { ...credentials, baseUrl: 'http://127.0.0.1:4011' })).resolves.toEqual({ accessToken: 'jwt-d' });
		expect(calls()).toBe(4);
	});

	it('a failed exchange is not remembered: the next run tries again', async () => {
		const credentials = fresh();
		const { helper: failing } = helperReturning(axiosLikeError(503, { success: false, message: 'Busy' }));
		await expect(credential.preAuthentication.call(failing, { ...credentials })).rejects.toThrow(/Busy/);
		const { helper, calls } = countingHelper(['jwt-a']);
		await expect(credential.preAuthentication.call(helper, { ...credentials })).resolves.toEqual({ accessToken: 'jwt-a' });
		expect(calls()).toBe(1);
	});
});

describe('one type name', () => {
	it('the credential and every node name the type that the transport reads', () => {
		expect(new InterviewServiceApi().name).toBe(CREDENTIAL_TYPE);
		for (const node of [new InterviewService(), new InterviewServiceTrigger(), new InterviewServiceResultsTrigger()]) {
			expect(node.description.credentials?.map((credential) => credential.name)).toEqual([CREDENTIAL_TYPE]);
		}
	});
});

describe('the Base URL rule', () => {
	it('the test request expression reads the Base URL as normalizeBaseUrl does', () => {
		const credential = new InterviewServiceApi();
		expect(credential.test.request.baseURL).toBe(BASE_URL_EXPRESSION);
		// The expression's body, run as JavaScript on the same inputs as the function.
		const body = BASE_URL_EXPRESSION.replace(/^=\{\{/, '').replace(/\}\}$/, '');
		const evaluate = new Function('$credentials', `return ${body};`) as (credentials: { baseUrl: string }) => string;
		for (const baseUrl of ['https://api.example.com', ' https://api.example.com/ ', 'http://127.0.0.1:4010///', 'http://h/x/']) {
			expect(evaluate({ baseUrl })).toBe(normalizeBaseUrl(baseUrl));
		}
	});
});
