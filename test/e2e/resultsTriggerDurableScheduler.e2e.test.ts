/**
 * The Results Trigger under n8n 2.41.1's durable scheduler (its four flags on, a 6-second poll timeout, so a
 * 3-second budget), watching 500 published interviews of a sandbox slow enough that one pass needs several
 * polls. Every completion comes out exactly once, a pass finishes over several polls, and a poll that n8n
 * abandons (one answer held past the timeout) loses nothing it had found. In n8n 1.x (project `e2e-n8n1`),
 * which gives no budget, one poll reads all 500 and each completion comes out once.
 */
import { readFileSync } from 'node:fs';

import { PACKAGE_NAME, nodeOutput } from '../../harness/n8n';
import { pollUntil } from '../../harness/process';
import { buildWorkflow, interviewServiceNode } from '../../harness/workflow';
import { E2E_RUNTIME, sandboxRequests, useE2e } from './helpers/context';
import type { E2eContext, SandboxRequest } from './helpers/context';
import { finishedExecutions, waitForExecutions } from './helpers/executions';

const POLL_TIMEOUT_S = 6;
const N8N_1X = E2E_RUNTIME.n8nVersion.startsWith('1.');
const { withLog } = useE2e({
	env: N8N_1X ? {} : {
		N8N_SCHEDULER_ENABLED: 'true',
		N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
		N8N_SCHEDULER_POLL_TIMEOUT: String(POLL_TIMEOUT_S),
		N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	},
});

const WORKFLOW_ID = 'e2eDurablePoll';
const TRIGGER = 'Results Trigger';
const INTERVIEWS = 500;
const LIST_ROUTE = 'GET /api/v1/interview/get-interviews';
const RESULTS_ROUTE = 'GET /api/v1/interview/:id/results';
// n8n refuses a poll time under a minute, but takes several once-a-minute times: one every 10 s, each poll done before the next.
const POLL_SECONDS = [0, 10, 20, 30, 40, 50];

// Newest first is the service's order, so interview i is the i-th of every pass.
const interviewIds = Array.from({ length: INTERVIEWS }, (_, index) => `eeeeeeeeeeeeeeeeeeee${String(index).padStart(4, '0')}`);
const positionOf = new Map(interviewIds.map((id, index) => [id, index]));
const interviewOf = (request: SandboxRequest) => request.path.split('/')[4];
const startOf = (request: SandboxRequest & { durationMs?: number }) => Date.parse(request.at) - (request.durationMs ?? 0);

/** The interviews whose results each poll read, in the order the polls started (a poll starts with the list's first page). */
function pollsIn(requests: SandboxRequest[]): Array<Set<number>> {
	const polls: Array<{ start: number; read: Set<number> }> = [];
	const sorted = [...requests].sort((a, b) => startOf(a) - startOf(b));
	for (const request of sorted) {
		if (request.route === LIST_ROUTE && Number(request.query.page ?? 1) === 1) polls.push({ start: startOf(request), read: new Set() });
		else if (request.route === RESULTS_ROUTE && polls.length > 0) polls[polls.length - 1].read.add(positionOf.get(interviewOf(request))!);
	}
	return polls.map((poll) => poll.read);
}

async function completeAt(ctx: E2eContext, positions: number[], tag: string): Promise<string[]> {
	const emails: string[] = [];
	for (const position of positions) {
		const email = `${tag}-${position}@example.com`;
		await ctx.control.post(`/interviews/${interviewIds[position]}/complete`, { email, name: `${tag} ${position}` });
		emails.push(email);
	}
	return emails;
}

async function emitted(ctx: E2eContext): Promise<string[]> {
	const executions = await finishedExecutions(ctx.n8n, WORKFLOW_ID);
	return executions.flatMap((execution) => nodeOutput(execution.data?.resultData.runData, TRIGGER).map((item) => String(item.email)));
}

/** Waits until every interview's results were read again after `since` (ms): one more whole pass. */
async function aWholePassAfter(ctx: E2eContext, since: number, timeoutMs = 90_000) {
	await pollUntil(
		async () => {
			const read = new Set((await sandboxRequests(ctx.control)).filter((request) => request.route === RESULTS_ROUTE && startOf(request) > since).map(interviewOf));
			return read.size === INTERVIEWS ? true : undefined;
		},
		timeoutMs,
		'a whole pass over the published interviews',
		1_000,
	);
}

/** 500 published interviews, `latencyMs` added to every request, and a published Results Trigger polling every 10 s. */
async function publishWatchingAll(ctx: E2eContext, latencyMs: number) {
	const createdAt = (index: number) => new Date(Date.UTC(2026, 10, 1) - index * 60_000).toISOString();
	await ctx.control.post('/seed', { interviews: interviewIds.map((interviewId, index) => ({ interviewId, status: 'published', createdAt: createdAt(index) })) });
	await ctx.control.patch('/config', { latencyMs });
	const trigger = interviewServiceNode(
		TRIGGER,
		{ watch: 'allPublished', pollTimes: { item: POLL_SECONDS.map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })) } },
		ctx.credential,
		`${PACKAGE_NAME}.interviewServiceResultsTrigger`,
	);
	await ctx.n8n.importWorkflow(buildWorkflow(WORKFLOW_ID, 'e2e durable poll', [trigger], []));
	await ctx.control.delete('/requests');
	await ctx.n8n.activate(WORKFLOW_ID);
}

describe('Results Trigger over 500 published interviews, with and without a poll budget', () => {
	(N8N_1X ? it.skip : it)(
		'emits every completion once over passes longer than the budget, also when n8n abandons a poll',
		withLog(async (ctx) => {
			await publishWatchingAll(ctx, 10);
			// The first pass only records what exists; a completion is new only once it has ended.
			await aWholePassAfter(ctx, Date.now());
			await aWholePassAfter(ctx, Date.now());
			const scheduledSince = Date.now();

			// Completions spread over the whole pass, then one answer held past n8n's timeout late in the pass.
			const first = await completeAt(ctx, Array.from({ length: 25 }, (_, index) => 5 + index * 20), 'first');
			const { data: fault } = await ctx.control.post('/faults', { route: RESULTS_ROUTE, pathIncludes: interviewIds[470], delayMs: (POLL_TIMEOUT_S + 3) * 1_000, count: 1 });
			const log = () => readFileSync(ctx.n8n.logFile, 'utf8');
			await pollUntil(async () => (log().includes('Poll exceeded its timeout and was abandoned') ? true : undefined), 120_000, 'a poll abandoned by n8n', 1_000);
			const second = await completeAt(ctx, [0, 250, 499], 'second');

			const all = [...first, ...second];
			await pollUntil(async () => ((await emitted(ctx)).length >= all.length ? true : undefined), 120_000, `${all.length} completions emitted`, 1_000);
			await aWholePassAfter(ctx, Date.now());
			const items = await emitted(ctx);
			expect([...items].sort()).toEqual([...all].sort());
			expect(log().match(/Poll exceeded its timeout and was abandoned/g)).toHaveLength(1);

			const requests = await sandboxRequests(ctx.control);
			// The abandoned poll had read completed interviews before the held answer: they came out later, once.
			const held = requests.find((request) => (request as SandboxRequest & { faultId?: string }).faultId === (fault as { id: string }).id)!;
			const beforeHeld = pollsIn(requests.filter((request) => startOf(request) <= startOf(held))).pop()!;
			const foundThenAbandoned = first.filter((email) => beforeHeld.has(Number(/-(\d+)@/.exec(email)![1])));
			expect(foundThenAbandoned.length).toBeGreaterThan(0);

			// Each scheduled poll stops short (n8n polls at publishing too, with no timeout: those are left out), and the
			// polls of a pass together read every interview. The first pass seen here may have begun before.
			const polls = pollsIn(requests.filter((request) => startOf(request) > scheduledSince));
			const passes: Array<Array<Set<number>>> = [[]];
			for (const read of polls) {
				passes[passes.length - 1].push(read);
				if (read.has(INTERVIEWS - 1)) passes.push([]);
			}
			const whole = passes.slice(1, -1);
			process.stderr.write(`[e2e] interviews read per poll, pass by pass: ${passes.map((pass) => pass.map((read) => read.size).join(' ')).join(' | ')}\n`);
			expect(Math.max(...polls.map((read) => read.size))).toBeLessThan(INTERVIEWS);
			expect(whole.length).toBeGreaterThanOrEqual(1);
			for (const pass of whole) {
				expect(pass.length).toBeGreaterThanOrEqual(2);
				expect(new Set(pass.flatMap((read) => [...read])).size).toBe(INTERVIEWS);
			}
			expect((await waitForExecutions(ctx.n8n, WORKFLOW_ID, 1)).every((execution) => execution.status === 'success')).toBe(true);
		}),
		4 * 60_000,
	);

	(N8N_1X ? it : it.skip)(
		'in n8n 1.x, with no budget, one poll reads every interview and each completion comes out once',
		withLog(async (ctx) => {
			// No added latency: a poll still running at the next poll time would run beside it.
			await publishWatchingAll(ctx, 0);
			await aWholePassAfter(ctx, Date.now());
			const since = Date.now();
			const completed = await completeAt(ctx, [0, 250, 499], 'one');
			await pollUntil(async () => ((await emitted(ctx)).length >= completed.length ? true : undefined), 60_000, 'completions emitted', 1_000);
			await aWholePassAfter(ctx, Date.now());
			expect((await emitted(ctx)).sort()).toEqual(completed.sort());
			const polls = pollsIn((await sandboxRequests(ctx.control)).filter((request) => startOf(request) > since));
			expect(polls.length).toBeGreaterThanOrEqual(2);
			expect(polls.slice(0, -1).map((read) => read.size)).toEqual(polls.slice(0, -1).map(() => INTERVIEWS));
		}),
		2 * 60_000,
	);
});
