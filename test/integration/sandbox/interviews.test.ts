import { createBody, startTestSandbox, type TestSandbox } from './client';

let t: TestSandbox;

beforeAll(async () => {
	t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
	await t.control.post('/reset');
});

const create = async (overrides: Record<string, unknown> = {}) => {
	const response = await t.api.post('/api/v1/interview/create', createBody(overrides));
	expect(response.status).toBe(201);
	return response.data.data as { interviewId: string; status: string; interviewLink: string };
};

/** Seeds `count` interviews with distinct createdAt, oldest first. */
const seedMany = async (count: number) => {
	const interviews = Array.from({ length: count }, (_, index) => ({
		interviewName: `Seeded ${index}`,
		createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
	}));
	return (await t.control.post('/seed', { interviews })).data.interviewIds as string[];
};

describe('POST /api/v1/interview/create', () => {
	it('creates a draft with a 24-hex id, a link, competencies and the metaData sent', async () => {
		const response = await t.api.post(
			'/api/v1/interview/create',
			createBody({ sampleQuestions: ['Q1', 'Q2', 'Q3'], maxExperience: 8, metaData: { Id: 1, team: 'core' } }),
		);
		expect(response.status).toBe(201);
		expect(response.data.success).toBe(true);
		const data = response.data.data;
		expect(Object.keys(data).sort()).toEqual(['competencyData', 'interviewId', 'interviewLink', 'metaData', 'status']);
		expect(data.interviewId).toMatch(/^[0-9a-f]{24}$/);
		expect(data.status).toBe('draft');
		expect(data.interviewLink).toMatch(new RegExp(`^${t.sandbox.url}/interview/backend-engineer-[0-9a-f]{6}$`));
		expect(data.metaData).toEqual({ Id: 1, team: 'core' });
		expect(data.competencyData.length).toBeGreaterThanOrEqual(2);
		expect(data.competencyData[0]).toMatchObject({ competency: 'Backend Engineer fundamentals', difficulty: 'hard' });
		expect(data.competencyData.flatMap((item: { sampleQuestions: string[] }) => item.sampleQuestions).sort()).toEqual(['Q1', 'Q2', 'Q3']);
	});

	it('creates a published interview when published is true, with the full default config overlaid', async () => {
		const { interviewId, status } = await create({ published: true, interviewConfig: { allowTabSwitchCount: 9 } });
		expect(status).toBe('published');
		const read = await t.api.get(`/api/v1/interview/get-interview/${interviewId}`);
		expect(read.data.data.interviewConfig).toEqual({
			redirectUrl: 'https://example.com/thank-you',
			allowAccess: 'scheduledCandidates',
			allowLateAttempts: false,
			allowContinueFromMiddle: true,
			allowContinueFromMiddleCount: 1,
			allowReattempt: false,
			allowReattemptCount: 0,
			allowInterviewOnMobile: false,
			allowScreenLeaveCount: 3,
			allowTabSwitchCount: 9,
		});
	});

	it.each([
		['a missing interviewName', { interviewName: undefined }, 'interviewName'],
		['an unknown jdType', { jdType: 'pdf' }, 'jdType'],
		['a link jd that is no URL', { jdType: 'link', jd: 'not a url' }, 'jd'],
		['a bad allowAccess enum', { interviewConfig: { allowAccess: 'everyone' } }, 'interviewConfig.allowAccess'],
		['a bad webhookUrl', { interviewConfig: { webhookUrl: 'ftp://x' } }, 'interviewConfig.webhookUrl'],
		['minExperience above maxExperience', { minExperience: 5, maxExperience: 2 }, 'minExperience'],
	])('answers 422 for %s', async (_, overrides, path) => {
		const response = await t.api.post('/api/v1/interview/create', createBody(overrides));
		expect(response.status).toBe(422);
		expect(response.data).toMatchObject({ message: 'Input validation failed', success: false });
		expect(response.data.error).toContainEqual(expect.objectContaining({ path, message: expect.any(String) }));
	});
});

describe('GET /api/v1/interview/get-interview/{id}', () => {
	it('answers the whole interview', async () => {
		const { interviewId } = await create({ metaData: { anything: { nested: true } } });
		const response = await t.api.get(`/api/v1/interview/get-interview/${interviewId}`);
		expect(response.status).toBe(200);
		expect(Object.keys(response.data.data).sort()).toEqual(
			[
				'codingSection', 'competencyData', 'createdAt', 'interviewConfig', 'interviewId', 'interviewLink', 'interviewName',
				'jdType', 'maxExperience', 'metaData', 'minExperience', 'roleName', 'sampleQuestions', 'status', 'updatedAt',
			].sort(),
		);
		expect(response.data.data.metaData).toEqual({ anything: { nested: true } });
	});

	it('answers 404 "Interview not found" for an unknown id', async () => {
		const response = await t.api.get('/api/v1/interview/get-interview/ffffffffffffffffffffffff');
		expect(response.status).toBe(404);
		expect(response.data).toMatchObject({ message: 'Interview not found', success: false });
	});
});

describe('GET /api/v1/interview/get-interviews', () => {
	it('lists newest first, filters by status and searches the name and metaData values', async () => {
		await t.control.post('/seed', {
			interviews: [
				{ interviewName: 'Old draft', createdAt: '2026-01-01T00:00:00Z', metaData: { city: 'Lisbon' } },
				{ interviewName: 'New published', status: 'published', createdAt: '2026-02-01T00:00:00Z' },
				{ interviewName: 'Middle draft', createdAt: '2026-01-15T00:00:00Z', metaData: { city: 'Berlin' } },
			],
		});
		const names = async (query: string) =>
			((await t.api.get(`/api/v1/interview/get-interviews${query}`)).data.data as Array<{ interviewName: string }>).map(
				(item) => item.interviewName,
			);
		expect(await names('')).toEqual(['New published', 'Middle draft', 'Old draft']);
		expect(await names('?status=draft')).toEqual(['Middle draft', 'Old draft']);
		expect(await names('?status=published')).toEqual(['New published']);
		expect(await names('?search=lisbon')).toEqual(['Old draft']);
		expect(await names('?search=MIDDLE')).toEqual(['Middle draft']);
		expect(await names('?search=city')).toEqual([]); // keys are not searched, only values
	});

	it('pages 1-based with a default of 20 and silently caps limit at 100', async () => {
		const ids = await seedMany(105);
		const newestFirst = [...ids].reverse();
		const get = async (query: string) =>
			((await t.api.get(`/api/v1/interview/get-interviews${query}`)).data.data as Array<{ interviewId: string }>).map(
				(item) => item.interviewId,
			);
		expect(await get('')).toEqual(newestFirst.slice(0, 20));
		expect(await get('?page=2')).toEqual(newestFirst.slice(20, 40));
		expect(await get('?page=3&limit=50')).toEqual(newestFirst.slice(100, 105));
		expect(await get('?limit=500')).toEqual(newestFirst.slice(0, 100));
		expect(await get('?page=9&limit=50')).toEqual([]);
	});

	it('follows maxPageSize, defaultPageSize and ignorePage from the config', async () => {
		const newestFirst = (await seedMany(12)).reverse();
		await t.control.patch('/config', { maxPageSize: 5, defaultPageSize: 3 });
		const get = async (query: string) =>
			((await t.api.get(`/api/v1/interview/get-interviews${query}`)).data.data as Array<{ interviewId: string }>).map(
				(item) => item.interviewId,
			);
		expect(await get('')).toEqual(newestFirst.slice(0, 3));
		expect(await get('?limit=10&page=2')).toEqual(newestFirst.slice(5, 10));
		await t.control.patch('/config', { ignorePage: true });
		expect(await get('?limit=5&page=2')).toEqual(newestFirst.slice(0, 5));
	});

	it.each(['page=0', 'page=abc', 'limit=0', 'limit=1.5', 'status=completed'])('answers 422 for %s', async (query) => {
		const response = await t.api.get(`/api/v1/interview/get-interviews?${query}`);
		expect(response.status).toBe(422);
		expect(response.data.error[0].path).toBe(query.split('=')[0]);
	});
});

describe('PUT /api/v1/interview/{id}/settings', () => {
	it('replaces interviewConfig and metaData with what is sent and moves the status by published', async () => {
		const { interviewId } = await create({
			published: true,
			interviewConfig: { allowReattempt: true, allowReattemptCount: 2 },
			metaData: { a: 1, b: 2 },
		});
		const response = await t.api.put(`/api/v1/interview/${interviewId}/settings`, {
			interviewName: 'Renamed',
			published: false,
			interviewConfig: { webhookUrl: 'http://127.0.0.1:9/hook' },
			metaData: { c: 3 },
		});
		expect(response.status).toBe(200);
		const data = response.data.data;
		expect(Object.keys(data).sort()).toEqual(
			[
				'createdAt', 'interviewConfig', 'interviewId', 'interviewLink', 'interviewName', 'jdType', 'maxExperience',
				'metaData', 'minExperience', 'roleName', 'sampleQuestions', 'status', 'updatedAt',
			].sort(),
		);
		expect(data).toMatchObject({ interviewName: 'Renamed', status: 'draft', metaData: { c: 3 } });
		// Replaced, not merged: the earlier reattempt settings fall back to the defaults.
		expect(data.interviewConfig).toMatchObject({ allowReattempt: false, allowReattemptCount: 0, webhookUrl: 'http://127.0.0.1:9/hook' });
	});

	it('leaves status, config and metaData alone when they are not sent', async () => {
		const { interviewId } = await create({ published: true, metaData: { keep: true }, interviewConfig: { allowTabSwitchCount: 7 } });
		const response = await t.api.put(`/api/v1/interview/${interviewId}/settings`, { interviewName: 'Only the name' });
		expect(response.data.data).toMatchObject({ status: 'published', metaData: { keep: true }, interviewConfig: { allowTabSwitchCount: 7 } });
		const republished = await t.api.put(`/api/v1/interview/${interviewId}/settings`, { published: false });
		expect(republished.data.data.status).toBe('draft');
		expect((await t.api.put(`/api/v1/interview/${interviewId}/settings`, { published: true })).data.data.status).toBe('published');
	});

	it('answers 404 for an unknown id and 422 for bad input', async () => {
		expect((await t.api.put('/api/v1/interview/ffffffffffffffffffffffff/settings', { published: true })).status).toBe(404);
		const { interviewId } = await create();
		const badEnum = await t.api.put(`/api/v1/interview/${interviewId}/settings`, { interviewConfig: { allowAccess: 'all' } });
		expect(badEnum.status).toBe(422);
		expect(badEnum.data.error[0].path).toBe('interviewConfig.allowAccess');
		const otherId = await t.api.put(`/api/v1/interview/${interviewId}/settings`, { interviewId: 'ffffffffffffffffffffffff' });
		expect(otherId.status).toBe(422);
		expect(otherId.data.error[0].path).toBe('interviewId');
		const notBoolean = await t.api.put(`/api/v1/interview/${interviewId}/settings`, { published: 'yes' });
		expect(notBoolean.status).toBe(422);
	});
});

describe('PATCH /api/v1/interview/{id}/update-interview', () => {
	it('merges the given fields, replaces competencies (name → competency) and answers isPublished and slug', async () => {
		const { interviewId, interviewLink } = await create({ minExperience: 1, maxExperience: 3, metaData: { a: 1 } });
		const response = await t.api.patch(`/api/v1/interview/${interviewId}/update-interview`, {
			roleName: 'Staff Engineer',
			maxExperience: 10,
			published: true,
			competencyData: [{ name: 'System design', explanation: 'Trade-offs', questionCount: 2, time: 15, difficulty: 'hard', questionType: 'scenario_based' }],
		});
		expect(response.status).toBe(200);
		expect(response.data.data).toEqual({
			interviewId,
			roleName: 'Staff Engineer',
			slug: interviewLink.split('/').pop(),
			isPublished: true,
			metaData: { a: 1 },
			competencyData: [{ competency: 'System design', explanation: 'Trade-offs', questionCount: 2, time: 15, difficulty: 'hard', questionType: 'scenario_based' }],
		});
		const read = (await t.api.get(`/api/v1/interview/get-interview/${interviewId}`)).data.data;
		expect(read).toMatchObject({ interviewName: 'Backend Engineer', minExperience: 1, maxExperience: 10, status: 'published' });
		const unpublished = await t.api.patch(`/api/v1/interview/${interviewId}/update-interview`, { published: false });
		expect(unpublished.data.data.isPublished).toBe(false);
	});

	it('answers 404 for an unknown id and 422 for bad input, including a range that contradicts the stored one', async () => {
		expect((await t.api.patch('/api/v1/interview/ffffffffffffffffffffffff/update-interview', { roleName: 'x' })).status).toBe(404);
		const { interviewId } = await create({ minExperience: 2, maxExperience: 4 });
		const noName = await t.api.patch(`/api/v1/interview/${interviewId}/update-interview`, { competencyData: [{ time: 3 }] });
		expect(noName.status).toBe(422);
		expect(noName.data.error[0].path).toBe('competencyData.0.name');
		const range = await t.api.patch(`/api/v1/interview/${interviewId}/update-interview`, { minExperience: 6 });
		expect(range.status).toBe(422);
		expect(range.data.error[0].path).toBe('minExperience');
	});
});
