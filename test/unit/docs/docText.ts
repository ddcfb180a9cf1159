import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/** A Markdown file of the repository, as users read it. */
export const readDoc = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

/** The text under a `## heading` (or any level), up to the next heading of the same or a higher level. */
export function sectionOf(markdown: string, heading: string): string {
	const lines = markdown.split('\n');
	const start = lines.findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, '') === heading);
	if (start === -1) throw new Error(`No heading "${heading}"`);
	const level = /^#+/.exec(lines[start])?.[0].length ?? 1;
	const end = lines.findIndex((line, index) => index > start && /^#+ /.test(line) && (/^#+/.exec(line)?.[0].length ?? 0) <= level);
	return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** Markdown's line breaks inside a paragraph or list item do not split a sentence: one space instead. */
export const asOneLine = (markdown: string): string => markdown.replace(/\s*\n\s*/g, ' ');

/** JSON on one line the way the docs write it: `{"message": "…", "repeat": true}`. */
export function docJson(value: Record<string, unknown>): string {
	return `{${Object.entries(value)
		.map(([key, entry]) => `${JSON.stringify(key)}: ${JSON.stringify(entry)}`)
		.join(', ')}}`;
}
