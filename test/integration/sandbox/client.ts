/** Loopback clients for the sandbox tests: the API with and without a bearer, and the control API. */
import axios, { type AxiosInstance } from 'axios';

import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../sandbox/server';

export const DEMO = { clientId: 'demo-client', apiKey: 'demo-api-key' };

export interface TestSandbox {
	sandbox: RunningSandbox;
	/** Authenticated with a fresh demo token. */
	api: AxiosInstance;
	/** No Authorization header. */
	anonymous: AxiosInstance;
	control: AxiosInstance;
	token: string;
	close(): Promise<void>;
}

/** Never throws on a status, so tests assert statuses themselves. */
export const clientFor = (baseURL: string, headers: Record<string, string> = {}) =>
	axios.create({ baseURL, headers, validateStatus: () => true, timeout: 10_000 });

export async function fetchToken(url: string, body: Record<string, unknown> = DEMO): Promise<string> {
	const response = await clientFor(url).post('/api/v1/auth/token', body);
	if (response.status !== 201) throw new Error(`token exchange failed: ${response.status}`);
	return response.data.data.accessToken as string;
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
	const sandbox = await startSandbox({ port: 0, ...options });
	const token = await fetchToken(sandbox.url);
	return {
		sandbox,
		token,
		api: clientFor(sandbox.url, { Authorization: `Bearer ${token}` }),
		anonymous: clientFor(sandbox.url),
		control: clientFor(`${sandbox.url}/__sandbox`),
		close: () => sandbox.close(),
	};
}

/** A minimal valid create body. */
export const createBody = (overrides: Record<string, unknown> = {}) => ({
	interviewName: 'Backend Engineer',
	roleName: 'Backend Engineer',
	jdType: 'text',
	jd: 'Build and run Node.js services.',
	...overrides,
});

export const inWindow = () => ({ startTime: '2030-01-01T09:00:00Z', endTime: '2030-01-08T18:00:00Z' });
