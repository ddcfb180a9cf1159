import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from '../../harness/paths';

/** What npm shows and n8n's verification compares: package.json is where a maintainer sets them. */
interface Manifest {
	name: string;
	author: { name: string; email: string };
	homepage: string;
	repository: { type: string; url: string };
	bugs: { url: string };
}

const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;
const repositoryUrl = /^git\+(https:\/\/github\.com\/([\w.-]+)\/([\w.-]+))\.git$/.exec(manifest.repository.url);

// Never written by hand, or not ours: the lockfile, what installs and builds write.
const SKIPPED = new Set(['node_modules', 'dist', '.tmp', '.git', 'package-lock.json', 'coverage']);
const TEXT = /\.(ts|js|cjs|mjs|json|md|yml|yaml|txt)$|^LICENSE$|^run$/;

function textFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((entry) => {
		if (SKIPPED.has(entry)) return [];
		const file = path.join(dir, entry);
		if (statSync(file).isDirectory()) return textFiles(file);
		return TEXT.test(entry) ? [file] : [];
	});
}

describe('package metadata (package.json: repository, homepage, bugs, author)', () => {
	it('repository is a GitHub repository, and homepage and bugs are its README and its issues', () => {
		expect(manifest.repository.type).toBe('git');
		expect(repositoryUrl).not.toBeNull();
		const [, repository] = repositoryUrl!;
		expect(manifest.homepage).toBe(`${repository}#readme`);
		expect(manifest.bugs.url).toBe(`${repository}/issues`);
	});

	it('author is who LICENSE names, with an e-mail address', () => {
		const license = readFileSync(path.join(REPO_ROOT, 'LICENSE'), 'utf8');
		expect(license).toMatch(new RegExp(`^Copyright \\(c\\) \\d{4} ${manifest.author.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
		expect(manifest.author.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
	});

	it('every link to this repository in the repository names the repository package.json names', () => {
		const [, repository, owner, name] = repositoryUrl!;
		const links = textFiles(REPO_ROOT).flatMap((file) =>
			[...readFileSync(file, 'utf8').matchAll(/github\.com\/([\w.-]+)\/([\w.-]+)/g)]
				.map(([link, linkOwner, linkName]) => ({ file: path.relative(REPO_ROOT, file), link, linkOwner, linkName: linkName.replace(/\.git$/, '') }))
				.filter(({ linkOwner, linkName }) => linkOwner === owner || linkName === name || linkName === manifest.name),
		);
		const elsewhere = links.filter(({ link }) => !`https://${link}`.startsWith(repository)).map(({ file, link }) => `${file}: ${link}`);
		expect(elsewhere).toEqual([]);
		// The nodes' Docs links and the credential's documentation link are among them.
		const files = new Set(links.map(({ file }) => file));
		expect(files).toContain(path.join('credentials', 'InterviewServiceApi.credentials.ts'));
		expect(files).toContain(path.join('nodes', 'InterviewService', 'InterviewService.node.json'));
	});
});
