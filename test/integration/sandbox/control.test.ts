import { clientFor, createBody, DEMO, inWindow, startTestSandbox, type TestSandbox } from './client';
import { startReceiver } from './receiver';

let t: TestSandbox;

beforeAll(async () => {
	t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
	await t.control.post('/reset');
});

const createInterview = async (overrides: Record<string, unknown> = {}) =>
	(await t.api.post('/api/v1/interview/create', createBody(overrides))).data.data.interviewId as string;

describe('seed, reset and state', () => {
	it('seeds interviews and candidates, shows them in /state, and reset empties everything', async () => {
		const seeded = await t.control.post('/seed', {
			interviews: [{ interviewId: 'aaaaaaaaaaaaaaaaaaaaaaaa', interviewName: 'Seeded', status: 'published' }],
			candidates: [
				{ interviewId: 'aaaaaaaaaaaaaaaaaaaaaaaa', email: 'ada@example.com', status: 'completed', scores: { overallScore: 77 } },
				{ interviewId: 'aaaaaaaaaaaaaaaaaaaaaaaa', email: 'bob@example.com' },
			],
		});
		expect(seeded.data).toEqual({ interviewIds: ['aaaaaaaaaaaaaaaaaaaaaaaa'] });
		const state = (await t.control.get('/state')).data;
		expect(state.interviews).toEqual([expect.objectContaining({ interviewId: 'aaaaaaaaaaaaaaaaaaaaaaaa', status: 'published' })]);
		expect(state.candidates.map((c: { status: string }) => c.status)).toEqual(['completed', 'scheduled']);
		const results = await t.api.get('/api/v1/interview/aaaaaaaaaaaaaaaaaaaaaaaa/results');
		expect(results.data.data[0].scores.interviewScore).toBe(77);

		await t.control.post('/reset');
		expect((await t.control.get('/state')).data).toEqual({ interviews: [], candidates: [] });
	});

	it('rejects a candidate of an unknown interview with 422', async () => {
		const response = await t.control.post('/seed', { candidates: [{ interviewId: 'nope', email: 'a@b.co' }] });
		expect(response.status).toBe(422);
		expect(response.data.error[0].path).toBe('candidates.0.interviewId');
	});

	it('resets to the demo data on request: two published interviews, one draft, scheduled and completed candidates', async () => {
		const reset = await t.control.post('/reset', { seed: 'demo' });
		expect(reset.data.interviewIds).toHaveLength(3);
		const list = (await t.api.get('/api/v1/interview/get-interviews')).data.data as Array<{ status: string }>;
		expect(list.map((item) => item.status).sort()).toEqual(['draft', 'published', 'published']);
		const { candidates } = (await t.control.get('/state')).data as { candidates: Array<{ status: string }> };
		expect(new Set(candidates.map((c) => c.status))).toEqual(new Set(['scheduled', 'completed', 'cancelled']));
	});

	it('restores the start config on reset', async () => {
		await t.control.patch('/config', { maxPageSize: 2, scoreStyle: 'zeko' });
		expect((await t.control.get('/config')).data.config).toMatchObject({ maxPageSize: 2, scoreStyle: 'zeko' });
		await t.control.post('/reset');
		expect((await t.control.get('/config')).data.config).toMatchObject({ maxPageSize: 100, scoreStyle: 'documented' });
		expect((await t.control.patch('/config', { maxPageSize: 0 })).status).toBe(422);
		expect((await t.control.patch('/config', { unknownKey: 1 })).status).toBe(422);
	});
});

describe('POST /__sandbox/interviews/:id/results/rows', () => {
	it('serves the rows after the candidates\' own, as given, paged like them, until a reset', async () => {
		const interviewId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
		await t.control.post('/seed', {
			interviews: [{ interviewId, interviewName: 'Odd rows', status: 'published' }],
			candidates: [{ interviewId, email: 'ada@example.com', status: 'completed' }],
		});
		expect((await t.control.post(`/interviews/${interviewId}/results/rows`, { rows: ['not a row', null] })).data).toEqual({ rows: 2 });
		expect((await t.control.post(`/interviews/${interviewId}/results/rows`, { rows: [{ completed_at: '2026-11-20T09:00:00Z' }] })).data).toEqual({ rows: 3 });
		const all = (await t.api.get(`/api/v1/interview/${interviewId}/results`)).data.data as unknown[];
		expect(all.slice(1)).toEqual(['not a row', null, { completed_at: '2026-11-20T09:00:00Z' }]);
		expect((all[0] as { candidate: { email: string } }).candidate.email).toBe('ada@example.com');
		expect((await t.api.get(`/api/v1/interview/${interviewId}/results?page=2&limit=2`)).data.data).toEqual([null, { completed_at: '2026-11-20T09:00:00Z' }]);
		expect((await t.control.post(`/interviews/${interviewId}/results/rows`, { rows: [] })).status).toBe(422);
		expect((await t.control.post('/interviews/ffffffffffffffffffffffff/results/rows', { rows: [1] })).status).toBe(404);

		await t.control.post('/reset');
		await t.control.post('/seed', { interviews: [{ interviewId, interviewName: 'Odd rows', status: 'published' }] });
		expect((await t.api.get(`/api/v1/interview/${interviewId}/results`)).data.data).toEqual([]);
	});
});

describe('POST /__sandbox/interviews/:id/complete', () => {
	it('stores the result and POSTs the documented event to the webhookUrl', async () => {
		const receiver = await startReceiver();
		try {
			const interviewId = await createInterview({ interviewConfig: { webhookUrl: receiver.url } });
			await t.api.post(`/api/v1/interview/${interviewId}/access-links`, { ...inWindow(), candidates: [{ name: 'Ada', email: 'ada@example.com' }] });

			const response = await t.control.post(`/interviews/${interviewId}/complete`, {
				email: 'ada@example.com',
				scores: { interviewScore: 88, communicationScore: 79, codingScore: 93 },
				completedAt: '2030-01-02T10:00:00Z',
			});
			expect(response.status).toBe(200);
			const { result, event, delivery } = response.data;
			expect(delivery).toEqual({ url: receiver.url, status: 200 });
			expect(event).toEqual({
				event: 'interview.completed',
				eventId: expect.stringMatching(/^evt_[0-9a-f-]{36}$/),
				interviewId,
				candidate: { name: 'Ada', email: 'ada@example.com' },
				scores: { interviewScore: 88, communicationScore: 79, codingScore: 93 },
				reportLink: result.reportLink,
				completedAt: '2030-01-02T10:00:00Z',
			});
			expect(receiver.received).toHaveLength(1);
			expect(receiver.received[0].body).toEqual(event);
			expect(receiver.received[0].headers['content-type']).toBe('application/json');

			const results = await t.api.get(`/api/v1/interview/${interviewId}/results`);
			expect(results.data.data).toEqual([result]);
			const { deliveries } = (await t.control.get('/webhooks')).data;
			expect(deliveries).toEqual([expect.objectContaining({ eventId: event.eventId, url: receiver.url, status: 200, payload: event })]);
		} finally {
			await receiver.close();
		}
	});

	it('creates the candidate if needed, derives plausible scores from the e-mail, and uses the score style', async () => {
		const interviewId = await createInterview();
		await t.control.patch('/config', { scoreStyle: 'zeko' });
		const first = (await t.control.post(`/interviews/${interviewId}/complete`, { email: 'new@example.com' })).data;
		expect(first.delivery).toBeNull();
		expect(Object.keys(first.event.scores).sort()).toEqual(['communicationScore', 'overallScore', 'technicalScore']);
		for (const value of Object.values(first.event.scores) as number[]) {
			expect(value).toBeGreaterThanOrEqual(0);
			expect(value).toBeLessThanOrEqual(100);
		}
		const other = await createInterview();
		const again = (await t.control.post(`/interviews/${other}/complete`, { email: 'NEW@example.com' })).data;
		expect(again.event.scores).toEqual(first.event.scores);
		expect(first.result.candidate).toEqual({ name: 'new', email: 'new@example.com' });
	});

	it('records a failed delivery without failing the completion', async () => {
		const receiver = await startReceiver(500);
		await receiver.close(); // nothing listens there any more
		const interviewId = await createInterview({ interviewConfig: { webhookUrl: receiver.url } });
		const response = await t.control.post(`/interviews/${interviewId}/complete`, { email: 'ada@example.com' });
		expect(response.status).toBe(200);
		expect(response.data.delivery).toEqual({ url: receiver.url, status: null, error: expect.any(String) });
	});

	it('reports the receiver status and answers 404/422 for an unknown interview or a bad body', async () => {
		const receiver = await startReceiver(503);
		try {
			const interviewId = await createInterview({ interviewConfig: { webhookUrl: receiver.url } });
			expect((await t.control.post(`/interviews/${interviewId}/complete`, { email: 'a@b.co' })).data.delivery.status).toBe(503);
			expect((await t.control.post(`/interviews/${interviewId}/complete`, { email: 'nope' })).status).toBe(422);
			expect((await t.control.post(`/interviews/${interviewId}/complete`, { email: 'a@b.co', scores: { codingScore: 101 } })).status).toBe(422);
		} finally {
			await receiver.close();
		}
		expect((await t.control.post('/interviews/ffffffffffffffffffffffff/complete', { email: 'a@b.co' })).status).toBe(404);
	});
});

describe('faults', () => {
	const RESULTS_ROUTE = 'GET /api/v1/interview/:id/results';

	it('answers the status with Retry-After for `count` requests, then behaves again', async () => {
		const interviewId = await createInterview();
		const added = await t.control.post('/faults', { route: RESULTS_ROUTE, status: 429, retryAfter: 2, count: 2 });
		expect(added.data.id).toMatch(/^flt_/);
		const first = await t.api.get(`/api/v1/interview/${interviewId}/results`);
		expect(first.status).toBe(429);
		expect(first.headers['retry-after']).toBe('2');
		expect(first.data).toMatchObject({ message: 'Too Many Requests', success: false, error: { code: 'SANDBOX_FAULT' } });
		expect((await t.api.get(`/api/v1/interview/${interviewId}/results`)).status).toBe(429);
		expect((await t.api.get(`/api/v1/interview/${interviewId}/results`)).status).toBe(200);
		// Other routes were never affected.
		expect((await t.control.get('/faults')).data.faults).toEqual([]);
	});

	it('fires before authentication, so a faulted token exchange fails like the network would', async () => {
		await t.control.post('/faults', { route: 'POST /api/v1/auth/token', status: 503, count: 1 });
		expect((await t.anonymous.post('/api/v1/auth/token', DEMO)).status).toBe(503);
		expect((await t.anonymous.post('/api/v1/auth/token', DEMO)).status).toBe(201);
	});

	it('answers a malformed body', async () => {
		await t.control.post('/faults', { route: 'GET /api/v1/interview/get-interviews', malformed: true, count: 1 });
		const response = await clientFor(t.sandbox.url, { Authorization: `Bearer ${t.token}` }).get('/api/v1/interview/get-interviews', {
			responseType: 'text',
			transitional: { silentJSONParsing: false },
		});
		expect(response.status).toBe(200);
		expect(response.headers['content-type']).toMatch(/application\/json/);
		expect(() => JSON.parse(response.data)).toThrow();
	});

	it('drops the connection', async () => {
		await t.control.post('/faults', { route: '*', drop: true, count: 1 });
		await expect(t.api.get('/api/v1/interview/get-interviews')).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|socket hang up/) });
		expect((await t.api.get('/api/v1/interview/get-interviews')).status).toBe(200);
		const { requests } = (await t.control.get('/requests')).data;
		expect(requests.slice(-2).map((entry: { status: number | null }) => entry.status)).toEqual([null, 200]);
	});

	it('delays, with or without another effect, and never fires at rate 0', async () => {
		await t.control.post('/faults', { route: 'GET /api/v1/interview/get-interviews', delayMs: 300, count: 1 });
		let started = Date.now();
		expect((await t.api.get('/api/v1/interview/get-interviews')).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);

		await t.control.post('/faults', { route: 'GET /api/v1/interview/get-interviews', status: 500, rate: 0 });
		started = Date.now();
		expect((await t.api.get('/api/v1/interview/get-interviews')).status).toBe(200);
		expect(Date.now() - started).toBeLessThan(250);
		await t.control.delete('/faults');
		expect((await t.control.get('/faults')).data.faults).toEqual([]);
	});

	it('applies the configured latency to API requests only', async () => {
		await t.control.patch('/config', { latencyMs: 200 });
		let started = Date.now();
		await t.api.get('/api/v1/interview/get-interviews');
		expect(Date.now() - started).toBeGreaterThanOrEqual(190);
		started = Date.now();
		await t.control.get('/state');
		expect(Date.now() - started).toBeLessThan(150);
	});

	it('rejects a fault for a route that does not exist, or one with no effect', async () => {
		const typo = await t.control.post('/faults', { route: 'GET /api/v1/interview/:id/result', status: 500 });
		expect(typo.status).toBe(422);
		expect(typo.data.error[0].path).toBe('route');
		expect((await t.control.post('/faults', { route: RESULTS_ROUTE })).status).toBe(422);
	});
});

describe('request log', () => {
	it('records every /api/v1 request with its route and status, including 401s and faulted ones, never secrets', async () => {
		await t.control.delete('/requests');
		const interviewId = await createInterview();
		await t.anonymous.post('/api/v1/auth/token', { ...DEMO, apiKey: 'a-secret-key' });
		await t.anonymous.get('/api/v1/interview/get-interviews?page=2');
		await t.control.post('/faults', { route: 'POST /api/v1/interview/:id/access-links', status: 502, count: 1 });
		await t.api.post(`/api/v1/interview/${interviewId}/access-links`, inWindow());
		await t.control.get('/state');

		const { requests } = (await t.control.get('/requests')).data;
		expect(requests.map((entry: { route: string; status: number }) => [entry.route, entry.status])).toEqual([
			['POST /api/v1/interview/create', 201],
			['POST /api/v1/auth/token', 401],
			['GET /api/v1/interview/get-interviews', 401],
			['POST /api/v1/interview/:id/access-links', 502],
		]);
		expect(requests[1].body).toEqual({ clientId: 'demo-client', apiKey: '[redacted]' });
		expect(requests[2]).toMatchObject({ method: 'GET', path: '/api/v1/interview/get-interviews', query: { page: '2' } });
		expect(requests[3].faultId).toMatch(/^flt_/);
		const logged = JSON.stringify(requests);
		expect(logged).not.toContain('a-secret-key');
		expect(logged).not.toContain(t.token);

		await t.control.delete('/requests');
		expect((await t.control.get('/requests')).data.requests).toEqual([]);
	});
});

describe('robustness', () => {
	/** Sends `body` byte for byte (axios would otherwise re-encode a string that is not JSON). */
	const postRaw = (body: string, contentType = 'application/json') =>
		t.api.post('/api/v1/interview/create', body, { headers: { 'content-type': contentType }, transformRequest: [(data) => data] });

	it('answers broken JSON with 422 and the envelope', async () => {
		const response = await postRaw('{"interviewName": ');
		expect(response.status).toBe(422);
		expect(response.data).toEqual({ message: 'Input validation failed', success: false, error: [{ path: '', message: 'body is not valid JSON' }] });
	});

	it('answers a body over the limit with 413, another media type with 415, an unknown route with 404', async () => {
		const big = await t.api.post('/api/v1/interview/create', createBody({ jd: 'x'.repeat(2 * 1024 * 1024) }));
		expect(big.status).toBe(413);
		expect(big.data.success).toBe(false);
		const text = await postRaw('interviewName=x', 'text/plain');
		expect(text.status).toBe(415);
		const unknown = await t.api.get('/api/v1/interviews');
		expect(unknown.status).toBe(404);
		expect(unknown.data).toMatchObject({ message: 'Route not found', success: false });
		for (const response of [big, text, unknown]) expect(JSON.stringify(response.data)).not.toMatch(/stack|at .*\.ts/);
	});

	it('answers a broken percent-encoding in the path with 400 and the envelope', async () => {
		const response = await t.api.get('/api/v1/interview/get-interview/%E0%A4%A');
		expect(response.status).toBe(400);
		expect(response.data).toEqual({ message: 'Bad Request', success: false, error: { code: 'FST_ERR_BAD_URL' } });
	});

	it('rejects a prototype-poisoning body', async () => {
		const response = await postRaw('{"interviewName":"x","jdType":"text","jd":"y","__proto__":{"admin":true}}');
		expect(response.status).toBe(422);
		expect(response.data.error).toEqual([{ path: '', message: 'body is not valid JSON' }]);
		expect(({} as Record<string, unknown>).admin).toBeUndefined();
	});
});
