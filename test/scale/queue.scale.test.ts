/**
 * The package in n8n's queue mode (n8n 2.41.1, Postgres, Redis, one main process and two
 * `n8n worker`s sharing one user folder with the package installed as a community package).
 * Run: `npm run test:scale` (harness/queue.ts installs and starts Redis and Postgres 17).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { CredentialImport, ExecutionSummary, N8nInstance } from '../../harness/n8n';
import { PACKAGE_NAME, executionIdsInWorkerLog, nodeOutput } from '../../harness/n8n';
import { pollUntil, sleep } from '../../harness/process';
import { POSTGRES_MIN_MAJOR, postgresMajor, queryPostgres } from '../../harness/queue';
import type { NodeSpec } from '../../harness/workflow';
import {
	ACTION_NODE_TYPE,
	TRIGGER_NODE_TYPE,
	buildWorkflow,
	chainWorkflow,
	interviewById,
	interviewServiceNode,
	sandboxCredential,
} from '../../harness/workflow';
import { TEST_TIMEOUT_MS, sandboxRequests, useE2e } from '../e2e/helpers/context';
import type { E2eContext } from '../e2e/helpers/context';
import { expectExecutionCountStays, postUntilRegistered, redeliverUntilRegistered, waitForExecutions, waitForWebhookUrl } from '../e2e/helpers/executions';
import { syncWorkflow } from '../e2e/helpers/invitedHistory';

const WORKERS = 2;
const { withLog } = useE2e({ queueWorkers: WORKERS });

const TOKEN_ROUTE = 'POST /api/v1/auth/token';
const ACCESS_LINKS_ROUTE = 'POST /api/v1/interview/:id/access-links';
const RESULTS_ROUTE = 'GET /api/v1/interview/:id/results';
const RESULTS_TRIGGER_NODE_TYPE = `${PACKAGE_NAME}.interviewServiceResultsTrigger`;
const WINDOW = { startTime: '2026-12-01T09:00:00.000Z', endTime: '2026-12-08T09:00:00.000Z' };
const ORIGINAL_WEBHOOK_URL = 'https://ats.example.com/hooks/interview-service';

type Json = Record<string, unknown>;

async function seedInterview(ctx: E2eContext, interview: Json = {}): Promise<string> {
	const response = await ctx.control.post('/seed', {
		interviews: [{ interviewName: 'Scale interview', status: 'published', ...interview }],
	});
	return (response.data as { interviewIds: string[] }).interviewIds[0];
}

/** Execution ids each worker logged as started ("Worker started execution N"), by worker index. */
function executionsByWorker(n8n: N8nInstance): Map<number, Set<string>> {
	return new Map(
		n8n.workers.map((worker) => [worker.index, new Set(executionIdsInWorkerLog(worker, 'started'))]),
	);
}

const workerOf = (n8n: N8nInstance, executionId: string) =>
	[...executionsByWorker(n8n)].find(([, ids]) => ids.has(String(executionId)))?.[0];

/** Webhook (POST /webhook/<path>, answers at once) → Invite the posted candidate. */
function webhookInviteWorkflow(id: string, path: string, interviewId: string, credential: CredentialImport) {
	const webhook: NodeSpec = {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
		webhookId: randomUUID(),
	};
	const invite = interviewServiceNode(
		'Invite',
		{
			resource: 'candidate',
			operation: 'invite',
			interviewId: interviewById(interviewId),
			...WINDOW,
			email: '={{ $json.body.email }}',
			additionalFields: { name: '={{ $json.body.name }}' },
		},
		credential,
		ACTION_NODE_TYPE,
	);
	return chainWorkflow(id, `scale ${id}`, [webhook, invite]);
}

/** POSTs `count` candidates at once to the production webhook; every POST must be accepted. */
async function burst(n8n: N8nInstance, path: string, prefix: string, count: number) {
	const url = `${n8n.url}/webhook/${path}`;
	const responses = await Promise.all(
		Array.from({ length: count }, (_, i) => postUntilRegistered(url, { email: `${prefix}${i}@example.com`, name: `${prefix} ${i}` })),
	);
	expect(responses.map((response) => response.status)).toEqual(Array(count).fill(200));
}

function expectInvited(executions: ExecutionSummary[], emails: string[]) {
	expect(executions.map((execution) => execution.status)).toEqual(Array(executions.length).fill('success'));
	const invited = executions.flatMap((execution) => nodeOutput(execution.data?.resultData.runData, 'Invite'));
	expect(invited.map((item) => item.email).sort()).toEqual([...emails].sort());
	for (const item of invited) expect(item.preAuthLink).toEqual(expect.any(String));
}

/**
 * n8n 2.x's warning when its Postgres is older than it supports ("Postgres 15 is not supported. n8n
 * supports Postgres 17 and newer…", or "…is outside the supported range…" for 16): `@n8n/db`'s
 * `postgres-version-policy`, logged by every process that connects.
 */
const POSTGRES_VERSION_WARNING = /Postgres \d+ is (?:not supported|outside the supported range)/;

/** No log of main (restarts append to it) or of any worker holds n8n's Postgres version warning. */
function expectNoPostgresVersionWarning(n8n: N8nInstance) {
	for (const file of [n8n.logFile, ...n8n.workers.map((worker) => worker.logFile)]) {
		const warnings = readFileSync(file, 'utf8')
			.split('\n')
			.filter((line) => POSTGRES_VERSION_WARNING.test(line));
		expect({ file, warnings }).toEqual({ file, warnings: [] });
	}
}

const tokenExchanges = async (ctx: E2eContext) =>
	(await sandboxRequests(ctx.control)).filter((request) => request.route === TOKEN_ROUTE && request.status === 201).length;

describe('Interview Service package in n8n queue mode (Postgres + Redis + main + 2 workers)', () => {
	it(
		'runs main and two workers on one Postgres database and one Redis queue',
		withLog(async ({ n8n }) => {
			expect(n8n.workers).toHaveLength(WORKERS);
			for (const worker of n8n.workers) expect(readFileSync(worker.logFile, 'utf8')).toContain('n8n worker is now ready');
			expect(readFileSync(n8n.logFile, 'utf8')).not.toMatch(new RegExp(`Failed to load package "${PACKAGE_NAME}"`));
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		`runs on Postgres ${POSTGRES_MIN_MAJOR} or newer, and neither main nor any worker logs that its Postgres is unsupported`,
		withLog(async ({ n8n, queue }) => {
			if (queue === undefined) throw new Error('the queue-mode context has no Postgres');
			// Asked of the running server through n8n's own driver (`pg` in the n8n install).
			const [row] = await queryPostgres(queue, n8n.runtime, 'SHOW server_version');
			const serverVersion = String(row.server_version);
			process.stderr.write(`[scale] Postgres server_version: ${serverVersion}\n`);
			expect(postgresMajor(serverVersion)).toBeGreaterThanOrEqual(POSTGRES_MIN_MAJOR);
			expect(postgresMajor(queue.postgres.version)).toBe(postgresMajor(serverVersion));
			expectNoPostgresVersionWarning(n8n);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'a burst of 20 webhook-started Invite executions on a fresh credential runs on both workers, all succeed, and each process exchanges the key at most once',
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx);
			const credential = sandboxCredential(ctx.sandbox.url, { id: 'isscalelong01', name: 'Sandbox (1 h tokens)', expiresIn: 3600 });
			await ctx.n8n.importCredentials([credential]);
			await ctx.n8n.importWorkflow(webhookInviteWorkflow('scaleBurst', 'scale-burst', interviewId, credential));
			await ctx.n8n.activate('scaleBurst');
			await ctx.control.delete('/requests');
			// Each execution takes a little while, so the queue holds jobs while both workers take them.
			await ctx.control.patch('/config', { latencyMs: 200 });
			try {
				// No token is stored yet: every execution of the burst starts without one.
				await burst(ctx.n8n, 'scale-burst', 'burst', 20);
				const executions = await waitForExecutions(ctx.n8n, 'scaleBurst', 20, 180_000);
				expect(executions).toHaveLength(20);
				expectInvited(executions, Array.from({ length: 20 }, (_, i) => `burst${i}@example.com`));

				const perWorker = executionsByWorker(ctx.n8n);
				const ours = executions.map((execution) => String(execution.id));
				const counts = [...perWorker].map(([index, ids]) => [index, ours.filter((id) => ids.has(id)).length]);
				process.stderr.write(`[scale] burst executions per worker: ${JSON.stringify(Object.fromEntries(counts))}\n`);
				for (const [, count] of counts) expect(count).toBeGreaterThan(0);
				expect(counts.reduce((sum, [, count]) => sum + count, 0)).toBe(20);

				const exchanges = await tokenExchanges(ctx);
				process.stderr.write(`[scale] token exchanges for a burst of 20 on a fresh credential, ${WORKERS} workers (1 h tokens): ${exchanges}\n`);
				expect(exchanges).toBeGreaterThanOrEqual(1);
				// Main and each worker at most once.
				expect(exchanges).toBeLessThanOrEqual(1 + WORKERS);
			} finally {
				await ctx.control.patch('/config', { latencyMs: 0 });
				await ctx.n8n.deactivate('scaleBurst');
			}
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'with 3-second tokens, every execution still succeeds (workers refresh an expired token)',
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx);
			const credential = sandboxCredential(ctx.sandbox.url, { id: 'isscaleshort01', name: 'Sandbox (3 s tokens)', expiresIn: 3 });
			await ctx.n8n.importCredentials([credential]);
			await ctx.n8n.importWorkflow(webhookInviteWorkflow('scaleShort', 'scale-short', interviewId, credential));
			await ctx.n8n.activate('scaleShort');
			await ctx.control.delete('/requests');
			try {
				await burst(ctx.n8n, 'scale-short', 'early', 10);
				await waitForExecutions(ctx.n8n, 'scaleShort', 10, 120_000);
				// Longer than the token lives: the second burst meets an expired stored token.
				await sleep(4_000);
				await burst(ctx.n8n, 'scale-short', 'late', 10);
				const executions = await waitForExecutions(ctx.n8n, 'scaleShort', 20, 120_000);
				expect(executions).toHaveLength(20);
				expectInvited(executions, [
					...Array.from({ length: 10 }, (_, i) => `early${i}@example.com`),
					...Array.from({ length: 10 }, (_, i) => `late${i}@example.com`),
				]);
				const log = await sandboxRequests(ctx.control);
				const rejected = log.filter((request) => request.route === ACCESS_LINKS_ROUTE && request.status === 401).length;
				const exchanges = await tokenExchanges(ctx);
				process.stderr.write(`[scale] 3 s tokens: ${exchanges} exchanges, ${rejected} access-links calls met an expired token\n`);
				expect(rejected).toBeGreaterThanOrEqual(1);
				expect(exchanges).toBeGreaterThanOrEqual(2);
			} finally {
				await ctx.n8n.deactivate('scaleShort');
			}
		}),
		TEST_TIMEOUT_MS,
	);

	describe('Interview Service Trigger', () => {
		const WORKFLOW_ID = 'scaleTrigger';
		const shared: { interviewId?: string; webhookUrl?: string } = {};

		it(
			'registers on activation (waiting on the sandbox: the API answers before create() ran)',
			withLog(async (ctx) => {
				const interviewId = await seedInterview(ctx, {
					interviewName: 'Scale trigger interview',
					interviewConfig: { webhookUrl: ORIGINAL_WEBHOOK_URL, allowReattempt: true },
				});
				await ctx.control.post('/seed', { candidates: [{ interviewId, email: 'wanda@example.com', name: 'Wanda', status: 'scheduled' }] });
				shared.interviewId = interviewId;
				const trigger = {
					...interviewServiceNode('Trigger', { interviewId: interviewById(interviewId), events: ['completed'] }, ctx.credential, TRIGGER_NODE_TYPE),
					webhookId: randomUUID(),
				};
				await ctx.n8n.importWorkflow(buildWorkflow(WORKFLOW_ID, 'scale trigger', [trigger], []));
				await ctx.n8n.activate(WORKFLOW_ID);
				const config = await waitForWebhookUrl(ctx, interviewId, (url) => url.startsWith(`${ctx.n8n.url}/webhook/${trigger.webhookId}/`));
				expect(config).toMatchObject({ allowReattempt: true, status: 'published' });
				shared.webhookUrl = String(config.webhookUrl);
			}),
			TEST_TIMEOUT_MS,
		);

		it(
			'a completion gives exactly one execution, run by a worker; a redelivery of the same event gives none',
			withLog(async (ctx) => {
				const completion = await ctx.control.post(`/interviews/${shared.interviewId}/complete`, { email: 'wanda@example.com', name: 'Wanda' });
				expect(completion.data.delivery).toMatchObject({ url: shared.webhookUrl, status: 200 });
				const [execution] = await waitForExecutions(ctx.n8n, WORKFLOW_ID, 1);
				expect(execution.status).toBe('success');
				expect(nodeOutput(execution.data?.resultData.runData, 'Trigger')).toEqual([
					expect.objectContaining({ interviewId: shared.interviewId, candidate: { email: 'wanda@example.com', name: 'Wanda' } }),
				]);
				expect(workerOf(ctx.n8n, execution.id)).toEqual(expect.any(Number));

				// The service sends the same event again (the sandbox's redelivery control).
				const redelivery = await ctx.control.post('/webhooks/redeliver', {}, { validateStatus: () => true });
				expect(redelivery.status).toBe(200);
				expect(redelivery.data.delivery).toMatchObject({ url: shared.webhookUrl, status: 200 });
				await expectExecutionCountStays(ctx.n8n, WORKFLOW_ID, 1, 3_000);
			}),
			TEST_TIMEOUT_MS,
		);

		it(
			'after a restart of main, a redelivery still gives none: the memory is in Postgres, not in the process',
			withLog(async (ctx) => {
				await ctx.n8n.restart();
				const delivery = await redeliverUntilRegistered(ctx);
				expect(delivery).toMatchObject({ url: shared.webhookUrl, status: 200 });
				await expectExecutionCountStays(ctx.n8n, WORKFLOW_ID, 1, 3_000);
			}),
			TEST_TIMEOUT_MS,
		);

		it(
			'deactivation puts the original webhookUrl back',
			withLog(async (ctx) => {
				await ctx.n8n.deactivate(WORKFLOW_ID);
				const config = await waitForWebhookUrl(ctx, String(shared.interviewId), (url) => url === ORIGINAL_WEBHOOK_URL);
				expect(config).toMatchObject({ webhookUrl: ORIGINAL_WEBHOOK_URL, allowReattempt: true, status: 'published' });
			}),
			TEST_TIMEOUT_MS,
		);

		it(
			'two different deliveries at the same moment give two executions; after a restart of main both redelivered give none',
			withLog(async (ctx) => {
				const workflowId = 'scaleTriggerPair';
				const interviewId = await seedInterview(ctx, { interviewName: 'Scale trigger pair' });
				const trigger = {
					...interviewServiceNode(
						'Trigger',
						{ interviewId: interviewById(interviewId), events: ['completed'], options: { includeResult: true } },
						ctx.credential,
						TRIGGER_NODE_TYPE,
					),
					webhookId: randomUUID(),
				};
				await ctx.n8n.importWorkflow(buildWorkflow(workflowId, 'scale trigger pair', [trigger], []));
				await ctx.n8n.activate(workflowId);
				await waitForWebhookUrl(ctx, interviewId, (url) => url.startsWith(`${ctx.n8n.url}/webhook/${trigger.webhookId}/`));

				// Include Result held keeps both calls on main in flight together: each loads the static data
				// before the other saved its key, and each writes the whole object back. The first call's
				// results are held longer, so the call that remembered its key first writes last.
				await ctx.control.post('/faults', { route: RESULTS_ROUTE, pathIncludes: interviewId, delayMs: 3_000, count: 1 });
				await ctx.control.post('/faults', { route: RESULTS_ROUTE, pathIncludes: interviewId, delayMs: 500, count: 1 });
				// Ids of every execution any worker has started, and those started since `before`.
				const startedByWorkers = () => new Set([...executionsByWorker(ctx.n8n).values()].flatMap((ids) => [...ids]));
				const before = startedByWorkers();
				const startedSince = (earlier: Set<string>) => [...startedByWorkers()].filter((id) => !earlier.has(id));
				const pair = await Promise.all(
					['xena@example.com', 'yuri@example.com'].map(
						async (email) => (await ctx.control.post(`/interviews/${interviewId}/complete`, { email })).data as { eventId: string; delivery: { status: number } },
					),
				);
				expect(pair.map((completion) => completion.delivery.status)).toEqual([200, 200]);
				// Counted in the workers' logs: main's list of running executions can keep one of two
				// concurrent queue-mode executions after it finished (seen once in two runs: "Waiting for 1
				// active executions to finish" at shutdown), and the public API's list leaves those out.
				const started = await pollUntil(
					async () => {
						const ids = startedSince(before);
						return ids.length >= 2 ? ids : undefined;
					},
					60_000,
					'two executions started by the workers',
				);
				const items = await Promise.all(
					started.map(async (id) => {
						const execution = await pollUntil(
							async () => {
								const { data } = await ctx.n8n.publicApi.get(`/executions/${id}`, { params: { includeData: true } });
								return (data as ExecutionSummary).status === 'success' ? (data as ExecutionSummary) : undefined;
							},
							60_000,
							`execution ${id} finished`,
						);
						return nodeOutput(execution.data?.resultData.runData, 'Trigger')[0];
					}),
				);
				expect(items.map((item) => (item.candidate as Json).email).sort()).toEqual(['xena@example.com', 'yuri@example.com']);
				await sleep(3_000);
				expect(startedSince(before)).toHaveLength(2);

				await ctx.n8n.restart();
				for (const { eventId } of pair) expect((await redeliverUntilRegistered(ctx, { eventId })).status).toBe(200);
				await sleep(4_000);
				expect(startedSince(before)).toHaveLength(2);

				await ctx.n8n.deactivate(workflowId);
			}),
			TEST_TIMEOUT_MS,
		);
		it(
			'main killed (SIGKILL) right after the sender\'s 200, workers running: the completion runs once, and after main restarts its redelivery is a repeat; killed before the answer, the redelivery of a completion with no execution runs it',
			withLog(async (ctx) => {
				const workflowId = 'scaleTriggerCrash';
				const interviewId = await seedInterview(ctx, { interviewName: 'Scale trigger crash' });
				const trigger = {
					...interviewServiceNode('Trigger', { interviewId: interviewById(interviewId), events: ['completed'], options: {} }, ctx.credential, TRIGGER_NODE_TYPE),
					webhookId: randomUUID(),
				};
				await ctx.n8n.importWorkflow(buildWorkflow(workflowId, 'scale trigger crash', [trigger], []));
				await ctx.n8n.activate(workflowId);
				await waitForWebhookUrl(ctx, interviewId, (url) => url.startsWith(`${ctx.n8n.url}/webhook/${trigger.webhookId}/`));
				const holding = async (email: string) =>
					(await ctx.n8n.listExecutions(workflowId)).filter((execution) => JSON.stringify(execution.data ?? {}).includes(email));
				const settled = async (email: string, atLeast: number) =>
					await pollUntil(
						async () => {
							const found = await holding(email);
							return found.length >= atLeast && found.every((execution) => ['success', 'crashed', 'error'].includes(execution.status)) ? found : undefined;
						},
						90_000,
						`${atLeast} settled execution(s) holding ${email}`,
						1_000,
					);

				// After the 200: main has stored the execution and queued it; a worker runs it while main is down.
				const answered = (await ctx.control.post(`/interviews/${interviewId}/complete`, { email: 'zoe@example.com' })).data as { eventId: string; delivery: { status: number } };
				await ctx.n8n.crash();
				expect(answered.delivery.status).toBe(200);
				await ctx.n8n.restart();
				const [held] = await settled('zoe@example.com', 1);
				expect(held.status).toBe('success');
				// The worker's execution has main record the delivery with a call to the trigger's URL,
				// retried every half second while main is down: give it a moment once main is back.
				await sleep(3_000);
				expect((await redeliverUntilRegistered(ctx, { eventId: answered.eventId })).status).toBe(200);
				await sleep(4_000);
				expect(await holding('zoe@example.com')).toHaveLength(1);

				// Killed as the sender posts: whatever n8n kept, the redelivery never drops a completion it holds no execution for.
				const delivering = ctx.control.post(`/interviews/${interviewId}/complete`, { email: 'uma@example.com' });
				await ctx.n8n.crash();
				const early = (await delivering).data as { eventId: string };
				await ctx.n8n.restart();
				await sleep(4_000);
				const before = await holding('uma@example.com');
				expect((await redeliverUntilRegistered(ctx, { eventId: early.eventId })).status).toBe(200);
				if (before.length === 0) expect(await settled('uma@example.com', 1)).toHaveLength(1);
				else expect((await settled('uma@example.com', 1)).length).toBeGreaterThanOrEqual(1);

				await ctx.n8n.deactivate(workflowId);
			}),
			TEST_TIMEOUT_MS,
		);
	});

	it(
		'the Results Trigger polls from one process only: one execution per new result, not one per worker',
		withLog(async (ctx) => {
			const WORKFLOW_ID = 'scaleResults';
			const interviewId = await seedInterview(ctx, { interviewName: 'Scale results interview' });
			await ctx.control.post('/seed', {
				candidates: [
					{ interviewId, email: 'old@example.com', status: 'completed' },
					{ interviewId, email: 'new@example.com', name: 'New', status: 'scheduled' },
				],
			});
			const trigger = interviewServiceNode(
				'Results Trigger',
				{ watch: 'interview', interviewId: interviewById(interviewId), pollTimes: { item: [{ mode: 'everyMinute' }] } },
				ctx.credential,
				RESULTS_TRIGGER_NODE_TYPE,
			);
			await ctx.n8n.importWorkflow(buildWorkflow(WORKFLOW_ID, 'scale results trigger', [trigger], []));
			const polls = async () =>
				(await sandboxRequests(ctx.control)).filter((request) => request.route === RESULTS_ROUTE && request.path.includes(interviewId));
			await ctx.control.delete('/requests');
			await ctx.n8n.activate(WORKFLOW_ID);
			try {
				// The activation's first poll records what exists (old@) and starts nothing.
				await pollUntil(async () => ((await polls()).length >= 1 ? true : undefined), 60_000, 'the first poll');
				await ctx.control.post(`/interviews/${interviewId}/complete`, { email: 'new@example.com' });

				// n8n polls at most once a minute (sub-minute crons are refused).
				const [execution] = await waitForExecutions(ctx.n8n, WORKFLOW_ID, 1, 150_000);
				expect(execution.status).toBe('success');
				expect(nodeOutput(execution.data?.resultData.runData, 'Results Trigger')).toEqual([
					expect.objectContaining({ email: 'new@example.com', interviewId }),
				]);
				expect(workerOf(ctx.n8n, execution.id)).toEqual(expect.any(Number));

				// Wait for the next scheduled poll after that execution: it finds nothing new.
				const seen = (await polls()).length;
				await pollUntil(async () => ((await polls()).length > seen ? true : undefined), 150_000, 'the next poll');
				await expectExecutionCountStays(ctx.n8n, WORKFLOW_ID, 1);
			} finally {
				await ctx.n8n.deactivate(WORKFLOW_ID);
			}
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'Skip Candidates Already Invited: the memory is in Postgres, so a run on one worker skips what a run on the other recorded',
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx, { interviewName: 'Scale sync' });
			const emails = Array.from({ length: 10 }, (_, n) => `qsync${n}@example.com`);
			const candidates = emails.map((email) => ({ email }));
			const sync = await syncWorkflow(ctx, 'scaleInvitedHistory', interviewId);
			const sent = async () =>
				(await sandboxRequests(ctx.control))
					.filter((request) => request.route === ACCESS_LINKS_ROUTE && request.path.includes(interviewId))
					.flatMap((request) => ((request.body as { candidates?: Json[] }).candidates ?? []).map((candidate) => String(candidate.email)));

			await ctx.control.patch('/config', { refusals: { emails: emails.slice(0, 2), dialect: 'omitCandidate' } });
			await sync.invite(candidates);
			await ctx.control.patch('/config', { refusals: { emails: [] } });
			const first = await waitForExecutions(ctx.n8n, sync.workflow.id, 1);
			const recordedOn = workerOf(ctx.n8n, first[0].id);
			expect(recordedOn).toBeDefined();

			// Runs go to whichever worker takes the job: run until one lands on the other worker (bounded).
			let otherWorkerRun: Json[] | undefined;
			for (let run = 2; run <= 8 && otherWorkerRun === undefined; run++) {
				const before = (await sent()).length;
				const items = await sync.invite(candidates);
				const executions = await waitForExecutions(ctx.n8n, sync.workflow.id, run);
				const latest = [...executions].sort((a, b) => Number(b.id) - Number(a.id))[0];
				const sentNow = (await sent()).slice(before);
				// The two the service had left out are sent once (on run 2), never again.
				expect(sentNow.every((email) => emails.slice(0, 2).includes(email))).toBe(true);
				if (run > 2) expect(sentNow).toEqual([]);
				if (workerOf(ctx.n8n, latest.id) !== recordedOn) otherWorkerRun = items;
			}
			expect(otherWorkerRun).toBeDefined();
			expect(otherWorkerRun!.filter((item) => item.skipped === true).map((item) => item.email)).toEqual(expect.arrayContaining(emails.slice(2)));
			expect((await sent()).filter((email) => email === emails[5])).toHaveLength(1);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'at the end, after the restarts of main too, no n8n log warns about the Postgres version',
		withLog(async ({ n8n }) => {
			expectNoPostgresVersionWarning(n8n);
		}),
		TEST_TIMEOUT_MS,
	);
});
