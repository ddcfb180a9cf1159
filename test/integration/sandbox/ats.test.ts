/**
 * The stand-in ATS (`/ats` on the sandbox's port) and the examples as the demo imports them: every ATS
 * address points there, the candidate list answers, a write-back is recorded; the ATS sync example's
 * Invite node, run by n8n-core on that list, hands out links the candidate's page opens.
 */
import type { INodeParameters } from 'n8n-workflow';

import { DEMO_EXAMPLE_NAMES, demoExample, demoExamples, loadExample, type ExampleName, type ExampleWorkflow } from '../../../scripts/lib/examples';
import { DEMO_INTERVIEW_IDS } from '../../../sandbox/demo-data';
import { runNode } from '../../helpers/n8nCore';
import { processedData } from '../../helpers/processedDataStore';
import { DEMO_CREDENTIALS } from '../../helpers/sandbox';
import { clientFor, startTestSandbox, type TestSandbox } from './client';
import { startReceiver } from './receiver';

const HTTP_REQUEST = 'n8n-nodes-base.httpRequest';
const PLACEHOLDER_ATS = 'https://ats.example.com/';

let t: TestSandbox;

beforeAll(async () => {
	t = await startTestSandbox({ seed: 'demo' });
});
afterAll(() => t.close());
beforeEach(async () => {
	await t.control.post('/reset', { seed: 'demo' });
	processedData.clear();
});

const httpRequests = (workflow: ExampleWorkflow) =>
	workflow.nodes.filter((node) => node.type === HTTP_REQUEST) as unknown as Array<{ name: string; parameters: { url: string; method?: string; jsonBody?: string } }>;

const demoCopy = (name: ExampleName) => demoExample(name, { exportFile: '/tmp/interview-results.csv', sandboxUrl: t.sandbox.url });

interface AtsView {
	candidates: Array<{ email: string; name: string }>;
	writes: Array<{ method: string; path: string; body: unknown; idempotencyKey?: string }>;
}

describe('the examples as the demo imports them', () => {
	it('every HTTP Request to an ATS points at the stand-in ATS; the files as shipped keep the placeholder', () => {
		const demo = demoExamples({ exportFile: '/tmp/interview-results.csv', sandboxUrl: t.sandbox.url });
		const urls = demo.flatMap(httpRequests).map((node) => node.parameters.url);
		expect(urls.length).toBeGreaterThanOrEqual(2);
		for (const url of urls) expect(url.startsWith(`${t.sandbox.url}/ats/api/`)).toBe(true);
		expect(JSON.stringify(demo)).not.toContain(PLACEHOLDER_ATS);

		const shipped = DEMO_EXAMPLE_NAMES.map((name) => loadExample(name)).flatMap(httpRequests);
		expect(shipped.map((node) => node.parameters.url)).toEqual(urls.map((url) => url.replace(`${t.sandbox.url}/ats/`, PLACEHOLDER_ATS)));
	});

	it("the ATS sync's address lists the demo's candidates in stage AI interview, each with what Invite maps", async () => {
		const [request] = httpRequests(demoCopy('atsSync'));
		const answer = await clientFor(t.sandbox.url).get(request.parameters.url);
		expect(answer.status).toBe(200);
		expect(answer.data).toHaveLength(3);
		for (const candidate of answer.data as Array<Record<string, unknown>>) {
			expect(Object.keys(candidate).every((key) => ['email', 'name', 'phone', 'resumeLink'].includes(key))).toBe(true);
			expect(candidate).toEqual(expect.objectContaining({ email: expect.stringMatching(/@example\.com$/), name: expect.any(String) }));
		}
	});

	it("the completion callback's address takes the result, and the ATS shows it", async () => {
		const [request] = httpRequests(demoCopy('completionCallback'));
		expect(request.parameters.method).toBe('POST');
		const body = { event: 'interview.completed', candidate: { email: 'ada@example.com' }, scores: { interviewScore: 90 } };
		const answer = await clientFor(t.sandbox.url).post(request.parameters.url, body);
		expect(answer.status).toBe(201);
		expect(answer.data).toEqual({ received: true });

		const { writes } = (await t.control.get('/ats')).data as AtsView;
		expect(writes).toEqual([expect.objectContaining({ method: 'POST', path: '/ats/api/interview-results', body })]);
		const page = await clientFor(t.sandbox.url).get('/ats');
		expect(page.headers['content-type']).toMatch(/^text\/html/);
		expect(page.data).toContain('POST /ats/api/interview-results');
		expect(page.data).toContain('&quot;ada@example.com&quot;');
		expect(page.data).toContain('katherine.johnson@example.com');
	});
});

describe('the stand-in ATS', () => {
	it('PUT and PATCH are recorded too; the ATS stays out of the API request log and its faults', async () => {
		await t.control.post('/faults', { route: '*', status: 500 });
		const ats = clientFor(`${t.sandbox.url}/ats/api`);
		expect((await ats.put('/candidates/katherine.johnson@example.com', { stage: 'interviewed' })).status).toBe(200);
		expect((await ats.patch('/applications/7', { status: 'done' })).status).toBe(200);
		expect((await ats.get('/candidates')).status).toBe(200);
		const { writes } = (await t.control.get('/ats')).data as AtsView;
		expect(writes.map((write) => `${write.method} ${write.path}`)).toEqual([
			'PUT /ats/api/candidates/katherine.johnson@example.com',
			'PATCH /ats/api/applications/7',
		]);
		expect((await t.control.get('/requests')).data.requests).toEqual([]);
	});

	it('an Idempotency-Key it has recorded: the same write gets the first answer and is not recorded again; another write under it gets 422', async () => {
		const ats = clientFor(`${t.sandbox.url}/ats/api`);
		const body = { interviewId: 'int-1', candidate: { email: 'ada@example.com' }, scores: { interviewScore: 90 } };
		const keyed = { headers: { 'Idempotency-Key': 'completion-1' } };
		const first = await ats.post('/interview-results', body, keyed);
		expect([first.status, first.data, first.headers['idempotent-replayed']]).toEqual([201, { received: true }, undefined]);
		const again = await ats.post('/interview-results', body, keyed);
		expect([again.status, again.data, again.headers['idempotent-replayed']]).toEqual([201, { received: true }, 'true']);
		const other = await ats.post('/interview-results', { ...body, scores: { interviewScore: 10 } }, keyed);
		expect(other.status).toBe(422);
		expect(other.data.message).toBe('Idempotency-Key "completion-1" was used for another write');
		expect((await ats.post('/interview-results', body, { headers: { 'Idempotency-Key': 'completion-2' } })).status).toBe(201);
		// Without the header, every write counts.
		expect((await ats.post('/interview-results', body)).status).toBe(201);
		expect((await ats.post('/interview-results', body)).status).toBe(201);

		const { writes } = (await t.control.get('/ats')).data as AtsView;
		expect(writes.map((write) => write.idempotencyKey)).toEqual(['completion-1', 'completion-2', undefined, undefined]);
		expect((await clientFor(t.sandbox.url).get('/ats')).data).toContain('Idempotency-Key: completion-1');
	});

	it('candidates come from the seed (atsCandidates; the same e-mail replaces its entry); reset empties the ATS', async () => {
		await t.control.post('/reset');
		expect((await t.control.get('/ats')).data).toEqual({ candidates: [], writes: [] });
		const seeded = await t.control.post('/seed', {
			atsCandidates: [{ email: 'ada@example.com', name: 'Ada' }, { email: 'alan@example.com' }, { email: 'ADA@example.com', name: 'Ada L.' }],
		});
		expect(seeded.status).toBe(200);
		expect((await t.control.get('/ats')).data.candidates).toEqual([{ email: 'ADA@example.com', name: 'Ada L.' }, { email: 'alan@example.com' }]);

		const refused = await t.control.post('/seed', { atsCandidates: [{ email: 'not-an-email', stage: 'x' }] });
		expect(refused.status).toBe(422);
		expect(refused.data.error).toEqual(
			expect.arrayContaining([expect.objectContaining({ path: 'atsCandidates.0.email' }), expect.objectContaining({ path: 'atsCandidates.0' })]),
		);
	});
});

describe('ATS sync example → candidate page → trigger webhook', () => {
	it("its Invite node invites the ATS's candidates; a link opens the candidate's page; Finish gives a result and one completion", async () => {
		const receiver = await startReceiver();
		try {
			await t.api.put(`/api/v1/interview/${DEMO_INTERVIEW_IDS.backendEngineer}/settings`, {
				interviewId: DEMO_INTERVIEW_IDS.backendEngineer,
				interviewConfig: { webhookUrl: receiver.url },
			});
			const workflow = demoCopy('atsSync');
			const [request] = httpRequests(workflow);
			const atsCandidates = (await clientFor(t.sandbox.url).get(request.parameters.url)).data as Array<{ email: string; name: string }>;
			const invite = workflow.nodes.find((node) => node.type === 'n8n-nodes-interview-service.interviewService')!;

			const run = await runNode({
				node: 'interviewService',
				parameters: invite.parameters as INodeParameters,
				inputItems: atsCandidates,
				credentials: { baseUrl: t.sandbox.url, ...DEMO_CREDENTIALS },
				onError: 'continueErrorOutput',
			});
			const [invited, skipped, failed] = run.outputs;
			expect({ invited: invited.length, skipped: skipped.length, failed: failed?.length ?? 0 }).toEqual({ invited: 3, skipped: 0, failed: 0 });
			const first = invited[0].json as { email: string; preAuthLink: string };
			expect(first.email).toBe(atsCandidates[0].email);

			const browser = clientFor(t.sandbox.url);
			const page = (await browser.get(first.preAuthLink)).data as string;
			expect(page).toContain(`invited as <strong>${first.email}</strong>`);
			const action = /action="([^"]+)"/.exec(page)![1];
			const token = new URL(first.preAuthLink).searchParams.get('token')!;
			const finished = await browser.post(action, new URLSearchParams({ token, interviewScore: '84', communicationScore: '81', codingScore: '87' }).toString(), {
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
			});
			expect(finished.status).toBe(200);

			const results = (await t.api.get(`/api/v1/interview/${DEMO_INTERVIEW_IDS.backendEngineer}/results`, { params: { search: first.email } })).data.data;
			expect(results).toEqual([
				expect.objectContaining({ candidate: { email: first.email, name: atsCandidates[0].name }, scores: { interviewScore: 84, communicationScore: 81, codingScore: 87 } }),
			]);
			expect(receiver.received.map((call) => call.body)).toEqual([
				expect.objectContaining({ event: 'interview.completed', interviewId: DEMO_INTERVIEW_IDS.backendEngineer, candidate: { email: first.email, name: atsCandidates[0].name } }),
			]);
		} finally {
			await receiver.close();
		}
	});
});
