/**
 * A real n8n (the pinned version, on Node 24) in a fresh user folder, with this package installed
 * the way n8n installs a community package, driven headless over its CLI, REST and public APIs.
 */
import axios, { type AxiosInstance } from 'axios';
import type { ChildProcess } from 'node:child_process';
import {
	createWriteStream,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readdirSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { expectOk, freshApiKey, ownerSession } from './owner';
import { freePort, killGroup, runBounded, spawnGroup, stopGroup, tail, waitForLine, withTimeout, type RunResult } from './process';
import { ensureRuntime, type Runtime, type RuntimeSpec } from './runtime';

export const PACKAGE_NAME = 'n8n-nodes-interview-service';
/** Fixed, so that imported credentials decrypt the same way in every run. */
export const ENCRYPTION_KEY = 'interview-service-e2e-encryption-key';
export const OWNER = { email: 'owner@example.com', firstName: 'E2e', lastName: 'Owner', password: 'E2e-Passw0rd!' };

const READY_LINE = 'Editor is now accessible via:';
const WORKER_READY_LINE = 'n8n worker is now ready';
const WEBHOOK_READY_LINE = 'Webhook listener waiting for requests.';
/** A constant browser id: n8n binds the auth cookie to the browser that logged in. */
const BROWSER_ID = 'interview-service-e2e';

/** An `n8n worker` or `n8n webhook` process of a queue-mode instance (StartN8nOptions.workers, .webhookPorts). */
export interface N8nWorker {
	/** 1-based. */
	index: number;
	logFile: string;
	logTail(lines?: number): string;
	/** `n8n webhook` processes: where it listens, `http://127.0.0.1:<port>`. */
	url?: string;
}

/** The execution ids a worker's log names as started or finished (`Worker started execution N (job J)`). */
export function executionIdsInWorkerLog(worker: N8nWorker, event: 'started' | 'finished'): string[] {
	return [...readFileSync(worker.logFile, 'utf8').matchAll(new RegExp(`Worker ${event} execution (\\d+)`, 'g'))].map((match) => match[1]);
}

export interface N8nInstance {
	url: string;
	userFolder: string;
	/** The main process's log. */
	logFile: string;
	/** The main process's id, which is also its process group's (the task runner is in the group). */
	readonly pid: number | undefined;
	runtime: Runtime;
	/** Queue mode: the workers sharing the main process's user folder, database and Redis; empty otherwise. */
	workers: N8nWorker[];
	/** Queue mode: the `n8n webhook` processes (StartN8nOptions.webhookPorts), sharing the same; empty otherwise. */
	webhookProcesses: N8nWorker[];
	/** Authenticated (cookie) client for `/rest`, available after `setupOwner()`. */
	rest: AxiosInstance;
	/** Client for the public API (`/api/v1`), available after `setupOwner()`. */
	publicApi: AxiosInstance;
	setupOwner(): Promise<void>;
	importCredentials(credentials: CredentialImport[]): Promise<void>;
	importWorkflow(workflow: WorkflowImport): Promise<void>;
	execute(workflowId: string): Promise<ExecuteResult>;
	activate(workflowId: string): Promise<void>;
	deactivate(workflowId: string): Promise<void>;
	listExecutions(workflowId: string): Promise<ExecutionSummary[]>;
	/** Saves a credential through REST, as the editor's credential modal does; returns its id. */
	createCredential(credential: Omit<CredentialImport, 'id'>): Promise<string>;
	/** The editor's "Retry"/"Test" of a saved credential. n8n cannot test an unsaved one whose type has preAuthentication. */
	testCredential(credential: CredentialImport): Promise<CredentialTestResult>;
	logTail(lines?: number): string;
	/** Keeps the user folder (database, n8n.log) after `stop()`, for a failed test. */
	keepUserFolder(): void;
	/**
	 * Stops n8n and starts it again on the same user folder, port and environment (a restart as users
	 * do it); `env` changes the environment from then on, e.g. another public `WEBHOOK_URL`.
	 */
	restart(env?: NodeJS.ProcessEnv): Promise<void>;
	/** Queue mode: stops the workers, the webhook processes and main, then starts them again (main first). */
	restartAll(): Promise<void>;
	/**
	 * SIGKILL to the main process's group (n8n and its task runner) at once, as a crash or an
	 * out-of-memory kill does: nothing is flushed or shut down. Resolves once it has exited;
	 * `restart()` starts it again.
	 */
	crash(): Promise<void>;
	stop(): Promise<void>;
}

export interface CredentialImport {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export interface WorkflowImport {
	/** At most 21 characters (n8n's id format). */
	id: string;
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
}

export interface ExecuteResult extends RunResult {
	/** n8n's IRun of a successful execution; undefined when the execution failed. */
	run?: { data: { resultData: { runData: RunData; error?: unknown } } };
}

interface NodeRun {
	data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
	error?: { message?: string; description?: string };
}

export interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
	data?: { resultData: { runData: RunData } };
}

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

const INSTALL_TIMEOUT_MS = 120_000;
const START_TIMEOUT_MS = 180_000;
const CLI_TIMEOUT_MS = 180_000;

export type RunData = Record<string, NodeRun[]>;

/** `json` of every item a node emitted on its first output in its first run. */
export function nodeOutput(runData: RunData | undefined, nodeName: string): Array<Record<string, unknown>> {
	const first = runData?.[nodeName]?.[0];
	if (!first) throw new Error(`node "${nodeName}" did not run`);
	if (first.error) throw new Error(`node "${nodeName}" failed: ${first.error.message} ${first.error.description ?? ''}`);
	return (first.data?.main?.[0] ?? []).map((item) => item.json);
}

/**
 * Installs the tarball as n8n 2.x's CommunityPackagesService does (unpack into
 * `.n8n/nodes/node_modules/<name>`, drop dev/peer/optional dependencies, `npm install` there
 * with scripts off), so a runtime dependency the package forgot to declare is absent here too.
 */
export async function installCommunityPackage(nodesDir: string, tgz: string): Promise<string> {
	const staging = path.join(nodesDir, 'node_modules', '.staging');
	rmSync(staging, { recursive: true, force: true });
	mkdirSync(staging, { recursive: true });
	const untar = await runBounded('tar', ['-xzf', tgz, '-C', staging, '--strip-components=1'], {
		cwd: nodesDir,
		timeoutMs: 60_000,
	});
	if (untar.code !== 0) throw new Error(`unpacking ${tgz} failed:\n${untar.stderr}`);
	const manifest = JSON.parse(readFileSync(path.join(staging, 'package.json'), 'utf8')) as Record<string, unknown>;
	const name = String(manifest.name);
	const packageDir = path.join(nodesDir, 'node_modules', name);
	mkdirSync(path.dirname(packageDir), { recursive: true });
	// A reinstall (the demo's folder persists) replaces the earlier copy, so the rebuilt package is what n8n loads.
	rmSync(packageDir, { recursive: true, force: true });
	renameSync(staging, packageDir);
	for (const field of ['devDependencies', 'peerDependencies', 'optionalDependencies']) delete manifest[field];
	writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify(manifest, null, 2));
	const install = await runBounded(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
		],
		{ cwd: packageDir, timeoutMs: INSTALL_TIMEOUT_MS },
	);
	if (install.code !== 0) throw new Error(`npm install of ${name} failed:\n${install.stderr}`);
	const dependencies = Object.keys((manifest.dependencies as Record<string, string> | undefined) ?? {});
	if (dependencies.length > 0) {
		throw new Error(`${name} declares runtime dependencies (${dependencies.join(', ')}); n8n's rules forbid them`);
	}
	const pulled = existsSync(path.join(packageDir, 'node_modules')) ? readdirSync(path.join(packageDir, 'node_modules')) : [];
	if (pulled.length > 0) throw new Error(`installing ${name} pulled packages: ${pulled.join(', ')}`);
	// Beside the packages installed before it (the benchmark's floor node sits beside ours).
	const listFile = path.join(nodesDir, 'package.json');
	const installed = existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as { dependencies?: Record<string, string> }).dependencies : {};
	writeFileSync(listFile, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { ...installed, [name]: manifest.version } }, null, 2));
	return name;
}

export interface N8nEnvOptions {
	userFolder: string;
	port: number;
	/** The task-runner broker's port; every n8n process (server or CLI) needs its own. */
	brokerPort: number;
	encryptionKey?: string;
}

/** The environment of an n8n process (server or CLI), headless on loopback. */
export function n8nEnv(
	runtime: Runtime,
	{ userFolder, port, brokerPort, encryptionKey = ENCRYPTION_KEY }: N8nEnvOptions,
): NodeJS.ProcessEnv {
	const inherited = { ...process.env };
	// jest's NODE_ENV=test makes n8n refuse to load nodes; jest hooks and the system Node's
	// module paths must not leak into Node 24 either.
	for (const key of ['NODE_ENV', 'NODE_OPTIONS', 'NODE_PATH', 'JEST_WORKER_ID']) delete inherited[key];
	for (const key of Object.keys(inherited)) {
		if (key.startsWith('N8N_') || key.startsWith('npm_')) delete inherited[key];
	}
	return {
		...inherited,
		PATH: `${path.join(runtime.nodeDir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: encryptionKey,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		// `debug` shows n8n's cron ticks and polls when a run needs inspecting; the harness needs `info` at least.
		N8N_LOG_LEVEL: process.env.INTERVIEW_SERVICE_N8N_LOG_LEVEL ?? 'info',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
	};
}

/**
 * The JSON n8n prints with `--rawOutput`: it starts at the first line starting with `{` (log lines
 * come before it) and ends at the last line starting with `}` that closes it (log lines may follow).
 * Log lines can even land inside it (the task runner logs while a large run is printed); every line
 * of pretty-printed JSON starts with white space or a bracket, so other lines are left out.
 */
export function parseCliJson(stdout: string): unknown {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line.startsWith('{'));
	if (start === -1) return undefined;
	const looksLikeJson = (line: string) => /^(\s|[{}\]])/.test(line);
	let lastError: unknown;
	for (let end = lines.length; end > start; end--) {
		if (!lines[end - 1].startsWith('}') && end - 1 !== start) continue;
		try {
			return JSON.parse(lines.slice(start, end).filter(looksLikeJson).join('\n'));
		} catch (error) {
			lastError = error;
		}
	}
	throw lastError ?? new Error('no JSON in the output of n8n');
}

/** `n8n start` in its own process group, everything it prints going to `<userFolder>/n8n.log`. */
export function spawnN8nServer(runtime: Runtime, userFolder: string, env: NodeJS.ProcessEnv, { append = false } = {}) {
	return spawnN8nProcess(runtime, userFolder, env, 'start', 'n8n.log', { append });
}

/** `n8n <command>` (`start`, `worker`) in its own process group, everything it prints going to `<userFolder>/<logName>`. */
export function spawnN8nProcess(
	runtime: Runtime,
	userFolder: string,
	env: NodeJS.ProcessEnv,
	command: string,
	logName: string,
	{ append = false } = {},
) {
	const logFile = path.join(userFolder, logName);
	// A restart appends, so that the log of the run before stays.
	const log = createWriteStream(logFile, { flags: append ? 'a' : 'w' });
	const child: ChildProcess = spawnGroup(runtime.nodeBin, [runtime.n8nBin, command], {
		cwd: userFolder,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout?.pipe(log);
	child.stderr?.pipe(log);
	return { child, logFile, log };
}

export interface StartN8nOptions {
	/** The packed package (harness/pack.ts). */
	tgz: string;
	/** Extra environment for the server, the workers and the CLI commands (queue mode: harness/queue.ts). */
	env?: NodeJS.ProcessEnv;
	/** More packed community packages installed beside this one (the benchmark's floor node). */
	morePackages?: string[];
	/** Which n8n (default: the pinned 2.41.1 on Node 24). */
	runtime?: RuntimeSpec;
	/** `n8n worker` processes to start after the main process (queue mode; `env` must set it up). */
	workers?: number;
	/** One `n8n webhook` process per port, started after the workers (queue mode), logging to `n8n-webhook-<i>.log`. */
	webhookPorts?: number[];
}

function readTail(logFile: string, lines: number): string {
	try {
		return tail(readFileSync(logFile, 'utf8'), lines);
	} catch {
		return '(no log)';
	}
}

export async function startN8n(options: StartN8nOptions): Promise<N8nInstance> {
	if (options.env?.N8N_CUSTOM_EXTENSIONS) {
		// The package is already in the nodes folder; a second copy would shadow it silently.
		throw new Error('N8N_CUSTOM_EXTENSIONS must not be set: the package is installed as a community package');
	}
	const runtime = await ensureRuntime(options.runtime);
	const userFolder = mkdtempSync(path.join(tmpdir(), 'interview-service-n8n-'));
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	for (const tgz of [options.tgz, ...(options.morePackages ?? [])]) await installCommunityPackage(nodesDir, tgz);

	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	const env = { ...n8nEnv(runtime, { userFolder, port, brokerPort: await freePort() }), ...options.env };
	let server = spawnN8nServer(runtime, userFolder, env);
	const { logFile } = server;

	// Workers and webhook processes, in the order they start.
	let helperProcesses: Array<ReturnType<typeof spawnN8nProcess>> = [];
	const workers: N8nWorker[] = [];
	const webhookProcesses: N8nWorker[] = [];
	const logTail = (lines = 80) => {
		const main = readTail(logFile, lines);
		const others = [
			...workers.map((worker) => `--- worker ${worker.index} (${worker.logFile}) ---\n${worker.logTail(lines)}`),
			...webhookProcesses.map((webhook) => `--- webhook process ${webhook.index} (${webhook.logFile}) ---\n${webhook.logTail(lines)}`),
		];
		return [main, ...others].join('\n');
	};
	let stopped = false;
	let keepUserFolder = Boolean(process.env.INTERVIEW_SERVICE_E2E_KEEP);
	const stopServer = async () => {
		await stopGroup(server.child, 15_000);
		const { log } = server;
		await new Promise<void>((resolve) => log.end(resolve));
	};
	// Together: a webhook process may wait out its whole grace for executions its workers ran (n8n 2.41).
	const stopHelpers = async () => {
		await Promise.all(
			helperProcesses.map(async (helper) => {
				await stopGroup(helper.child, 15_000);
				await new Promise<void>((resolve) => helper.log.end(resolve));
			}),
		);
		helperProcesses = [];
	};
	const stop = async () => {
		if (stopped) return;
		stopped = true;
		await stopHelpers();
		await stopServer();
		if (!keepUserFolder) rmSync(userFolder, { recursive: true, force: true });
	};
	const untilReady = async () => {
		try {
			await waitForLine(server.child, (line) => line.includes(READY_LINE), START_TIMEOUT_MS, 'n8n');
		} catch (error) {
			keepUserFolder = true;
			await stop();
			throw new Error(`${(error as Error).message}\n--- n8n log (${logFile}) ---\n${logTail()}`);
		}
	};

	const webhookPorts = options.webhookPorts ?? [];
	/** Starts the workers, then the webhook processes, each waited for; `append` on a restart. */
	const startHelpers = async (append: boolean) => {
		try {
			for (let index = 1; index <= (options.workers ?? 0); index++) {
				// Each worker runs its own task-runner broker and health server: both need ports of their own.
				const workerEnv = {
					...env,
					N8N_RUNNERS_BROKER_PORT: String(await freePort()),
					QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
				};
				const worker = spawnN8nProcess(runtime, userFolder, workerEnv, 'worker', `n8n-worker-${index}.log`, { append });
				helperProcesses.push(worker);
				if (!append) workers.push({ index, logFile: worker.logFile, logTail: (lines = 80) => readTail(worker.logFile, lines) });
				await waitForLine(worker.child, (line) => line.includes(WORKER_READY_LINE), START_TIMEOUT_MS, `n8n worker ${index}`);
			}
			for (const [offset, webhookPort] of webhookPorts.entries()) {
				const index = offset + 1;
				const webhookEnv = { ...env, N8N_PORT: String(webhookPort), N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
				const webhook = spawnN8nProcess(runtime, userFolder, webhookEnv, 'webhook', `n8n-webhook-${index}.log`, { append });
				helperProcesses.push(webhook);
				if (!append) {
					webhookProcesses.push({ index, logFile: webhook.logFile, logTail: (lines = 80) => readTail(webhook.logFile, lines), url: `http://127.0.0.1:${webhookPort}` });
				}
				await waitForLine(webhook.child, (line) => line.includes(WEBHOOK_READY_LINE), START_TIMEOUT_MS, `n8n webhook process ${index}`);
			}
		} catch (error) {
			keepUserFolder = true;
			await stop();
			throw new Error(`${(error as Error).message}\n--- n8n log (${logFile}) ---\n${logTail()}`);
		}
	};

	await untilReady();
	await startHelpers(false);

	const rest = axios.create({
		baseURL: `${url}/rest`,
		headers: { 'browser-id': BROWSER_ID },
		validateStatus: () => true,
		timeout: 60_000,
	});
	const publicApi = axios.create({ baseURL: `${url}/api/v1`, validateStatus: () => true, timeout: 60_000 });

	/**
	 * n8n's public API leaves out of a list the executions main holds as running
	 * (execution.service.js findManyAndCount, excludeRunning). In queue mode main can keep one there
	 * after its worker finished it (seen in CI: "Execution 43 (job 43) finished", then main waited on
	 * it at shutdown), so the list would miss it for good. The workers' logs name every execution
	 * they finished; those the list left out are read one by one.
	 */
	const finishedByWorkersUnlisted = async (workflowId: string, listed: ExecutionSummary[]): Promise<ExecutionSummary[]> => {
		const known = new Set(listed.map((execution) => String(execution.id)));
		const ids = new Set(
			workers.flatMap((worker) => executionIdsInWorkerLog(worker, 'finished')),
		);
		const found: ExecutionSummary[] = [];
		for (const id of ids) {
			if (known.has(id) || (workflowOfExecution.has(id) && workflowOfExecution.get(id) !== workflowId)) continue;
			const response = await publicApi.get(`/executions/${id}`, { params: { includeData: true } });
			if (response.status !== 200) continue;
			workflowOfExecution.set(id, String(response.data.workflowId));
			if (String(response.data.workflowId) === workflowId) found.push(response.data as ExecutionSummary);
		}
		return found;
	};
	const workflowOfExecution = new Map<string, string>();

	const cli = async (args: string[]) => {
		// Each CLI command starts its own task-runner broker; it must not collide with the server's.
		const cliEnv = { ...env, N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
		return await runBounded(runtime.nodeBin, [runtime.n8nBin, ...args], {
			cwd: userFolder,
			env: cliEnv,
			timeoutMs: CLI_TIMEOUT_MS,
		});
	};
	const cliOrThrow = async (args: string[]) => {
		const result = await cli(args);
		if (result.code !== 0) {
			throw new Error(`n8n ${args.join(' ')} exited with ${result.code}:\n${tail(result.stdout)}\n${tail(result.stderr)}`);
		}
		return result;
	};
	const writeInput = (name: string, content: unknown) => {
		const file = path.join(userFolder, `${name}-${Date.now()}.json`);
		writeFileSync(file, JSON.stringify(content, null, 2));
		return file;
	};

	return {
		url,
		userFolder,
		logFile,
		get pid() {
			return server.child.pid;
		},
		runtime,
		workers,
		webhookProcesses,
		rest,
		publicApi,
		logTail,
		stop,
		keepUserFolder: () => {
			keepUserFolder = true;
		},

		async restart(changes = {}) {
			await stopServer();
			Object.assign(env, changes);
			server = spawnN8nServer(runtime, userFolder, env, { append: true });
			await untilReady();
		},

		async restartAll() {
			await stopHelpers();
			await stopServer();
			server = spawnN8nServer(runtime, userFolder, env, { append: true });
			await untilReady();
			await startHelpers(true);
		},

		async crash() {
			const { child } = server;
			if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
			const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
			killGroup(child.pid, 'SIGKILL');
			await withTimeout(exited, 15_000, `n8n (process ${child.pid}) after SIGKILL`);
		},

		async setupOwner() {
			await ownerSession(rest, OWNER);
			publicApi.defaults.headers.common['X-N8N-API-KEY'] = await freshApiKey(rest, 'e2e');
		},

		async importCredentials(credentials) {
			await cliOrThrow(['import:credentials', `--input=${writeInput('credentials', credentials)}`]);
		},

		async importWorkflow(workflow) {
			const body = { active: false, settings: { executionOrder: 'v1' }, pinData: {}, ...workflow };
			await cliOrThrow(['import:workflow', `--input=${writeInput(`workflow-${workflow.id}`, body)}`]);
		},

		async execute(workflowId) {
			const result = await cli(['execute', `--id=${workflowId}`, '--rawOutput']);
			const parsed = result.code === 0 ? (parseCliJson(result.stdout) as ExecuteResult['run']) : undefined;
			return { ...result, run: parsed };
		},

		async activate(workflowId) {
			expectOk(await publicApi.post(`/workflows/${workflowId}/activate`, {}), `activate ${workflowId}`);
		},

		async deactivate(workflowId) {
			expectOk(await publicApi.post(`/workflows/${workflowId}/deactivate`, {}), `deactivate ${workflowId}`);
		},

		async listExecutions(workflowId) {
			const response = await publicApi.get('/executions', { params: { workflowId, includeData: true, limit: 100 } });
			expectOk(response, 'list executions');
			const listed = response.data.data as ExecutionSummary[];
			return [...listed, ...(await finishedByWorkersUnlisted(workflowId, listed))];
		},

		async createCredential(credential) {
			const response = await rest.post('/credentials', credential);
			expectOk(response, 'create credential');
			return String(response.data.data.id);
		},

		async testCredential(credential) {
			const response = await rest.post('/credentials/test', { credentials: credential });
			expectOk(response, 'credential test');
			return response.data.data as CredentialTestResult;
		},
	};
}
