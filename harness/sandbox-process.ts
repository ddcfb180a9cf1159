/**
 * The sandbox as a separate process, as a user runs it (`tsx sandbox/main.ts`), for tests that
 * need it outside the jest process: n8n calls it over loopback while jest drives it.
 */
import path from 'node:path';

import { REPO_ROOT } from './paths';

import { spawnGroup, stopGroup, tail, waitForLine } from './process';


const READY_LINE = 'Interview Service sandbox listening on ';

export interface SandboxProcess {
	url: string;
	stop(): Promise<void>;
}

export async function startSandboxProcess(options: { seed?: string; timeoutMs?: number } = {}): Promise<SandboxProcess> {
	const args = ['sandbox/main.ts', '--port', '0'];
	if (options.seed) args.push('--seed', options.seed);
	const child = spawnGroup(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), args, {
		cwd: REPO_ROOT,
		env: { ...process.env, SANDBOX_PORT: undefined },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	const keep = (chunk: Buffer) => (output = tail(output + chunk.toString(), 200));
	child.stdout?.on('data', keep);
	child.stderr?.on('data', keep);
	try {
		const line = await waitForLine(child, (l) => l.startsWith(READY_LINE), options.timeoutMs ?? 30_000, 'sandbox');
		const url = line.slice(READY_LINE.length).trim();
		return { url, stop: async () => await stopGroup(child, 5_000) };
	} catch (error) {
		await stopGroup(child, 2_000);
		throw new Error(`${(error as Error).message}\n--- sandbox output ---\n${output}`);
	}
}
