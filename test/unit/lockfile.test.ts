import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { REPO_ROOT } from '../../harness/paths';

/**
 * npm install re-resolves every edge of the lockfile that its copy does not satisfy, an optional peer
 * included, against the newest releases, and keeps what that moves: a fresh install then changes
 * package-lock.json. `npm ls` reads the lockfile alone and names such edges (CONTRIBUTING.md, "Development").
 */
describe('package-lock.json', () => {
	it('has no edge its copy does not satisfy, so that npm install leaves it as it is', async () => {
		const listed = await promisify(execFile)('npm', ['ls', '--package-lock-only', '--all', '--json'], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 }).catch(
			(error: { stdout: string }) => ({ stdout: error.stdout }),
		);
		const { problems = [] } = JSON.parse(listed.stdout) as { problems?: string[] };
		expect(problems).toEqual([]);
	}, 60_000);
});
