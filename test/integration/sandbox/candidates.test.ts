import { createBody, inWindow, startTestSandbox, type TestSandbox } from './client';

let t: TestSandbox;
let interviewId: string;

beforeAll(async () => {
	t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
	await t.control.post('/reset');
	interviewId = (await t.api.post('/api/v1/interview/create', createBody({ published: true }))).data.data.interviewId;
});

const invite = (candidates: unknown[], id = interviewId) =>
	t.api.post(`/api/v1/interview/${id}/access-links`, { ...inWindow(), candidates });
const results = (query = '', id = interviewId) => t.api.get(`/api/v1/interview/${id}/results${query}`);
const cancel = (candidateEmails: string[], id = interviewId) =>
	t.api.post(`/api/v1/interview/${id}/cancel-scheduled-candidates`, { candidateEmails });
const complete = (email: string, body: Record<string, unknown> = {}) =>
	t.control.post(`/interviews/${interviewId}/complete`, { email, ...body });

describe('POST /api/v1/interview/{id}/access-links', () => {
	it('answers one link set per distinct e-mail inside data.data and schedules the candidates', async () => {
		const response = await invite([
			{ name: 'Ada', email: 'ada@example.com', phone: '+1 555', metaData: { Id: 1 } },
			{ name: 'Alan', email: 'alan@example.com' },
			{ name: 'Ada L.', email: 'ADA@example.com' },
		]);
		expect(response.status).toBe(200);
		const links = response.data.data.data as Array<Record<string, string>>;
		expect(links.map((link) => link.email)).toEqual(['ADA@example.com', 'alan@example.com']);
		for (const link of links) {
			expect(Object.keys(link).sort()).toEqual(['demoInterviewLink', 'email', 'preAuthLink', 'rescheduleLink']);
			expect(link.preAuthLink).toMatch(new RegExp(`^${t.sandbox.url}/interview/[a-z0-9-]+\\?token=[0-9a-f]{32}$`));
		}
		const { candidates } = (await t.control.get('/state')).data;
		expect(candidates).toEqual([
			// Within one request the last occurrence of an e-mail wins.
			expect.objectContaining({ email: 'ADA@example.com', name: 'Ada L.', metaData: {}, status: 'scheduled', ...inWindow() }),
			expect.objectContaining({ email: 'alan@example.com', status: 'scheduled' }),
		]);
	});

	it('answers an empty list when no candidates are sent', async () => {
		const response = await t.api.post(`/api/v1/interview/${interviewId}/access-links`, inWindow());
		expect(response.status).toBe(200);
		expect(response.data.data).toEqual({ data: [] });
	});

	it.each([
		['a missing startTime', { endTime: '2030-01-08T18:00:00Z' }, 'startTime'],
		['a bad date-time', { startTime: 'tomorrow', endTime: '2030-01-08T18:00:00Z' }, 'startTime'],
		['endTime not after startTime', { startTime: '2030-01-08T18:00:00Z', endTime: '2030-01-08T18:00:00Z' }, 'endTime'],
		['a bad e-mail', { ...inWindow(), candidates: [{ email: 'not-an-email' }] }, 'candidates.0.email'],
		['a bad resumeLink', { ...inWindow(), candidates: [{ email: 'a@b.co', resumeLink: 'cv.pdf' }] }, 'candidates.0.resumeLink'],
	])('answers 422 for %s', async (_, body, path) => {
		const response = await t.api.post(`/api/v1/interview/${interviewId}/access-links`, body);
		expect(response.status).toBe(422);
		expect(response.data.message).toBe('Input validation failed');
		expect(response.data.error.map((issue: { path: string }) => issue.path)).toContain(path);
	});

	it('answers 404 for an unknown interview', async () => {
		const response = await invite([{ email: 'a@b.co' }], 'ffffffffffffffffffffffff');
		expect(response.status).toBe(404);
		expect(response.data.message).toBe('Interview not found');
	});
});

describe('POST /api/v1/interview/{id}/cancel-scheduled-candidates', () => {
	it('cancels only scheduled candidates and leaves others out of the answer', async () => {
		await invite([{ name: 'Ada', email: 'ada@example.com', metaData: { Id: 7 } }, { email: 'alan@example.com' }]);
		await complete('alan@example.com');
		const response = await cancel(['Ada@Example.com', 'alan@example.com', 'nobody@example.com', 'ada@example.com']);
		expect(response.status).toBe(200);
		expect(response.data.data).toEqual({
			cancelledCandidates: [{ candidateEmail: 'ada@example.com', candidateName: 'Ada', metaData: { Id: 7 } }],
		});
		expect((await cancel(['ada@example.com'])).data.data.cancelledCandidates).toEqual([]);
	});

	it('lets a cancelled candidate be invited again', async () => {
		await invite([{ email: 'ada@example.com' }]);
		await cancel(['ada@example.com']);
		await invite([{ email: 'ada@example.com' }]);
		expect((await cancel(['ada@example.com'])).data.data.cancelledCandidates).toHaveLength(1);
	});

	it('answers 404 for an unknown interview and 422 for bad e-mails or none', async () => {
		expect((await cancel(['a@b.co'], 'ffffffffffffffffffffffff')).status).toBe(404);
		const bad = await cancel(['nope']);
		expect(bad.status).toBe(422);
		expect(bad.data.error[0].path).toBe('candidateEmails.0');
		expect((await cancel([])).status).toBe(422);
	});
});

describe('GET /api/v1/interview/{id}/results', () => {
	it('answers [] for an interview without candidates', async () => {
		const response = await results();
		expect(response.status).toBe(200);
		expect(response.data.data).toEqual([]);
	});

	it('answers 422 "Results are not ready yet" while candidates exist but none completed', async () => {
		await invite([{ email: 'ada@example.com' }]);
		const response = await results();
		expect(response.status).toBe(422);
		expect(response.data).toEqual({ message: 'Results are not ready yet', success: false, error: { code: 'RESULTS_NOT_READY' } });
	});

	it('lists non-cancelled candidates in invitation order, pending ones with null scores, completed ones with their event\'s completion time', async () => {
		await invite([{ name: 'Ada', email: 'ada@example.com' }, { email: 'bob@example.com' }, { name: 'Cy', email: 'cy@example.com', phone: '+44 1' }]);
		await cancel(['bob@example.com']);
		const completion = await complete('cy@example.com', { scores: { interviewScore: 81, communicationScore: 70, codingScore: 90 } });

		const response = await results();
		expect(response.status).toBe(200);
		expect(response.data.data).toEqual([
			{ interviewId, candidate: { name: 'Ada', email: 'ada@example.com' }, scores: null, metaData: {}, reportLink: null, completedAt: null },
			{
				interviewId,
				candidate: { name: 'Cy', email: 'cy@example.com' },
				scores: { interviewScore: 81, communicationScore: 70, codingScore: 90 },
				metaData: {},
				reportLink: expect.stringMatching(new RegExp(`^${t.sandbox.url}/reports/[0-9a-f]{24}$`)),
				// The instant its completion event carries.
				completedAt: completion.data.event.completedAt,
			},
		]);
		expect((await results('?search=%2B44')).data.data.map((r: { candidate: { name: string } }) => r.candidate.name)).toEqual(['Cy']);
		expect((await results('?limit=1&page=2')).data.data[0].candidate.name).toBe('Cy');
	});

	it('names the scores the zeko way when the score style says so', async () => {
		await complete('ada@example.com', { scores: { interviewScore: 60, communicationScore: 61, codingScore: 62 } });
		await t.control.patch('/config', { scoreStyle: 'zeko' });
		expect((await results()).data.data[0].scores).toEqual({ overallScore: 60, communicationScore: 61, technicalScore: 62 });
		await t.control.patch('/config', { scoreStyle: 'documented' });
		expect((await results()).data.data[0].scores).toEqual({ interviewScore: 60, communicationScore: 61, codingScore: 62 });
	});

	it('answers 404 for an unknown interview and 422 for a bad page or limit', async () => {
		expect((await results('', 'ffffffffffffffffffffffff')).status).toBe(404);
		for (const query of ['?page=0', '?limit=-1', '?limit=x']) {
			const response = await results(query);
			expect(response.status).toBe(422);
			expect(response.data.message).toBe('Input validation failed');
		}
	});
});

describe('refused candidates (config `refusals`), in each dialect', () => {
	it('rejectRequest: a request holding a refused e-mail or domain is refused whole with a 422 that names nobody, and schedules nobody', async () => {
		await t.control.patch('/config', { refusals: { emails: ['Blocked@Example.com'], domains: ['spam.test'] } });
		for (const refused of ['blocked@example.com', 'anyone@SPAM.test']) {
			const response = await invite([{ email: 'ada@example.com' }, { email: refused }]);
			expect(response.status).toBe(422);
			expect(response.data).toEqual({ message: 'Input validation failed', success: false, error: null });
		}
		expect((await t.control.get('/state')).data.candidates).toEqual([]);
		const taken = await invite([{ email: 'ada@example.com' }]);
		expect(taken.status).toBe(200);
		await invite([{ email: 'alan@example.com' }]);
		expect((await cancel(['ada@example.com', 'blocked@example.com'])).status).toBe(422);
		expect((await cancel(['ada@example.com'])).data.data.cancelledCandidates).toHaveLength(1);
	});

	it('rejectNamingEmail: the 422 names each refused candidate by e-mail, with why, and schedules nobody', async () => {
		await t.control.patch('/config', { refusals: { emails: ['blocked@example.com'], domains: ['spam.test'], dialect: 'rejectNamingEmail' } });
		const response = await invite([{ email: 'ada@example.com' }, { email: 'Blocked@example.com' }, { email: 'eve@spam.test' }]);
		expect(response.status).toBe(422);
		expect(response.data).toEqual({
			message: 'Input validation failed',
			success: false,
			error: [
				{ email: 'Blocked@example.com', message: 'This candidate is blocked' },
				{ email: 'eve@spam.test', message: 'Candidates from spam.test are blocked' },
			],
		});
		expect((await t.control.get('/state')).data.candidates).toEqual([]);
		await invite([{ email: 'ada@example.com' }]);
		expect((await cancel(['ada@example.com', 'blocked@example.com'])).data.error).toEqual([{ email: 'blocked@example.com', message: 'This candidate is blocked' }]);
	});

	it('rejectNamingPlace: the 422 names each refused candidate by its place in the request as sent, a repeated one at each place', async () => {
		await t.control.patch('/config', { refusals: { emails: ['blocked@example.com'], dialect: 'rejectNamingPlace' } });
		const response = await invite([{ email: 'ada@example.com' }, { email: 'blocked@example.com' }, { email: 'ada@example.com' }, { email: 'BLOCKED@example.com' }]);
		expect(response.status).toBe(422);
		expect(response.data.error).toEqual([
			{ path: 'candidates.1.email', message: 'This candidate is blocked' },
			{ path: 'candidates.3.email', message: 'This candidate is blocked' },
		]);
		expect((await t.control.get('/state')).data.candidates).toEqual([]);
		await invite([{ email: 'ada@example.com' }]);
		const cancelled = await cancel(['ada@example.com', 'blocked@example.com']);
		expect(cancelled.status).toBe(422);
		expect(cancelled.data.error).toEqual([{ path: 'candidateEmails.1', message: 'This candidate is blocked' }]);
	});

	it('omitCandidate: the request is taken and the refused candidate is left out of the answer', async () => {
		await t.control.patch('/config', { refusals: { emails: ['blocked@example.com'], dialect: 'omitCandidate' } });
		const response = await invite([{ email: 'ada@example.com' }, { email: 'blocked@example.com' }]);
		expect(response.status).toBe(200);
		expect((response.data.data.data as Array<{ email: string }>).map((link) => link.email)).toEqual(['ada@example.com']);
		expect((await t.control.get('/state')).data.candidates.map((candidate: { email: string }) => candidate.email)).toEqual(['ada@example.com']);
		const cancelled = await cancel(['ada@example.com', 'blocked@example.com']);
		expect(cancelled.data.data.cancelledCandidates.map((candidate: { candidateEmail: string }) => candidate.candidateEmail)).toEqual(['ada@example.com']);
	});
});
