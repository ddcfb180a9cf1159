/**
 * Scenario 2, finding the node: the nodes panel's search (names and search aliases), the app's
 * entry with its triggers and the ten actions under their resources, and what the added node shows.
 */
import type { Locator } from 'playwright-core';

import { useEditor } from './helpers/editor';
import { ACTION_NODE_TYPE, chooseOption, closeNodePanel, nodePanel, nodesPanel, openInterviewServiceEntry, openNewWorkflow, parameter, waitForText } from './helpers/panels';

const { scenario } = useEditor();

/** The app's description, which n8n shows for the entry that merges the action node with its trigger. */
const APP_DESCRIPTION = 'Run AI-conducted candidate interviews: invite candidates, read their results and start workflows when they finish';

/** What the nodes panel lists under each resource: the operations' actions, in n8n's wording. */
const ACTIONS_BY_RESOURCE = [
	['Access actions', ['Create an access link', 'Create an access token']],
	['Candidate actions', ['Cancel scheduled candidates', 'Forget invited candidates', 'Invite candidates']],
	['Interview actions', ['Create an interview', 'Get an interview', 'Get many interviews', 'Update an interview', 'Update interview settings']],
	['Result actions', ['Get many results']],
] as const;

/** The entry names the panel lists for the current search. */
async function entryNames(panel: Locator): Promise<string[]> {
	return (await panel.getByTestId('node-creator-item-name').allInnerTexts()).map((name) => name.trim());
}

it(
	'search finds the node and both triggers by name and by the words a hiring team uses; the entry lists 3 triggers and the 11 actions under their resources',
	scenario(async ({ page, session }) => {
		await openNewWorkflow(page, session.n8nUrl);
		await page.getByRole('button', { name: 'Open nodes panel' }).click();
		const panel = nodesPanel(page);
		const search = panel.getByPlaceholder('Search nodes...');

		await search.fill('Interview');
		const found = await waitForText(async () => (await entryNames(panel)).join('\n'), (names) => names.includes('Interview Service Results Trigger'), 'the search results');
		// A new workflow's panel offers triggers: the action node appears as the app ("Interview Service") with its trigger inside.
		expect(found.split('\n')).toEqual(expect.arrayContaining(['Interview Service', 'Interview Service Results Trigger']));
		expect(await panel.getByText(APP_DESCRIPTION).first().isVisible()).toBe(true);

		for (const words of ['candidate', 'hiring', 'recruit', 'invite candidates']) {
			await search.fill(words);
			await waitForText(async () => (await entryNames(panel)).join('\n'), (names) => names.split('\n').includes('Interview Service'), `the search for "${words}"`);
		}

		await openInterviewServiceEntry(page);
		for (const trigger of ['On any event', 'On cheat probability marked', 'On interview completed']) {
			await panel.getByText(trigger, { exact: true }).waitFor();
		}
		await panel.getByText('Actions (11)').click();
		const listed = await waitForText(async () => await panel.innerText(), (text) => /result actions/i.test(text), 'the action list');
		// The panel shows the resource headings in capitals (innerText is the text as shown).
		const lines = listed.split('\n').map((line) => line.trim()).filter((line) => line !== '');
		const expected = ACTIONS_BY_RESOURCE.flatMap(([resource, actions]) => [resource.toUpperCase(), ...actions]);
		const start = lines.indexOf(expected[0]);
		expect(lines.slice(start, start + expected.length)).toEqual(expected);

		// The added node: n8n's operation names in its parameters, the action in plain words under its name on the canvas.
		await panel.getByText('Invite candidates', { exact: true }).click();
		const ndv = nodePanel(page);
		expect(await parameter(ndv, 'Resource').inputValue()).toBe('Candidate');
		expect(await parameter(ndv, 'Operation').inputValue()).toBe('Invite');
		const docs = await ndv.getByRole('link', { name: 'Docs' }).getAttribute('href');
		expect(docs).toMatch(/\/blob\/main\/docs\/operations\.md\?utm_source=/);

		await chooseOption(page, ndv, 'Resource', 'Result');
		expect(await parameter(ndv, 'Operation').inputValue()).toBe('Get Many');
		for (const [resource, operations] of [
			['Interview', ['Create', 'Get', 'Get Many', 'Update', 'Update Settings']],
			['Access', ['Create Link', 'Create Token']],
			['Candidate', ['Cancel Scheduled', 'Forget Invited Candidates', 'Invite']],
		] as const) {
			await chooseOption(page, ndv, 'Resource', resource);
			await parameter(ndv, 'Operation').click();
			for (const operation of operations) await page.getByRole('option').filter({ has: page.getByText(operation, { exact: true }) }).waitFor();
			await page.keyboard.press('Escape');
		}
		await chooseOption(page, ndv, 'Resource', 'Result');
		await closeNodePanel(page);
		// n8n renames a node it named after its action when the action changes; the subtitle is the line under the name.
		const node = page.locator(`[data-test-id="canvas-node"][data-node-type="${ACTION_NODE_TYPE}"]`);
		const shown = await waitForText(async () => await node.innerText(), (text) => text.split('\n').length >= 2, 'the node on the canvas');
		expect(shown.split('\n').map((line) => line.trim())).toEqual(['Get many results', 'Get many results']);
	}),
);
