/**
 * Scenario 7, a whole example: the scheduled results export opened in the editor and executed with
 * its "Execute workflow" button; every node succeeds and the CSV holds the candidates who have
 * finished (Get Results' Only Finished Candidates), none of those still invited.
 *
 * The same run takes the pictures in docs/ (every example's canvas, and example 1's Invite
 * Candidates node), so they show the editor as this suite found it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AxiosInstance } from 'axios';
import type { Page } from 'playwright-core';

import { expectOk } from '../../harness/owner';
import { REPO_ROOT } from '../../harness/paths';
import { EXAMPLES, loadExample, type ExampleName } from '../../scripts/lib/examples';
import { useEditor } from './helpers/editor';
import { canvasNode, nodePanel, waitForText } from './helpers/panels';

const { scenario } = useEditor();

const DOCS_DIR = path.join(REPO_ROOT, 'docs');
/** The examples whose canvas docs/ shows (the Google Sheets variant differs only in its last node). */
const PICTURED: ExampleName[] = ['atsInvitations', 'resultsExport', 'completionCallback', 'aiAgentTools'];

/** Imports an example as shipped (placeholders filled) through n8n's REST API; answers its id in this n8n. */
async function importExample(rest: AxiosInstance, name: ExampleName, exportFile: string): Promise<string> {
	const { name: title, nodes, connections, settings } = loadExample(name, { exportFile });
	const created = await rest.post('/workflows', { name: title, nodes, connections, settings });
	expectOk(created, `import example ${name}`);
	return String(created.data.data.id);
}

/** Opens a workflow and frames all of it, as "Zoom to Fit" does; waits until the canvas has stopped moving. */
async function openFramed(page: Page, n8nUrl: string, workflowId: string): Promise<void> {
	await page.goto(`${n8nUrl}/workflow/${workflowId}`);
	await page.getByTestId('canvas-node').first().waitFor();
	// Node icons are loaded after the nodes.
	await page.waitForLoadState('networkidle');
	await page.getByRole('button', { name: 'Zoom to Fit' }).click();
	const viewport = page.locator('.vue-flow__viewport');
	let previous = '';
	await waitForText(
		async () => (await viewport.getAttribute('style')) ?? '',
		(style) => {
			const settled = style === previous;
			previous = style;
			return settled;
		},
		'the canvas to stop zooming',
	);
}

function picture(example: ExampleName, suffix = ''): string {
	return path.join(DOCS_DIR, `example-${path.basename(EXAMPLES[example].file, '.json')}${suffix}.png`);
}

it(
	'the scheduled results export runs from the editor: every node succeeds and the CSV lists the finished candidates only (and docs/ pictures are refreshed)',
	scenario(async ({ page, session, rest, sandbox }) => {
		const exportFile = path.join(session.exportDir, 'interview-results.csv');
		const ids = {} as Record<ExampleName, string>;
		for (const name of Object.keys(EXAMPLES) as ExampleName[]) ids[name] = await importExample(rest, name, exportFile);

		for (const name of PICTURED) {
			await openFramed(page, session.n8nUrl, ids[name]);
			await page.screenshot({ path: picture(name) });
		}
		await openFramed(page, session.n8nUrl, ids.atsInvitations);
		await canvasNode(page, 'Invite Candidates').dblclick();
		// The picker shows the interview by its name once the node's list search has answered.
		await waitForText(async () => await nodePanel(page).getByTestId('rlc-input').inputValue(), (value) => value === 'Senior Backend Engineer (Node.js)', 'the interview\'s name');
		await page.screenshot({ path: picture('atsInvitations', '-invite-candidates') });

		await openFramed(page, session.n8nUrl, ids.resultsExport);
		// The big "Execute workflow" button (n8n also names each trigger's own run button so, hence its test id) runs
		// the workflow from its first trigger, the schedule.
		await page.getByTestId('execute-workflow-button').click();
		const nodes = loadExample('resultsExport').nodes.filter((node) => !/stickyNote|Trigger$/.test(node.type));
		// A node that ran shows its success mark (a check; n8n gives it no accessible name); the last one writes the file.
		const succeeded = (name: string) => canvasNode(page, name).getByTestId('canvas-node-status-success');
		await succeeded('Write CSV to Disk').waitFor({ timeout: 120_000 });
		for (const node of nodes) expect(await succeeded(node.name).isVisible()).toBe(true);

		const { interviews, candidates } = (await sandbox.get('/state')).data as {
			interviews: Array<{ interviewId: string; status: string }>;
			candidates: Array<{ interviewId: string; email: string; status: string }>;
		};
		const published = new Set(interviews.filter((interview) => interview.status === 'published').map((interview) => interview.interviewId));
		const ofPublished = candidates.filter((candidate) => published.has(candidate.interviewId));
		const expected = ofPublished.filter((candidate) => candidate.status === 'completed').map((candidate) => candidate.email);
		const notFinished = ofPublished.filter((candidate) => candidate.status !== 'completed').map((candidate) => candidate.email);
		expect(expected.length).toBeGreaterThan(0);
		expect(notFinished.length).toBeGreaterThan(0);
		// Only finished candidates: one row each, with a report link, and none for those still invited.
		const csv = readFileSync(exportFile, 'utf8');
		for (const email of expected) expect(csv).toContain(email);
		for (const email of notFinished) expect(csv).not.toContain(email);
		const [, ...rows] = csv.trim().split('\n');
		expect(rows).toHaveLength(expected.length);
		for (const row of rows) expect(row).toMatch(/,https?:\/\/[^,]+$/);
	}),
);
