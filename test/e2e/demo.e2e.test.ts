/**
 * `npm start` (scripts/demo.ts) end to end, in a temporary demo folder on free ports:
 * the printed URLs answer, the login works, the credential and the example workflows are there,
 * the banner lists every example (example 4 on the stand-in chat model, the Google Sheets variant not imported, with
 * its file), the ATS sync reads the sandbox's stand-in ATS, example 4's chat model has the stand-in OpenAI credential,
 * example 1 is live, example 6 serves its tools to an MCP client, SIGTERM stops everything; a second start reuses the
 * folder and `--exit-when-ready` exits.
 */
import axios from 'axios';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { freePort, runBounded, spawnGroup, stopGroup, withTimeout } from '../../harness/process';
import { REPO_ROOT } from '../../harness/paths';
import { READY_BANNER } from '../../scripts/lib/demoN8n';
import {
	DEMO_EXAMPLE_NAMES,
	EXAMPLE_CREDENTIAL,
	EXAMPLES,
	EXAMPLES_DIR,
	OPENAI_CHAT_MODEL_TYPE,
	OPENAI_CREDENTIAL_TYPE,
	STAND_IN_OPENAI_CREDENTIAL,
	standInOpenAiCredential,
} from '../../scripts/lib/examples';
import { STAND_IN_OPENAI_KEY } from '../../sandbox/openai';
import { SETUP_TIMEOUT_MS } from './helpers/context';
import { openMcpSession } from './helpers/mcp';

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

let demoFolder: string;
let env: NodeJS.ProcessEnv;
let demo: ChildProcess | undefined;

beforeAll(async () => {
	demoFolder = mkdtempSync(path.join(tmpdir(), 'interview-service-demo-'));
	env = {
		...process.env,
		NODE_ENV: undefined,
		INTERVIEW_SERVICE_DEMO_FOLDER: demoFolder,
		SANDBOX_PORT: String(await freePort()),
		N8N_PORT: String(await freePort()),
		DEMO_EXIT_WHEN_READY: undefined,
	};
});

afterAll(async () => {
	if (demo) await stopGroup(demo, 20_000);
	rmSync(demoFolder, { recursive: true, force: true });
}, 60_000);

/** The value printed after `label` in the banner. */
function printed(output: string, label: string): string {
	const line = output.split('\n').find((l) => l.trim().startsWith(label));
	if (!line) throw new Error(`"${label}" not printed:\n${output}`);
	return line.trim().slice(label.length).trim();
}

async function refused(url: string): Promise<boolean> {
	try {
		await axios.get(url, { timeout: 5_000 });
		return false;
	} catch (error) {
		return (error as { code?: string }).code === 'ECONNREFUSED';
	}
}

describe('npm start (scripts/demo.ts)', () => {
	it(
		'npm start prints the editor URL and login; the credential and the examples are there, example 1 answers; SIGTERM to npm stops everything',
		async () => {
			// `npm start` itself, as a process manager runs it: the SIGTERM below goes to npm alone.
			demo = spawnGroup('npm', ['start'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
			const child = demo;
			let output = '';
			child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
			child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
			const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
			await withTimeout(
				(async () => {
					while (!output.includes('Press Ctrl+C')) {
						if (child.exitCode !== null) throw new Error(`the demo exited early:\n${output}`);
						await new Promise((resolve) => setTimeout(resolve, 250));
					}
				})(),
				SETUP_TIMEOUT_MS - 120_000,
				'the demo banner',
			);
			expect(output).toContain(READY_BANNER);

			const editorUrl = printed(output, 'Editor URL:');
			const [email, password] = printed(output, 'Login:').split(/\s+\/\s+/);
			const sandboxUrl = printed(output, 'Sandbox URL:').split(/\s/)[0];
			expect(editorUrl).toBe(`http://127.0.0.1:${env.N8N_PORT}`);
			expect(sandboxUrl).toBe(`http://127.0.0.1:${env.SANDBOX_PORT}`);
			expect((await axios.get(editorUrl)).status).toBe(200);
			const state = (await axios.get(`${sandboxUrl}/__sandbox/state`)).data as { interviews: unknown[] };
			expect(state.interviews.length).toBeGreaterThanOrEqual(3);

			const rest = axios.create({ baseURL: `${editorUrl}/rest`, headers: { 'browser-id': 'demo-e2e' }, validateStatus: () => true });
			const login = await rest.post('/login', { emailOrLdapLoginId: email, password });
			expect(login.status).toBe(200);
			rest.defaults.headers.common.Cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');

			const workflows = (await rest.get('/workflows')).data.data as Array<{ id: string; name: string }>;
			expect(workflows.map((w) => w.id).sort()).toEqual(DEMO_EXAMPLE_NAMES.map((name) => EXAMPLES[name].id).sort());
			expect(DEMO_EXAMPLE_NAMES).not.toContain('resultsExportSheets');
			// The banner lists every imported example; example 4 says it talks to the stand-in model; the Google Sheets
			// variant says it is not imported, why, and where its file is. The ATS sync reads the sandbox's stand-in ATS.
			for (const name of DEMO_EXAMPLE_NAMES) expect(output).toContain(`${editorUrl}/workflow/${EXAMPLES[name].id}`);
			expect(printed(output, '4. AI recruiting assistant (agent tools):')).toBe(
				`${editorUrl}/workflow/${EXAMPLES.aiAgentTools.id}  (talks to the sandbox's stand-in chat model, not OpenAI)`,
			);
			expect(printed(output, 'Google Sheets variant:')).toBe(
				`not imported, it needs your Google account: import ${path.join(EXAMPLES_DIR, EXAMPLES.resultsExportSheets.file)} into your own n8n`,
			);
			expect(output).not.toContain(`/workflow/${EXAMPLES.resultsExportSheets.id}`);
			const modelUrl = printed(output, 'Stand-in model:').split(/\s/)[0];
			expect(modelUrl).toBe(`${sandboxUrl}/openai/v1`);
			const atsSync = (await rest.get(`/workflows/${EXAMPLES.atsSync.id}`)).data.data as { nodes: Array<{ type: string; parameters: { url?: string } }> };
			const atsUrl = atsSync.nodes.find((node) => node.type === 'n8n-nodes-base.httpRequest')?.parameters.url ?? '';
			expect(atsUrl).toBe(`${sandboxUrl}/ats/api/candidates?stage=ai-interview`);
			expect((await axios.get(atsUrl)).data).toEqual(expect.arrayContaining([expect.objectContaining({ email: expect.any(String) })]));
			const credentials = (await rest.get('/credentials')).data.data as Array<{ id: string; name: string; type: string }>;
			expect(credentials).toEqual(
				expect.arrayContaining([
					expect.objectContaining({ ...EXAMPLE_CREDENTIAL, type: 'interviewServiceApi' }),
					expect.objectContaining({ ...STAND_IN_OPENAI_CREDENTIAL, type: OPENAI_CREDENTIAL_TYPE }),
				]),
			);
			// Example 4's chat model uses the stand-in OpenAI credential, whose Base URL is the stand-in model's.
			const agent = (await rest.get(`/workflows/${EXAMPLES.aiAgentTools.id}`)).data.data as { nodes: Array<{ type: string; credentials?: Record<string, { id: string; name: string }> }> };
			const chatModels = agent.nodes.filter((node) => node.type === OPENAI_CHAT_MODEL_TYPE);
			expect(chatModels.map((node) => node.credentials)).toEqual([{ [OPENAI_CREDENTIAL_TYPE]: { ...STAND_IN_OPENAI_CREDENTIAL } }]);
			const openAi = (await rest.get(`/credentials/${STAND_IN_OPENAI_CREDENTIAL.id}`, { params: { includeData: true } })).data.data as { data: { url: string } };
			expect(openAi.data.url).toBe(modelUrl);
			const models = await axios.get(`${modelUrl}/models`, { headers: { Authorization: `Bearer ${STAND_IN_OPENAI_KEY}` } });
			expect(models.data.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'gpt-4.1-mini' })]));
			// n8n's own test of that credential (the editor's "Retry") reaches the stand-in; with another key it fails.
			const credentialTest = async (apiKey: string) => {
				const { data } = standInOpenAiCredential(sandboxUrl);
				const answer = await rest.post('/credentials/test', { credentials: { ...STAND_IN_OPENAI_CREDENTIAL, type: OPENAI_CREDENTIAL_TYPE, data: { ...data, apiKey } } });
				expect(answer.status).toBe(200);
				return (answer.data.data as { status: string }).status;
			};
			expect(await credentialTest(STAND_IN_OPENAI_KEY)).toBe('OK');
			expect(await credentialTest('sk-not-the-stand-ins')).toBe('Error');

			const invited = await axios.post(`${editorUrl}/webhook/${EXAMPLES.atsInvitations.webhookPath}`, [
				{ name: 'Ada Lovelace', email: 'ada@example.com' },
				{ name: 'Alan Turing', email: 'alan@example.com' },
			]);
			expect(invited.data).toEqual([
				expect.objectContaining({ email: 'ada@example.com', preAuthLink: expect.any(String) }),
				expect.objectContaining({ email: 'alan@example.com', preAuthLink: expect.any(String) }),
			]);
			// Example 6 is published: an MCP client at the printed URL gets its four recruiting tools.
			const mcpUrl = printed(output, 'MCP server URL:');
			expect(mcpUrl).toBe(`${editorUrl}/mcp/${EXAMPLES.mcpServer.mcpPath}`);
			const mcp = await openMcpSession(mcpUrl);
			try {
				const { tools } = await mcp.client.listTools();
				expect(tools.map((tool) => tool.name).sort()).toEqual(['Get_interview', 'Get_results', 'Invite_candidate', 'List_interviews']);
			} finally {
				await mcp.close();
			}

			// npm passes the signal to its script's shell, which has become tsx (`exec`), which relays it to the
			// demo; the demo stops n8n and the sandbox. With `sh -c "a && b"` the shell died and left all three running.
			process.kill(child.pid!, 'SIGTERM');
			expect(await withTimeout(exited, 60_000, 'the demo after SIGTERM')).toBe(0);
			demo = undefined;
			expect(await refused(editorUrl)).toBe(true);
			expect(await refused(`${sandboxUrl}/__sandbox/state`)).toBe(true);
		},
		SETUP_TIMEOUT_MS,
	);

	it(
		'starts again on the same folder (owner, credential and examples kept) and exits with --exit-when-ready',
		async () => {
			const result = await runBounded(TSX, ['scripts/demo.ts', '--exit-when-ready'], { cwd: REPO_ROOT, env, timeoutMs: 300_000 });
			const output = `${result.stdout}\n${result.stderr}`;
			expect({ code: result.code, ready: output.includes(READY_BANNER) }).toEqual({ code: 0, ready: true });
			expect(await refused(`http://127.0.0.1:${env.N8N_PORT}`)).toBe(true);
		},
		SETUP_TIMEOUT_MS,
	);
});
