/**
 * The action node in real n8n, one workflow per resource, imported with
 * `n8n import:workflow` and run with `n8n execute` against the sandbox.
 */
import type { AxiosInstance } from 'axios';

import type { N8nInstance, WorkflowImport } from '../../harness/n8n';
import { nodeOutput } from '../../harness/n8n';
import type { NodeSpec } from '../../harness/workflow';
import {
	buildWorkflow,
	chainWorkflow,
	interviewById,
	interviewServiceNode,
	itemsNode,
	manualTrigger,
	sandboxCredential,
} from '../../harness/workflow';
import { E2E_RUNTIME, TEST_TIMEOUT_MS, sandboxRequests, useE2e } from './helpers/context';
import type { E2eContext } from './helpers/context';

const { withLog } = useE2e();

const ACCESS_LINKS_ROUTE = 'POST /api/v1/interview/:id/access-links';
const WINDOW = { startTime: '2026-12-01T09:00:00.000Z', endTime: '2026-12-08T09:00:00.000Z' };
const byExpression = { __rl: true, mode: 'id', value: '={{ $json.interviewId }}' };

type Json = Record<string, unknown>;

async function importAndRun(n8n: N8nInstance, workflow: WorkflowImport) {
	await n8n.importWorkflow(workflow);
	const result = await n8n.execute(workflow.id);
	if (!result.run) {
		throw new Error(`n8n execute ${workflow.id} failed (exit ${result.code}):\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-2000)}`);
	}
	return result.run.data.resultData.runData;
}

async function seedInterview(control: AxiosInstance, interview: Json = {}): Promise<string> {
	const response = await control.post('/seed', {
		interviews: [{ interviewName: 'E2E seeded interview', status: 'published', ...interview }],
	});
	return (response.data as { interviewIds: string[] }).interviewIds[0];
}

const candidates = (count: number, prefix: string) =>
	Array.from({ length: count }, (_, i) => ({ name: `Candidate ${i}`, email: `${prefix}${i}@example.com` }));

function inviteNode(ctx: E2eContext, interviewId: string, options: Json = {}): NodeSpec {
	return interviewServiceNode(
		'Invite',
		{
			resource: 'candidate',
			operation: 'invite',
			interviewId: interviewById(interviewId),
			...WINDOW,
			email: '={{ $json.email }}',
			additionalFields: { name: '={{ $json.name }}' },
			options,
		},
		ctx.credential,
	);
}

describe('Interview Service action node in real n8n', () => {
	it(
		'interview: create → get → update → update settings (merged) → get many',
		withLog(async (ctx) => {
			const node = (name: string, parameters: Json) =>
				interviewServiceNode(name, { resource: 'interview', ...parameters }, ctx.credential);
			const workflow = chainWorkflow('e2eInterview', 'e2e interview lifecycle', [
				manualTrigger(),
				node('Create', {
					operation: 'create',
					interviewName: 'E2E Backend Engineer',
					jdType: 'text',
					jd: 'Build and run Node.js services.',
					additionalFields: {
						roleName: 'Backend Engineer',
						minExperience: 2,
						maxExperience: 5,
						sampleQuestions: ['How do you make a webhook consumer idempotent?'],
						interviewConfig: { allowAccess: 'anyone', allowReattempt: true, allowReattemptCount: 2 },
						metaData: '{ "team": "e2e" }',
					},
				}),
				node('Get', { operation: 'get', interviewId: byExpression }),
				node('Update', {
					operation: 'update',
					interviewId: byExpression,
					updateFields: {
						roleName: 'Staff Backend Engineer',
						competencies: {
							competency: [
								{ name: 'Node.js', explanation: 'Runtime internals', difficulty: 'hard', questionType: 'technical', questionCount: 2, time: 10 },
							],
						},
					},
				}),
				node('Update Settings', {
					operation: 'updateSettings',
					interviewId: byExpression,
					updateFields: { interviewConfig: { allowTabSwitchCount: 3 }, published: true },
				}),
				node('Get Many', { operation: 'getMany', returnAll: true, filters: { search: 'E2E Backend' } }),
			]);
			const runData = await importAndRun(ctx.n8n, workflow);

			const [created] = nodeOutput(runData, 'Create');
			const interviewId = created.interviewId as string;
			expect(interviewId).toEqual(expect.any(String));
			expect(created).toMatchObject({ status: 'draft', metaData: { team: 'e2e' } });

			expect(nodeOutput(runData, 'Get')).toEqual([
				expect.objectContaining({ interviewId, roleName: 'Backend Engineer', minExperience: 2, maxExperience: 5 }),
			]);
			const [updated] = nodeOutput(runData, 'Update');
			expect(updated).toMatchObject({ interviewId, roleName: 'Staff Backend Engineer' });
			expect(updated.competencyData).toEqual([expect.objectContaining({ competency: 'Node.js', questionCount: 2 })]);

			const [settings] = nodeOutput(runData, 'Update Settings');
			expect(settings.interviewConfig).toMatchObject({
				allowAccess: 'anyone',
				allowReattempt: true,
				allowReattemptCount: 2,
				allowTabSwitchCount: 3,
			});

			const listed = nodeOutput(runData, 'Get Many');
			expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ interviewId, status: 'published' })]));
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'candidate: invites 250 items in batches of 100 (3 requests), one output item per candidate',
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx.control);
			const people = candidates(250, 'batch');
			await ctx.control.delete('/requests');
			const runData = await importAndRun(
				ctx.n8n,
				chainWorkflow('e2eInvite', 'e2e invite 250', [
					manualTrigger(),
					itemsNode('Candidates', people),
					inviteNode(ctx, interviewId),
				]),
			);

			const invited = nodeOutput(runData, 'Invite');
			expect(invited).toHaveLength(250);
			invited.forEach((item, index) => {
				expect(item.email).toBe(people[index].email);
				expect(item.preAuthLink).toEqual(expect.any(String));
			});
			const batches = (await sandboxRequests(ctx.control)).filter((request) => request.route === ACCESS_LINKS_ROUTE);
			// Batches go out in parallel, so the log has them in the order they finished.
			const sizes = batches.map((request) => (request.body as { candidates: unknown[] }).candidates.length);
			expect(sizes.sort((a, b) => b - a)).toEqual([100, 100, 50]);
			expect(batches.every((request) => request.status === 200)).toBe(true);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'candidate: {{ $json.field }} (read from the item without the expression engine) sends what n8n evaluates from an equivalent expression',
		withLog(async (ctx) => {
			const copiesId = await seedInterview(ctx.control, { interviewName: 'E2E copies' });
			const evaluatedId = await seedInterview(ctx.control, { interviewName: 'E2E evaluated' });
			const items = [
				{ email: 'Text@Example.com', name: 'Ada', phone: '+49 151 1' },
				{ email: 'number@example.com', name: 42, phone: 5551234 },
				{ email: 'flag@example.com', name: true },
				{ email: 'null@example.com', name: null, phone: null },
				{ email: 'object@example.com', name: { first: 'Ob' }, phone: '' },
			];
			const invite = (name: string, interviewId: string, field: (key: string) => string) =>
				interviewServiceNode(
					name,
					{
						resource: 'candidate',
						operation: 'invite',
						interviewId: interviewById(interviewId),
						...WINDOW,
						email: field('email'),
						additionalFields: { name: field('name'), phone: field('phone') },
						options: {},
					},
					ctx.credential,
				);
			await ctx.control.delete('/requests');
			const runData = await importAndRun(
				ctx.n8n,
				buildWorkflow(
					'e2eInviteCopies',
					'e2e invite: field copies vs evaluated expressions',
					[
						manualTrigger(),
						itemsNode('Candidates', items),
						invite('Copies', copiesId, (key) => `={{ $json.${key} }}`),
						invite('Evaluated', evaluatedId, (key) => `={{ $input.item.json.${key} }}`),
					],
					[
						['Start', 'Candidates'],
						['Candidates', 'Copies'],
						['Candidates', 'Evaluated'],
					],
				),
			);
			expect(nodeOutput(runData, 'Copies')).toHaveLength(items.length);
			expect(nodeOutput(runData, 'Evaluated')).toHaveLength(items.length);
			const sent = (await sandboxRequests(ctx.control)).filter((request) => request.route === ACCESS_LINKS_ROUTE);
			const candidatesFor = (interviewId: string) =>
				sent.filter((request) => request.path.includes(interviewId)).map((request) => (request.body as { candidates: unknown[] }).candidates);
			expect(candidatesFor(copiesId)).toEqual(candidatesFor(evaluatedId));
			expect(candidatesFor(copiesId)).toEqual([
				[
					{ email: 'Text@Example.com', name: 'Ada', phone: '+49 151 1' },
					{ email: 'number@example.com', name: '42', phone: '5551234' },
					{ email: 'flag@example.com', name: 'true' },
					{ email: 'null@example.com' },
					{ email: 'object@example.com', name: '[object Object]' },
				],
			]);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'candidate: cancels scheduled candidates and reports the e-mails it did not cancel',
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx.control);
			await ctx.control.post('/seed', {
				candidates: [
					{ interviewId, email: 'keep@example.com', status: 'scheduled' },
					{ interviewId, email: 'drop1@example.com', status: 'scheduled' },
					{ interviewId, email: 'drop2@example.com', status: 'scheduled' },
				],
			});
			const runData = await importAndRun(
				ctx.n8n,
				chainWorkflow('e2eCancel', 'e2e cancel', [
					manualTrigger(),
					interviewServiceNode(
						'Cancel',
						{
							resource: 'candidate',
							operation: 'cancelScheduled',
							interviewId: interviewById(interviewId),
							emailSource: 'list',
							candidateEmails: ['drop1@example.com', 'drop2@example.com', 'nobody@example.com'],
						},
						ctx.credential,
					),
				]),
			);

			const [outcome] = nodeOutput(runData, 'Cancel');
			const cancelled = (outcome.cancelledCandidates as Json[]).map((candidate) => candidate.candidateEmail);
			expect(cancelled.sort()).toEqual(['drop1@example.com', 'drop2@example.com']);
			expect(outcome.notCancelledEmails).toEqual(['nobody@example.com']);
			const state = (await ctx.control.get('/state')).data as { candidates: Json[] };
			const kept = state.candidates.find((c) => c.interviewId === interviewId && c.email === 'keep@example.com');
			expect(kept?.status).toBe('scheduled');
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'result: simplified results after simulated completions, the e-mail filter, "not ready" and "no candidates" told apart',
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx.control);
			const notReadyId = await seedInterview(ctx.control, { interviewName: 'E2E nobody finished' });
			const emptyId = await seedInterview(ctx.control, { interviewName: 'E2E no candidates' });
			await ctx.control.post('/seed', { candidates: [{ interviewId: notReadyId, email: 'slow@example.com', status: 'scheduled' }] });
			await ctx.control.post('/seed', {
				candidates: ['ada', 'bob', 'cy'].map((name) => ({ interviewId, email: `${name}@example.com`, name, status: 'scheduled' })),
			});
			await ctx.control.post(`/interviews/${interviewId}/complete`, {
				email: 'ada@example.com',
				scores: { interviewScore: 91, communicationScore: 88, codingScore: 95 },
			});
			await ctx.control.post(`/interviews/${interviewId}/complete`, {
				email: 'bob@example.com',
				scores: { interviewScore: 67, communicationScore: 72, codingScore: 60 },
			});
			const results = (name: string, filters: Json = {}, id = interviewId, chosen: Json = {}) =>
				interviewServiceNode(
					name,
					{ resource: 'result', operation: 'getMany', interviewId: interviewById(id), returnAll: true, filters, ...chosen },
					ctx.credential,
				);
			const branches = [
				results('All Results'),
				results('Bob Only', { candidateEmail: 'bob@example.com' }),
				results('Not Ready', {}, notReadyId, { whenNotReady: 'returnStatus' }),
				results('No Candidates', {}, emptyId),
			];
			const runData = await importAndRun(
				ctx.n8n,
				buildWorkflow(
					'e2eResults',
					'e2e results',
					[manualTrigger(), ...branches],
					branches.map((branch): [string, string] => ['Start', branch.name]),
				),
			);

			const all = nodeOutput(runData, 'All Results');
			const byEmail = Object.fromEntries(all.map((item) => [item.email, item]));
			expect(Object.keys(byEmail).sort()).toEqual(['ada@example.com', 'bob@example.com', 'cy@example.com']);
			expect(byEmail['ada@example.com']).toMatchObject({ interviewScore: 91, communicationScore: 88, codingScore: 95 });
			expect(byEmail['ada@example.com'].reportLink).toEqual(expect.any(String));
			expect(byEmail['cy@example.com']).toMatchObject({ interviewScore: null, reportLink: null });
			expect(nodeOutput(runData, 'Bob Only')).toEqual([
				expect.objectContaining({ email: 'bob@example.com', interviewScore: 67, codingScore: 60 }),
			]);
			expect(nodeOutput(runData, 'Not Ready')).toEqual([
				expect.objectContaining({ interviewId: notReadyId, resultsReady: false, message: expect.stringContaining('not ready') }),
			]);
			expect(nodeOutput(runData, 'No Candidates')).toEqual([]);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'access: creates a token and a presigned link',
		withLog(async (ctx) => {
			const access = (name: string, operation: string) =>
				interviewServiceNode(name, { resource: 'access', operation, options: { expiresIn: 600 } }, ctx.credential);
			const runData = await importAndRun(
				ctx.n8n,
				chainWorkflow('e2eAccess', 'e2e access', [manualTrigger(), access('Token', 'createToken'), access('Link', 'createLink')]),
			);
			expect(nodeOutput(runData, 'Token')).toEqual([
				expect.objectContaining({ accessToken: expect.any(String), expiresIn: 600 }),
			]);
			expect(nodeOutput(runData, 'Link')).toEqual([
				expect.objectContaining({ presignedUrl: expect.stringMatching(/^https?:\/\//), expiresIn: 600 }),
			]);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		"survives the token expiring mid-workflow through n8n's own refresh, losing no item",
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx.control);
			const people = candidates(250, 'expiry');
			await ctx.control.delete('/requests');
			// The stored token works for one more request; every later call of this run meets a 401 first.
			await ctx.control.post('/tokens/expire', { afterRequests: 1 });
			const runData = await importAndRun(
				ctx.n8n,
				chainWorkflow('e2eExpiry', 'e2e token expiry', [
					manualTrigger(),
					itemsNode('Candidates', people),
					inviteNode(ctx, interviewId, { batchSize: 50 }),
				]),
			);

			const invited = nodeOutput(runData, 'Invite');
			expect(invited.map((item) => item.email)).toEqual(people.map((person) => person.email));
			const log = await sandboxRequests(ctx.control);
			const batches = log.filter((request) => request.route === ACCESS_LINKS_ROUTE);
			expect(batches.filter((request) => request.status === 401).length).toBeGreaterThanOrEqual(1);
			expect(batches.filter((request) => request.status === 200)).toHaveLength(5);
			expect(log.some((request) => request.path === '/api/v1/auth/token' && request.status === 201)).toBe(true);
			const state = (await ctx.control.get('/state')).data as { candidates: Json[] };
			expect(state.candidates.filter((c) => c.interviewId === interviewId && c.status === 'scheduled')).toHaveLength(250);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		"Retry On Fail after a 500 on batch 2 of 250: the run succeeds, each item has its own link, and the service gets each candidate once",
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx.control);
			const people = candidates(250, 'retryonfail');
			await ctx.control.delete('/requests');
			await ctx.control.post('/faults', { route: ACCESS_LINKS_ROUTE, status: 500, skip: 1, count: 1 });
			const invite: NodeSpec = {
				...inviteNode(ctx, interviewId, { parallelBatches: 1 }),
				retryOnFail: true,
				maxTries: 3,
				waitBetweenTries: 0,
			};
			const runData = await importAndRun(
				ctx.n8n,
				chainWorkflow('e2eRetryOnFail', 'e2e retry on fail', [manualTrigger(), itemsNode('Candidates', people), invite]),
			);

			const invited = nodeOutput(runData, 'Invite');
			expect(invited.map((item) => item.email)).toEqual(people.map((person) => person.email));
			expect(invited.every((item) => item.error === undefined && typeof item.preAuthLink === 'string')).toBe(true);
			expect(new Set(invited.map((item) => item.preAuthLink)).size).toBe(250);
			const batches = (await sandboxRequests(ctx.control)).filter((request) => request.route === ACCESS_LINKS_ROUTE);
			expect(batches.map((request) => request.status)).toEqual([200, 500, 200, 200]);
			const accepted = batches
				.filter((request) => request.status === 200)
				.flatMap((request) => (request.body as { candidates: Array<{ email: string }> }).candidates.map((c) => c.email));
			expect(accepted.sort()).toEqual(people.map((person) => person.email).sort());
			const state = (await ctx.control.get('/state')).data as { candidates: Json[] };
			expect(state.candidates.filter((c) => c.interviewId === interviewId)).toHaveLength(250);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		"a 429 with Retry-After: 2 on batch 2 of 250 succeeds through the node's own retry, with no error item",
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx.control);
			const people = candidates(250, 'ratelimited');
			await ctx.control.delete('/requests');
			await ctx.control.post('/faults', { route: ACCESS_LINKS_ROUTE, status: 429, retryAfter: 2, skip: 1, count: 1 });
			const runData = await importAndRun(
				ctx.n8n,
				chainWorkflow('e2eRetryAfter', 'e2e retry after', [
					manualTrigger(),
					itemsNode('Candidates', people),
					inviteNode(ctx, interviewId, { parallelBatches: 1 }),
				]),
			);

			const invited = nodeOutput(runData, 'Invite');
			expect(invited.map((item) => item.email)).toEqual(people.map((person) => person.email));
			expect(invited.filter((item) => item.error !== undefined)).toEqual([]);
			const batches = (await sandboxRequests(ctx.control)).filter((request) => request.route === ACCESS_LINKS_ROUTE);
			expect(batches.map((request) => request.status)).toEqual([200, 429, 200, 200]);
			const waited = Date.parse(batches[2].at) - Date.parse(batches[1].at);
			if (E2E_RUNTIME.n8nVersion.startsWith('1.')) {
				// n8n 1.x drops the response headers from the error it throws (its ExecutionBaseError resets
				// `cause`), so Retry-After cannot be read there: the node's own backoff applies, 1 s with jitter.
				expect(waited).toBeGreaterThanOrEqual(450);
			} else {
				expect(waited).toBeGreaterThanOrEqual(1900);
			}
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'a held request fails at the credential timeout (3 s here), not at 300 s, naming the endpoint',
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx.control);
			const credential = sandboxCredential(ctx.sandbox.url, { id: 'iscredtimeout01', name: 'Interview Service (3 s timeout)' });
			credential.data.timeout = 3;
			await ctx.n8n.importCredentials([credential]);
			await ctx.control.post('/faults', { route: 'GET /api/v1/interview/get-interview/:id', delayMs: 60_000, count: 1 });
			const get = interviewServiceNode('Get', { resource: 'interview', operation: 'get', interviewId: interviewById(interviewId) }, credential);
			const workflow = chainWorkflow('e2eTimeout', 'e2e timeout', [manualTrigger(), get]);
			await ctx.n8n.importWorkflow(workflow);
			const started = Date.now();
			const result = await ctx.n8n.execute(workflow.id);
			const elapsed = Date.now() - started;
			const output = `${result.stdout}\n${result.stderr}`;
			expect(output).toContain(`The Interview Service did not answer GET /api/v1/interview/get-interview/${interviewId} within 3 s`);
			// n8n execute itself takes about 8-10 s here; the held request alone would take 60 s.
			expect(elapsed).toBeLessThan(50_000);
		}),
		TEST_TIMEOUT_MS,
	);
});
