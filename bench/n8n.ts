/**
 * `npm run bench:n8n`: this package against what a user would build with the HTTP Request node,
 * and against the helpers floor (bench/floorNode: our requests sent through n8n's helper by a node doing
 * nothing else, installed beside the package), side by side in the real pinned n8n (harness/), against
 * the sandbox as a separate process with a page cap. Every measured run is one `n8n execute` of an imported workflow; node times are n8n's
 * own `executionTime` from the run data, peak RSS is the `n8n execute` process's (GNU time %M).
 * Scenarios are interleaved round by round. Prints min / median / max and the ratios, and writes
 * bench/results/n8n-latest.json. Exit code 1 only when a run breaks (error, wrong item or request
 * count, a burst delivery missing, duplicated or rerun), never on timing.
 *
 *   npm run bench:n8n                  # 5 rounds, 1,000 invites, 10,000 results, growth 10k/25k/50k
 *   npm run bench:n8n -- --ci          # 1 round, small sizes (CI: proves the benchmark still runs)
 *   BENCH_ROUNDS=7 npm run bench:n8n
 *   BENCH_CPU_PROF=/tmp/prof npm run bench:n8n   # a .cpuprofile of every n8n execute process
 *   BENCH_NODE_FLAGS='--no-minor-gc-task' npm run bench:n8n   # more Node/V8 flags for every n8n execute (printed in the header)
 *   BENCH_EARLIER_RUNS=4 npm run bench:n8n   # the "second run" scenarios measure the fifth run in the process instead (up to 9)
 *   BENCH_ALLOC=1 npm run bench:n8n    # what each measured node allocates, and the young generation at its start (bench/allocations.cjs; slows the runs)
 *   BENCH_ONLY='export-10000 ours' npm run bench:n8n   # only the matching scenarios (e.g. to profile one)
 *   BENCH_RUNNER_BOOT=1 npm run bench:n8n   # measure while n8n's task runner starts (see afterRunnerReady)
 *   BENCH_ONLY=burst npm run bench:n8n      # only the burst (bench/burst.ts): our trigger beside the Webhook node
 *   BENCH_BURST_N=300 BENCH_BURST_C=25      # the burst's deliveries and how many in flight (CI: 40 at 10)
 *   BENCH_N8N_CPU_PROF=/tmp/prof            # a .cpuprofile of the n8n server (and its CLI commands), written when it stops
 *   BENCH_N8N_ENV='{"N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE":"true"}'   # more environment for the n8n server
 *
 * Every measured workflow starts with a Code node, so that n8n's task runner, which each
 * `n8n execute` starts beside the workflow, is up before the measured nodes run.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { N8nInstance, RunData, WorkflowImport } from '../harness/n8n';
import { PAGE_CONCURRENCY } from '../nodes/shared/transport/pagination';
import { n8nEnv, parseCliJson, startN8n } from '../harness/n8n';
import { packPackage } from '../harness/pack';
import { printBurst, runBurst } from './burst';
import { FLOOR_NODE_TYPE, packFloorNode } from './floorNode/floorPackage';
import type { BurstResult } from './burst';
import { freePort, pollUntil, spawnGroup, stopGroup, tail, withTimeout } from '../harness/process';
import { startSandboxProcess, type SandboxProcess } from '../harness/sandbox-process';
import type { NodeSpec } from '../harness/workflow';
import { buildWorkflow, chainWorkflow, interviewById, interviewServiceNode, itemsNode, manualTrigger, sandboxCredential } from '../harness/workflow';

const CI = process.argv.includes('--ci') || process.env.BENCH_CI === '1';
const SIZES = CI
	? { rounds: 1, invite: 100, export: 1_000, interviews: 137, growth: [500, 1_000, 2_000], tokenExecutions: 3, burst: { deliveries: 40, inFlight: 10 } }
	: { rounds: 5, invite: 1_000, export: 10_000, interviews: 137, growth: [10_000, 25_000, 50_000], tokenExecutions: 20, burst: { deliveries: 300, inFlight: 25 } };
if (process.env.BENCH_BURST_N) SIZES.burst.deliveries = Number(process.env.BENCH_BURST_N);
if (process.env.BENCH_BURST_C) SIZES.burst.inFlight = Number(process.env.BENCH_BURST_C);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? SIZES.rounds);
/** The sandbox's page cap: a page of 100 asked comes back with 50. */
const PAGE_CAP = 50;
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
/** Node and V8 flags added to every `n8n execute`, e.g. to see what a V8 setting does to the measures. */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
const SERVER_CPU_PROF_DIR = process.env.BENCH_N8N_CPU_PROF;
const ALLOC = process.env.BENCH_ALLOC === '1';
/** More environment for the n8n server, as JSON (e.g. its expression engine settings). */
const N8N_ENV = JSON.parse(process.env.BENCH_N8N_ENV ?? '{}') as Record<string, string>;
/**
 * Only the scenarios whose name matches (for profiling one of them); the report then lacks the
 * others, and the token-exchange and growth phases run only when their names match too.
 */
const ONLY = new RegExp(process.env.BENCH_ONLY ?? '');
const isWanted = (current: { name: string }) => ONLY.test(current.name);
const TOKEN_PHASE = 'token exchanges';
const CLIENT = { clientId: 'demo-client', apiKey: 'demo-api-key' };
const EXECUTE_TIMEOUT_MS = 600_000;
const FLOOR_NODE = 'Interview Service Floor';
const OURS_NODE = 'Interview Service';
/** Runs of the node before the measured one in the same `n8n execute` (laterRunWorkflow); 1 measures the second run. */
const ORDINALS = ['second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const EARLIER_RUNS = Math.min(Math.max(1, Number(process.env.BENCH_EARLIER_RUNS ?? 1)), ORDINALS.length);
/** The measured later run: `second run` unless BENCH_EARLIER_RUNS. */
const LATER_RUN_ORDINAL = `${ORDINALS[EARLIER_RUNS - 1]} run`;
const LATER_RUN = `${LATER_RUN_ORDINAL} in the process`;

/**
 * The same node run again in one `n8n execute`, the last run measured (the second unless BENCH_EARLIER_RUNS): by then
 * the node's code, zod and n8n's request stack have run in the process, as in a running n8n that has executed the
 * workflow before. `between` gives each run its input again.
 */
function laterRunWorkflow(id: string, node: NodeSpec, between: NodeSpec): WorkflowImport {
	const earlier = Array.from({ length: EARLIER_RUNS }, (_, index) => [
		{ ...node, name: `${node.name} (run ${index + 1})` },
		{ ...between, name: `${between.name} (again ${index + 1})` },
	]).flat();
	const input = between.name === 'Candidates' ? [between] : [];
	return chainWorkflow(id, `Bench: ${id}`, [manualTrigger(), ...input, ...earlier, node]);
}

/** Ours and the floor, each measured at a later run in the process (laterRunWorkflow). */
function laterRuns(prefix: string, idPrefix: string, items: number, requests: number | [number, number]): Scenario[] {
	return [
		[`${prefix} ours, ${LATER_RUN}`, `${idPrefix}oursrun2`, OURS_NODE],
		[`${prefix} helpers floor, ${LATER_RUN}`, `${idPrefix}floorrun2`, FLOOR_NODE],
	].map(([name, workflowId, node]) =>
		scenario({ name, what: 'The same node run twice in one n8n execute; the second run measured', workflowId, measured: [node], output: node, expectItems: items, expectRequests: requests }),
	);
}
const WINDOW = { startTime: '2026-03-01T09:00:00Z', endTime: '2026-03-08T18:00:00Z' };

interface Measurement {
	/** Sum of `executionTime` of the measured nodes. */
	nodeMs: number;
	/** Of that, the garbage-collection pauses of the n8n process that fell inside the measured nodes' runs (n8n only). */
	gcInNodeMs?: number;
	/** With BENCH_ALLOC=1: what the measured nodes allocated, the young generation's use as the first began, and its size. */
	allocatedMb?: number;
	youngAtStartMb?: number;
	youngSizeMb?: number;
	/** Wall time of the whole `n8n execute` process. */
	processMs: number;
	peakRssMb: number;
	/** API requests the sandbox saw, token exchanges excluded. */
	requests: number;
	items: number;
}

interface Scenario {
	name: string;
	what: string;
	workflowId: string;
	/** Nodes whose executionTime is summed. */
	measured: string[];
	/** The node whose output is counted. */
	output: string;
	expectItems: number;
	/** API requests expected: exactly, or [at least, at most] (pages read concurrently may go past the end). */
	expectRequests: number | [number, number];
	/** Set for the raw fetch loop: measured in this process instead of n8n. */
	raw?: () => Promise<{ items: number }>;
	runs: Measurement[];
}

const ms = (value: number) => Math.round(value);
const MB = 1024 * 1024;
const tenths = (value: number) => Math.round(value * 10) / 10;
const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

class Sandbox {
	constructor(readonly process: SandboxProcess) {}

	get url() {
		return this.process.url;
	}

	async control<T>(method: string, route: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.url}/__sandbox${route}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`${method} /__sandbox${route}: ${response.status} ${text}`);
		return JSON.parse(text) as T;
	}

	async reset() {
		await this.control('POST', '/reset');
		await this.control('PATCH', '/config', { maxPageSize: PAGE_CAP });
	}

	async interviewWithResults(name: string, count: number): Promise<string> {
		const { interviewIds } = await this.control<{ interviewIds: string[] }>('POST', '/seed', {
			interviews: [{ interviewName: name, status: 'published' }],
		});
		const [interviewId] = interviewIds;
		// In chunks: the sandbox takes bodies of at most 1 MB.
		for (let start = 0; start < count; start += 2_000) {
			const candidates = Array.from({ length: Math.min(2_000, count - start) }, (_, offset) => {
				const i = start + offset;
				return {
					interviewId,
					email: `result${i}@example.com`,
					name: `Result Candidate ${i}`,
					status: 'completed',
					scores: { interviewScore: 50 + (i % 50), communicationScore: 60 + (i % 40), codingScore: 40 + (i % 60) },
				};
			});
			await this.control('POST', '/seed', { candidates });
		}
		return interviewId;
	}

	async requests(): Promise<LoggedRequest[]> {
		return (await this.control<{ requests: LoggedRequest[] }>('GET', '/requests')).requests;
	}

	async clearRequests() {
		await this.control('DELETE', '/requests');
	}
}

interface LoggedRequest {
	method: string;
	path: string;
	status: number | null;
}

const isTokenExchange = (request: LoggedRequest) => request.method === 'POST' && request.path === '/api/v1/auth/token';
/** The API work of a run: token exchanges and requests rejected for an expired token (sent again) left out. */
const isApiWork = (request: LoggedRequest) => !isTokenExchange(request) && request.status !== 401;

/** The shipped HTTP Request workflow, placeholders filled in. */
function shippedWorkflow(file: string, id: string, values: Record<string, string>): WorkflowImport {
	let text = readFileSync(path.join(__dirname, 'workflows', file), 'utf8');
	for (const [key, value] of Object.entries(values)) text = text.split(`__${key}__`).join(value);
	return { id, ...(JSON.parse(text) as Omit<WorkflowImport, 'id'>) };
}

/** `count` candidates; `fresh` gives each execution its own e-mails (for Skip Candidates Already Invited, which remembers them). */
const candidatesCode = (count: number, fresh = false): NodeSpec => {
	const email = fresh ? '`bench${$execution.id}-${i}@example.com`' : '`bench${i}@example.com`';
	return {
		name: 'Candidates',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { jsCode: `return Array.from({ length: ${count} }, (_, i) => ({ json: { email: ${email}, name: \`Bench Candidate \${i}\` } }));` },
	};
};

const webhookNode = (pathName: string): NodeSpec => ({
	name: 'Webhook',
	type: 'n8n-nodes-base.webhook',
	typeVersion: 2,
	parameters: { httpMethod: 'POST', path: pathName, responseMode: 'lastNode', options: {} },
	webhookId: randomUUID(),
});

/** bench/gcPauses.cjs, preloaded into each `n8n execute`; bench/allocations.cjs too with BENCH_ALLOC=1. */
const GC_PAUSES_PRELOAD = path.join(__dirname, 'gcPauses.cjs');
const ALLOCATIONS_PRELOAD = path.join(__dirname, 'allocations.cjs');

/** A node's run as bench/allocations.cjs prints it. */
interface NodeAllocation {
	node: string;
	allocatedBytes: number;
	youngUsedAtStartBytes: number;
	youngSizeBytes: number;
}

/** Milliseconds of `pauses` ([wall-clock start, duration]) inside [from, to], in whole-millisecond wall-clock time. */
function pausedWithin(pauses: Array<[number, number]>, from: number, to: number): number {
	let paused = 0;
	for (const [start, duration] of pauses) paused += Math.max(0, Math.min(to, start + duration) - Math.max(from, start));
	return paused;
}

/**
 * Runs `n8n execute` under GNU time, for the peak RSS of the n8n process. Its stdout goes to a
 * file, not a pipe: n8n exits right after printing, and a large run printed into a pipe is cut off.
 */
async function execute(n8n: N8nInstance, workflowId: string, measured: string[]) {
	const env = n8nEnv(n8n.runtime, {
		userFolder: n8n.userFolder,
		port: Number(new URL(n8n.url).port),
		brokerPort: await freePort(),
	});
	if (ALLOC) {
		env.BENCH_N8N_CORE = require.resolve('n8n-core', { paths: [path.dirname(n8n.runtime.n8nBin)] });
		env.BENCH_ALLOC_NODES = JSON.stringify(measured);
	}
	const nodeFlags = [
		...(CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${CPU_PROF_DIR}`, `--cpu-prof-name=${workflowId}-${Date.now()}.cpuprofile`] : []),
		'--require',
		GC_PAUSES_PRELOAD,
		...(ALLOC ? ['--require', ALLOCATIONS_PRELOAD] : []),
		...NODE_FLAGS,
	];
	const outFile = path.join(n8n.userFolder, `execute-${workflowId}.out`);
	const out = openSync(outFile, 'w');
	const started = performance.now();
	const child = spawnGroup(
		'/usr/bin/time',
		['-f', 'BENCH_MAXRSS_KB=%M', n8n.runtime.nodeBin, ...nodeFlags, n8n.runtime.n8nBin, 'execute', `--id=${workflowId}`, '--rawOutput'],
		{ cwd: n8n.userFolder, env, stdio: ['ignore', out, 'pipe'] },
	);
	closeSync(out);
	let stderr = '';
	child.stderr?.on('data', (chunk: Buffer) => (stderr = tail(stderr + chunk.toString(), 100)));
	const code = await withTimeout(
		new Promise<number | null>((resolve, reject) => {
			child.once('error', reject);
			child.once('close', resolve);
		}),
		EXECUTE_TIMEOUT_MS,
		`n8n execute --id=${workflowId}`,
	).catch(async (error: unknown) => {
		await stopGroup(child, 2_000);
		throw error;
	});
	const processMs = performance.now() - started;
	const stdout = readFileSync(outFile, 'utf8');
	rmSync(outFile, { force: true });
	const rss = /BENCH_MAXRSS_KB=(\d+)/.exec(stderr);
	if (code !== 0 || !rss) {
		throw new Error(`n8n execute --id=${workflowId} exited with ${code}:\n${tail(stdout, 30)}\n${tail(stderr, 30)}`);
	}
	const run = parseCliJson(stdout) as { data: { resultData: { runData: RunData; error?: { message?: string } } } };
	const error = run?.data?.resultData?.error;
	if (error) throw new Error(`workflow ${workflowId} failed: ${error.message}`);
	const pauses = /BENCH_GC_PAUSES=(\[.*\])/.exec(stderr);
	if (!pauses) throw new Error(`n8n execute --id=${workflowId} printed no GC pauses (bench/gcPauses.cjs)`);
	const allocations = /BENCH_ALLOCATIONS=(\[.*\])/.exec(stderr);
	if (ALLOC && !allocations) throw new Error(`n8n execute --id=${workflowId} printed no allocations (bench/allocations.cjs)`);
	return {
		runData: run.data.resultData.runData,
		processMs,
		peakRssMb: Number(rss[1]) / 1024,
		gcPauses: JSON.parse(pauses[1]) as Array<[number, number]>,
		allocations: allocations ? (JSON.parse(allocations[1]) as NodeAllocation[]) : undefined,
	};
}

async function measureInN8n(n8n: N8nInstance, sandbox: Sandbox, scenario: Scenario): Promise<Measurement> {
	await sandbox.clearRequests();
	const { runData, processMs, peakRssMb, gcPauses, allocations } = await execute(n8n, scenario.workflowId, scenario.measured);
	let nodeMs = 0;
	let gcInNodeMs = 0;
	let allocatedMb = 0;
	let youngAtStartMb: number | undefined;
	for (const name of scenario.measured) {
		const run = runData[name]?.[0] as { startTime?: number; executionTime?: number; error?: { message?: string } } | undefined;
		if (!run) throw new Error(`${scenario.name}: node "${name}" did not run`);
		if (run.error) throw new Error(`${scenario.name}: node "${name}" failed: ${run.error.message}`);
		nodeMs += run.executionTime ?? 0;
		gcInNodeMs += pausedWithin(gcPauses, run.startTime ?? 0, (run.startTime ?? 0) + (run.executionTime ?? 0));
		// The node's first run, as its time above (runData[name][0]).
		const allocation = allocations?.find((entry) => entry.node === name);
		if (allocation) {
			allocatedMb += allocation.allocatedBytes / MB;
			youngAtStartMb ??= allocation.youngUsedAtStartBytes / MB;
		}
	}
	const alloc = allocations === undefined ? {} : { allocatedMb, youngAtStartMb, youngSizeMb: (allocations[0]?.youngSizeBytes ?? 0) / MB };
	const items = (runData[scenario.output]?.[0] as { data?: { main?: unknown[][] } }).data?.main?.[0]?.length ?? 0;
	const requests = (await sandbox.requests()).filter(isApiWork).length;
	return { nodeMs, gcInNodeMs, processMs, peakRssMb, requests, items, ...alloc };
}

async function measureRaw(sandbox: Sandbox, scenario: Scenario): Promise<Measurement> {
	await sandbox.clearRequests();
	const rssBefore = process.memoryUsage().rss;
	const started = performance.now();
	const { items } = await scenario.raw!();
	const nodeMs = performance.now() - started;
	const requests = (await sandbox.requests()).filter(isApiWork).length;
	return { nodeMs, processMs: nodeMs, peakRssMb: (process.memoryUsage().rss - rssBefore) / 1024 / 1024, requests, items };
}

/**
 * The floor of a list: a plain fetch loop in the benchmark process (token call, then page after
 * page) until `isLast` says a page ended it: for results an empty page (where the HTTP Request
 * workflow stops too), for interviews one shorter than the page cap.
 */
function rawPageWalk(sandbox: Sandbox, endpoint: string, isLast: (rows: unknown[]) => boolean) {
	return async () => {
		const headers = await rawToken(sandbox);
		const rows: unknown[] = [];
		for (let page = 1; ; page++) {
			const response = await fetch(`${sandbox.url}${endpoint}?page=${page}&limit=100`, { headers });
			const body = (await response.json()) as { data: unknown[] };
			if (!response.ok) throw new Error(`raw ${endpoint}: HTTP ${response.status}`);
			rows.push(...body.data);
			if (isLast(body.data)) break;
		}
		return { items: rows.length };
	};
}

async function rawToken(sandbox: Sandbox): Promise<Record<string, string>> {
	const response = await fetch(`${sandbox.url}/api/v1/auth/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(CLIENT),
	});
	const token = (await response.json()) as { data: { accessToken: string } };
	return { authorization: `Bearer ${token.data.accessToken}` };
}

/** The floor of an invite: the same candidates, 100 per access-links request, one request after the other. */
function rawInviteLoop(sandbox: Sandbox, interviewId: string, count: number) {
	return async () => {
		const headers = { ...(await rawToken(sandbox)), 'content-type': 'application/json' };
		let items = 0;
		for (let start = 0; start < count; start += 100) {
			const candidates = Array.from({ length: Math.min(100, count - start) }, (_, offset) => ({
				email: `raw${start + offset}@example.com`,
				name: `Raw Candidate ${start + offset}`,
			}));
			const response = await fetch(`${sandbox.url}/api/v1/interview/${interviewId}/access-links`, {
				method: 'POST',
				headers,
				body: JSON.stringify({ ...WINDOW, candidates }),
			});
			const body = (await response.json()) as { data: { data: unknown[] } };
			if (!response.ok) throw new Error(`raw invite: HTTP ${response.status}`);
			items += body.data.data.length;
		}
		return { items };
	};
}

function scenario(fields: Omit<Scenario, 'runs'>): Scenario {
	return { ...fields, runs: [] };
}

const pagesOf = (count: number) => Math.ceil(count / PAGE_CAP) + 1;
/** Our walk: the pages, plus at most PAGE_CONCURRENCY - 1 pages asked past the end while in flight. */
const ourPagesOf = (count: number): [number, number] => [pagesOf(count), pagesOf(count) + PAGE_CONCURRENCY - 1];

async function importAll(n8n: N8nInstance, workflows: WorkflowImport[]) {
	for (const workflow of workflows) await n8n.importWorkflow(workflow);
}

const RUNNER_READY = 'Task Runner Ready';

/**
 * The workflow with a Code node between its Manual Trigger and the rest. Each `n8n execute`
 * starts n8n's JavaScript task runner as a child process and runs the workflow without waiting
 * for it: for about a second the runner's start-up takes one of the two cores, beside the
 * measured node and the sandbox. A running n8n starts its runner once, long before any workflow,
 * so a measure taken meanwhile is an artefact of `n8n execute`, and it fell on some scenarios
 * only (those starting with a Code node, the invites, already waited for the runner). A Code
 * node runs in the task runner, so n8n waits until the runner is up; every measured workflow,
 * ours and the HTTP Request node's alike, starts with one (its time is not measured).
 */
function afterRunnerReady(workflow: WorkflowImport): WorkflowImport {
	const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
	if (!trigger) throw new Error(`${workflow.id}: no Manual Trigger`);
	const name = String(trigger.name);
	const code = { id: randomUUID(), position: [0, 200], ...itemsNode(RUNNER_READY, [{}]) };
	return {
		...workflow,
		nodes: [...workflow.nodes, code],
		connections: {
			...workflow.connections,
			[name]: { main: [[{ node: RUNNER_READY, type: 'main', index: 0 }]] },
			[RUNNER_READY]: workflow.connections[name],
		},
	};
}

/**
 * `BENCH_RUNNER_BOOT=1` leaves the Code node out, to see the artefact: then the export and list
 * scenarios run while the runner starts (the invites still wait for it in their own Code node).
 */
const RUNNER_BOOT = process.env.BENCH_RUNNER_BOOT === '1';

/** The workflows measured with `n8n execute`, each after a Code node (see afterRunnerReady). */
async function importMeasured(n8n: N8nInstance, workflows: WorkflowImport[]) {
	await importAll(n8n, RUNNER_BOOT ? workflows : workflows.map(afterRunnerReady));
}

/** Our Result → Get Many, Return All (Simplify off: the same rows the HTTP Request node gets). */
function ourExport(id: string, interviewId: string, credential: ReturnType<typeof sandboxCredential>): WorkflowImport {
	return chainWorkflow(id, `Bench: ${id}`, [
		manualTrigger(),
		interviewServiceNode(
			'Interview Service',
			{ resource: 'result', operation: 'getMany', interviewId: interviewById(interviewId), returnAll: true, simplify: false },
			credential,
		),
	]);
}

async function runRounds(n8n: N8nInstance, sandbox: Sandbox, scenarios: Scenario[], label: string) {
	for (let round = 1; round <= ROUNDS; round++) {
		for (const current of scenarios.filter(isWanted)) {
			const measurement = current.raw ? await measureRaw(sandbox, current) : await measureInN8n(n8n, sandbox, current);
			if (measurement.items !== current.expectItems) {
				throw new Error(`${current.name}: expected ${current.expectItems} items, got ${measurement.items}`);
			}
			const [least, most] = typeof current.expectRequests === 'number' ? [current.expectRequests, current.expectRequests] : current.expectRequests;
			if (measurement.requests < least || measurement.requests > most) {
				throw new Error(`${current.name}: expected ${current.expectRequests} requests, got ${measurement.requests}`);
			}
			current.runs.push(measurement);
			console.log(
				`  ${label} round ${round}/${ROUNDS}  ${current.name.padEnd(34)} node ${String(ms(measurement.nodeMs)).padStart(6)} ms${measurement.gcInNodeMs === undefined ? '' : ` (GC ${String(ms(measurement.gcInNodeMs)).padStart(3)} ms)`}  process ${String(ms(measurement.processMs)).padStart(6)} ms  peak RSS ${String(ms(measurement.peakRssMb)).padStart(5)} MB  ${measurement.requests} requests`,
			);
		}
	}
}

/** Token exchanges over N production executions (webhook), ours vs the HTTP Request workflow. */
async function tokenExchanges(n8n: N8nInstance, sandbox: Sandbox, credential: ReturnType<typeof sandboxCredential>, interviewId: string) {
	const ours = buildWorkflow(
		'benchtokenours',
		'Bench: token exchanges, Interview Service node',
		[
			webhookNode('bench-token-ours'),
			interviewServiceNode(
				'Interview Service',
				{ resource: 'result', operation: 'getMany', interviewId: interviewById(interviewId), returnAll: false, limit: 10 },
				credential,
			),
		],
		[['Webhook', 'Interview Service']],
	);
	const http = shippedWorkflow('http-export.json', 'benchtokenhttp', {
		BASE_URL: sandbox.url,
		CLIENT_ID: CLIENT.clientId,
		API_KEY: CLIENT.apiKey,
		INTERVIEW_ID: interviewId,
	});
	// The same token call and results call, started by a webhook, one page only.
	http.name = 'Bench: token exchanges, HTTP Request node';
	http.nodes = http.nodes
		.filter((node) => node.name !== 'Split Out')
		.map((node) => (node.name === 'Start' ? { ...webhookNode('bench-token-http'), id: node.id, position: node.position } : node));
	const results = http.nodes.find((node) => node.name === 'Get Results') as { parameters: Record<string, unknown> };
	results.parameters = { ...results.parameters, options: {} };
	http.connections = {
		Webhook: { main: [[{ node: 'Get Token', type: 'main', index: 0 }]] },
		'Get Token': { main: [[{ node: 'Get Results', type: 'main', index: 0 }]] },
	};
	await importAll(n8n, [ours, http]);
	const counts: Record<string, number> = {};
	for (const [name, workflow, hook] of [
		['ours', ours, 'bench-token-ours'],
		['http', http, 'bench-token-http'],
	] as const) {
		await n8n.activate(workflow.id);
		const url = `${n8n.url}/webhook/${hook}`;
		// Activation answers before the webhook is registered: a first execution tells when it is.
		await pollUntil(async () => ((await fetch(url, { method: 'POST' })).ok ? true : undefined), 60_000, `webhook ${hook}`);
		// Every token the service issued so far is revoked: the first execution has to exchange once.
		await sandbox.control('POST', '/tokens/expire', {});
		await sandbox.clearRequests();
		for (let i = 0; i < SIZES.tokenExecutions; i++) {
			const response = await fetch(url, { method: 'POST' });
			if (!response.ok) throw new Error(`${name} token run ${i}: HTTP ${response.status} ${await response.text()}`);
		}
		counts[name] = (await sandbox.requests()).filter(isTokenExchange).length;
		await n8n.deactivate(workflow.id);
	}
	return { executions: SIZES.tokenExecutions, ours: counts.ours, http: counts.http };
}

function summary(current: Scenario) {
	const node = current.runs.map((run) => run.nodeMs);
	const rss = current.runs.map((run) => run.peakRssMb);
	const gc = current.runs.flatMap((run) => (run.gcInNodeMs === undefined ? [] : [run.gcInNodeMs]));
	const lessGc = current.runs.flatMap((run) => (run.gcInNodeMs === undefined ? [] : [run.nodeMs - run.gcInNodeMs]));
	const allocated = current.runs.flatMap((run) => (run.allocatedMb === undefined ? [] : [run.allocatedMb]));
	const young = current.runs.flatMap((run) => (run.youngAtStartMb === undefined ? [] : [run.youngAtStartMb]));
	return {
		name: current.name,
		what: current.what,
		rounds: current.runs.length,
		nodeMs: { min: ms(Math.min(...node)), median: ms(median(node)), max: ms(Math.max(...node)) },
		peakRssMb: { min: ms(Math.min(...rss)), median: ms(median(rss)), max: ms(Math.max(...rss)) },
		/** Rounds with a GC pause inside the node's run, and the median of node time less those pauses. */
		gc: gc.length === 0 ? undefined : { roundsWithPause: gc.filter((paused) => paused >= 1).length, lessGcMedianMs: ms(median(lessGc)) },
		/** With BENCH_ALLOC=1: MB allocated in the measured nodes' runs, and the young generation's use at their start. */
		alloc:
			allocated.length === 0
				? undefined
				: {
					allocatedMb: { min: tenths(Math.min(...allocated)), median: tenths(median(allocated)), max: tenths(Math.max(...allocated)) },
					youngAtStartMb: { min: tenths(Math.min(...young)), max: tenths(Math.max(...young)) },
					youngSizeMb: tenths(current.runs[0]?.youngSizeMb ?? 0),
				},
		requests: current.runs[0]?.requests ?? 0,
		items: current.expectItems,
		runs: current.runs,
	};
}

async function main() {
	const started = Date.now();
	if (CPU_PROF_DIR) mkdirSync(CPU_PROF_DIR, { recursive: true });
	if (SERVER_CPU_PROF_DIR) mkdirSync(SERVER_CPU_PROF_DIR, { recursive: true });
	const tgz = await packPackage();
	const floorTgz = await packFloorNode();
	const sandbox = new Sandbox(await startSandboxProcess());
	let n8n: N8nInstance | undefined;
	try {
		n8n = await startN8n({
			tgz,
			morePackages: [floorTgz],
			env: { ...N8N_ENV, ...(SERVER_CPU_PROF_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${SERVER_CPU_PROF_DIR}` } : {}) },
		});
		for (const packed of [tgz, floorTgz]) rmSync(path.dirname(packed), { recursive: true, force: true });
		await n8n.setupOwner();
		const credential = sandboxCredential(sandbox.url);
		await n8n.importCredentials([credential]);
		const fill = (interviewId: string) => ({
			BASE_URL: sandbox.url,
			CLIENT_ID: CLIENT.clientId,
			API_KEY: CLIENT.apiKey,
			INTERVIEW_ID: interviewId,
			ITEM_COUNT: String(SIZES.invite),
		});

		// Phase 1: the pairs, on a sandbox holding only their data (seeded only when a pair or the token phase is wanted).
		const seeded = { invite: '', export: '' };
		const inviteBatches = Math.ceil(SIZES.invite / 100);
		const pairs = [
			scenario({
				name: `invite-${SIZES.invite} ours (expressions)`,
				what: 'Candidate → Invite, Map Each Field Manually: Email and Name as {{ $json.* }} expressions',
				workflowId: 'benchinviteexpr',
				measured: ['Interview Service'],
				output: 'Interview Service',
				expectItems: SIZES.invite,
				expectRequests: inviteBatches,
			}),
			scenario({
				name: `invite-${SIZES.invite} ours (computed expressions)`,
				what: 'Candidate → Invite, Map Each Field Manually: Email and Name as {{ $json.email.toLowerCase() }} and {{ $json.name.trim() }}, which n8n evaluates per item',
				workflowId: 'benchinvitecomputed',
				measured: ['Interview Service'],
				output: 'Interview Service',
				expectItems: SIZES.invite,
				expectRequests: inviteBatches,
			}),
			scenario({
				name: `invite-${SIZES.invite} ours (map automatically)`,
				what: 'Candidate → Invite, Map Automatically (fields read by name, no expression per item)',
				workflowId: 'benchinviteauto',
				measured: ['Interview Service'],
				output: 'Interview Service',
				expectItems: SIZES.invite,
				expectRequests: inviteBatches,
			}),
			scenario({
				name: `invite-${SIZES.invite} ours (map automatically, skip already invited)`,
				what: 'Candidate → Invite, Map Automatically, Options → Skip Candidates Already Invited on: new candidates each run, looked up in and recorded to n8n\'s processed-data store',
				workflowId: 'benchinviteskip',
				measured: ['Interview Service'],
				output: 'Interview Service',
				expectItems: SIZES.invite,
				expectRequests: inviteBatches,
			}),
			scenario({
				name: `invite-${SIZES.invite} helpers floor`,
				what: "The same access-links requests as ours (100 candidates each, 4 in flight) through n8n's httpRequestWithAuthentication with our credential, by a node that does nothing else (bench/floorNode)",
				workflowId: 'benchinvitefloor',
				measured: [FLOOR_NODE],
				output: FLOOR_NODE,
				expectItems: SIZES.invite,
				expectRequests: inviteBatches,
			}),
			...laterRuns(`invite-${SIZES.invite}`, 'benchinvite', SIZES.invite, (EARLIER_RUNS + 1) * inviteBatches),
			scenario({
				name: `invite-${SIZES.invite} HTTP Request`,
				what: 'HTTP Request node, one POST access-links per item, token from a Get Token node (bench/workflows/http-invite.json)',
				workflowId: 'benchinvitehttp',
				measured: ['Invite'],
				output: 'Invite',
				expectItems: SIZES.invite,
				expectRequests: SIZES.invite,
			}),
			scenario({
				name: `invite-${SIZES.invite} raw fetch loop`,
				what: 'fetch() POST access-links, 100 candidates per request, one after the other, in the benchmark process: the floor',
				workflowId: '',
				measured: [],
				output: '',
				expectItems: SIZES.invite,
				expectRequests: inviteBatches,
				raw: async () => await rawInviteLoop(sandbox, seeded.invite, SIZES.invite)(),
			}),
			scenario({
				name: `export-${SIZES.export} ours`,
				what: 'Result → Get Many, Return All, Simplify off',
				workflowId: 'benchexportours',
				measured: ['Interview Service'],
				output: 'Interview Service',
				expectItems: SIZES.export,
				expectRequests: ourPagesOf(SIZES.export),
			}),
			scenario({
				name: `export-${SIZES.export} helpers floor`,
				what: "The same page walk as ours (page 1, page 2, then up to 4 pages in flight) through n8n's httpRequestWithAuthentication with our credential, by a node that does nothing else (bench/floorNode)",
				workflowId: 'benchexportfloor',
				measured: [FLOOR_NODE],
				output: FLOOR_NODE,
				expectItems: SIZES.export,
				expectRequests: ourPagesOf(SIZES.export),
			}),
			...laterRuns(`export-${SIZES.export}`, 'benchexport', SIZES.export, ourPagesOf(SIZES.export).map((count) => (EARLIER_RUNS + 1) * count) as [number, number]),
			scenario({
				name: `export-${SIZES.export} HTTP Request`,
				what: 'HTTP Request built-in pagination (page = $pageCount + 1, until data is empty) + Split Out (bench/workflows/http-export.json)',
				workflowId: 'benchexporthttp',
				measured: ['Get Results', 'Split Out'],
				output: 'Split Out',
				expectItems: SIZES.export,
				expectRequests: pagesOf(SIZES.export),
			}),
			scenario({
				name: `export-${SIZES.export} raw fetch loop`,
				what: 'fetch() page after page in the benchmark process (Node without n8n): the floor',
				workflowId: '',
				measured: [],
				output: '',
				expectItems: SIZES.export,
				expectRequests: pagesOf(SIZES.export),
				raw: async () => await rawPageWalk(sandbox, `/api/v1/interview/${seeded.export}/results`, (rows) => rows.length === 0)(),
			}),
		];
		let tokens: Awaited<ReturnType<typeof tokenExchanges>> | undefined;
		if (pairs.some(isWanted) || ONLY.test(TOKEN_PHASE)) {
			await sandbox.reset();
			const { interviewIds } = await sandbox.control<{ interviewIds: string[] }>('POST', '/seed', {
				interviews: [{ interviewName: 'Bench invite', status: 'published' }],
			});
			seeded.invite = interviewIds[0];
			seeded.export = await sandbox.interviewWithResults('Bench export', SIZES.export);
			const ourInvite = (id: string, parameters: Record<string, unknown>, fresh = false) =>
				chainWorkflow(id, `Bench: ${id}`, [
					manualTrigger(),
					candidatesCode(SIZES.invite, fresh),
					interviewServiceNode(
						'Interview Service',
						{ resource: 'candidate', operation: 'invite', interviewId: interviewById(seeded.invite), ...WINDOW, ...parameters },
						credential,
					),
				]);
			await importMeasured(n8n, [
				ourInvite('benchinviteexpr', { email: '={{ $json.email }}', additionalFields: { name: '={{ $json.name }}' } }),
				ourInvite('benchinvitecomputed', { email: '={{ $json.email.toLowerCase() }}', additionalFields: { name: '={{ $json.name.trim() }}' } }),
				ourInvite('benchinviteauto', { mappingMode: 'autoMapInputData' }),
				ourInvite('benchinviteskip', { mappingMode: 'autoMapInputData', options: { skipAlreadyInvited: true } }, true),
				chainWorkflow('benchinvitefloor', 'Bench: benchinvitefloor', [
					manualTrigger(),
					candidatesCode(SIZES.invite),
					interviewServiceNode(FLOOR_NODE, { operation: 'invite', interviewId: seeded.invite, ...WINDOW }, credential, FLOOR_NODE_TYPE),
				]),
				...[
					['benchinviteoursrun2', interviewServiceNode(OURS_NODE, { resource: 'candidate', operation: 'invite', interviewId: interviewById(seeded.invite), ...WINDOW, mappingMode: 'autoMapInputData' }, credential)],
					['benchinvitefloorrun2', interviewServiceNode(FLOOR_NODE, { operation: 'invite', interviewId: seeded.invite, ...WINDOW }, credential, FLOOR_NODE_TYPE)],
				].map(([id, node]) => laterRunWorkflow(id as string, node as NodeSpec, candidatesCode(SIZES.invite))),
				shippedWorkflow('http-invite.json', 'benchinvitehttp', fill(seeded.invite)),
				ourExport('benchexportours', seeded.export, credential),
				chainWorkflow('benchexportfloor', 'Bench: benchexportfloor', [
					manualTrigger(),
					interviewServiceNode(FLOOR_NODE, { operation: 'export', interviewId: seeded.export }, credential, FLOOR_NODE_TYPE),
				]),
				...[
					['benchexportoursrun2', interviewServiceNode(OURS_NODE, { resource: 'result', operation: 'getMany', interviewId: interviewById(seeded.export), returnAll: true, simplify: false }, credential)],
					['benchexportfloorrun2', interviewServiceNode(FLOOR_NODE, { operation: 'export', interviewId: seeded.export }, credential, FLOOR_NODE_TYPE)],
				].map(([id, node]) => laterRunWorkflow(id as string, node as NodeSpec, itemsNode('One Item', [{}]))),
				shippedWorkflow('http-export.json', 'benchexporthttp', fill(seeded.export)),
			]);
			console.log(`Pairs: ${ROUNDS} rounds, interleaved; sandbox page cap ${PAGE_CAP}`);
			await runRounds(n8n, sandbox, pairs, 'pairs');
			if (ONLY.test(TOKEN_PHASE)) tokens = await tokenExchanges(n8n, sandbox, credential, seeded.export);
		}

		// Phase 2: a short list, on a sandbox holding only its interviews: the requests it costs.
		const list = [
			scenario({
				name: `list-${SIZES.interviews} ours`,
				what: 'Interview → Get Many, Return All',
				workflowId: 'benchlistours',
				measured: ['Interview Service'],
				output: 'Interview Service',
				expectItems: SIZES.interviews,
				// Adaptive prefetch: the pages, plus at most one asked past the end.
				expectRequests: [Math.ceil(SIZES.interviews / PAGE_CAP), Math.ceil(SIZES.interviews / PAGE_CAP) + 1],
			}),
			scenario({
				name: `list-${SIZES.interviews} HTTP Request`,
				what: 'HTTP Request built-in pagination until data is empty + Split Out (bench/workflows/http-list-interviews.json)',
				workflowId: 'benchlisthttp',
				measured: ['Get Interviews', 'Split Out'],
				output: 'Split Out',
				expectItems: SIZES.interviews,
				expectRequests: pagesOf(SIZES.interviews),
			}),
			scenario({
				name: `list-${SIZES.interviews} raw fetch loop`,
				what: 'fetch() page after page until a page shorter than the cap, in the benchmark process: the floor',
				workflowId: '',
				measured: [],
				output: '',
				expectItems: SIZES.interviews,
				expectRequests: Math.ceil(SIZES.interviews / PAGE_CAP),
				raw: rawPageWalk(sandbox, '/api/v1/interview/get-interviews', (rows) => rows.length < PAGE_CAP),
			}),
		];
		if (list.some(isWanted)) {
			await sandbox.reset();
			await sandbox.control('POST', '/seed', {
				interviews: Array.from({ length: SIZES.interviews }, (_, i) => ({ interviewName: `Bench list ${i}`, status: 'published' })),
			});
			await importMeasured(n8n, [
				chainWorkflow('benchlistours', 'Bench: benchlistours', [
					manualTrigger(),
					interviewServiceNode('Interview Service', { resource: 'interview', operation: 'getMany', returnAll: true, filters: {} }, credential),
				]),
				shippedWorkflow('http-list-interviews.json', 'benchlisthttp', fill('')),
			]);
			console.log(`List: ${ROUNDS} rounds, interleaved`);
			await runRounds(n8n, sandbox, list, 'list');
		}

		// Phase 3: growth, on a sandbox holding the three lists.
		await sandbox.reset();
		const growth: Scenario[] = [];
		for (const size of SIZES.growth.filter((candidate) => ONLY.test(`growth-${candidate} ours`))) {
			const interviewId = await sandbox.interviewWithResults(`Bench growth ${size}`, size);
			await importMeasured(n8n, [ourExport(`benchgrowth${size}`, interviewId, credential)]);
			growth.push(
				scenario({
					name: `growth-${size} ours`,
					what: `Result → Get Many, Return All, Simplify off, ${size} results`,
					workflowId: `benchgrowth${size}`,
					measured: ['Interview Service'],
					output: 'Interview Service',
					expectItems: size,
					expectRequests: ourPagesOf(size),
				}),
			);
		}
		if (growth.length > 0) {
			console.log(`Growth: ${ROUNDS} rounds, interleaved`);
			await runRounds(n8n, sandbox, growth, 'growth');
		}

		// Phase 4: the burst, our webhook trigger beside n8n's Webhook node.
		await sandbox.reset();
		const burst = await runBurst(n8n, sandbox, credential, { ...SIZES.burst, rounds: ROUNDS, n8nEnv: N8N_ENV }, ONLY);

		report([...pairs, ...list], growth, tokens, burst, started);
	} finally {
		await n8n?.stop();
		await sandbox.process.stop();
	}
}

type Row = ReturnType<typeof summary>;

/**
 * The measures and their goals: each measure as raw fetch loop, HTTP Request node and ours, with
 * the requests the sandbox counted, ours ÷ HTTP and ours ÷ raw, and the goal.
 */
function goalTable(rows: Row[]) {
	const find = (name: string) => rows.find((row) => row.name === name);
	const cell = (row: Row | undefined) => (row ? `${row.nodeMs.median.toLocaleString('en-US')} ms (${row.requests} ${row.requests === 1 ? 'request' : 'requests'})` : '–');
	const ratio = (a: Row | undefined, b: Row | undefined) => (a && b ? Math.round((a.nodeMs.median / b.nodeMs.median) * 100) / 100 : Number.NaN);
	const shown = (value: number) => (Number.isNaN(value) ? '–' : `${value}×`);
	const verdict = (checks: Array<[number, number]>) =>
		checks.some(([value]) => Number.isNaN(value)) ? 'not measured' : checks.every(([value, goal]) => value <= goal) ? 'met' : 'NOT met';
	const invite = (variant: string) => find(`invite-${SIZES.invite} ${variant}`);
	const exportRow = (variant: string) => find(`export-${SIZES.export} ${variant}`);
	const list = (variant: string) => find(`list-${SIZES.interviews} ${variant}`);
	const atLaterRun = (at: (variant: string) => Row | undefined) => ({ oursAtLaterRun: at(`ours, ${LATER_RUN}`), floorAtLaterRun: at(`helpers floor, ${LATER_RUN}`) });
	const measures = [
		{ measure: `Invite ${SIZES.invite.toLocaleString('en-US')} with Map Automatically`, raw: invite('raw fetch loop'), http: invite('HTTP Request'), ours: invite('ours (map automatically)'), floor: invite('helpers floor'), ...atLaterRun(invite) },
		{ measure: `Invite ${SIZES.invite.toLocaleString('en-US')}, Map Each Field Manually (email and name as expressions)`, raw: invite('raw fetch loop'), http: invite('HTTP Request'), ours: invite('ours (expressions)') },
		{ measure: `Invite ${SIZES.invite.toLocaleString('en-US')} with Map Automatically and Skip Candidates Already Invited`, raw: invite('raw fetch loop'), http: invite('HTTP Request'), ours: invite('ours (map automatically, skip already invited)') },
		{ measure: `Export ${SIZES.export.toLocaleString('en-US')} results (Return All)`, raw: exportRow('raw fetch loop'), http: exportRow('HTTP Request'), ours: exportRow('ours'), floor: exportRow('helpers floor'), ...atLaterRun(exportRow) },
		{ measure: `Requests to list ${SIZES.interviews} interviews (page cap ${PAGE_CAP})`, raw: list('raw fetch loop'), http: list('HTTP Request'), ours: list('ours') },
	].map((row: { measure: string; raw?: Row; http?: Row; ours?: Row; floor?: Row; oursAtLaterRun?: Row; floorAtLaterRun?: Row }) => ({
		...row,
		vsHttp: ratio(row.ours, row.http),
		vsRaw: ratio(row.ours, row.raw),
		vsFloor: ratio(row.ours, row.floor),
		vsFloorAtLaterRun: ratio(row.oursAtLaterRun, row.floorAtLaterRun),
	}));
	const [auto, expressions, skipping, exported, listed] = measures;
	const goals = [
		{ goal: '≤ 0.10× HTTP and ≤ 1.2× floor', verdict: verdict([[auto.vsHttp, 0.1], [auto.vsFloor, 1.2]]) },
		{ goal: '≤ 0.35× HTTP', verdict: verdict([[expressions.vsHttp, 0.35]]) },
		{ goal: '≤ 0.10× HTTP', verdict: verdict([[skipping.vsHttp, 0.1]]) },
		{ goal: '≤ 0.50× HTTP, ≤ 3× raw and ≤ 1.2× floor', verdict: verdict([[exported.vsHttp, 0.5], [exported.vsRaw, 3], [exported.vsFloor, 1.2]]) },
		{ goal: '≤ 4 requests', verdict: verdict([[listed.ours?.requests ?? Number.NaN, 4]]) },
	];
	// The goal is the first run in a fresh process; beside it the same at a later run, as in a running n8n.
	const floorCell = (row: (typeof measures)[number]) => (row.floor === undefined ? '–' : `${shown(row.vsFloor)} (${LATER_RUN_ORDINAL} ${shown(row.vsFloorAtLaterRun)})`);
	console.log('| Measure | Raw fetch loop | Helpers floor | HTTP Request node | Ours | Ours ÷ HTTP | Ours ÷ raw | Ours ÷ floor | Goal |');
	console.log('|---|---|---|---|---|---|---|---|---|');
	measures.forEach((row, index) => {
		console.log(
			`| ${row.measure} | ${cell(row.raw)} | ${cell(row.floor)} | ${cell(row.http)} | ${cell(row.ours)} | ${shown(row.vsHttp)} | ${shown(row.vsRaw)} | ${floorCell(row)} | ${goals[index].goal}: ${goals[index].verdict} |`,
		);
	});
	const laterRun = ([[`invite-${SIZES.invite}`, auto], [`export-${SIZES.export}`, exported]] as const).flatMap(([prefix, row]) =>
		row.oursAtLaterRun && row.floorAtLaterRun ? [`${prefix} ours ${cell(row.oursAtLaterRun)}, floor ${cell(row.floorAtLaterRun)}: ${shown(row.vsFloorAtLaterRun)}`] : [],
	);
	if (laterRun.length > 0) console.log(`Ours ÷ floor at the ${LATER_RUN}: ${laterRun.join('; ')}`);
	// What the first-run ratio leaves open: a young-generation GC of n8n's heap falls in whichever node crosses V8's threshold.
	const lessGc = measures.flatMap(({ measure, ours, floor }) =>
		ours?.gc && floor?.gc
			? [`${measure}: ours ${ours.gc.lessGcMedianMs} ms (a pause in ${ours.gc.roundsWithPause} of ${ours.rounds} rounds), floor ${floor.gc.lessGcMedianMs} ms (${floor.gc.roundsWithPause} of ${floor.rounds}): ${shown(Math.round((ours.gc.lessGcMedianMs / floor.gc.lessGcMedianMs) * 100) / 100)}`]
			: [],
	);
	if (lessGc.length > 0) console.log(`Ours ÷ floor less the GC pauses inside each node's run (bench/gcPauses.cjs): ${lessGc.join('; ')}`);
	const allocatedIn = (row: Row) =>
		`${row.alloc!.allocatedMb.median} MB (${row.alloc!.allocatedMb.min}–${row.alloc!.allocatedMb.max}; young generation at its start ${row.alloc!.youngAtStartMb.min}–${row.alloc!.youngAtStartMb.max} of ${row.alloc!.youngSizeMb} MB)`;
	const allocated = measures.flatMap(({ measure, ours, floor }) => (ours?.alloc && floor?.alloc ? [`${measure}: ours ${allocatedIn(ours)}, floor ${allocatedIn(floor)}`] : []));
	if (allocated.length > 0) console.log(`Allocated in each node's run, median (BENCH_ALLOC=1, bench/allocations.cjs; its sampling slows these runs): ${allocated.join('; ')}`);
	return measures.map((row, index) => ({
		measure: row.measure,
		rawMs: row.raw?.nodeMs.median,
		rawRequests: row.raw?.requests,
		httpMs: row.http?.nodeMs.median,
		httpRequests: row.http?.requests,
		oursMs: row.ours?.nodeMs.median,
		oursRequests: row.ours?.requests,
		oursVsHttp: row.vsHttp,
		oursVsRaw: row.vsRaw,
		floorMs: row.floor?.nodeMs.median,
		oursVsFloor: row.vsFloor,
		oursLaterRunMs: row.oursAtLaterRun?.nodeMs.median,
		floorLaterRunMs: row.floorAtLaterRun?.nodeMs.median,
		oursVsFloorLaterRun: row.vsFloorAtLaterRun,
		oursLessGcMs: row.ours?.gc?.lessGcMedianMs,
		floorLessGcMs: row.floor?.gc?.lessGcMedianMs,
		goal: goals[index].goal,
		verdict: goals[index].verdict,
	}));
}

function report(
	pairs: Scenario[],
	growth: Scenario[],
	tokens: { executions: number; ours: number; http: number } | undefined,
	burst: BurstResult | undefined,
	started: number,
) {
	const rows = [...pairs, ...growth].filter((current) => current.runs.length > 0).map(summary);
	if (rows.length > 0) {
		console.log('');
		console.log(
			`n8n 2.41.1 (n8n execute), ${ROUNDS} rounds interleaved, page cap ${PAGE_CAP}, ${RUNNER_BOOT ? 'measured while the task runner starts (BENCH_RUNNER_BOOT=1)' : 'after the task runner is up'}${NODE_FLAGS.length > 0 ? `, n8n execute with ${NODE_FLAGS.join(' ')}` : ''}${ALLOC ? ', BENCH_ALLOC=1 (allocations sampled: times not comparable with a run without)' : ''}, ${new Date().toISOString()}, ${os.cpus().length} cores`,
		);
		console.log('| Scenario | node ms min / median / max | requests | peak RSS MB (median) |');
		console.log('|---|---|---|---|');
		for (const row of rows) {
			const rss = row.name.includes('raw fetch') ? '–' : String(row.peakRssMb.median);
			console.log(`| ${row.name} | ${row.nodeMs.min} / ${row.nodeMs.median} / ${row.nodeMs.max} | ${row.requests} | ${rss} |`);
		}
	}
	const growthRows = growth.filter((current) => current.runs.length > 0).map(summary);
	const perThousand = growthRows.map((row) => ({ size: row.items, msPer1000: Math.round((row.nodeMs.median / row.items) * 1000 * 10) / 10, peakRssMb: row.peakRssMb.median }));
	if (perThousand.length > 0) {
		console.log(`Growth: ${perThousand.map((row) => `${row.size}: ${row.msPer1000} ms per 1,000, ${row.peakRssMb} MB peak RSS`).join('; ')}`);
	}
	if (tokens) {
		console.log(`Token exchanges over ${tokens.executions} executions: ours ${tokens.ours}, HTTP Request ${tokens.http}  (goal 1: ${tokens.ours === 1 ? 'met' : 'NOT met'})`);
	}
	let goals: ReturnType<typeof goalTable> | undefined;
	if (rows.length > 0) {
		console.log('');
		console.log('Measures and goals (node time, median of the rounds; ratios median ÷ median, below 1 = ours faster):');
		goals = goalTable(rows);
	}
	if (burst) printBurst(burst);
	const file = path.join(__dirname, 'results', CI ? 'n8n-ci.json' : 'n8n-latest.json');
	mkdirSync(path.dirname(file), { recursive: true });
	writeFileSync(
		file,
		JSON.stringify(
			{ at: new Date().toISOString(), n8n: '2.41.1', ci: CI, runnerBoot: RUNNER_BOOT, rounds: ROUNDS, pageCap: PAGE_CAP, cores: os.cpus().length, durationS: Math.round((Date.now() - started) / 1000), goals, growth: perThousand, tokens, burst, scenarios: rows },
			null,
			2,
		),
	);
	console.log(`Report: ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
