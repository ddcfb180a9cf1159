import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** Runs the link check as `npm run lint:links` does (through tsx: github-slugger is an ES module). */
function checkLinks(args: string[]) {
	const result = spawnSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPO_ROOT, 'scripts', 'check-links.ts'), ...args], {
		encoding: 'utf8',
		timeout: 60_000,
	});
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the docs link check', () => {
	let root: string;
	beforeAll(() => {
		root = mkdtempSync(path.join(tmpdir(), 'check-links-'));
		mkdirSync(path.join(root, 'docs'));
		writeFileSync(path.join(root, 'docs', 'guide.md'), '# Guide\n\n## Errors, retries and timeouts\n\nText.\n');
		writeFileSync(
			path.join(root, 'README.md'),
			[
				'# Title',
				'',
				'[good file](docs/guide.md) [good anchor](docs/guide.md#errors-retries-and-timeouts) [own heading](#title)',
				'[missing file](docs/gone.md)',
				'[missing anchor](docs/guide.md#errors)',
				'[bad url](https://)',
				'![missing image](docs/missing.png)',
			].join('\n'),
		);
	});
	afterAll(() => rmSync(root, { recursive: true, force: true }));

	it('names each broken file link, anchor, image and URL with its line, and fails', () => {
		const { status, output } = checkLinks(['--root', root, 'README.md', 'docs/guide.md']);
		expect(status).toBe(1);
		expect(output).toContain('README.md:4: docs/gone.md: no file docs/gone.md');
		expect(output).toContain('README.md:5: docs/guide.md#errors: no heading #errors in docs/guide.md');
		expect(output).toContain('README.md:6: https://: not a well-formed URL');
		expect(output).toContain('README.md:7: docs/missing.png: no file docs/missing.png');
		expect(output).toContain('2 files, 4 broken link(s)');
	});

	it('passes on this repository\'s own docs', () => {
		const { status, output } = checkLinks([]);
		expect(output).toMatch(/, 0 broken link\(s\)/);
		expect(status).toBe(0);
	});
});
