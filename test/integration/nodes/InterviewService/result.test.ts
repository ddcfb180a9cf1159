import type { IDataObject, INodeParameters } from 'n8n-workflow';

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

	it('tells "not ready" apart: a status item by default, nothing, or an error', async () => {
		const interviewId = await interviewWith(['ada@example.com']);
		const status = await env.run(resultsParameters(interviewId));
		expect(status.items).toEqual([
			{ json: { interviewId, resultsReady: false, message: 'Results are not ready yet' }, pairedItem: { item: 0 } },
		]);
		const nothing = await env.run(resultsParameters(interviewId, { options: { whenNotReady: 'returnNothing' } }));
		expect(nothing.items).toEqual([]);
		const failing = await env.run(resultsParameters(interviewId, { options: { whenNotReady: 'error' } }));
		expect(failing.error?.message).toBe('Results are not ready yet');
		expect(failing.error?.httpCode).toBe('422');
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

	it('turns an unknown interview into "Interview not found"', async () => {
		const result = await env.run(resultsParameters('ffffffffffffffffffffffff'));
		expect(result.error?.message).toBe('Interview not found');
	});
});
