/**
 * The error-mode matrix in real n8n. Every operation runs under each On Error setting
 * against each failure kind, two items per node: item 0 is the one that fails, item 1 is good
 * (for the operations whose path names no interview, a fault hits both). For each combination:
 * which output every item reached, its pairedItem, the message, and the requests the service saw.
 *
 * Kept fast: per failure kind, one `n8n execute` runs the 10 operations under "Continue (using
 * error output)" and another the 10 under "Continue (regular output)"; "Stop Workflow" ends a run
 * at its first failure, so each operation has a small active webhook workflow of its own and the
 * 10 are started together. Every node reads its own interviews, so each request is attributed.
 *
 * In n8n 1.x (`npm run test:e2e:n8n1`) the reduced matrix runs: Get and Invite, bad input, 404 and 500.
 */
import axios from 'axios';
import { randomUUID } from 'node:crypto';

import type { ExecutionSummary, N8nInstance, RunData, WorkflowImport } from '../../harness/n8n';
import { pollUntil } from '../../harness/process';
import type { NodeSpec } from '../../harness/workflow';
import { ACTION_NODE_TYPE, buildWorkflow, interviewServiceNode, itemsNode, manualTrigger } from '../../harness/workflow';
import type { E2eContext, SandboxRequest } from './helpers/context';
import { E2E_RUNTIME, TEST_TIMEOUT_MS, sandboxRequests, useE2e } from './helpers/context';
import { finishedExecutions } from './helpers/executions';
import { callTool, openMcpSessionWhenServed, textOf } from './helpers/mcp';

const { withLog } = useE2e();

const REDUCED = E2E_RUNTIME.n8nVersion.startsWith('1.');
const WINDOW = { startTime: '2026-12-01T09:00:00.000Z', endTime: '2026-12-08T09:00:00.000Z' };

type Setting = 'continueErrorOutput' | 'continueRegularOutput' | 'stopWorkflow';
const SETTINGS: Setting[] = ['continueErrorOutput', 'continueRegularOutput', 'stopWorkflow'];

interface Operation {
	key: string;
	/** The sandbox route of the request a fault hits. */
	route: string;
	/** Its path names the item's interview: a fault hits item 0 only. */
	scoped: boolean;
	read: boolean;
	parameters: (field: (name: string) => string) => Record<string, unknown>;
	/** The message of item 0's bad input. */
	badInput: RegExp;
	/** Requests a good item costs: Result → Get Many reads a short page 1, then page 2 to be sure it is the end. */
	goodRequests?: number;
	/** Where item 0's message is the operation's own for a failure kind. */
	messages?: Partial<Record<string, RegExp>>;
}

/** Item 0's interview under bad input: typed By ID (here by expression), refused by the node's own check before any request. */
const MALFORMED_ID = 'not an id';
const MALFORMED_ID_MESSAGE = /^Interview is not a valid interview ID: "not an id" \(use letters, digits, "-" or "_"\) \(item 0\)$/;

const idFrom = (field: (name: string) => string) => ({ __rl: true, mode: 'id', value: `={{ $json.${field('id')} }}` });

const OPERATIONS: Operation[] = [
	{
		key: 'createToken',
		route: 'POST /api/v1/auth/token',
		scoped: false,
		read: false,
		parameters: () => ({ resource: 'access', operation: 'createToken', options: { expiresIn: '={{ $json.expiresIn }}' } }),
		badInput: /Expires In/,
	},
	{
		key: 'createLink',
		route: 'POST /api/v1/auth/link',
		scoped: false,
		read: false,
		parameters: () => ({ resource: 'access', operation: 'createLink', options: { expiresIn: '={{ $json.expiresIn }}' } }),
		badInput: /Expires In/,
	},
	{
		key: 'create',
		route: 'POST /api/v1/interview/create',
		scoped: false,
		read: false,
		parameters: () => ({ resource: 'interview', operation: 'create', interviewName: '={{ $json.interviewName }}', jdType: 'text', jd: 'Matrix job description' }),
		badInput: /Interview Name/,
	},
	{
		key: 'get',
		route: 'GET /api/v1/interview/get-interview/:id',
		scoped: true,
		read: true,
		parameters: (field) => ({ resource: 'interview', operation: 'get', interviewId: idFrom(field) }),
		badInput: MALFORMED_ID_MESSAGE,
	},
	{
		key: 'getMany',
		route: 'GET /api/v1/interview/get-interviews',
		scoped: false,
		read: true,
		parameters: () => ({ resource: 'interview', operation: 'getMany', returnAll: false, limit: '={{ $json.limit }}', filters: {} }),
		badInput: /Limit/,
	},
	{
		key: 'update',
		route: 'PATCH /api/v1/interview/:id/update-interview',
		scoped: true,
		read: false,
		parameters: (field) => ({ resource: 'interview', operation: 'update', interviewId: idFrom(field), updateFields: { interviewName: '={{ $json.interviewName }}' } }),
		badInput: MALFORMED_ID_MESSAGE,
	},
	{
		key: 'updateSettings',
		route: 'PUT /api/v1/interview/:id/settings',
		scoped: true,
		read: false,
		parameters: (field) => ({ resource: 'interview', operation: 'updateSettings', interviewId: idFrom(field), updateFields: { interviewName: '={{ $json.interviewName }}' }, options: {} }),
		badInput: MALFORMED_ID_MESSAGE,
	},
	{
		key: 'invite',
		route: 'POST /api/v1/interview/:id/access-links',
		scoped: true,
		read: false,
		parameters: (field) => ({
			resource: 'candidate',
			operation: 'invite',
			interviewId: idFrom(field),
			...WINDOW,
			email: '={{ $json.email }}',
			additionalFields: { name: '={{ $json.name }}' },
			options: {},
		}),
		badInput: MALFORMED_ID_MESSAGE,
		// A 422 applied nothing, so a refused batch is split down to the candidate, whom the message names.
		messages: { '422': /^The Interview Service refused \S+@\S+ \[item 0\] for interview \S+, saying: Matrix request rejected$/ },
	},
	{
		key: 'cancelScheduled',
		route: 'POST /api/v1/interview/:id/cancel-scheduled-candidates',
		scoped: true,
		read: false,
		parameters: (field) => ({ resource: 'candidate', operation: 'cancelScheduled', interviewId: idFrom(field), emailSource: 'inputItems', candidateEmail: '={{ $json.email }}' }),
		badInput: MALFORMED_ID_MESSAGE,
		messages: { '422': /^The Interview Service refused \S+@\S+ \[item 0\] for interview \S+, saying: Matrix request rejected$/ },
	},
	{
		key: 'resultGetMany',
		route: 'GET /api/v1/interview/:id/results',
		scoped: true,
		read: true,
		parameters: (field) => ({ resource: 'result', operation: 'getMany', interviewId: idFrom(field), returnAll: true, filters: {}, options: {} }),
		badInput: MALFORMED_ID_MESSAGE,
		goodRequests: 2,
	},
];

interface Kind {
	key: string;
	/** The sandbox fault on the operation's route; none for bad input. */
	fault?: Record<string, unknown>;
	/** Every write this applies to; reads only when `reads` is set. */
	writesOnly?: boolean;
	/** The message item 0 carries; for bad input the operation's own. */
	message?: string | RegExp;
	httpCode?: number;
	/** Requests per failed item: retried kinds try 3 times. */
	attempts: (operation: Operation) => number;
}

const KINDS: Kind[] = [
	{ key: 'bad input', attempts: () => 0 },
	{ key: '404', fault: { status: 404, message: 'Matrix interview not found' }, message: 'Matrix interview not found', httpCode: 404, attempts: () => 1 },
	{ key: '422', fault: { status: 422, message: 'Matrix request rejected' }, message: 'Matrix request rejected', httpCode: 422, attempts: () => 1 },
	{ key: '500 on a write', fault: { status: 500, message: 'Matrix store failed' }, message: 'Matrix store failed', httpCode: 500, writesOnly: true, attempts: () => 1 },
	{
		key: '503 until the retries run out',
		fault: { status: 503, message: 'Matrix overloaded', retryAfter: 1 },
		message: 'Matrix overloaded',
		httpCode: 503,
		attempts: () => 3,
	},
	// A read may be sent again after a lost answer; a write is never sent twice.
	{ key: 'connection reset', fault: { drop: true }, message: /connection|closed|reset|socket/i, attempts: (operation) => (operation.read ? 3 : 1) },
	{ key: 'success:false', fault: { status: 200, message: 'Matrix refused the request' }, message: 'Matrix refused the request', attempts: () => 1 },
];

const REDUCED_OPERATIONS = new Set(['get', 'invite']);
const REDUCED_KINDS = new Set(['bad input', '404', '500 on a write']);
const operations = REDUCED ? OPERATIONS.filter((operation) => REDUCED_OPERATIONS.has(operation.key)) : OPERATIONS;
const kinds = REDUCED ? KINDS.filter((kind) => REDUCED_KINDS.has(kind.key)) : KINDS;

/** Get is a read; in the reduced matrix "500" hits it too (reads are not retried on 500 either). */
const applies = (kind: Kind, operation: Operation) => !(kind.writesOnly && operation.read && !REDUCED);

interface RunItem {
	json: Record<string, unknown>;
	pairedItem?: { item: number } | Array<{ item: number }>;
}
const pairedOf = (item: RunItem) => (Array.isArray(item.pairedItem) ? item.pairedItem[0]?.item : item.pairedItem?.item);
/** The input items a list of output items leads back to (a list operation gives several per input item). */
const pairedSet = (items: RunItem[]) => [...new Set(items.map(pairedOf))].sort();
const slug = (text: string) => text.replace(/[^a-z0-9]+/gi, '');
const nodeName = (operation: Operation, setting: Setting) => `${operation.key} ${setting}`;
/** The item field holding a node's interview id, e.g. `get_continueErrorOutput`. */
const fieldOf = (operation: Operation, setting: Setting) => (name: string) => `${name}_${operation.key}_${setting}`;

/** Two interviews per operation and setting: A (item 0, the failing one) and B (item 1). */
async function seedInterviews(ctx: E2eContext): Promise<Map<string, [string, string]>> {
	const keys = operations.flatMap((operation) => SETTINGS.map((setting) => `${operation.key}_${setting}`));
	const interviews = keys.flatMap((key) => [
		{ interviewName: `Matrix ${key} A`, status: 'published' },
		{ interviewName: `Matrix ${key} B`, status: 'published' },
	]);
	const ids = ((await ctx.control.post('/seed', { interviews })).data as { interviewIds: string[] }).interviewIds;
	// One completed candidate each, so that Result → Get Many has a row to give for a good item.
	await ctx.control.post('/seed', { candidates: ids.map((interviewId) => ({ interviewId, email: 'done@example.com', status: 'completed' })) });
	return new Map(keys.map((key, index) => [key, [ids[2 * index], ids[2 * index + 1]]]));
}

/** The two input items; item 0 holds the bad input when the kind is bad input. */
function inputItems(kind: Kind, pairs: Map<string, [string, string]>): Array<Record<string, unknown>> {
	const bad = kind.key === 'bad input';
	return [0, 1].map((index) => {
		const item: Record<string, unknown> = {
			email: bad && index === 0 ? 'not-an-address' : `matrix${index}@example.com`,
			name: `Matrix ${index}`,
			interviewName: bad && index === 0 ? '' : `Matrix renamed ${index}`,
			expiresIn: bad && index === 0 ? -5 : 3600,
			limit: bad && index === 0 ? 0 : 5,
		};
		for (const [key, pair] of pairs) item[`id_${key}`] = bad && index === 0 ? MALFORMED_ID : pair[index];
		return item;
	});
}

/** The faults of one kind: on each operation's route, for scoped routes only on the A interviews. */
async function installFaults(ctx: E2eContext, kind: Kind, pairs: Map<string, [string, string]>) {
	await ctx.control.delete('/faults');
	if (!kind.fault) return;
	for (const operation of operations) {
		if (!applies(kind, operation)) continue;
		if (!operation.scoped) {
			await ctx.control.post('/faults', { route: operation.route, ...kind.fault });
			continue;
		}
		for (const setting of SETTINGS) {
			const [failing] = pairs.get(`${operation.key}_${setting}`) ?? [];
			await ctx.control.post('/faults', { route: operation.route, pathIncludes: failing, ...kind.fault });
		}
	}
}

function continueWorkflow(ctx: E2eContext, kind: Kind, setting: Setting, items: Array<Record<string, unknown>>): WorkflowImport {
	const nodes: NodeSpec[] = operations.map((operation) => ({
		...interviewServiceNode(nodeName(operation, setting), operation.parameters(fieldOf(operation, setting)), ctx.credential),
		onError: setting === 'stopWorkflow' ? undefined : setting,
	}));
	return buildWorkflow(
		`mx${slug(kind.key).slice(0, 12)}${setting === 'continueErrorOutput' ? 'E' : 'R'}`,
		`matrix ${kind.key} ${setting}`,
		[manualTrigger(), itemsNode('Items', items), ...nodes],
		[['Start', 'Items'], ...nodes.map((node): [string, string] => ['Items', node.name])],
	);
}

/** Webhook → the posted items → one operation under Stop Workflow. */
function stopWorkflow(ctx: E2eContext, operation: Operation): WorkflowImport {
	const webhook: NodeSpec = {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		parameters: { httpMethod: 'POST', path: `matrix-stop-${operation.key}`, responseMode: 'onReceived', options: {} },
		webhookId: randomUUID(),
	};
	const items: NodeSpec = {
		name: 'Items',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { jsCode: 'return $input.first().json.body.items.map((json) => ({ json }));' },
	};
	const node = interviewServiceNode(nodeName(operation, 'stopWorkflow'), operation.parameters(fieldOf(operation, 'stopWorkflow')), ctx.credential);
	return buildWorkflow(`mxstop${slug(operation.key)}`.slice(0, 21), `matrix stop ${operation.key}`, [webhook, items, node], [
		['Webhook', 'Items'],
		['Items', node.name],
	]);
}

type Outputs = Array<RunItem[] | null>;
const outputsOf = (runData: RunData | undefined, node: string): RunItem[][] =>
	(((runData?.[node]?.[0] as { data?: { main?: Outputs } } | undefined)?.data?.main ?? []) as Outputs).map((output) => output ?? []);

/** Which items fail for this kind and operation. */
function failingItems(kind: Kind, operation: Operation): number[] {
	if (!applies(kind, operation)) return [];
	if (kind.key === 'bad input' || operation.scoped) return [0];
	return [0, 1];
}

/** A 404 on a path with an interview names that interview after the service's message. */
const namingTheInterview = (message: string) => new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(interview ID [A-Za-z0-9_-]+\\)$`);

function expectMessage(actual: unknown, kind: Kind, operation: Operation, where: string) {
	const own = operation.messages?.[kind.key] ?? kind.message;
	const named = kind.key === '404' && operation.scoped && typeof own === 'string' ? namingTheInterview(own) : own;
	const expected = kind.key === 'bad input' ? operation.badInput : named;
	const text = String(actual);
	if (expected instanceof RegExp) expect({ where, message: text, matches: expected.test(text) }).toEqual({ where, message: text, matches: true });
	else expect({ where, message: text }).toEqual({ where, message: expected });
	if (kind.key === 'bad input') expect({ where, message: text, namesItem: /item 0/i.test(text) }).toEqual({ where, message: text, namesItem: true });
}

/** The requests a node sent on its operation's route: attributed by its interviews where the path names them. */
function requestsOf(requests: SandboxRequest[], operation: Operation, pair: [string, string] | undefined) {
	const onRoute = requests.filter((request) => request.route === operation.route);
	if (!operation.scoped || !pair) return { failing: onRoute.length, good: 0, all: onRoute.length };
	return {
		failing: onRoute.filter((request) => request.path.includes(pair[0])).length,
		good: onRoute.filter((request) => request.path.includes(pair[1])).length,
		all: onRoute.length,
	};
}

function expectRequests(requests: SandboxRequest[], kind: Kind, operation: Operation, setting: Setting, pairs: Map<string, [string, string]>) {
	const pair = pairs.get(`${operation.key}_${setting}`);
	const seen = requestsOf(requests, operation, pair);
	const failing = failingItems(kind, operation);
	const where = `${kind.key} / ${nodeName(operation, setting)}`;
	const good = operation.goodRequests ?? 1;
	const bad = kind.key === 'bad input';
	if (!operation.scoped) {
		// The bad item is never sent; a good one is (under Stop it may not be: the run ends at the first failure).
		const perFailing = bad ? 0 : kind.attempts(operation);
		const full = failing.length * perFailing + (2 - failing.length) * good;
		const allowed = setting === 'stopWorkflow' ? (count: number) => count <= full && count >= Math.min(full, perFailing) : (count: number) => count === full;
		expect({ where, requests: seen.all, allowed: allowed(seen.all) }).toEqual({ where, requests: seen.all, allowed: true });
		return;
	}
	const expectedFailing = bad ? 0 : failing.includes(0) ? kind.attempts(operation) : good;
	expect({ where, failingItemRequests: seen.failing }).toEqual({ where, failingItemRequests: expectedFailing });
	if (setting !== 'stopWorkflow') expect({ where, goodItemRequests: seen.good }).toEqual({ where, goodItemRequests: good });
	else expect({ where, goodItemRequests: seen.good <= good }).toEqual({ where, goodItemRequests: true });
}

function checkContinueRun(runData: RunData, kind: Kind, setting: Setting, requests: SandboxRequest[], pairs: Map<string, [string, string]>) {
	for (const operation of operations) {
		const name = nodeName(operation, setting);
		const where = `${kind.key} / ${name}`;
		const failing = failingItems(kind, operation);
		const outputs = outputsOf(runData, name);
		if (setting === 'continueErrorOutput') {
			const [success = [], error = []] = outputs;
			expect({ where, success: pairedSet(success), error: error.map(pairedOf) }).toEqual({
				where,
				success: [0, 1].filter((index) => !failing.includes(index)),
				error: failing,
			});
			for (const item of success) expect({ where, error: item.json.error }).toEqual({ where, error: undefined });
			for (const item of error) expectMessage(item.json.error, kind, operation, where);
		} else {
			expect({ where, outputs: outputs.length }).toEqual({ where, outputs: 1 });
			const [items] = outputs;
			expect({ where, paired: pairedSet(items) }).toEqual({ where, paired: [0, 1] });
			for (const item of items) {
				const index = pairedOf(item) ?? -1;
				if (failing.includes(index)) {
					expectMessage(item.json.error, kind, operation, where);
					if (kind.httpCode !== undefined) expect({ where, httpCode: item.json.httpCode }).toEqual({ where, httpCode: kind.httpCode });
				} else {
					expect({ where, error: item.json.error }).toEqual({ where, error: undefined });
				}
			}
		}
		expectRequests(requests, kind, operation, setting, pairs);
	}
}

/** One line per kind in the test log: the messages item 0 carried, as measured (docs/errors-and-retries.md). */
function reportMessages(runData: RunData, kind: Kind) {
	const messages = new Map<string, string[]>();
	for (const operation of operations) {
		const [items = []] = outputsOf(runData, nodeName(operation, 'continueRegularOutput'));
		const failed = items.find((item) => pairedOf(item) === 0 && item.json.error !== undefined);
		if (!failed) continue;
		const text = `${String(failed.json.error)}${failed.json.httpCode === undefined ? '' : ` (httpCode ${String(failed.json.httpCode)})`}`;
		messages.set(text, [...(messages.get(text) ?? []), operation.key]);
	}
	const lines = [...messages].map(([text, keys]) => `  ${keys.join(', ')}: ${text}`);
	process.stderr.write(`[matrix] ${kind.key}:\n${lines.join('\n')}\n`);
}

interface StopExecution extends ExecutionSummary {
	data?: ExecutionSummary['data'] & { resultData: { error?: { message?: string }; lastNodeExecuted?: string } };
}

async function runStops(ctx: E2eContext, items: Array<Record<string, unknown>>): Promise<Map<string, StopExecution>> {
	const before = new Map<string, number>();
	for (const operation of operations) before.set(operation.key, (await ctx.n8n.listExecutions(stopWorkflowId(operation))).length);
	await Promise.all(
		operations.map(async (operation) => {
			const response = await axios.post(`${ctx.n8n.url}/webhook/matrix-stop-${operation.key}`, { items }, { validateStatus: () => true });
			expect({ operation: operation.key, status: response.status }).toEqual({ operation: operation.key, status: 200 });
		}),
	);
	const finished = new Map<string, StopExecution>();
	for (const operation of operations) {
		const execution = await pollUntil(
			async () => {
				const done = (await finishedExecutions(ctx.n8n, stopWorkflowId(operation))) as StopExecution[];
				return done.length > (before.get(operation.key) ?? 0) ? done.sort((a, b) => Number(b.id) - Number(a.id))[0] : undefined;
			},
			120_000,
			`the Stop Workflow run of ${operation.key}`,
			250,
		);
		finished.set(operation.key, execution);
	}
	return finished;
}

const stopWorkflowId = (operation: Operation) => `mxstop${slug(operation.key)}`.slice(0, 21);

function checkStopRun(execution: StopExecution, kind: Kind, operation: Operation, requests: SandboxRequest[], pairs: Map<string, [string, string]>) {
	const name = nodeName(operation, 'stopWorkflow');
	const where = `${kind.key} / ${name}`;
	const failing = failingItems(kind, operation);
	const resultData = execution.data?.resultData;
	if (failing.length === 0) {
		expect({ where, status: execution.status }).toEqual({ where, status: 'success' });
		expect({ where, paired: pairedSet(outputsOf(resultData?.runData, name)[0] ?? []) }).toEqual({ where, paired: [0, 1] });
	} else {
		expect({ where, status: execution.status, lastNode: resultData?.lastNodeExecuted }).toEqual({ where, status: 'error', lastNode: name });
		expectMessage(resultData?.error?.message, kind, operation, where);
		// Nothing leaves a node that stopped the workflow.
		expect({ where, output: outputsOf(resultData?.runData, name).flat().length }).toEqual({ where, output: 0 });
	}
	expectRequests(requests, kind, operation, 'stopWorkflow', pairs);
}

describe(`the error-mode matrix in real n8n ${E2E_RUNTIME.n8nVersion}: ${operations.length} operations × 3 On Error settings × ${kinds.length} failure kinds`, () => {
	let stopsImported = false;

	async function importStops(ctx: E2eContext) {
		if (stopsImported) return;
		// The credential's token is fetched once here and kept by n8n, so no exchange is counted below
		// (the exchange shares its route with Create Token).
		const warmUp = buildWorkflow('mxwarmup', 'matrix warm-up', [
			manualTrigger(),
			interviewServiceNode('Warm up', { resource: 'interview', operation: 'getMany', returnAll: false, limit: 1, filters: {} }, ctx.credential),
		], [['Start', 'Warm up']]);
		await ctx.n8n.importWorkflow(warmUp);
		const warmed = await ctx.n8n.execute(warmUp.id);
		if (!warmed.run) throw new Error(`warm-up failed (exit ${warmed.code}):\n${warmed.stdout.slice(-2000)}`);
		for (const operation of operations) {
			await ctx.n8n.importWorkflow(stopWorkflow(ctx, operation));
			await ctx.n8n.activate(stopWorkflowId(operation));
		}
		stopsImported = true;
	}

	async function runKind(ctx: E2eContext, n8n: N8nInstance, kind: Kind) {
		const pairs = await seedInterviews(ctx);
		const items = inputItems(kind, pairs);
		await installFaults(ctx, kind, pairs);
		try {
			for (const setting of ['continueErrorOutput', 'continueRegularOutput'] as const) {
				await ctx.control.delete('/requests');
				const workflow = continueWorkflow(ctx, kind, setting, items);
				await n8n.importWorkflow(workflow);
				const result = await n8n.execute(workflow.id);
				if (!result.run) throw new Error(`n8n execute ${workflow.id} failed (exit ${result.code}):\n${result.stdout.slice(-4000)}`);
				const runData = result.run.data.resultData.runData as RunData;
				checkContinueRun(runData, kind, setting, await sandboxRequests(ctx.control), pairs);
				if (setting === 'continueRegularOutput') reportMessages(runData, kind);
			}
			await ctx.control.delete('/requests');
			const stops = await runStops(ctx, items);
			const requests = await sandboxRequests(ctx.control);
			for (const operation of operations) checkStopRun(stops.get(operation.key) as StopExecution, kind, operation, requests, pairs);
		} finally {
			await ctx.control.delete('/faults');
		}
	}

	// Bad input goes first: it sets no fault, so the credential's token is fetched and kept before a
	// fault lands on the token route (Create Token's own route).
	for (const kind of kinds) {
		it(
			kind.key,
			withLog(async (ctx) => {
				await importStops(ctx);
				await runKind(ctx, ctx.n8n, kind);
			}),
			TEST_TIMEOUT_MS,
		);
	}
});

/**
 * The AI Agent tool path: n8n's MCP Server Trigger hands a tool call to the same LangChain tool an AI
 * Agent calls (`interviewServiceTool`, the node wrapped by `usableAsTool`), so what the MCP client
 * gets back is what an agent is told. n8n 2.41 only: the MCP trigger's Streamable HTTP transport.
 */
if (!REDUCED) {
	describe('as an AI Agent tool, a failed call hands the agent the service\'s own message', () => {
		it(
			'Interview → Get as a tool: an unknown id gives "Interview not found", a known one the interview',
			withLog(async (ctx) => {
				const seeded = await ctx.control.post('/seed', { interviews: [{ interviewName: 'Agent tool interview', status: 'published' }] });
				const [known] = (seeded.data as { interviewIds: string[] }).interviewIds;
				const trigger: NodeSpec = {
					name: 'MCP Server Trigger',
					type: '@n8n/n8n-nodes-langchain.mcpTrigger',
					typeVersion: 2,
					parameters: { authentication: 'none', path: 'interview-service-agent' },
					webhookId: randomUUID(),
				};
				const tool = interviewServiceNode(
					'Get interview',
					{
						resource: 'interview',
						operation: 'get',
						interviewId: { __rl: true, mode: 'id', value: "={{ $fromAI('interviewId', 'The ID of the interview', 'string') }}" },
					},
					ctx.credential,
					`${ACTION_NODE_TYPE}Tool`,
				);
				const workflow = buildWorkflow('mxagenttool', 'matrix agent tool', [trigger, tool], []);
				workflow.connections[tool.name] = { ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] } as never;
				await ctx.n8n.importWorkflow(workflow);
				await ctx.n8n.activate(workflow.id);
				try {
					const session = await openMcpSessionWhenServed(`${ctx.n8n.url}/mcp/interview-service-agent`);
					try {
						const { tools } = await session.client.listTools();
						const name = tools.find((entry) => /get_interview/i.test(entry.name))?.name;
						expect({ tools: tools.map((entry) => entry.name), found: name !== undefined }).toEqual({ tools: tools.map((entry) => entry.name), found: true });

						await ctx.control.delete('/requests');
						const failedText = textOf(await callTool(session, String(name), { interviewId: 'ffffffffffffffffffffffff' }));
						expect({ failedText, mentions: failedText.includes('Interview not found') }).toEqual({ failedText, mentions: true });
						const requests = (await sandboxRequests(ctx.control)).filter((request) => request.route === 'GET /api/v1/interview/get-interview/:id');
						expect(requests.map((request) => request.status)).toEqual([404]);

						const found = await callTool(session, String(name), { interviewId: known });
						const foundText = textOf(found);
						expect({ foundText: foundText.slice(0, 300), hasId: foundText.includes(known) }).toEqual({ foundText: foundText.slice(0, 300), hasId: true });
						expect(found.isError ?? false).toBe(false);
					} finally {
						await session.close();
					}
				} finally {
					await ctx.n8n.deactivate(workflow.id);
				}
			}),
			TEST_TIMEOUT_MS,
		);
	});
}
