/**
 * `npm run bench`: speed, request-count and memory targets of the nodes, measured in-process
 * (n8n-core WorkflowExecute) against the sandbox over loopback HTTP. Targets live here, not in
 * tests. Each scenario runs a few times; the median is compared with its target. Exit code 1
 * when a target is missed. Results go to bench/results/latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { interviewById, openSandbox } from '../test/helpers/sandbox';
import type { SandboxRun } from '../test/helpers/sandbox';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Target {
	maxMedianMs: number;
	maxRequests: number;
	maxHeapGrowthMb: number;
}

interface Scenario {
	name: string;
	what: string;
	target: Target;
	/** Prepares the sandbox; returns the node parameters and input items of the measured run. */
	setup: (env: SandboxRun) => Promise<{ parameters: INodeParameters; inputItems?: IDataObject[]; expectItems: number }>;
	/** Sandbox settings for this scenario. */
	config?: IDataObject;
}

const window = { startTime: '2026-03-01T09:00:00Z', endTime: '2026-03-08T18:00:00Z' };
const people = (count: number) =>
	Array.from({ length: count }, (_, i) => ({ email: `bench${i}@example.com`, name: `Bench Candidate ${i}` }));

async function seedCompleted(env: SandboxRun, count: number): Promise<string> {
	const [interviewId] = await env.seedInterviews([{ interviewName: 'Bench results', status: 'published' }]);
	const candidates = people(count).map((person, i) => ({
		interviewId,
		...person,
		status: 'completed',
		scores: { interviewScore: 50 + (i % 50), communicationScore: 60 + (i % 40), codingScore: 40 + (i % 60) },
	}));
	await env.control('POST', '/seed', { candidates });
	return interviewId;
}

/** Result → Get Many, Return All + Simplify, over 2000 completed candidates. */
async function readAllResults(env: SandboxRun) {
	const interviewId = await seedCompleted(env, 2000);
	return {
		parameters: { resource: 'result', operation: 'getMany', interviewId: interviewById(interviewId), returnAll: true },
		expectItems: 2000,
	};
}

/** Invite 1000 people to a fresh interview, one candidate per input item. */
async function inviteThousand(env: SandboxRun, interviewName: string) {
	const [interviewId] = await env.seedInterviews([{ interviewName }]);
	return {
		parameters: {
			resource: 'candidate',
			operation: 'invite',
			interviewId: interviewById(interviewId),
			...window,
			email: '={{ $json.email }}',
			additionalFields: { name: '={{ $json.name }}' },
			options: {},
		},
		inputItems: people(1000),
		expectItems: 1000,
	};
}

const scenarios: Scenario[] = [
	{
		name: 'invite-1000',
		what: 'Candidate → Invite, 1000 input items, default Batch Size',
		target: { maxMedianMs: 4000, maxRequests: 10, maxHeapGrowthMb: 150 },
		setup: (env) => inviteThousand(env, 'Bench invite'),
	},
	{
		name: 'results-all-2000',
		what: 'Result → Get Many, Return All + Simplify over 2000 candidates (page size 100)',
		target: { maxMedianMs: 3000, maxRequests: 21, maxHeapGrowthMb: 100 },
		setup: readAllResults,
	},
	{
		name: 'results-all-2000-capped',
		what: 'Same, with the server silently capping limit at 20 (nothing may be lost)',
		config: { maxPageSize: 20 },
		target: { maxMedianMs: 6000, maxRequests: 101, maxHeapGrowthMb: 100 },
		setup: readAllResults,
	},
	{
		name: 'invite-1000-latency-25ms',
		what: 'Invite 1000 with 25 ms of artificial latency per request: batching keeps it short',
		config: { latencyMs: 25 },
		target: { maxMedianMs: 5000, maxRequests: 10, maxHeapGrowthMb: 150 },
		setup: (env) => inviteThousand(env, 'Bench latency'),
	},
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024;

async function measure(env: SandboxRun, scenario: Scenario) {
	const times: number[] = [];
	const requests: number[] = [];
	const heapGrowth: number[] = [];
	for (let run = 0; run < RUNS; run++) {
		await env.control('POST', '/reset');
		await env.control('PATCH', '/config', { latencyMs: 0, maxPageSize: 100, ...(scenario.config ?? {}) });
		const { parameters, inputItems, expectItems } = await scenario.setup(env);
		await env.control('DELETE', '/requests');
		global.gc?.();
		const heapBefore = heapMb();
		const started = performance.now();
		const result = await env.run(parameters, { inputItems });
		times.push(performance.now() - started);
		heapGrowth.push(heapMb() - heapBefore);
		if (result.error) throw new Error(`${scenario.name}: ${result.error.message}`);
		if (result.items.length !== expectItems) {
			throw new Error(`${scenario.name}: expected ${expectItems} items, got ${result.items.length}`);
		}
		// The token exchange is not part of the API work being measured.
		requests.push((await env.requests()).filter((r) => !r.path.startsWith('/api/v1/auth/')).length);
	}
	const measured = { medianMs: Math.round(median(times)), requests: Math.max(...requests), heapGrowthMb: Math.round(Math.max(...heapGrowth)) };
	const missed = [
		measured.medianMs > scenario.target.maxMedianMs && `median ${measured.medianMs} ms > ${scenario.target.maxMedianMs} ms`,
		measured.requests > scenario.target.maxRequests && `${measured.requests} requests > ${scenario.target.maxRequests}`,
		measured.heapGrowthMb > scenario.target.maxHeapGrowthMb &&
			`heap +${measured.heapGrowthMb} MB > ${scenario.target.maxHeapGrowthMb} MB`,
	].filter(Boolean) as string[];
	return { name: scenario.name, what: scenario.what, target: scenario.target, ...measured, runs: RUNS, missed };
}

async function main() {
	const env = await openSandbox();
	const results = [];
	try {
		for (const scenario of scenarios) {
			const result = await measure(env, scenario);
			results.push(result);
			const verdict = result.missed.length ? `MISSED (${result.missed.join('; ')})` : 'ok';
			console.log(
				`${result.name.padEnd(26)} median ${String(result.medianMs).padStart(5)} ms  requests ${String(result.requests).padStart(3)}  heap +${String(result.heapGrowthMb).padStart(3)} MB  ${verdict}`,
			);
		}
	} finally {
		await env.close();
	}
	const file = path.join(__dirname, 'results', 'latest.json');
	mkdirSync(path.dirname(file), { recursive: true });
	writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, results }, null, 2));
	const missed = results.filter((r) => r.missed.length).length;
	console.log(`${results.length - missed} passed, ${missed} failed`);
	process.exitCode = missed ? 1 : 0;
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
