import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from '../../../harness/paths';

const REPOSITORY = 'https://github.com/n8n-nodes-interview-service/n8n-nodes-interview-service/blob/main/';

const CODEX_FILES = [
	'nodes/InterviewService/InterviewService.node.json',
	'nodes/InterviewServiceTrigger/InterviewServiceTrigger.node.json',
	'nodes/InterviewServiceResultsTrigger/InterviewServiceResultsTrigger.node.json',
];

interface Codex {
	alias?: string[];
	resources: { primaryDocumentation: Array<{ url: string }> };
}

const codexOf = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as Codex;

describe('the codex files (what the nodes panel and the node\'s Docs link read)', () => {
	it.each(CODEX_FILES)('%s: the Docs link is a page of this repository, without an anchor', (file) => {
		const [{ url }] = codexOf(file).resources.primaryDocumentation;
		// n8n appends "?utm_source=…" to this URL (NodeSettings docsUrl), which would land after an anchor and break it.
		expect(url).not.toContain('#');
		expect(url.startsWith(REPOSITORY)).toBe(true);
		expect(existsSync(path.join(REPO_ROOT, url.slice(REPOSITORY.length)))).toBe(true);
	});

	it('the words a hiring team searches for find the action node', () => {
		const alias = codexOf(CODEX_FILES[0]).alias ?? [];
		for (const word of ['candidate', 'hiring', 'recruit', 'invite candidates']) expect(alias).toContain(word);
	});
});
