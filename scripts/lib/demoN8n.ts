/**
 * The demo's n8n: the pinned runtime (harness/runtime.ts) in a persistent user folder, with the
 * packed package installed into its nodes folder the way a user installs a community package
 * by hand (`npm install <tgz>` in `~/.n8n/nodes`), on a fixed loopback port.
 */
import axios, { type AxiosInstance } from 'axios';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

import { PACKAGE_NAME, type CredentialImport, type WorkflowImport } from '../../harness/n8n';
import { freePort, runBounded, spawnGroup, stopGroup, tail, waitForLine } from '../../harness/process';
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

function demoEnv(runtime: Runtime, userFolder: string, port: number, exportDir: string): NodeJS.ProcessEnv {
	const inherited = { ...process.env };
	for (const key of ['NODE_ENV', 'NODE_OPTIONS', 'NODE_PATH']) delete inherited[key];
	for (const key of Object.keys(inherited)) {
		if (key.startsWith('N8N_') || key.startsWith('npm_')) delete inherited[key];
	}
	return {
		...inherited,
		PATH: `${path.join(runtime.nodeDir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: DEMO_ENCRYPTION_KEY,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_LOG_LEVEL: 'info',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_RESTRICT_FILE_ACCESS_TO: exportDir,
	};
}

/** Replaces any earlier copy, so a rebuilt package is what n8n loads. */
export async function installPackage(userFolder: string, tgz: string): Promise<void> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	rmSync(path.join(nodesDir, 'node_modules', PACKAGE_NAME), { recursive: true, force: true });
	if (!existsSync(path.join(nodesDir, 'package.json'))) {
		writeFileSync(path.join(nodesDir, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true }, null, 2));
	}
	const install = await runBounded(
		'npm',
		['install', '--omit=peer', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--package-lock=false', tgz],
		{ cwd: nodesDir, timeoutMs: 180_000 },
	);
	if (install.code !== 0) throw new Error(`npm install of the package into ${nodesDir} failed:\n${tail(install.stderr)}`);
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
		const env = { ...demoEnv(runtime, userFolder, port, exportDir), N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
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

function expectOk(response: { status: number; data: unknown }, what: string) {
	if (response.status >= 300) throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.data)}`);
}

async function ownerSession(rest: AxiosInstance): Promise<void> {
	const setup = await rest.post('/owner/setup', DEMO_OWNER);
	// Answers 400 from the second start on: the owner of the persistent folder exists already.
	if (setup.status >= 300 && setup.status !== 400) expectOk(setup, 'owner setup');
	const login = await rest.post('/login', { emailOrLdapLoginId: DEMO_OWNER.email, password: DEMO_OWNER.password });
	expectOk(login, 'login');
	rest.defaults.headers.common.Cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
}

async function freshApiKey(rest: AxiosInstance): Promise<string> {
	const existing = await rest.get('/api-keys');
	expectOk(existing, 'api keys');
	// n8n 2.41 answers a page `{ items, counts, ... }`; older versions a plain array.
	const listed = existing.data.data as { items?: Array<{ id: string; label: string }> } | Array<{ id: string; label: string }>;
	for (const key of Array.isArray(listed) ? listed : (listed.items ?? [])) {
		if (key.label === API_KEY_LABEL) await rest.delete(`/api-keys/${key.id}`);
	}
	const scopes = await rest.get('/api-keys/scopes');
	expectOk(scopes, 'api key scopes');
	const created = await rest.post('/api-keys', { label: API_KEY_LABEL, scopes: scopes.data.data, expiresAt: null });
	expectOk(created, 'api key');
	return created.data.data.rawApiKey as string;
}

export async function startDemoN8n(options: {
	runtime: Runtime;
	userFolder: string;
	port: number;
	exportDir: string;
}): Promise<DemoN8n> {
	const { runtime, userFolder, port, exportDir } = options;
	const url = `http://127.0.0.1:${port}`;
	const env = { ...demoEnv(runtime, userFolder, port, exportDir), N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
	const logFile = path.join(userFolder, 'n8n.log');
	const log = createWriteStream(logFile);
	const child: ChildProcess = spawnGroup(runtime.nodeBin, [runtime.n8nBin, 'start'], {
		cwd: userFolder,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout?.pipe(log);
	child.stderr?.pipe(log);
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
			await ownerSession(rest);
			publicApi.defaults.headers.common['X-N8N-API-KEY'] = await freshApiKey(rest);
		},
		async activate(workflowId) {
			expectOk(await publicApi.post(`/workflows/${workflowId}/activate`, {}), `activate ${workflowId}`);
		},
	};
}
