import { spawn } from 'node:child_process';
import path from 'node:path';

import { clientFor, DEMO } from './client';

const ROOT = path.resolve(__dirname, '../../..');

/** Resolves with the first stdout line of the child. */
function firstLine(child: ReturnType<typeof spawn>): Promise<string> {
	return new Promise((resolve, reject) => {
		let out = '';
		child.stdout!.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			if (out.includes('\n')) resolve(out.split('\n')[0]);
		});
		child.on('exit', (code) => reject(new Error(`exited with ${code} before printing`)));
	});
}

describe('sandbox/main.ts as a process', () => {
	it('prints the listening line first, takes its flags, and stops on SIGTERM', async () => {
		const fault = JSON.stringify([{ route: 'GET /api/v1/interview/get-interviews', status: 503, count: 1 }]);
		const args = ['sandbox/main.ts', '--port', '0', '--seed', 'demo', '--score-style', 'zeko', '--faults', fault, '--webhook-style', 'typed', '--webhook-redelivery', 'twice'];
		const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), args, {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
		try {
			const line = await firstLine(child);
			expect(line).toMatch(/^Interview Service sandbox listening on http:\/\/127\.0\.0\.1:\d+$/);
			const url = line.split(' ').pop()!;

			const token = (await clientFor(url).post('/api/v1/auth/token', DEMO)).data.data.accessToken;
			const api = clientFor(url, { Authorization: `Bearer ${token}` });
			expect((await api.get('/api/v1/interview/get-interviews')).status).toBe(503);
			const list = await api.get('/api/v1/interview/get-interviews');
			expect(list.data.data).toHaveLength(3);
			expect((await clientFor(url).get('/__sandbox/config')).data.config).toMatchObject({
				scoreStyle: 'zeko',
				webhookStyle: 'typed',
				webhookRedelivery: 'twice',
			});
		} finally {
			child.kill('SIGTERM');
		}
		expect(await exited).toBe(0);
	});

	it('refuses a bad flag with exit code 2 and the usage', async () => {
		const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['sandbox/main.ts', '--score-style', 'fancy'], {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let err = '';
		child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
		const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
		expect(code).toBe(2);
		expect(err).toContain('--score-style must be one of: documented, zeko');
	});
});
