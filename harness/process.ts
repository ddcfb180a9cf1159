/**
 * Child-process plumbing shared by the sandbox and n8n launchers: free ports, bounded waits,
 * and a stop that always ends the whole process group, even when a test fails half-way.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() => {
				if (address && typeof address === 'object') resolve(address.port);
				else reject(new Error('could not allocate a free port'));
			});
		});
	});
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
	});
	try {
		return await Promise.race([promise, timeout]);
	} finally {
		clearTimeout(timer);
	}
}

export const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** Groups still running when the test process exits are killed, so no n8n outlives a crashed run. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals) {
	try {
		process.kill(-pid, signal);
	} catch {
		// Already gone.
	}
}

function installExitHook() {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	process.on('exit', () => {
		for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
	});
}

/** Spawned in its own process group so that stopping it also stops whatever it started (n8n's task runner). */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
	installExitHook();
	const child = spawn(command, args, { ...options, detached: true });
	if (child.pid !== undefined) {
		const pid = child.pid;
		liveGroups.add(pid);
		child.once('exit', () => liveGroups.delete(pid));
	}
	return child;
}

function hasExited(child: ChildProcess): boolean {
	return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM to the group, then SIGKILL after `graceMs`. Resolves once the leader has exited. */
export async function stopGroup(child: ChildProcess, graceMs = 10_000): Promise<void> {
	const pid = child.pid;
	if (pid === undefined) return;
	const exited = new Promise<void>((resolve) => {
		if (hasExited(child)) resolve();
		else child.once('exit', () => resolve());
	});
	killGroup(pid, 'SIGTERM');
	try {
		await withTimeout(exited, graceMs, `process ${pid} after SIGTERM`);
	} catch {
		killGroup(pid, 'SIGKILL');
		await withTimeout(exited, 5_000, `process ${pid} after SIGKILL`).catch(() => undefined);
	}
	// The leader may be gone while a grandchild (the task runner) lingers.
	killGroup(pid, 'SIGKILL');
	liveGroups.delete(pid);
}

export interface RunResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** Runs a command to completion with a hard time bound (`input`, when given, is its stdin); never throws on a non-zero exit. */
export async function runBounded(
	command: string,
	args: string[],
	options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs: number; input?: string },
): Promise<RunResult> {
	const child = spawnGroup(command, args, {
		cwd: options.cwd,
		env: options.env ?? process.env,
		stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
	});
	// A child that exits without reading its input must not fail the run with EPIPE; its exit code tells.
	child.stdin?.on('error', () => undefined);
	child.stdin?.end(options.input);
	let stdout = '';
	let stderr = '';
	child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const finished = new Promise<number | null>((resolve, reject) => {
		child.once('error', reject);
		child.once('close', (code) => resolve(code));
	});
	try {
		const code = await withTimeout(finished, options.timeoutMs, `${command} ${args.join(' ')}`);
		return { code, stdout, stderr };
	} catch (error) {
		await stopGroup(child, 2_000);
		throw new Error(`${(error as Error).message}\n--- stdout ---\n${tail(stdout)}\n--- stderr ---\n${tail(stderr)}`);
	}
}

export function tail(text: string, lines = 60): string {
	return text.split('\n').slice(-lines).join('\n');
}

/**
 * Resolves with the first line of `child`'s output that `match` accepts; rejects when the
 * process exits first or nothing matches in time.
 */
export async function waitForLine(
	child: ChildProcess,
	match: (line: string) => boolean,
	timeoutMs: number,
	what: string,
): Promise<string> {
	const found = new Promise<string>((resolve, reject) => {
		let buffer = '';
		const onData = (chunk: Buffer) => {
			buffer += chunk.toString();
			const lines = buffer.split('\n');
			buffer = lines.pop() ?? '';
			const hit = lines.find(match);
			if (hit !== undefined) {
				cleanup();
				resolve(hit);
			}
		};
		const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
			cleanup();
			reject(new Error(`${what} exited (code ${code}, signal ${signal}) before it was ready`));
		};
		const cleanup = () => {
			child.stdout?.off('data', onData);
			child.stderr?.off('data', onData);
			child.off('exit', onExit);
		};
		child.stdout?.on('data', onData);
		child.stderr?.on('data', onData);
		child.once('exit', onExit);
	});
	return await withTimeout(found, timeoutMs, `${what} start`);
}

/** Polls `probe` until it returns a value other than undefined; the last error or a timeout otherwise. */
export async function pollUntil<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string, intervalMs = 250): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs} ms`);
		await sleep(intervalMs);
	}
}
