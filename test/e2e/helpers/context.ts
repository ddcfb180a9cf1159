/**
 * One sandbox process and one real n8n per e2e test file: started in beforeAll, always stopped in
 * afterAll. A failing test gets the tail of n8n's log appended to its error, and the n8n user
 * folder is kept for inspection.
 */
import axios, { type AxiosInstance } from 'axios';
import { rmSync } from 'node:fs';
import path from 'node:path';

import type { CredentialImport, N8nInstance } from '../../../harness/n8n';
import { startN8n } from '../../../harness/n8n';
import { packPackage } from '../../../harness/pack';
import type { QueueServices } from '../../../harness/queue';
import { startQueueServices } from '../../../harness/queue';
import { DEFAULT_RUNTIME, N8N_1X_RUNTIME } from '../../../harness/runtime';
import type { SandboxProcess } from '../../../harness/sandbox-process';
import { startSandboxProcess } from '../../../harness/sandbox-process';
import { sandboxCredential } from '../../../harness/workflow';

export const SETUP_TIMEOUT_MS = 20 * 60_000;
export const TEST_TIMEOUT_MS = 5 * 60_000;

export interface E2eContext {
	n8n: N8nInstance;
	sandbox: SandboxProcess;
	/** The sandbox's control API (`/__sandbox/...`). */
	control: AxiosInstance;
	credential: CredentialImport;
	/** Queue mode only: the Postgres and Redis n8n runs on. */
	queue?: QueueServices;
}

export interface SandboxRequest {
	method: string;
	path: string;
	route: string;
	query: Record<string, unknown>;
	body: unknown;
	status: number;
	/** When the sandbox answered (ISO). */
	at: string;
}

/**
 * Which n8n the e2e files run in: the pinned 2.41.1, or the last n8n 1.x when the jest project
 * `e2e-n8n1` sets INTERVIEW_SERVICE_E2E_N8N=1.x (test/helpers/n8n1x.ts).
 */
export const E2E_RUNTIME = process.env.INTERVIEW_SERVICE_E2E_N8N === '1.x' ? N8N_1X_RUNTIME : DEFAULT_RUNTIME;

export interface UseE2eOptions {
	seed?: string;
	importCredential?: boolean;
	setupOwner?: boolean;
	/** Queue mode: Redis + Postgres (harness/queue.ts), the main process and this many `n8n worker`s. */
	queueWorkers?: number;
	/** More environment for n8n, e.g. feature flags. */
	env?: NodeJS.ProcessEnv;
}

export function useE2e(options: UseE2eOptions = {}) {
	const holder: { ctx?: E2eContext; failed: boolean } = { failed: false };
	let n8n: N8nInstance | undefined;
	let sandbox: SandboxProcess | undefined;
	let queue: QueueServices | undefined;

	beforeAll(async () => {
		sandbox = await startSandboxProcess({ seed: options.seed });
		if (options.queueWorkers !== undefined) queue = await startQueueServices();
		const tgz = await packPackage();
		try {
			n8n = await startN8n({ tgz, runtime: E2E_RUNTIME, env: { ...queue?.n8nEnv, ...options.env }, workers: options.queueWorkers });
		} finally {
			rmSync(path.dirname(tgz), { recursive: true, force: true });
		}
		process.stderr.write(`[e2e] n8n ${n8n.runtime.n8nVersion} on ${n8n.runtime.nodeBin}, ${n8n.workers.length} worker(s), at ${n8n.url}\n`);
		if (options.setupOwner !== false) await n8n.setupOwner();
		const credential = sandboxCredential(sandbox.url);
		if (options.importCredential !== false) await n8n.importCredentials([credential]);
		const control = axios.create({ baseURL: `${sandbox.url}/__sandbox`, timeout: 30_000 });
		holder.ctx = { n8n, sandbox, control, credential, queue };
	}, SETUP_TIMEOUT_MS);

	// Bounded per process: queue mode stops two workers, main, Postgres and Redis, each given up to 15 s to exit.
	afterAll(async () => {
		if (holder.failed) n8n?.keepUserFolder();
		await n8n?.stop();
		await queue?.stop();
		await sandbox?.stop();
		if (holder.failed && n8n) process.stderr.write(`n8n user folder kept for inspection: ${n8n.userFolder}\n`);
	}, 120_000);

	const context = (): E2eContext => {
		if (!holder.ctx) throw new Error('e2e setup did not complete (see beforeAll error)');
		return holder.ctx;
	};

	/** Wraps a test body so that a failure carries n8n's log tail. */
	const withLog = (body: (ctx: E2eContext) => Promise<void>) => async () => {
		const ctx = context();
		try {
			await body(ctx);
		} catch (error) {
			holder.failed = true;
			if (error instanceof Error) error.message += `\n--- n8n log tail (${ctx.n8n.logFile}) ---\n${ctx.n8n.logTail(60)}`;
			throw error;
		}
	};

	return { context, withLog };
}

export async function sandboxRequests(control: AxiosInstance): Promise<SandboxRequest[]> {
	return ((await control.get('/requests')).data as { requests: SandboxRequest[] }).requests;
}
