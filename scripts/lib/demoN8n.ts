/**
 * The demo's n8n: the pinned runtime (harness/runtime.ts) in a persistent user folder, with the
 * packed package installed into its nodes folder the way n8n installs a community package
 * (harness/n8n.ts `installCommunityPackage`), on a fixed loopback port.
 */
import axios from 'axios';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

import { installCommunityPackage, n8nEnv, spawnN8nServer, type CredentialImport, type WorkflowImport } from '../../harness/n8n';
import { expectOk, freshApiKey, ownerSession } from '../../harness/owner';
import { freePort, pollUntil, runBounded, stopGroup, tail, waitForLine } from '../../harness/process';
import type { Runtime } from '../../harness/runtime';

/** Fixed: the persistent folder's credentials must decrypt at every start. */
const DEMO_ENCRYPTION_KEY = 'interview-service-demo-encryption-key';
export const DEMO_OWNER = { email: 'demo@example.com', firstName: 'Demo', lastName: 'Recruiter', password: 'Demo-Passw0rd!' };
const BROWSER_ID = 'interview-service-demo';
const API_KEY_LABEL = 'npm start demo';
const READY_LINE = 'Editor is now accessible via:';
/** First line of the demo's banner, once everything is up. */
export const READY_BANNER = 'The Interview Service demo is ready.';

export interface DemoN8n {
	url: string;
	logFile: string;
	/** Owner login, then an API key for the public API (replacing the demo's previous one). */
	signIn(): Promise<void>;
	activate(workflowId: string): Promise<void>;
	/** Deletes the workflow if the folder holds it. */
	removeWorkflow(workflowId: string): Promise<void>;
	/** Resolves once n8n serves the production webhook at `path` (bounded): activation answers before it is registered. */
	/** Resolves once n8n serves `/<endpoint>/<path>`: `webhook` for a Webhook node, `mcp` for an MCP Server Trigger. */
	waitForWebhook(path: string, endpoint?: 'webhook' | 'mcp'): Promise<void>;
	stop(): Promise<void>;
}

/** Fails early and clearly when something (an earlier demo?) already listens there. */
export async function assertPortFree(port: number, variable: string): Promise<void> {
	await new Promise<void>((resolve, reject) => {
		const server = createServer();
		server.once('error', () =>
			reject(new Error(`port ${port} on 127.0.0.1 is in use (is a demo already running?); set ${variable} to another port`)),
		);
		server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
	});
}

/** The harness's n8n environment, with the demo's own key and its export folder as the only file access. */
async function demoEnv(runtime: Runtime, userFolder: string, port: number, exportDir: string): Promise<NodeJS.ProcessEnv> {
	return {
		...n8nEnv(runtime, { userFolder, port, brokerPort: await freePort(), encryptionKey: DEMO_ENCRYPTION_KEY }),
		N8N_RESTRICT_FILE_ACCESS_TO: exportDir,
	};
}

/** Installs the package into the demo's nodes folder exactly as n8n installs a community package. */
export async function installPackage(userFolder: string, tgz: string): Promise<void> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	await installCommunityPackage(nodesDir, tgz);
}

export interface N8nCli {
	importCredentials(credentials: CredentialImport[]): Promise<void>;
	importWorkflows(workflows: WorkflowImport[]): Promise<void>;
}

/** `n8n import:*` on the demo folder; runs with or without the server up. */
export function demoCli(runtime: Runtime, userFolder: string, port: number, exportDir: string): N8nCli {
	const run = async (command: string, input: unknown) => {
		const file = path.join(userFolder, `${command.replace(':', '-')}.json`);
		writeFileSync(file, JSON.stringify(input, null, 2));
		const env = await demoEnv(runtime, userFolder, port, exportDir);
		const result = await runBounded(runtime.nodeBin, [runtime.n8nBin, command, `--input=${file}`], {
			cwd: userFolder,
			env,
			timeoutMs: 180_000,
		});
		rmSync(file, { force: true });
		if (result.code !== 0) throw new Error(`n8n ${command} failed:\n${tail(result.stdout)}\n${tail(result.stderr)}`);
	};
	return {
		importCredentials: async (credentials) => await run('import:credentials', credentials),
		importWorkflows: async (workflows) =>
			await run(
				'import:workflow',
				workflows.map((workflow) => ({ active: false, settings: { executionOrder: 'v1' }, pinData: {}, ...workflow })),
			),
	};
}

export async function startDemoN8n(options: {
	runtime: Runtime;
	userFolder: string;
	port: number;
	exportDir: string;
}): Promise<DemoN8n> {
	const { runtime, userFolder, port, exportDir } = options;
	const url = `http://127.0.0.1:${port}`;
	const env = await demoEnv(runtime, userFolder, port, exportDir);
	const { child, logFile, log } = spawnN8nServer(runtime, userFolder, env);
	let stopped = false;
	const stop = async () => {
		if (stopped) return;
		stopped = true;
		await stopGroup(child, 15_000);
		await new Promise<void>((resolve) => log.end(resolve));
	};
	try {
		await waitForLine(child, (line) => line.includes(READY_LINE), 240_000, 'n8n');
	} catch (error) {
		await stop();
		throw new Error(`${(error as Error).message}\n--- n8n log (${logFile}) ---\n${tail(readFileSync(logFile, 'utf8'), 40)}`);
	}

	const rest = axios.create({ baseURL: `${url}/rest`, headers: { 'browser-id': BROWSER_ID }, validateStatus: () => true, timeout: 60_000 });
	const publicApi = axios.create({ baseURL: `${url}/api/v1`, validateStatus: () => true, timeout: 60_000 });
	return {
		url,
		logFile,
		stop,
		async signIn() {
			await ownerSession(rest, DEMO_OWNER, { existingOk: true });
			publicApi.defaults.headers.common['X-N8N-API-KEY'] = await freshApiKey(rest, API_KEY_LABEL);
		},
		async activate(workflowId) {
			expectOk(await publicApi.post(`/workflows/${workflowId}/activate`, {}), `activate ${workflowId}`);
		},
		async removeWorkflow(workflowId) {
			const answer = await publicApi.delete(`/workflows/${workflowId}`);
			if (answer.status !== 404) expectOk(answer, `delete ${workflowId}`);
		},
		async waitForWebhook(webhookPath, endpoint = 'webhook') {
			// A CORS preflight starts nothing: n8n answers 204 once the path is registered and 404 before
			// (n8n 2.41: webhooks/webhook-request-handler.js, setupCorsHeaders → getWebhookMethods; /mcp/ has the same handler).
			const preflight = () =>
				axios.options(`${url}/${endpoint}/${webhookPath}`, {
					headers: { Origin: url, 'Access-Control-Request-Method': 'POST' },
					validateStatus: () => true,
					timeout: 10_000,
				});
			await pollUntil(async () => ((await preflight()).status === 204 ? true : undefined), 60_000, `the webhook /${endpoint}/${webhookPath}`, 250);
		},
	};
}
