import jwt from 'jsonwebtoken';

import { startSandbox } from '../../../sandbox/server';

import { clientFor, DEMO, fetchToken, startTestSandbox, type TestSandbox } from './client';

const SECRET = 'test-secret-of-the-sandbox';
const INTERVIEW_ID = '0123456789abcdef01234567';

/** The eight endpoints that need a bearer token. */
const PROTECTED: Array<{ method: 'get' | 'post' | 'put' | 'patch'; path: string; body?: object }> = [
	{ method: 'get', path: '/api/v1/interview/get-interviews' },
	{ method: 'get', path: `/api/v1/interview/get-interview/${INTERVIEW_ID}` },
	{ method: 'put', path: `/api/v1/interview/${INTERVIEW_ID}/settings`, body: { published: true } },
	{ method: 'post', path: '/api/v1/interview/create', body: { interviewName: 'x', jdType: 'text', jd: 'y' } },
	{ method: 'patch', path: `/api/v1/interview/${INTERVIEW_ID}/update-interview`, body: { roleName: 'z' } },
	{ method: 'post', path: `/api/v1/interview/${INTERVIEW_ID}/access-links`, body: {} },
	{ method: 'get', path: `/api/v1/interview/${INTERVIEW_ID}/results` },
	{ method: 'post', path: `/api/v1/interview/${INTERVIEW_ID}/cancel-scheduled-candidates`, body: {} },
];

let t: TestSandbox;

beforeAll(async () => {
	t = await startTestSandbox({ jwtSecret: SECRET, seed: 'none' });
	await t.control.post('/seed', { interviews: [{ interviewId: INTERVIEW_ID }] });
});
afterAll(() => t.close());

describe('POST /api/v1/auth/token', () => {
	it('exchanges the demo key for an HS256 bearer token with the default lifetime of 3600 s', async () => {
		const response = await t.anonymous.post('/api/v1/auth/token', DEMO);
		expect(response.status).toBe(201);
		expect(response.data).toMatchObject({ success: true, data: { tokenType: 'bearer', expiresIn: 3600 } });
		const claims = jwt.verify(response.data.data.accessToken, SECRET, { algorithms: ['HS256'] }) as jwt.JwtPayload;
		expect(claims.sub).toBe('demo-client');
		expect(claims.exp! - claims.iat!).toBe(3600);
	});

	it('grants a requested lifetime and caps one above the maximum', async () => {
		const short = await t.anonymous.post('/api/v1/auth/token', { ...DEMO, expiresIn: 120 });
		expect(short.data.data.expiresIn).toBe(120);
		const long = await t.anonymous.post('/api/v1/auth/token', { ...DEMO, expiresIn: 10_000_000 });
		expect(long.status).toBe(201);
		expect(long.data.data.expiresIn).toBe(86_400);
		const claims = jwt.decode(long.data.data.accessToken) as jwt.JwtPayload;
		expect(claims.exp! - claims.iat!).toBe(86_400);
	});

	it('answers 401 "Invalid client credentials" for a wrong key or an unknown client, never echoing the key', async () => {
		for (const body of [{ ...DEMO, apiKey: 'wrong-key-123' }, { clientId: 'nobody', apiKey: 'wrong-key-123' }]) {
			const response = await t.anonymous.post('/api/v1/auth/token', body);
			expect(response.status).toBe(401);
			expect(response.data).toMatchObject({ message: 'Invalid client credentials', success: false });
			expect(JSON.stringify(response.data)).not.toContain('wrong-key-123');
		}
	});

	it('answers 422 with the offending fields for a missing key or a bad lifetime', async () => {
		const missing = await t.anonymous.post('/api/v1/auth/token', { clientId: 'demo-client' });
		expect(missing.status).toBe(422);
		expect(missing.data.message).toBe('Input validation failed');
		expect(missing.data.error).toEqual([expect.objectContaining({ path: 'apiKey' })]);

		const badLifetime = await t.anonymous.post('/api/v1/auth/token', { ...DEMO, expiresIn: 'soon' });
		expect(badLifetime.status).toBe(422);
		expect(badLifetime.data.error[0].path).toBe('expiresIn');
	});

	it('accepts only the configured clients when clients are given', async () => {
		const sandbox = await startSandbox({ port: 0, clients: { acme: 'acme-key' } });
		try {
			expect(await fetchToken(sandbox.url, { clientId: 'acme', apiKey: 'acme-key' })).toEqual(expect.any(String));
			const demo = await clientFor(sandbox.url).post('/api/v1/auth/token', DEMO);
			expect(demo.status).toBe(401);
		} finally {
			await sandbox.close();
		}
	});
});

describe('POST /api/v1/auth/link', () => {
	it('answers 201 with a presigned URL whose token is a working bearer token', async () => {
		const response = await t.anonymous.post('/api/v1/auth/link', { ...DEMO, expiresIn: 600 });
		expect(response.status).toBe(201);
		expect(response.data.data.expiresIn).toBe(600);
		const presigned = new URL(response.data.data.presignedUrl);
		expect(`${presigned.origin}${presigned.pathname}`).toBe(`${t.sandbox.url}/auth/presigned`);
		const token = presigned.searchParams.get('token')!;
		const list = await clientFor(t.sandbox.url, { Authorization: `Bearer ${token}` }).get('/api/v1/interview/get-interviews');
		expect(list.status).toBe(200);
	});

	it('answers 401 for a wrong key and 422 for a missing clientId', async () => {
		expect((await t.anonymous.post('/api/v1/auth/link', { ...DEMO, apiKey: 'nope' })).status).toBe(401);
		const missing = await t.anonymous.post('/api/v1/auth/link', { apiKey: 'demo-api-key' });
		expect(missing.status).toBe(422);
		expect(missing.data.error[0].path).toBe('clientId');
	});
});

describe('bearer authentication of the eight protected endpoints', () => {
	const expired = () => jwt.sign({ sub: 'demo-client', seq: 1, exp: Math.floor(Date.now() / 1000) - 60 }, SECRET);
	const cases: Array<[string, () => Record<string, string>, string]> = [
		['missing', () => ({}), 'TOKEN_MISSING'],
		['not a bearer', () => ({ Authorization: 'Basic ZGVtbzpkZW1v' }), 'TOKEN_MISSING'],
		['garbage', () => ({ Authorization: 'Bearer not-a-jwt' }), 'TOKEN_INVALID'],
		['signed elsewhere', () => ({ Authorization: `Bearer ${jwt.sign({ sub: 'demo-client', seq: 1 }, 'other')}` }), 'TOKEN_INVALID'],
		['expired', () => ({ Authorization: `Bearer ${expired()}` }), 'TOKEN_EXPIRED'],
	];

	it.each(PROTECTED)('$method $path answers 401 without a valid token and 2xx/404/422 with one', async ({ method, path, body }) => {
		for (const [, headers, code] of cases) {
			const client = clientFor(t.sandbox.url, headers());
			const response = await client.request({ method, url: path, data: body });
			expect({ status: response.status, code: response.data.error?.code }).toEqual({ status: 401, code });
			expect(response.data.success).toBe(false);
			expect(response.data.message).toMatch(/token|Authorization/);
		}
		const authorized = await t.api.request({ method, url: path, data: body });
		expect(authorized.status).not.toBe(401);
	});
});

describe('token expiry through the control API', () => {
	it('expires every token issued so far at once; a new token works', async () => {
		const token = await fetchToken(t.sandbox.url);
		const client = clientFor(t.sandbox.url, { Authorization: `Bearer ${token}` });
		expect((await client.get('/api/v1/interview/get-interviews')).status).toBe(200);

		expect((await t.control.post('/tokens/expire', {})).data).toEqual({ expired: true, afterRequests: 0 });
		const rejected = await client.get('/api/v1/interview/get-interviews');
		expect(rejected.status).toBe(401);
		expect(rejected.data).toMatchObject({ message: 'Invalid or expired token', error: { code: 'TOKEN_EXPIRED' } });

		const fresh = clientFor(t.sandbox.url, { Authorization: `Bearer ${await fetchToken(t.sandbox.url)}` });
		expect((await fresh.get('/api/v1/interview/get-interviews')).status).toBe(200);
	});

	it('expires them after n more authenticated requests', async () => {
		const client = clientFor(t.sandbox.url, { Authorization: `Bearer ${await fetchToken(t.sandbox.url)}` });
		await t.control.post('/tokens/expire', { afterRequests: 2 });
		// A rejected request does not count towards n.
		expect((await t.anonymous.get('/api/v1/interview/get-interviews')).status).toBe(401);
		const statuses = [];
		for (let i = 0; i < 4; i++) statuses.push((await client.get('/api/v1/interview/get-interviews')).status);
		expect(statuses).toEqual([200, 200, 401, 401]);
		const fresh = clientFor(t.sandbox.url, { Authorization: `Bearer ${await fetchToken(t.sandbox.url)}` });
		expect((await fresh.get('/api/v1/interview/get-interviews')).status).toBe(200);
	});

	it('rejects a negative count with 422', async () => {
		expect((await t.control.post('/tokens/expire', { afterRequests: -1 })).status).toBe(422);
	});
});
