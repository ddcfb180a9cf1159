/**
 * `npm run release -- <patch|minor|major|x.y.z>`: bumps the version (package.json and the
 * lockfile), writes the CHANGELOG.md section, commits both and tags `v<version>`. It checks first
 * that the tree is clean and that lint and build pass. It never pushes and never publishes:
 * `git push --follow-tags` does, and the tag starts .github/workflows/publish.yml, which publishes
 * with npm provenance. `--dry-run` prints the new section and changes nothing.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from '../harness/paths';

import { nextVersion, releaseChangelog } from './lib/release';

const root = REPO_ROOT;
const git = (...args: string[]) =>
	execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

function commitsSinceLastTag(): string[] {
	let range = 'HEAD';
	try {
		range = `${git('describe', '--tags', '--abbrev=0', '--match', 'v*')}..HEAD`;
	} catch {
		// No release tag yet: every commit.
	}
	const log = git('log', '--no-merges', '--format=%s', range);
	return log === '' ? [] : log.split('\n');
}

function main(argv: string[]) {
	const dryRun = argv.includes('--dry-run');
	const [requested] = argv.filter((arg) => !arg.startsWith('--'));
	if (!requested) throw new Error('usage: npm run release -- <patch|minor|major|x.y.z> [--dry-run]');

	const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
	const version = nextVersion(manifest.version, requested);
	const tag = `v${version}`;
	const changelogFile = path.join(root, 'CHANGELOG.md');
	const date = new Date().toISOString().slice(0, 10);
	const changelog = releaseChangelog(readFileSync(changelogFile, 'utf8'), version, date, commitsSinceLastTag());
	if (dryRun) {
		process.stdout.write(`${manifest.version} -> ${version} (tag ${tag})\n\n${changelog}`);
		return;
	}

	if (git('status', '--porcelain') !== '') throw new Error('the working tree is not clean: commit or stash first');
	if (git('tag', '--list', tag) !== '') throw new Error(`tag ${tag} exists already`);
	run('npm', ['run', 'lint']);
	run('npm', ['run', 'build']);

	run('npm', ['version', version, '--no-git-tag-version']);
	writeFileSync(changelogFile, changelog);
	git('add', 'package.json', 'package-lock.json', 'CHANGELOG.md');
	git('commit', '-m', `Release ${version}`);
	git('tag', '-a', tag, '-m', `Release ${version}`);
	process.stdout.write(`Committed and tagged ${tag}. Publish with: git push --follow-tags\n`);
}

try {
	main(process.argv.slice(2));
} catch (error) {
	process.stderr.write(`release: ${(error as Error).message}\n`);
	process.exit(1);
}
