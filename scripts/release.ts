/**
 * `npm run release`, the one release command, with two halves as n8n's `n8n-node release` has:
 * - On a maintainer's machine, `npm run release -- <patch|minor|major|x.y.z>` bumps the version
 *   (package.json and the lockfile), moves CHANGELOG.md's Unreleased notes into the version's
 *   section, commits both and tags `v<version>`. It checks first that the tree is clean and that
 *   build and lint pass. It never pushes and never publishes: `git push --follow-tags` does, and the
 *   tag starts .github/workflows/publish.yml. `--dry-run` prints the new section and changes nothing.
 * - In GitHub Actions (publish.yml), `npm run release` runs `n8n-node release`, which there lints,
 *   builds and runs `npm publish` with RELEASE_MODE=true and npm provenance. On a machine that
 *   command would run release-it instead, with its own changelog and a push, so only this script calls it.
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

/** Publishes the checked-out version: n8n's release mode, with provenance (GitHub Actions only). */
function publishFromGitHubActions(argv: string[]) {
	if (argv.length > 0) throw new Error(`in GitHub Actions it publishes package.json's version and takes no arguments (got ${argv.join(' ')})`);
	run(path.join(root, 'node_modules', '.bin', 'n8n-node'), ['release']);
}

function main(argv: string[]) {
	if (process.env.GITHUB_ACTIONS) {
		publishFromGitHubActions(argv);
		return;
	}
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
	// Build first: lint scans the built package.
	run('npm', ['run', 'build']);
	run('npm', ['run', 'lint']);

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
