/**
 * The burst phase of `npm run bench:n8n`: a busy hiring day. Our Interview Service Trigger and
 * n8n's own Webhook node (Respond Immediately, the same answer-on-receipt our trigger gives), both
 * active in the same n8n, each get the same N distinct completion deliveries with C in flight,
 * then all N again with the same delivery ids. The sides take turns, in an order that flips
 * every round, and each burst starts only once everything before it has finished.
 *
 * Measured from this process: the answer time of every POST (sent to body read); from n8n's
 * executions (public API): when the last execution of the burst stopped, counted from the first
 * POST; and the executions themselves: each candidate exactly once, and on redelivery none for
 * ours (the Webhook node, which keeps no memory, starts every delivery again). A wrong count
 * fails the benchmark; timings never do.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';

import type { CredentialImport, N8nInstance, RunData, WorkflowImport } from '../harness/n8n';
import { pollUntil, sleep } from '../harness/process';
import type { NodeSpec } from '../harness/workflow';
import { TRIGGER_NODE_TYPE, buildWorkflow, interviewById, interviewServiceNode } from '../harness/workflow';

export interface BurstSize {
	deliveries: number;
	inFlight: number;
	rounds: number;
	/** Environment the n8n server got beyond the harness's (shown with the results). */
	n8nEnv?: Record<string, string>;
}

export const BURST_SIDES = ['ours', 'Webhook node'] as const;
type SideName = (typeof BURST_SIDES)[number];
/** The scenario names BENCH_ONLY is matched against. */
export const burstScenarioName = (side: SideName) => `burst ${side}`;

const TRIGGER = 'Interview Service Trigger';
const WEBHOOK = 'Webhook';
/** How long after a burst's last answer a wrongly started execution would surely have shown up. */
const SETTLE_MS = 4_000;
const DRAIN_TIMEOUT_MS = 10 * 60_000;
const POST_TIMEOUT_MS = 120_000;

interface Side {
	name: SideName;
	workflowId: string;
	url: string;
	/** The candidate e-mail the started execution carries. */
	emailOf(runData: RunData): string | undefined;
}

interface Burst {
	/** Answer time of each POST, ms. */
	answersMs: number[];
	/** Epoch ms of the first POST. */
	firstPostAt: number;
	/** Epoch ms of the last answer. */
	lastAnswerAt: number;
	/**
	 * CPU time of n8n's processes (every thread: isolates and SQLite too) from the first POST until
	 * the burst's executions finished (for repeats that start nothing: until the last answer).
	 */
	cpuMs?: number;
}

interface BurstRound {
	round: number;
	first: Burst;
	repeat: Burst;
	/** From the first POST until the last execution of the first burst stopped, ms. */
	lastFinishedMs: number;
	executions: number;
	/** Executions the redelivery started. */
	reruns: number;
}

interface ExecutionRow {
	id: string;
	status: string;
	stoppedAt?: string | null;
	data?: { resultData: { runData: RunData } };
}

const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const median = (values: number[]) => percentile(values, 50);

/** A completion as the sandbox sends it by default (flat style), for candidate `index` of one burst. */
function completion(interviewId: string, tag: string, index: number) {
	return {
		event: 'interview.completed',
		eventId: `evt_${tag}_${index}`,
		interviewId,
		candidate: { name: `Burst Candidate ${index}`, email: `${tag}-${index}@example.com` },
		scores: { interviewScore: 50 + (index % 50), communicationScore: 60 + (index % 40), codingScore: 40 + (index % 60) },
		reportLink: `https://reports.example.com/${tag}/${index}`,
		completedAt: new Date(Date.UTC(2026, 10, 25, 9, 0, index % 60)).toISOString(),
	};
}

/** POSTs every body with at most `inFlight` unanswered; any answer but 200 fails the benchmark. */
async function deliver(url: string, bodies: string[], inFlight: number, what: string): Promise<Burst> {
	const answersMs: number[] = new Array<number>(bodies.length);
	let next = 0;
	const post = async () => {
		for (let index = next++; index < bodies.length; index = next++) {
			const started = performance.now();
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: bodies[index],
				signal: AbortSignal.timeout(POST_TIMEOUT_MS),
			});
			const text = await response.text();
			answersMs[index] = performance.now() - started;
			if (response.status !== 200) throw new Error(`${what}: delivery ${index} answered ${response.status} ${text}`);
		}
	};
	const firstPostAt = Date.now();
	await Promise.all(Array.from({ length: Math.min(inFlight, bodies.length) }, post));
	return { answersMs, firstPostAt, lastAnswerAt: Date.now() };
}

/** The workflow's executions with an id above `afterId`, newest first (public API, paged). */
async function executionsAfter(n8n: N8nInstance, workflowId: string, afterId: number, includeData = false): Promise<ExecutionRow[]> {
	const rows: ExecutionRow[] = [];
	let cursor: string | undefined;
	for (;;) {
		const response = await n8n.publicApi.get('/executions', { params: { workflowId, includeData, limit: includeData ? 100 : 250, cursor } });
		if (response.status !== 200) throw new Error(`list executions of ${workflowId}: HTTP ${response.status}`);
		const page = response.data as { data: ExecutionRow[]; nextCursor?: string | null };
		const newer = page.data.filter((row) => Number(row.id) > afterId);
		rows.push(...newer);
		if (!page.nextCursor || newer.length < page.data.length) return rows;
		cursor = page.nextCursor;
	}
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User + system CPU of every process in n8n's process group (the server and its task runner), ms. */
function groupCpuMs(groupId: number | undefined): number {
	if (groupId === undefined) return Number.NaN;
	let ticks = 0;
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		let stat: string;
		try {
			stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
		} catch {
			continue;
		}
		// Fields after the command (which may hold spaces), from field 3: state, ppid, pgrp, ..., utime (14), stime (15).
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		if (Number(fields[2]) === groupId) ticks += Number(fields[11]) + Number(fields[12]);
	}
	return (ticks / CLOCK_TICKS_PER_SECOND) * 1000;
}

const cpuPerDelivery = (burst: Burst, size: BurstSize) => (burst.cpuMs === undefined ? '–' : String(Math.round(burst.cpuMs / size.deliveries)));

const isFinished = (row: ExecutionRow) => !['new', 'running', 'waiting'].includes(row.status);

/** The newest execution id of the whole instance, so a burst counts only what came after it. */
async function newestExecutionId(n8n: N8nInstance): Promise<number> {
	const response = await n8n.publicApi.get('/executions', { params: { limit: 1 } });
	if (response.status !== 200) throw new Error(`list executions: HTTP ${response.status}`);
	const [newest] = (response.data as { data: ExecutionRow[] }).data;
	return newest === undefined ? 0 : Number(newest.id);
}

/** Waits until `expected` executions after `afterId` have finished. */
async function drained(n8n: N8nInstance, side: Side, afterId: number, expected: number, what: string) {
	if (expected === 0) return;
	await pollUntil(
		async () => {
			const rows = await executionsAfter(n8n, side.workflowId, afterId);
			return rows.length >= expected && rows.every(isFinished) ? true : undefined;
		},
		DRAIN_TIMEOUT_MS,
		`${what}: ${expected} finished executions`,
		1_000,
	).catch(async (error: Error) => {
		const rows = await executionsAfter(n8n, side.workflowId, afterId);
		throw new Error(`${error.message}; ${rows.length} there (missing ${expected - rows.length})`);
	});
}

/**
 * After SETTLE_MS more, checks each expected candidate is there exactly once, successful, and
 * nothing else after `afterId`.
 */
async function settledExecutions(n8n: N8nInstance, side: Side, afterId: number, expectedEmails: string[], what: string): Promise<ExecutionRow[]> {
	const expected = expectedEmails.length;
	await sleep(SETTLE_MS);
	const rows = await executionsAfter(n8n, side.workflowId, afterId, true);
	const problems: string[] = [];
	if (rows.length !== expected) problems.push(`${rows.length} executions, expected ${expected}`);
	const failed = rows.filter((row) => row.status !== 'success');
	if (failed.length > 0) problems.push(`${failed.length} not successful (${failed.map((row) => `${row.id}: ${row.status}`).slice(0, 5).join(', ')})`);
	const seen = new Map<string, number>();
	for (const row of rows) {
		const email = row.data ? side.emailOf(row.data.resultData.runData) : undefined;
		seen.set(String(email), (seen.get(String(email)) ?? 0) + 1);
	}
	const missing = expectedEmails.filter((email) => !seen.has(email));
	const doubled = [...seen].filter(([, count]) => count > 1).map(([email]) => email);
	const unexpected = [...seen.keys()].filter((email) => !expectedEmails.includes(email));
	if (missing.length > 0) problems.push(`missing ${missing.length} (${missing.slice(0, 3).join(', ')})`);
	if (doubled.length > 0) problems.push(`duplicated ${doubled.length} (${doubled.slice(0, 3).join(', ')})`);
	if (unexpected.length > 0) problems.push(`unexpected ${unexpected.length} (${unexpected.slice(0, 3).join(', ')})`);
	if (problems.length > 0) throw new Error(`${what}: ${problems.join('; ')}`);
	return rows;
}

async function runSide(n8n: N8nInstance, side: Side, interviewId: string, size: BurstSize, round: number): Promise<BurstRound> {
	const tag = `burst${round}-${side.name === 'ours' ? 'ours' : 'webhook'}-${randomUUID().slice(0, 8)}`;
	const bodies = Array.from({ length: size.deliveries }, (_, index) => JSON.stringify(completion(interviewId, tag, index)));
	const emails = Array.from({ length: size.deliveries }, (_, index) => `${tag}-${index}@example.com`);
	const label = `burst round ${round}/${size.rounds} ${side.name}`;

	const beforeFirst = await newestExecutionId(n8n);
	const cpuBeforeFirst = groupCpuMs(n8n.pid);
	const first = await deliver(side.url, bodies, size.inFlight, `${label}, first delivery`);
	await drained(n8n, side, beforeFirst, emails.length, `${label}, first delivery`);
	first.cpuMs = groupCpuMs(n8n.pid) - cpuBeforeFirst;
	const rows = await settledExecutions(n8n, side, beforeFirst, emails, `${label}, first delivery`);
	const lastStopped = Math.max(...rows.map((row) => Date.parse(String(row.stoppedAt))));
	const lastFinishedMs = lastStopped - first.firstPostAt;

	const beforeRepeat = await newestExecutionId(n8n);
	const cpuBeforeRepeat = groupCpuMs(n8n.pid);
	const repeat = await deliver(side.url, bodies, size.inFlight, `${label}, redelivery`);
	// The Webhook node keeps no memory: each redelivery runs again, and is waited for like the first.
	const rerunsExpected = side.name === 'ours' ? [] : emails;
	await drained(n8n, side, beforeRepeat, rerunsExpected.length, `${label}, redelivery`);
	repeat.cpuMs = groupCpuMs(n8n.pid) - cpuBeforeRepeat;
	const reruns = (await settledExecutions(n8n, side, beforeRepeat, rerunsExpected, `${label}, redelivery`)).length;

	const shown = (burst: Burst) =>
		`answer p50 ${ms(median(burst.answersMs))} / p95 ${ms(percentile(burst.answersMs, 95))} / p99 ${ms(percentile(burst.answersMs, 99))} ms, n8n CPU ${cpuPerDelivery(burst, size)} ms per delivery`;
	console.log(
		`  ${label.padEnd(34)} first: ${shown(first)}, last execution finished ${(lastFinishedMs / 1000).toFixed(1)} s, ${rows.length} executions;  redelivery: ${shown(repeat)}, ${reruns} reruns`,
	);
	return { round, first, repeat, lastFinishedMs, executions: rows.length, reruns };
}

const ms = (value: number) => Math.round(value).toLocaleString('en-US');

function triggerWorkflow(interviewId: string, credential: CredentialImport): { workflow: WorkflowImport; webhookId: string } {
	const webhookId = randomUUID();
	const trigger = {
		...interviewServiceNode(TRIGGER, { interviewId: interviewById(interviewId), events: ['completed'], options: {} }, credential, TRIGGER_NODE_TYPE),
		webhookId,
	};
	return { workflow: buildWorkflow('benchburstours', 'Bench: burst, Interview Service Trigger', [trigger], []), webhookId };
}

function webhookWorkflow(pathName: string): WorkflowImport {
	const webhook: NodeSpec = {
		name: WEBHOOK,
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		parameters: { httpMethod: 'POST', path: pathName, responseMode: 'onReceived', options: {} },
		webhookId: randomUUID(),
	};
	return buildWorkflow('benchburstwebhook', 'Bench: burst, Webhook node', [webhook], []);
}

const firstItem = (runData: RunData, node: string) => runData[node]?.[0]?.data?.main?.[0]?.[0]?.json as Record<string, unknown> | undefined;

export interface BurstSandbox {
	url: string;
	control<T>(method: string, route: string, body?: unknown): Promise<T>;
}

/** The interview's webhook URL in the sandbox once it starts with `prefix` (our trigger's create() has run). */
async function registeredUrl(sandbox: BurstSandbox, interviewId: string, prefix: string): Promise<string> {
	return await pollUntil(
		async () => {
			const { interviews } = await sandbox.control<{ interviews: Array<{ interviewId: string; interviewConfig?: { webhookUrl?: string } }> }>('GET', '/state');
			const url = interviews.find((interview) => interview.interviewId === interviewId)?.interviewConfig?.webhookUrl;
			return url?.startsWith(prefix) ? url : undefined;
		},
		60_000,
		'the trigger registering its URL',
	);
}

/** Answers other than 404 mean the webhook is registered; `probe` must start nothing (ours without secret: 401). */
async function untilRegistered(url: string, what: string) {
	await pollUntil(
		async () => ((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status !== 404 ? true : undefined),
		60_000,
		`${what} registered`,
		250,
	);
}

export async function runBurst(n8n: N8nInstance, sandbox: BurstSandbox, credential: CredentialImport, size: BurstSize, only: RegExp) {
	const wanted = BURST_SIDES.filter((side) => only.test(burstScenarioName(side)));
	if (wanted.length === 0) return undefined;
	const { interviewIds } = await sandbox.control<{ interviewIds: string[] }>('POST', '/seed', {
		interviews: [{ interviewName: 'Bench burst', status: 'published' }],
	});
	const [interviewId] = interviewIds;
	const ours = triggerWorkflow(interviewId, credential);
	const webhookPath = `bench-burst-${randomUUID().slice(0, 8)}`;
	const webhook = webhookWorkflow(webhookPath);

	const sides: Side[] = [];
	if (wanted.includes('ours')) {
		await n8n.importWorkflow(ours.workflow);
		await n8n.activate(ours.workflow.id);
		const url = await registeredUrl(sandbox, interviewId, `${n8n.url}/webhook/${ours.webhookId}/`);
		// Without the secret: 401 once registered, and nothing starts.
		await untilRegistered(url.split('?')[0], 'our trigger');
		sides.push({ name: 'ours', workflowId: ours.workflow.id, url, emailOf: (runData) => (firstItem(runData, TRIGGER)?.candidate as { email?: string } | undefined)?.email });
	}
	if (wanted.includes('Webhook node')) {
		await n8n.importWorkflow(webhook);
		await n8n.activate(webhook.id);
		const url = `${n8n.url}/webhook/${webhookPath}`;
		// The probe's execution is left behind (each burst counts only executions after its start).
		await untilRegistered(url, 'the Webhook node');
		sides.push({
			name: 'Webhook node',
			workflowId: webhook.id,
			url,
			emailOf: (runData) => ((firstItem(runData, WEBHOOK)?.body as { candidate?: { email?: string } } | undefined)?.candidate?.email),
		});
	}

	const loadBefore = os.loadavg();
	console.log(
		`Burst: ${size.rounds} rounds, ${size.deliveries} deliveries at ${size.inFlight} in flight per side, then redelivered; the sides take turns (order flips each round); load average ${loadBefore.map((load) => load.toFixed(2)).join(' ')}`,
	);
	const rounds = new Map<SideName, BurstRound[]>(sides.map((side) => [side.name, []]));
	for (let round = 1; round <= size.rounds; round++) {
		const order = round % 2 === 1 ? sides : [...sides].reverse();
		for (const side of order) rounds.get(side.name)!.push(await runSide(n8n, side, interviewId, size, round));
	}
	for (const side of sides) await n8n.deactivate(side.workflowId);
	return summarise(size, rounds, loadBefore, os.loadavg());
}

function sideSummary(runs: BurstRound[]) {
	const of = (pick: (run: BurstRound) => number) => Math.round(median(runs.map(pick)));
	return {
		rounds: runs.length,
		firstP50Ms: of((run) => median(run.first.answersMs)),
		firstP95Ms: of((run) => percentile(run.first.answersMs, 95)),
		firstP99Ms: of((run) => percentile(run.first.answersMs, 99)),
		repeatP50Ms: of((run) => median(run.repeat.answersMs)),
		repeatP95Ms: of((run) => percentile(run.repeat.answersMs, 95)),
		lastFinishedMs: of((run) => run.lastFinishedMs),
		firstCpuMsPerDelivery: of((run) => (run.first.cpuMs ?? Number.NaN) / run.first.answersMs.length),
		repeatCpuMsPerDelivery: of((run) => (run.repeat.cpuMs ?? Number.NaN) / run.repeat.answersMs.length),
		executions: runs.map((run) => run.executions),
		reruns: runs.map((run) => run.reruns),
		perRound: runs.map((run) => ({
			round: run.round,
			firstP50Ms: Math.round(median(run.first.answersMs)),
			firstP95Ms: Math.round(percentile(run.first.answersMs, 95)),
			firstP99Ms: Math.round(percentile(run.first.answersMs, 99)),
			repeatP50Ms: Math.round(median(run.repeat.answersMs)),
			repeatP95Ms: Math.round(percentile(run.repeat.answersMs, 95)),
			lastFinishedMs: Math.round(run.lastFinishedMs),
			firstCpuMs: Math.round(run.first.cpuMs ?? Number.NaN),
			repeatCpuMs: Math.round(run.repeat.cpuMs ?? Number.NaN),
		})),
	};
}

function summarise(size: BurstSize, rounds: Map<SideName, BurstRound[]>, loadBefore: number[], loadAfter: number[]) {
	const ours = rounds.has('ours') ? sideSummary(rounds.get('ours')!) : undefined;
	const webhook = rounds.has('Webhook node') ? sideSummary(rounds.get('Webhook node')!) : undefined;
	const ratio = (a?: number, b?: number) => (a === undefined || b === undefined ? undefined : Math.round((a / b) * 100) / 100);
	return {
		at: new Date().toISOString(),
		deliveries: size.deliveries,
		inFlight: size.inFlight,
		rounds: size.rounds,
		n8nEnv: size.n8nEnv ?? {},
		loadBefore,
		loadAfter,
		ours,
		webhook,
		ratios: {
			p50: ratio(ours?.firstP50Ms, webhook?.firstP50Ms),
			p95: ratio(ours?.firstP95Ms, webhook?.firstP95Ms),
			p99: ratio(ours?.firstP99Ms, webhook?.firstP99Ms),
			lastFinished: ratio(ours?.lastFinishedMs, webhook?.lastFinishedMs),
			cpuPerDelivery: ratio(ours?.firstCpuMsPerDelivery, webhook?.firstCpuMsPerDelivery),
			oursRepeatVsFirstP50: ratio(ours?.repeatP50Ms, ours?.firstP50Ms),
			oursRepeatVsFirstP95: ratio(ours?.repeatP95Ms, ours?.firstP95Ms),
		},
	};
}

export type BurstResult = ReturnType<typeof summarise>;

/** The burst table, as docs/performance.md shows it. */
export function printBurst(result: BurstResult) {
	const { ours, webhook, ratios } = result;
	const cell = (value?: number) => (value === undefined ? '–' : `${ms(value)} ms`);
	const times = (value?: number) => (value === undefined ? '–' : `${value}×`);
	const seconds = (value?: number) => (value === undefined ? '–' : `${(value / 1000).toFixed(1)} s`);
	const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
	console.log('');
	console.log(
		`Burst (n8n 2.41.1, one process, SQLite${Object.keys(result.n8nEnv).length > 0 ? `, ${JSON.stringify(result.n8nEnv)}` : ', default settings'}): ${result.deliveries} deliveries at ${result.inFlight} in flight, then redelivered; median of ${result.rounds} interleaved round(s); ${result.at}, ${os.cpus().length} cores, load average before ${load(result.loadBefore)}, after ${load(result.loadAfter)}`,
	);
	console.log('| | Webhook node | Our trigger | Ratio |');
	console.log('|---|---|---|---|');
	console.log(`| Answer time, p50 | ${cell(webhook?.firstP50Ms)} | ${cell(ours?.firstP50Ms)} | ${times(ratios.p50)} |`);
	console.log(`| Answer time, p95 | ${cell(webhook?.firstP95Ms)} | ${cell(ours?.firstP95Ms)} | ${times(ratios.p95)} |`);
	console.log(`| Answer time, p99 | ${cell(webhook?.firstP99Ms)} | ${cell(ours?.firstP99Ms)} | ${times(ratios.p99)} |`);
	console.log(`| Last execution finished, after the first POST | ${seconds(webhook?.lastFinishedMs)} | ${seconds(ours?.lastFinishedMs)} | ${times(ratios.lastFinished)} |`);
	console.log(`| n8n CPU per delivery (all threads, until its execution finished) | ${cell(webhook?.firstCpuMsPerDelivery)} | ${cell(ours?.firstCpuMsPerDelivery)} | ${times(ratios.cpuPerDelivery)} |`);
	console.log(`| Redelivery answer time, p50 / p95 | ${cell(webhook?.repeatP50Ms)} / ${cell(webhook?.repeatP95Ms)} | ${cell(ours?.repeatP50Ms)} / ${cell(ours?.repeatP95Ms)} | – |`);
	console.log(`| n8n CPU per redelivery (ours: a repeat, answered; Webhook node: run again) | ${cell(webhook?.repeatCpuMsPerDelivery)} | ${cell(ours?.repeatCpuMsPerDelivery)} | – |`);
	console.log(`| Executions, per round | ${webhook?.executions.join(', ') ?? '–'} | ${ours?.executions.join(', ') ?? '–'} | – |`);
	console.log(`| Reruns on redelivery, per round | ${webhook?.reruns.join(', ') ?? '–'} (it keeps no memory) | ${ours?.reruns.join(', ') ?? '–'} | – |`);
	console.log(
		`Goals (5 rounds on a quiet machine): p95 ≤ 1.1× (${times(ratios.p95)}); last execution finished ≤ 1.3× (${times(ratios.lastFinished)}); our repeat no slower than our first delivery (p50 ${times(ratios.oursRepeatVsFirstP50)}, p95 ${times(ratios.oursRepeatVsFirstP95)})`,
	);
}
