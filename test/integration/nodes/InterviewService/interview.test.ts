import { PAGE_CONCURRENCY } from '../../../../nodes/shared/transport/pagination';
import { DEMO_INTERVIEW_IDS } from '../../../../sandbox/demo-data';
import { asOneLine, readDoc, sectionOf } from '../../../unit/docs/docText';
import { interviewById, openSandbox } from '../../../helpers/sandbox';
import type { SandboxRun } from '../../../helpers/sandbox';

let env: SandboxRun;

beforeAll(async () => {
	env = await openSandbox();
});
afterAll(async () => await env.close());
beforeEach(async () => await env.control('POST', '/reset'));

describe('interview operations through n8n against the sandbox', () => {
	it('create → get → update → update settings → get many', async () => {
		const created = await env.run({
			resource: 'interview',
			operation: 'create',
			interviewName: 'Backend Engineer',
			jdType: 'link',
			jd: 'https://jobs.example.com/backend',
			additionalFields: {
				roleName: 'Engineer',
				minExperience: 1,
				maxExperience: 4,
				sampleQuestions: ['Tell us about an API you built'],
				interviewConfig: { allowAccess: 'anyone', allowReattempt: true, allowReattemptCount: 2 },
				metaData: '{"Id": 1, "team": "platform"}',
			},
		});
		expect(created.error).toBeUndefined();
		const interviewId = created.items[0].json.interviewId as string;
		expect(created.items[0].json).toMatchObject({ status: 'draft', metaData: { Id: 1, team: 'platform' } });
		expect(created.items[0].pairedItem).toEqual({ item: 0 });

		const got = await env.run({ resource: 'interview', operation: 'get', interviewId: interviewById(interviewId) });
		expect(got.items[0].json).toMatchObject({ interviewId, interviewName: 'Backend Engineer', roleName: 'Engineer', minExperience: 1, maxExperience: 4, sampleQuestionCount: 1 });
		expect(got.items[0].json).not.toHaveProperty('interviewConfig');
		const raw = await env.run({ resource: 'interview', operation: 'get', interviewId: interviewById(interviewId), simplify: false });
		expect(raw.items[0].json).toMatchObject({ interviewId, jdType: 'link', interviewConfig: { allowReattemptCount: 2 } });

		const updated = await env.run({
			resource: 'interview',
			operation: 'update',
			interviewId: interviewById(interviewId),
			updateFields: {
				roleName: 'Senior Engineer',
				competencies: { competency: [{ name: 'System design', explanation: 'Designs', questionCount: 2, time: 10, difficulty: 'medium', questionType: 'scenario_based' }] },
			},
		});
		expect(updated.error).toBeUndefined();
		expect(updated.items[0].json).toMatchObject({ interviewId, roleName: 'Senior Engineer' });
		expect((updated.items[0].json.competencyData as Array<{ competency: string }>)[0].competency).toBe('System design');

		await env.control('DELETE', '/requests');
		const settings = await env.run({
			resource: 'interview',
			operation: 'updateSettings',
			interviewId: interviewById(interviewId),
			updateFields: { interviewConfig: { webhookUrl: 'https://hooks.example.com/done' } },
		});
		expect(settings.error).toBeUndefined();
		expect(settings.items[0].json.interviewConfig).toMatchObject({
			allowAccess: 'anyone',
			allowReattempt: true,
			allowReattemptCount: 2,
			webhookUrl: 'https://hooks.example.com/done',
		});
		expect(settings.items[0].json.status).toBe('draft');
		const [put] = await env.requests('PUT /api/v1/interview/:id/settings');
		expect(put.body).not.toHaveProperty('published');

		const published = await env.run({
			resource: 'interview',
			operation: 'updateSettings',
			interviewId: interviewById(interviewId),
			updateFields: { published: true },
		});
		expect(published.items[0].json.status).toBe('published');

		const listed = await env.run({
			resource: 'interview',
			operation: 'getMany',
			returnAll: true,
			filters: { status: 'published', search: 'backend' },
		});
		expect(listed.items.map((item) => item.json.interviewId)).toEqual([interviewId]);
		expect(listed.items[0].json).toMatchObject({ status: 'published', competencyCount: 1, metaData: { Id: 1, team: 'platform' } });
	});

	it('simplified, each of the demo interviews is at most 1 kB of JSON, the largest as docs/operations.md says', async () => {
		await env.control('POST', '/reset', { seed: 'demo' });
		const sizes = async (simplify: boolean) => {
			const listed = await env.run({ resource: 'interview', operation: 'getMany', returnAll: true, filters: {}, simplify });
			const ids = listed.items.map((item) => item.json.interviewId as string);
			const got = await env.run({ resource: 'interview', operation: 'get', interviewId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, simplify }, { inputItems: ids.map((id) => ({ id })) });
			expect(got.items.map((item) => item.json)).toEqual(listed.items.map((item) => item.json));
			return listed.items.map((item) => Buffer.byteLength(JSON.stringify(item.json)));
		};
		const simplified = await sizes(true);
		const raw = await sizes(false);
		expect(simplified).toHaveLength(Object.keys(DEMO_INTERVIEW_IDS).length);
		expect(Math.max(...simplified)).toBeLessThanOrEqual(1024);
		const docs = asOneLine(sectionOf(readDoc('docs/operations.md'), 'Interview → Get Many'));
		expect(docs).toContain(`at most ${Math.max(...simplified)} bytes of JSON per item (raw: up to ${Math.max(...raw)} bytes)`);
	});

	it('replaces the whole config when asked', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Config', interviewConfig: { allowReattempt: true, allowTabSwitchCount: 3 } }]);
		const settings = await env.run({
			resource: 'interview',
			operation: 'updateSettings',
			interviewId: interviewById(interviewId),
			updateFields: { interviewConfig: { allowTabSwitchCount: 1 } },
			options: { interviewConfigMode: 'replace' },
		});
		expect(settings.items[0].json.interviewConfig).toMatchObject({ allowTabSwitchCount: 1 });
		expect((settings.items[0].json.interviewConfig as { allowReattempt?: boolean }).allowReattempt).not.toBe(true);
		expect(await env.requests('GET /api/v1/interview/get-interview/:id')).toHaveLength(0);
	});

	it('stops on bad input before any request, naming the field and the item', async () => {
		const result = await env.run(
			{ resource: 'interview', operation: 'create', interviewName: 'X', jdType: '={{ $json.jdType }}', jd: 'not a url', additionalFields: {} },
			{ inputItems: [{ jdType: 'text' }, { jdType: 'link' }] },
		);
		expect(result.error?.message).toBe('JD must be an http(s) URL when jdType is "link" (item 1)');
		expect(await env.requests('POST /api/v1/interview/create')).toHaveLength(0);
	});

	it('turns a 404 into the API message naming the interview ID, and pairs error items with continueOnFail', async () => {
		const [known] = await env.seedInterviews([{ interviewName: 'Known' }]);
		const failing = await env.run({ resource: 'interview', operation: 'get', interviewId: interviewById('ffffffffffffffffffffffff') });
		expect(failing.error?.message).toBe('Interview not found (interview ID ffffffffffffffffffffffff)');
		expect(failing.error?.httpCode).toBe('404');

		const paired = await env.run(
			{ resource: 'interview', operation: 'get', interviewId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			{ inputItems: [{ id: known }, { id: 'ffffffffffffffffffffffff' }, { id: known }], continueOnFail: true },
		);
		expect(paired.error).toBeUndefined();
		expect(paired.items.map((item) => [item.pairedItem, item.json.error ?? item.json.interviewId])).toEqual([
			[{ item: 0 }, known],
			[{ item: 1 }, 'Interview not found (interview ID ffffffffffffffffffffffff)'],
			[{ item: 2 }, known],
		]);
	});

	it('passes a 422 through with the API message and details', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Range', minExperience: 1, maxExperience: 3 }]);
		const result = await env.run({
			resource: 'interview',
			operation: 'update',
			interviewId: interviewById(interviewId),
			updateFields: { minExperience: 5 },
		});
		expect(result.error?.message).toBe('Input validation failed');
		expect(result.error?.httpCode).toBe('422');
		expect(result.error?.description).toContain('must not be greater than maxExperience');
	});

	it('says why a wrong API key fails, without showing it', async () => {
		const result = await env.run(
			{ resource: 'interview', operation: 'getMany', returnAll: true, filters: {} },
			{ credentials: { ...env.credentials, apiKey: 'wrong-key-123' } },
		);
		expect(result.error?.message).toMatch(/token exchange failed \(HTTP 401\): Invalid client credentials/);
		expect(JSON.stringify(result.error)).not.toContain('wrong-key-123');
	});

	it.each([
		['a reset connection', { drop: true }, /token exchange failed: the connection was reset before an answer came/],
		['an HTTP status with the service\'s message', { status: 503, message: 'Auth is down for maintenance' }, /token exchange failed \(HTTP 503\): Auth is down for maintenance/],
	])('names the token exchange and the cause for %s', async (_kind, fault, expected) => {
		await env.control('POST', '/faults', { route: 'POST /api/v1/auth/token', ...fault });
		const result = await env.run({ resource: 'interview', operation: 'getMany', returnAll: true, filters: {} });
		expect(result.error?.message).toMatch(expected);
		expect(JSON.stringify(result.error)).not.toContain(env.credentials.apiKey);
	});

	it('reads every interview when the server silently caps the page size', async () => {
		await env.seedInterviews(Array.from({ length: 75 }, (_, index) => ({ interviewName: `Interview ${index}` })));
		await env.control('PATCH', '/config', { maxPageSize: 20 });
		const result = await env.run({ resource: 'interview', operation: 'getMany', returnAll: true, filters: {} });
		expect(result.error).toBeUndefined();
		expect(new Set(result.items.map((item) => item.json.interviewId)).size).toBe(75);
		const pages = (await env.requests('GET /api/v1/interview/get-interviews')).map((request) => Number(request.query.page));
		// Pages 1 and 2 one by one (the cap is only sure then), then concurrently: 4 is the short last
		// page, and up to PAGE_CONCURRENCY - 1 more were already asked.
		expect(pages.slice(0, 2)).toEqual([1, 2]);
		expect([...pages].sort((a, b) => a - b)).toEqual(Array.from({ length: pages.length }, (_, i) => i + 1));
		expect(pages.length).toBeGreaterThanOrEqual(4);
		expect(pages.length).toBeLessThanOrEqual(4 + PAGE_CONCURRENCY - 1);
	});

	it.each([
		[137, 50, 4],
		[137, 100, 2],
		// A short first page may be a cap or the end: one request past the end tells.
		[40, 50, 2],
	])('adaptive prefetch: %i interviews at a page cap of %i take at most %i requests', async (count, cap, most) => {
		await env.seedInterviews(Array.from({ length: count }, (_, index) => ({ interviewName: `Listed ${index}` })));
		await env.control('PATCH', '/config', { maxPageSize: cap });
		const result = await env.run({ resource: 'interview', operation: 'getMany', returnAll: true, filters: {} });
		expect(new Set(result.items.map((item) => item.json.interviewId)).size).toBe(count);
		expect((await env.requests('GET /api/v1/interview/get-interviews')).length).toBeLessThanOrEqual(most);
	});

	it('stops with a clear error, not a loop, when the server ignores `page`', async () => {
		await env.seedInterviews(Array.from({ length: 30 }, (_, index) => ({ interviewName: `Interview ${index}` })));
		await env.control('PATCH', '/config', { maxPageSize: 10, ignorePage: true });
		const result = await env.run({ resource: 'interview', operation: 'getMany', returnAll: true, filters: {} });
		expect(result.error?.message).toMatch(/ignore the "page" parameter/);
		expect(await env.requests('GET /api/v1/interview/get-interviews')).toHaveLength(2);
	});

	it('asks for just the limit', async () => {
		await env.seedInterviews(Array.from({ length: 12 }, (_, index) => ({ interviewName: `Interview ${index}` })));
		const result = await env.run({ resource: 'interview', operation: 'getMany', returnAll: false, limit: 5, filters: {} });
		expect(result.items).toHaveLength(5);
		expect(await env.requests('GET /api/v1/interview/get-interviews')).toHaveLength(1);
	});
});
