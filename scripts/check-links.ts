/**
 * Every link in the user and developer docs resolves: a relative link names a file or folder of
 * the repository, an `#anchor` names a heading of its target (GitHub's heading slugs), and an
 * absolute link is a well-formed http(s) or mailto URL (not fetched: CI has no internet).
 *
 * Usage: `tsx scripts/check-links.ts [--root DIR] [FILE ...]`; without files, the Markdown files
 * users and developers read. Exits 1 and names each broken link.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';

const DEFAULT_FILES = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'examples/README.md', 'harness/README.md', 'sandbox/README.md'];

const markdown = new MarkdownIt({ html: true });

export interface BrokenLink {
	file: string;
	line: number;
	link: string;
	reason: string;
}

interface Token {
	type: string;
	tag: string;
	map: [number, number] | null;
	content: string;
	children: Token[] | null;
	attrGet(name: string): string | null;
}

/** The anchors GitHub gives a Markdown file's headings. */
function anchorsOf(file: string): Set<string> {
	const slugger = new GithubSlugger();
	const tokens = markdown.parse(readFileSync(file, 'utf8'), {}) as Token[];
	const anchors = new Set<string>();
	tokens.forEach((token, index) => {
		if (token.type !== 'heading_open') return;
		const inline = tokens[index + 1];
		const text = (inline.children ?? []).map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join('');
		anchors.add(slugger.slug(text));
	});
	return anchors;
}

/** Every link of a Markdown file with its line: `[text](target)`, images and `<a href>` alike. */
function linksOf(file: string): Array<{ link: string; line: number }> {
	const links: Array<{ link: string; line: number }> = [];
	for (const token of markdown.parse(readFileSync(file, 'utf8'), {}) as Token[]) {
		let line = (token.map?.[0] ?? 0) + 1;
		for (const child of token.children ?? []) {
			if (child.type === 'softbreak' || child.type === 'hardbreak') line++;
			if (child.type === 'link_open') links.push({ link: child.attrGet('href') ?? '', line });
			if (child.type === 'image') links.push({ link: child.attrGet('src') ?? '', line });
			if (child.type === 'html_inline') for (const [, href] of child.content.matchAll(/href="([^"]+)"/g)) links.push({ link: href, line });
		}
	}
	return links;
}

function checkAbsolute(link: string): string | undefined {
	try {
		const url = new URL(link);
		if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) return `unexpected scheme ${url.protocol}`;
		if (url.protocol !== 'mailto:' && !url.hostname.includes('.') && url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') {
			return 'no host name';
		}
		return undefined;
	} catch {
		return 'not a well-formed URL';
	}
}

export function checkFiles(root: string, files: string[]): BrokenLink[] {
	const broken: BrokenLink[] = [];
	const anchorCache = new Map<string, Set<string>>();
	const anchors = (file: string) => {
		if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(file));
		return anchorCache.get(file)!;
	};
	for (const relative of files) {
		const file = path.join(root, relative);
		for (const { link, line } of linksOf(file)) {
			const report = (reason: string) => broken.push({ file: relative, line, link, reason });
			if (link === '') {
				report('empty link');
				continue;
			}
			if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
				const reason = checkAbsolute(link);
				if (reason) report(reason);
				continue;
			}
			const [target, anchor] = link.split('#', 2);
			const targetFile = target === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(target));
			if (!targetFile.startsWith(path.resolve(root))) {
				report('points outside the repository');
				continue;
			}
			if (!existsSync(targetFile)) {
				report(`no file ${path.relative(root, targetFile)}`);
				continue;
			}
			if (anchor === undefined || anchor === '') continue;
			if (statSync(targetFile).isDirectory() || !targetFile.endsWith('.md')) {
				report(`an anchor on ${path.relative(root, targetFile)}, which is no Markdown file`);
				continue;
			}
			if (!anchors(targetFile).has(decodeURIComponent(anchor))) report(`no heading #${anchor} in ${path.relative(root, targetFile)}`);
		}
	}
	return broken;
}

/** The files users and developers read: the top-level docs, the folders' READMEs and docs/*.md. */
export function documentationFiles(root: string): string[] {
	const docs = existsSync(path.join(root, 'docs'))
		? readdirSync(path.join(root, 'docs'))
				.filter((name) => name.endsWith('.md'))
				.map((name) => `docs/${name}`)
		: [];
	return [...DEFAULT_FILES.filter((file) => existsSync(path.join(root, file))), ...docs.sort()];
}

function main(argv: string[]): number {
	const rootAt = argv.indexOf('--root');
	const root = path.resolve(rootAt === -1 ? path.join(__dirname, '..') : argv[rootAt + 1]);
	const named = argv.filter((arg, index) => arg !== '--root' && index !== rootAt + 1);
	const files = named.length > 0 ? named : documentationFiles(root);
	const broken = checkFiles(root, files);
	for (const { file, line, link, reason } of broken) console.error(`${file}:${line}: ${link}: ${reason}`);
	console.log(`${files.length} files, ${broken.length} broken link(s)`);
	return broken.length === 0 ? 0 : 1;
}

if (require.main === module) process.exit(main(process.argv.slice(2)));
