import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PAGE_CONCURRENCY } from '../../../../nodes/shared/transport/pagination';
import { interviewById, openSandbox } from '../../../helpers/sandbox';
import type { SandboxRun } from '../../../helpers/sandbox';

let env: SandboxRun;

beforeAll(async () => {
	env = await openSandbox();
});
afterAll(async () => await env.close());
beforeEach(async () => await env.control('POST', '/reset'));

function resultsParameters(interviewId: string, extra: INodeParameters = {}): INodeParameters {
	return { resource: 'result', operation: 'getMany', interviewId: interviewById(interviewId), returnAll: true, filters: {}, ...extra };
}

async function interviewWith(emails: string[]) {
	const [interviewId] = await env.seedInterviews([{ interviewName: 'Results' }]);
	if (emails.length > 0) {
		await env.control('POST', '/seed', { candidates: emails.map((email) => ({ interviewId, email, name: email.split('@')[0] })) });
	}
	return interviewId;
}

const complete = async (interviewId: string, email: string, scores: IDataObject) =>
	await env.control('POST', `/interviews/${interviewId}/complete`, { email, scores });

describe('result → get many through n8n against the sandbox', () => {
	it('outputs nothing for an interview without candidates', async () => {
		const interviewId = await interviewWith([]);
		const result = await env.run(resultsParameters(interviewId));
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});

	it('tells "not ready" apart: nothing by default (said beside the output), the status item or an error when chosen', async () => {
		const interviewId = await interviewWith(['ada@example.com']);
		const nothing = await env.run(resultsParameters(interviewId));
		expect(nothing.error).toBeUndefined();
		expect(nothing.items).toEqual([]);
		expect(nothing.hints.map((hint) => hint.message)).toEqual([expect.stringContaining(`No candidate of interview ${interviewId} has finished yet`)]);
		const status = await env.run(resultsParameters(interviewId, { whenNotReady: 'returnStatus' }));
		expect(status.items).toEqual([
			{ json: { interviewId, resultsReady: false, message: 'Results are not ready yet' }, pairedItem: { item: 0 } },
		]);
		const failing = await env.run(resultsParameters(interviewId, { whenNotReady: 'error' }));
		expect(failing.error?.message).toBe('Results are not ready yet');
	});

	it('each row says whether the candidate finished and when the service says so; Only Finished Candidates keeps the finished ones, Limit counting them', async () => {
		const interviewId = await interviewWith(['bob@example.com', 'cy@example.com', 'ada@example.com']);
		const { event } = await complete(interviewId, 'ada@example.com', { interviewScore: 81, communicationScore: 72, codingScore: 90 });
		await env.control('POST', `/interviews/${interviewId}/results/rows`, {
			rows: [{ interviewId, candidate: { name: 'Late', email: 'late@example.com' }, status: 'completed', completed_at: '2026-11-20T09:00:00Z', scores: { overallScore: 70 }, reportLink: null }],
		});
		const all = await env.run(resultsParameters(interviewId));
		expect(all.items.map((item) => [item.json.email, item.json.completed, item.json.completedAt])).toEqual([
			['bob@example.com', false, null],
			['cy@example.com', false, null],
			['ada@example.com', true, (event as IDataObject).completedAt],
			['late@example.com', true, '2026-11-20T09:00:00.000Z'],
		]);
		const finished = await env.run(resultsParameters(interviewId, { options: { onlyFinished: true } }));
		expect(finished.items.map((item) => item.json.email)).toEqual(['ada@example.com', 'late@example.com']);
		expect(finished.items.every((item) => item.json.completed === true && typeof item.json.interviewScore === 'number')).toBe(true);
		const firstFinished = await env.run(resultsParameters(interviewId, { returnAll: false, limit: 1, options: { onlyFinished: true } }));
		expect(firstFinished.items.map((item) => item.json.email)).toEqual(['ada@example.com']);
		const raw = await env.run(resultsParameters(interviewId, { simplify: false, options: { onlyFinished: true } }));
		expect(raw.items[1].json).toMatchObject({ status: 'completed', completed_at: '2026-11-20T09:00:00Z', completed: true, completedAt: '2026-11-20T09:00:00.000Z' });
	});

	it('simplifies documented scores, pending candidates with null scores', async () => {
		const interviewId = await interviewWith(['ada@example.com', 'bob@example.com']);
		await complete(interviewId, 'ada@example.com', { interviewScore: 81, communicationScore: 72, codingScore: 90 });
		const result = await env.run(resultsParameters(interviewId));
		expect(result.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ email: 'ada@example.com', interviewScore: 81, communicationScore: 72, codingScore: 90, reportLink: expect.any(String) }),
			expect.objectContaining({ email: 'bob@example.com', interviewScore: null, codingScore: null, reportLink: null }),
		]);
	});

	it('simplifies Zeko-style scores to the same fields', async () => {
		await env.control('PATCH', '/config', { scoreStyle: 'zeko' });
		const interviewId = await interviewWith(['ada@example.com']);
		await complete(interviewId, 'ada@example.com', { interviewScore: 66, communicationScore: 55, codingScore: 44 });
		const raw = await env.run(resultsParameters(interviewId, { simplify: false }));
		expect(raw.items[0].json.scores).toMatchObject({ overallScore: expect.any(Number), technicalScore: expect.any(Number) });
		const simplified = await env.run(resultsParameters(interviewId));
		const scores = raw.items[0].json.scores as IDataObject;
		expect(simplified.items[0].json).toMatchObject({
			interviewScore: scores.overallScore,
			communicationScore: scores.communicationScore,
			codingScore: scores.technicalScore,
		});
	});

	it('matches the Candidate Email exactly, though the server\'s search is broader', async () => {
		const interviewId = await interviewWith(['ann@example.com', 'joann@example.com']);
		await complete(interviewId, 'ann@example.com', { interviewScore: 70, communicationScore: 70, codingScore: 70 });
		await complete(interviewId, 'joann@example.com', { interviewScore: 60, communicationScore: 60, codingScore: 60 });
		const result = await env.run(resultsParameters(interviewId, { filters: { candidateEmail: 'ANN@example.com' } }));
		expect(result.items.map((item) => item.json.email)).toEqual(['ann@example.com']);
		const [request] = await env.requests('GET /api/v1/interview/:id/results');
		expect(request.query.search).toBe('ANN@example.com');
	});

	it.each(['empty', '422', '404'])('a page past the end answered %s ends the walk with the rows already read', async (pastEnd) => {
		await env.control('PATCH', '/config', { resultsPastEnd: pastEnd });
		const interviewId = await interviewWith([]);
		for (const n of [1, 2, 3, 4, 5]) await env.control('POST', `/interviews/${interviewId}/complete`, { email: `done${n}@example.com` });
		const run = await env.run(resultsParameters(interviewId));
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.email)).toEqual([1, 2, 3, 4, 5].map((n) => `done${n}@example.com`));
		expect(run.items.some((item) => item.json.resultsReady === false)).toBe(false);
		// Page 2 was asked (a short page 1 may be a cap) and answered as the dialect says.
		const pages = await env.requests('GET /api/v1/interview/:id/results');
		expect(pages.map((request) => [Number(request.query.page), request.status])).toEqual([
			[1, 200],
			[2, pastEnd === 'empty' ? 200 : Number(pastEnd)],
		]);
	});

	it('turns an unknown interview into "Interview not found", naming its ID', async () => {
		const result = await env.run(resultsParameters('ffffffffffffffffffffffff'));
		expect(result.error?.message).toBe('Interview not found (interview ID ffffffffffffffffffffffff)');
	});

	describe('a long walk on a server that caps pages at 50', () => {
		const RESULTS = 'GET /api/v1/interview/:id/results';
		const count = 1_000;
		async function completedInterview() {
			await env.control('PATCH', '/config', { maxPageSize: 50 });
			const [interviewId] = await env.seedInterviews([{ interviewName: 'Long walk', status: 'published' }]);
			const candidates = Array.from({ length: count }, (_, i) => ({
				interviewId,
				email: `walk${i}@example.com`,
				status: 'completed',
				scores: { interviewScore: i % 100, communicationScore: 50, codingScore: 50 },
			}));
			await env.control('POST', '/seed', { candidates });
			return interviewId;
		}
		const emails = Array.from({ length: count }, (_, i) => `walk${i}@example.com`);

		it('keeps the order, reads the credential once and asks each page once (a few past the end)', async () => {
			const interviewId = await completedInterview();
			const result = await env.run(resultsParameters(interviewId, { simplify: false }));
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => (item.json.candidate as IDataObject).email)).toEqual(emails);
			expect(result.credentialsHelper.stats.reads).toBe(1);
			expect(result.credentialsHelper.stats.preAuthentications).toBe(1);
			const pages = (await env.requests(RESULTS)).map((request) => Number(request.query.page));
			expect(new Set(pages).size).toBe(pages.length);
			for (let page = 1; page <= count / 50 + 1; page++) expect(pages).toContain(page);
			expect(pages.length).toBeLessThanOrEqual(count / 50 + 1 + PAGE_CONCURRENCY - 1);
		});

		it('goes on with the refreshed token when it expires mid-walk: every result, no exchange per request', async () => {
			const interviewId = await completedInterview();
			await env.control('POST', '/tokens/expire', { afterRequests: 5 });
			const result = await env.run(resultsParameters(interviewId, { simplify: false }));
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => (item.json.candidate as IDataObject).email)).toEqual(emails);
			const requests = await env.requests(RESULTS);
			const rejected = requests.filter((request) => request.status === 401);
			// The pages in flight when the token expired were rejected and sent again; none after.
			expect(rejected.length).toBeGreaterThanOrEqual(1);
			expect(rejected.length).toBeLessThanOrEqual(PAGE_CONCURRENCY);
			const lastRejected = requests.map((request) => request.status).lastIndexOf(401);
			expect(requests.slice(lastRejected + 1).every((request) => request.status === 200)).toBe(true);
			// The first token, and one refresh shared by the pages rejected together.
			expect(await env.requests('POST /api/v1/auth/token')).toHaveLength(2);
			expect(result.credentialsHelper.stats.reads).toBe(1);
		});
	});
});
