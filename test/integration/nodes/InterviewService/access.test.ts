import { openSandbox } from '../../../helpers/sandbox';
import type { SandboxRun } from '../../../helpers/sandbox';

let env: SandboxRun;

beforeAll(async () => {
	env = await openSandbox();
});
afterAll(async () => await env.close());

describe('access operations through n8n against the sandbox', () => {
	it('creates a bearer token from the credential', async () => {
		const result = await env.run({ resource: 'access', operation: 'createToken', options: { expiresIn: 120 } });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({ accessToken: expect.any(String), tokenType: 'bearer', expiresIn: 120 });
	});

	it('creates a presigned link from the credential', async () => {
		const result = await env.run({ resource: 'access', operation: 'createLink', options: {} });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({ presignedUrl: expect.stringContaining('token='), expiresIn: expect.any(Number) });
	});

	it('keeps the API key out of the request log', async () => {
		await env.run({ resource: 'access', operation: 'createToken', options: {} });
		const [exchange] = await env.requests('POST /api/v1/auth/token');
		expect(JSON.stringify(exchange)).not.toContain('demo-api-key');
	});
});
