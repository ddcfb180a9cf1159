/**
 * The example workflows of `examples/`, imported as shipped (only their placeholders
 * substituted) into one real n8n with the package installed, and run against the sandbox.
 */
import axios, { type AxiosInstance } from 'axios';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { N8nInstance } from '../../harness/n8n';
import { PACKAGE_NAME, startN8n } from '../../harness/n8n';
import { packPackage } from '../../harness/pack';
import { freePort, sleep } from '../../harness/process';
import type { SandboxProcess } from '../../harness/sandbox-process';
import { startSandboxProcess } from '../../harness/sandbox-process';
import { TRIGGER_NODE_TYPE, TRIGGER_NODE_VERSION } from '../../harness/workflow';
import { EXAMPLES, exampleCredential, loadExample, type ExampleName } from '../../scripts/lib/examples';
import { SETUP_TIMEOUT_MS, TEST_TIMEOUT_MS, sandboxRequests } from './helpers/context';
import { callTool, openMcpSessionWhenServed, textOf } from './helpers/mcp';

type Json = Record<string, unknown>;

interface SandboxState {
	interviews: Array<{ interviewId: string; interviewName: string; status: string; interviewConfig?: Json }>;
	candidates: Array<{ interviewId: string; email: string; name?: string; status: string; scores?: Json | null; reportLink?: string | null }>;
}

const ACCESS_LINKS_ROUTE = 'POST /api/v1/interview/:id/access-links';

let n8n: N8nInstance | undefined;
let sandbox: SandboxProcess | undefined;
let control: AxiosInstance;
let exportDir: string;
let failed = false;

beforeAll(async () => {
	sandbox = await startSandboxProcess({ seed: 'demo' });
	control = axios.create({ baseURL: `${sandbox.url}/__sandbox`, timeout: 30_000 });
	exportDir = mkdtempSync(path.join(tmpdir(), 'interview-service-export-'));
	n8n = await startN8n({ tgz: await packPackage(), env: { N8N_RESTRICT_FILE_ACCESS_TO: exportDir } });
	await n8n.setupOwner();
	await n8n.importCredentials([exampleCredential(sandbox.url)]);
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
	if (failed) n8n?.keepUserFolder();
	await n8n?.stop();
	await sandbox?.stop();
	if (exportDir) rmSync(exportDir, { recursive: true, force: true });
	if (failed && n8n) process.stderr.write(`n8n user folder kept for inspection: ${n8n.userFolder}\n`);
}, 60_000);

/** A failing test gets n8n's log tail, and the user folder is kept. */
const withLog = (body: (n8n: N8nInstance) => Promise<void>) => async () => {
	if (!n8n) throw new Error('e2e setup did not complete (see beforeAll error)');
	const instance = n8n;
	try {
		await body(instance);
	} catch (error) {
		failed = true;
		if (error instanceof Error) error.message += `\n--- n8n log tail (${instance.logFile}) ---\n${instance.logTail(60)}`;
		throw error;
	}
};

async function seedInterview(name: string, candidates: Array<Json> = []): Promise<string> {
	const seeded = await control.post('/seed', { interviews: [{ interviewName: name, status: 'published' }] });
	const interviewId = (seeded.data as { interviewIds: string[] }).interviewIds[0];
	if (candidates.length > 0) await control.post('/seed', { candidates: candidates.map((c) => ({ interviewId, ...c })) });
	return interviewId;
}

async function sandboxState(): Promise<SandboxState> {
	return (await control.get('/state')).data as SandboxState;
}

/** Production webhooks register shortly after activation: retry the first 404s for a bounded time. */
async function postWebhook(url: string, body: unknown) {
	const deadline = Date.now() + 30_000;
	for (;;) {
		const response = await axios.post(url, body, { validateStatus: () => true, timeout: 120_000 });
		if (response.status !== 404 || Date.now() > deadline) return response;
		await sleep(500);
	}
}

/** RFC 4180 enough for n8n's CSV (which starts with a byte-order mark): quoted fields may hold commas, quotes and newlines. */
function parseCsv(text: string): Array<Record<string, string>> {
	const rows: string[][] = [];
	const body = text.replace(/^\uFEFF/, '');
	let row: string[] = [];
	let field = '';
	let quoted = false;
	for (let i = 0; i < body.length; i++) {
		const char = body[i];
		if (quoted) {
			if (char === '"' && body[i + 1] === '"') {
				field += '"';
				i++;
			} else if (char === '"') quoted = false;
			else field += char;
		} else if (char === '"') quoted = true;
		else if (char === ',') {
			row.push(field);
			field = '';
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && body[i + 1] === '\n') i++;
			row.push(field);
			rows.push(row);
			row = [];
			field = '';
		} else field += char;
	}
	if (field !== '' || row.length > 0) rows.push([...row, field]);
	const [header, ...records] = rows.filter((r) => r.some((cell) => cell !== ''));
	return records.map((record) => Object.fromEntries(header.map((name, index) => [name, record[index] ?? ''])));
}

interface Receiver {
	url: string;
	received: Array<{ method?: string; path?: string; body: Json }>;
	close(): Promise<void>;
}

/** A stand-in ATS on loopback that records every JSON request and answers `answer()` (default `{ ok: true }`). */
async function startReceiver(answer: () => unknown = () => ({ ok: true })): Promise<Receiver> {
	const received: Receiver['received'] = [];
	const readBody = async (request: IncomingMessage) => {
		let text = '';
		for await (const chunk of request) text += String(chunk);
		return text === '' ? {} : (JSON.parse(text) as Json);
	};
	const server: Server = createServer((request, response) => {
		readBody(request).then(
			(body) => {
				received.push({ method: request.method, path: request.url, body });
				response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer()));
			},
			() => response.writeHead(400).end(),
		);
	});
	const port = await freePort();
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${port}/api/interview-results`,
		received,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

describe('example workflows in real n8n', () => {
	it(
		'every example imports with node types and versions this n8n knows',
		withLog(async (instance) => {
			const nodeTypes = (await instance.rest.get(`${instance.url}/types/nodes.json`)).data as Array<{
				name: string;
				version: number | number[];
			}>;
			const known = new Set(
				nodeTypes.flatMap((type) => [type.version].flat().map((version) => `${type.name}@${version}`)),
			);
			for (const name of Object.keys(EXAMPLES) as ExampleName[]) {
				const workflow = loadExample(name);
				const unknown = workflow.nodes.map((node) => `${node.type}@${node.typeVersion}`).filter((key) => !known.has(key));
				expect({ example: name, unknown }).toEqual({ example: name, unknown: [] });
				await instance.importWorkflow(workflow);
				const stored = await instance.publicApi.get(`/workflows/${workflow.id}`);
				expect(stored.status).toBe(200);
				expect((stored.data as { name: string }).name).toBe(workflow.name);
				expect((stored.data as { nodes: unknown[] }).nodes).toHaveLength(workflow.nodes.length);
			}
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'1 ATS → invitations: 120 candidates in one POST get 120 links, in ceil(120 / 50) access-links requests; one candidate per call works too; a bad e-mail gets its own error entry and the others their links',
		withLog(async (instance) => {
			const interviewId = await seedInterview('E2E ATS invitations');
			const workflow = loadExample('atsInvitations', { interviewId });
			await instance.importWorkflow(workflow);
			await instance.activate(workflow.id);
			try {
				const webhookUrl = `${instance.url}/webhook/${EXAMPLES.atsInvitations.webhookPath}`;
				const candidates = Array.from({ length: 120 }, (_, i) => ({ name: `ATS Candidate ${i}`, email: `ats${i}@example.com` }));
				await control.delete('/requests');

				const response = await postWebhook(webhookUrl, candidates);
				expect(response.status).toBe(200);
				const links = response.data as Array<{ email: string; preAuthLink: string; interviewId: string }>;
				expect(links).toHaveLength(120);
				links.forEach((link, index) => {
					expect(link).toMatchObject({ email: candidates[index].email, interviewId });
					expect(link.preAuthLink).toMatch(/^https?:\/\//);
				});
				const batches = (await sandboxRequests(control)).filter((request) => request.route === ACCESS_LINKS_ROUTE);
				expect(batches).toHaveLength(Math.ceil(120 / 50));
				// Batches go out in parallel: the log has them in the order they finished.
				const sizes = batches.map((request) => (request.body as { candidates: unknown[] }).candidates.length);
				expect(sizes.sort((a, b) => b - a)).toEqual([50, 50, 20]);

				const single = await postWebhook(webhookUrl, { name: 'Solo Candidate', email: 'solo@example.com' });
				expect(single.status).toBe(200);
				expect(single.data).toEqual([expect.objectContaining({ email: 'solo@example.com', preAuthLink: expect.any(String) })]);

				// One malformed e-mail among three: the two valid candidates get their links, the bad one an
				// error entry naming its field and the interview, in the order the ATS sent them.
				const mixed = await postWebhook(webhookUrl, [
					{ name: 'Valid One', email: 'valid1@example.com' },
					{ name: 'Broken', email: 'not-an-email' },
					{ name: 'Valid Two', email: 'valid2@example.com' },
				]);
				expect(mixed.status).toBe(200);
				expect(mixed.data).toEqual([
					expect.objectContaining({ email: 'valid1@example.com', preAuthLink: expect.stringMatching(/^https?:\/\//) }),
					{ error: 'Email must be a valid e-mail address (item 1)', interviewId },
					expect.objectContaining({ email: 'valid2@example.com', preAuthLink: expect.stringMatching(/^https?:\/\//) }),
				]);

				const scheduled = (await sandboxState()).candidates.filter((c) => c.interviewId === interviewId && c.status === 'scheduled');
				expect(scheduled).toHaveLength(123);
			} finally {
				await instance.deactivate(workflow.id);
			}
		}),
		TEST_TIMEOUT_MS,
	);

	describe('2 scheduled results export', () => {
		type Row = Record<string, string>;
		const byEmail = (a: Row, b: Row) => a.candidateEmail.localeCompare(b.candidateEmail);
		let notReadyId = '';

		/** The example with Get Results' Only Finished Candidates as given (shipped: on), under its own id. */
		function exportWorkflow(name: 'resultsExport' | 'resultsExportSheets', onlyFinished: boolean, exportFile = '') {
			const workflow = loadExample(name, exportFile === '' ? {} : { exportFile });
			const getResults = workflow.nodes.find((node) => node.name === 'Get Results') as unknown as { parameters: { options: Json } };
			expect(getResults.parameters.options).toEqual({ onlyFinished: true });
			if (!onlyFinished) getResults.parameters.options = {};
			// No Google account here: the Sheets variant runs up to the rows it would append.
			const sheet = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.googleSheets');
			if (sheet) {
				workflow.nodes = workflow.nodes.filter((node) => node !== sheet);
				workflow.connections = Object.fromEntries(Object.entries(workflow.connections).filter(([, outputs]) => !JSON.stringify(outputs).includes(JSON.stringify(sheet.name))));
			}
			return { ...workflow, id: `${workflow.id}${onlyFinished ? 'On' : 'Off'}` };
		}

		/** One row per candidate of the published interviews whose results are ready, finished ones only or all, as the sandbox's state predicts. */
		async function expectedRows(onlyFinished: boolean): Promise<Row[]> {
			const state = await sandboxState();
			const published = new Map(state.interviews.filter((i) => i.status === 'published').map((i) => [i.interviewId, i]));
			const listed = state.candidates.filter((c) => published.has(c.interviewId) && c.status !== 'cancelled');
			const ready = new Set(listed.filter((c) => c.status === 'completed').map((c) => c.interviewId));
			const score = (c: SandboxState['candidates'][number], name: string) => (c.status === 'completed' ? String(c.scores?.[name]) : '');
			return listed
				.filter((c) => (onlyFinished ? c.status === 'completed' : ready.has(c.interviewId)))
				.map((c) => ({
					interview: published.get(c.interviewId)!.interviewName,
					interviewId: c.interviewId,
					candidateName: c.name ?? '',
					candidateEmail: c.email,
					interviewScore: score(c, 'interviewScore'),
					communicationScore: score(c, 'communicationScore'),
					codingScore: score(c, 'codingScore'),
				}))
				.sort(byEmail);
		}

		async function run(instance: N8nInstance, workflow: ReturnType<typeof exportWorkflow>) {
			await instance.importWorkflow(workflow);
			const result = await instance.execute(workflow.id);
			if (!result.run) throw new Error(`n8n execute failed (exit ${result.code}):\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-2000)}`);
			return result.run;
		}

		beforeAll(async () => {
			await seedInterview('E2E export', [
				{ email: 'exp1@example.com', name: 'Export One', status: 'completed', scores: { interviewScore: 77, communicationScore: 81, codingScore: 69 } },
				{ email: 'exp2@example.com', name: 'Export Two', status: 'scheduled' },
			]);
			// Invited, nobody finished: the service answers "not ready", and the export must get no row for it.
			notReadyId = await seedInterview('E2E export not ready', [{ email: 'exp3@example.com', name: 'Export Three', status: 'scheduled' }]);
		});

		it.each([true, false])(
			'CSV with Only Finished Candidates %s: `n8n execute` writes one row per candidate the sandbox predicts, never one for an interview nobody has finished',
			async (onlyFinished) =>
				await withLog(async (instance) => {
					const exportFile = path.join(exportDir, `interview-results-${String(onlyFinished)}.csv`);
					await run(instance, exportWorkflow('resultsExport', onlyFinished, exportFile));
					const expected = await expectedRows(onlyFinished);
					expect(expected.length).toBeGreaterThanOrEqual(onlyFinished ? 4 : 6);

					const rows = parseCsv(readFileSync(exportFile, 'utf8'));
					expect(rows.map(({ reportLink, ...row }) => row).sort(byEmail)).toEqual(expected);
					rows.forEach((row) => expect(row.reportLink).toMatch(onlyFinished || row.interviewScore !== '' ? /^https?:\/\// : /^$/));
					expect(rows.map((row) => row.interviewId)).not.toContain(notReadyId);
					expect(rows.some((row) => row.candidateEmail === 'exp2@example.com')).toBe(!onlyFinished);
				})(),
			TEST_TIMEOUT_MS,
		);

		it.each([true, false])(
			'Google Sheets variant with Only Finished Candidates %s: the rows it would append are the ones the sandbox predicts',
			async (onlyFinished) =>
				await withLog(async (instance) => {
					const runData = (await run(instance, exportWorkflow('resultsExportSheets', onlyFinished))).data.resultData.runData;
					const appended = (runData['Spreadsheet Rows']?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
					const asText = appended.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'reportLink').map(([key, value]) => [key, value === null || value === undefined ? '' : String(value)])));
					expect(asText.sort(byEmail)).toEqual(await expectedRows(onlyFinished));
					expect(appended.map((row) => row.interviewId)).not.toContain(notReadyId);
				})(),
			TEST_TIMEOUT_MS,
		);
	});

	it(
		'3 completion → ATS callback: a completion in the service\'s enveloped naming reaches the ATS with the name, the scores and the report link',
		withLog(async (instance) => {
			const receiver = await startReceiver();
			const interviewId = await seedInterview('E2E completion callback', [
				{ email: 'done@example.com', name: 'Done Candidate', status: 'scheduled' },
			]);
			const workflow = loadExample('completionCallback', { interviewId, atsUrl: receiver.url });
			// The trigger's item holds candidate and scores as the ATS wants them, so the body passes them on whole.
			expect(workflow.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)?.typeVersion).toBe(TRIGGER_NODE_VERSION);
			await instance.importWorkflow(workflow);
			await instance.activate(workflow.id);
			try {
				// The public API answers before n8n has run the trigger's webhook creation.
				const webhookUrl = async () =>
					String((await sandboxState()).interviews.find((i) => i.interviewId === interviewId)?.interviewConfig?.webhookUrl ?? '');
				const deadline = Date.now() + 30_000;
				while (!(await webhookUrl()).startsWith(instance.url) && Date.now() < deadline) await sleep(250);
				expect(await webhookUrl()).toContain(`${instance.url}/webhook/`);

				// The service's own naming in an envelope: {type: "candidateInterviewCompleted", deliveryId, data: {...}}.
				await control.patch('/config', { webhookStyle: 'typed' });
				const scores = { interviewScore: 88, communicationScore: 79, codingScore: 93 };
				const completion = (await control.post(`/interviews/${interviewId}/complete`, { email: 'done@example.com', scores })).data as {
					result: { reportLink: string };
					delivery: { status: number } | null;
				};
				expect(completion.delivery?.status).toBe(200);

				const received = Date.now() + 30_000;
				while (receiver.received.length === 0 && Date.now() < received) await sleep(250);
				expect(receiver.received).toHaveLength(1);
				expect(receiver.received[0]).toMatchObject({ method: 'POST', path: '/api/interview-results' });
				expect(receiver.received[0].body).toEqual({
					event: 'candidateInterviewCompleted',
					interviewId,
					candidate: { name: 'Done Candidate', email: 'done@example.com' },
					scores,
					reportLink: completion.result.reportLink,
					completedAt: expect.any(String),
				});
				expect(completion.result.reportLink).toMatch(/^https?:\/\//);
			} finally {
				await control.patch('/config', { webhookStyle: 'flat' });
				await instance.deactivate(workflow.id);
				await receiver.close();
			}
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'4 AI agent: n8n exposes the tool variant with descriptions about interviews, and the agent workflow wires two of them',
		withLog(async (instance) => {
			const nodeTypes = (await instance.rest.get(`${instance.url}/types/nodes.json`)).data as Array<{
				name: string;
				description: string;
				outputs: unknown;
				properties: Array<{ name: string; default?: unknown; options?: Array<{ value: string; action?: string }> }>;
			}>;
			const tool = nodeTypes.find((type) => type.name === `${PACKAGE_NAME}.interviewServiceTool`);
			expect(tool).toBeDefined();
			expect(tool!.outputs).toEqual(['ai_tool']);
			const toolDescription = tool!.properties.find((property) => property.name === 'toolDescription');
			expect(String(toolDescription?.default)).toMatch(/interview/i);
			const actions = tool!.properties
				.filter((property) => property.name === 'operation')
				.flatMap((property) => property.options ?? [])
				.map((option) => option.action)
				.filter((action): action is string => typeof action === 'string' && action !== '');
			expect(actions).toEqual(expect.arrayContaining(['Get many interviews', 'Invite candidates']));

			const workflow = loadExample('aiAgentTools');
			await instance.importWorkflow(workflow);
			const stored = (await instance.publicApi.get(`/workflows/${workflow.id}`)).data as {
				nodes: Array<{ name: string; type: string; parameters: Json }>;
				connections: Record<string, { ai_tool?: Array<Array<{ node: string }>> }>;
			};
			const tools = stored.nodes.filter((node) => node.type === `${PACKAGE_NAME}.interviewServiceTool`);
			expect(tools.map((node) => `${node.parameters.resource}.${node.parameters.operation}`).sort()).toEqual([
				'candidate.invite',
				'interview.getMany',
			]);
			for (const node of tools) {
				expect(stored.connections[node.name].ai_tool?.[0]?.[0]?.node).toBe('Recruiting Assistant');
				expect(String(node.parameters.toolDescription)).toMatch(/interview/i);
			}
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'5 ATS sync every 15 minutes: run 1 invites 4 of 5 (one has no link), run 2 invites that one and skips 4, run 3 sends nothing',
		withLog(async (instance) => {
			const candidates = Array.from({ length: 5 }, (_, n) => ({ email: `sync${n}@example.com`, name: `Sync ${n}` }));
			const ats = await startReceiver(() => candidates);
			const interviewId = await seedInterview('E2E ATS sync');
			const workflow = loadExample('atsSync', { interviewId, atsCandidatesUrl: ats.url });
			await instance.importWorkflow(workflow);
			const invitedBy = async () =>
				(await sandboxRequests(control))
					.filter((request) => request.route === ACCESS_LINKS_ROUTE && request.path.includes(interviewId))
					.flatMap((request) => ((request.body as { candidates?: Json[] }).candidates ?? []).map((candidate) => String(candidate.email)));
			const run = async () => {
				const result = await instance.execute(workflow.id);
				if (!result.run) throw new Error(`n8n execute ${workflow.id} failed (exit ${result.code}):\n${result.stdout.slice(-3000)}`);
				const runData = result.run.data.resultData.runData as unknown as Record<string, Array<{ data?: { main?: Array<Array<{ json: Json }> | null> } }>>;
				const outputOf = (node: string) => runData[node]?.[0]?.data?.main?.[0] ?? [];
				return { newly: outputOf('Newly Invited').map((item) => item.json.email), invite: runData['Invite New Candidates']?.[0]?.data?.main ?? [] };
			};
			/** The e-mails on each output of the Invite node whose items are marked `skipped`. */
			const outputsOf = (outputs: Array<Array<{ json: Json }> | null>, marked: string) =>
				outputs.map((output) => (output ?? []).filter((item) => item.json[marked] === true).map((item) => String(item.json.email)));
			try {
				await control.patch('/config', { refusals: { emails: ['sync3@example.com'], dialect: 'omitCandidate' } });
				const first = await run();
				expect(first.newly).toEqual(['sync0@example.com', 'sync1@example.com', 'sync2@example.com', 'sync4@example.com']);
				// Outputs with the option on: Invited, Skipped, then n8n's Error output.
				expect((first.invite[2] ?? []).map((item) => item.json.error)).toEqual([
					`The Interview Service refused sync3@example.com [item 3] for interview ${interviewId}: it returned no access link for this candidate`,
				]);

				await control.patch('/config', { refusals: { emails: [] } });
				await control.delete('/requests');
				const second = await run();
				expect(await invitedBy()).toEqual(['sync3@example.com']);
				expect(second.newly).toEqual(['sync3@example.com']);
				expect((second.invite[1] ?? []).filter((item) => item.json.skipped === true)).toHaveLength(4);
				expect(outputsOf(second.invite, 'skipped')).toEqual([[], ['sync0@example.com', 'sync1@example.com', 'sync2@example.com', 'sync4@example.com'], []]);

				await control.delete('/requests');
				const third = await run();
				expect(await invitedBy()).toEqual([]);
				expect(third.newly).toEqual([]);
				expect(ats.received.filter((request) => request.method === 'GET')).toHaveLength(3);
			} finally {
				await control.patch('/config', { refusals: { emails: [] } });
				await ats.close();
			}
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'6 MCP server: a client at the published trigger\'s URL gets the four recruiting tools and none of Access, lists interviews, invites a candidate and reads results',
		withLog(async (instance) => {
			const interviewId = await seedInterview('E2E MCP server', [
				{ email: 'mcp.done@example.com', name: 'Mcp Done', status: 'completed', scores: { interviewScore: 83, communicationScore: 80, codingScore: 86 } },
			]);
			const workflow = loadExample('mcpServer');
			const tools = workflow.nodes.filter((node) => node.type === `${PACKAGE_NAME}.interviewServiceTool`);
			const operations = tools.map((node) => {
				const { resource, operation } = node.parameters as Json;
				return `${String(resource)}.${String(operation)}`;
			});
			expect(operations.sort()).toEqual(['candidate.invite', 'interview.get', 'interview.getMany', 'result.getMany']);
			await instance.importWorkflow(workflow);
			await instance.activate(workflow.id);
			const session = await openMcpSessionWhenServed(`${instance.url}/mcp/${EXAMPLES.mcpServer.mcpPath}`);
			try {
				const { tools: listed } = await session.client.listTools();
				expect(listed.map((tool) => tool.name).sort()).toEqual(['Get_interview', 'Get_results', 'Invite_candidate', 'List_interviews']);

				const interviews = await callTool(session, 'List_interviews', {});
				expect({ isError: interviews.isError ?? false, listed: textOf(interviews).includes(interviewId) }).toEqual({ isError: false, listed: true });

				await control.delete('/requests');
				const invite = await callTool(session, 'Invite_candidate', { interviewId, email: 'mcp.new@example.com', name: 'Mcp New' });
				expect({ isError: invite.isError ?? false, link: textOf(invite).includes('preAuthLink') }).toEqual({ isError: false, link: true });
				const invited = (await sandboxRequests(control)).filter((request) => request.route === ACCESS_LINKS_ROUTE && request.path.includes(interviewId));
				expect(invited.map((request) => (request.body as { candidates?: Json[] }).candidates)).toEqual([[{ email: 'mcp.new@example.com', name: 'Mcp New' }]]);

				const results = textOf(await callTool(session, 'Get_results', { interviewId }));
				expect({ results: results.slice(0, 300), done: results.includes('mcp.done@example.com') && results.includes('83') }).toEqual({ results: results.slice(0, 300), done: true });
			} finally {
				await session.close();
				await instance.deactivate(workflow.id);
			}
		}),
		TEST_TIMEOUT_MS,
	);
});
