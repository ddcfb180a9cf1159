/**
 * Invite with Skip Already Invited, run twice on the canvas: the user adds Invite after a node with
 * three candidates, adds the option (it comes on when added) and executes the workflow twice. Run 1
 * puts the three on the "Invited" output with their links; run 2 puts them on "Skipped", without
 * links, and the canvas says so: no run that invited nobody reads as three invitations. On the way,
 * the panel is pictured before a run (Start Time and End Time, which may be left empty) and with the option added.
 */
import { buildWorkflow, itemsNode, manualTrigger } from '../../harness/workflow';
import { saveWorkflow, useEditor } from './helpers/editor';
import {
	actionCanvasNode,
	addButton,
	addInterviewServiceNode,
	chooseOption,
	closeNodePanel,
	openWorkflow,
	nodePanel,
	option,
	outputHandleTexts,
	outputPanel,
	parameter,
	pickInterview,
	selectCredential,
	shot,
	waitForOutputJson,
	waitForText,
} from './helpers/panels';

const { scenario } = useEditor();

const CANDIDATES = [
	{ name: 'Grace Hopper', email: 'grace.skip@example.com' },
	{ name: 'Edsger Dijkstra', email: 'edsger.skip@example.com' },
	{ name: 'Barbara Liskov', email: 'barbara.skip@example.com' },
];
const INTERVIEW = 'Product Designer';

it(
	'run twice on the canvas: 3 on "Invited" with links, then 3 on "Skipped" without links, no invitation sent twice',
	scenario(async ({ page, session, rest, sandbox }) => {
		const workflow = buildWorkflow('unused', 'Browser: skip already invited', [manualTrigger('Start'), itemsNode('Candidates', CANDIDATES)], [['Start', 'Candidates']]);
		const workflowId = await saveWorkflow(rest, workflow);
		await openWorkflow(page, session.n8nUrl, workflowId, 'Candidates');
		await page.getByTestId('canvas-handle-plus').click();
		const ndv = await addInterviewServiceNode(page, 'Invite candidates');
		await selectCredential(page);
		await pickInterview(page, INTERVIEW);

		// Before any run: how Start Time and End Time (empty means from the run for a week) look, for the record.
		const required = [];
		for (const label of ['Start Time', 'End Time']) {
			const labelRow = ndv.getByTestId('input-label').filter({ has: page.locator('label', { hasText: new RegExp(`^\\s*${label}`) }) }).first();
			required.push(`${label}: label "${(await labelRow.innerText()).replace(/\s+/g, ' ').trim()}"`);
		}
		const issueIcons = await ndv.getByTestId('parameter-issues').count();
		const beforeRun = await shot(page, 'invite-before-run-start-end-time');
		process.stderr.write(`[browser] before a run: ${required.join('; ')}; parameter issue marks shown: ${issueIcons}; picture: ${beforeRun}\n`);

		await parameter(ndv, 'Start Time').fill('2030-02-04 09:00:00');
		await page.keyboard.press('Enter');
		await parameter(ndv, 'End Time').fill('2030-02-11 18:00:00');
		await page.keyboard.press('Enter');
		await chooseOption(page, ndv, 'Candidate Fields', 'Map Automatically');

		await addButton(ndv, 'Add Option').click();
		await option(page, 'Skip Already Invited').click();
		// Added from Options means wanting it: its switch is on at once.
		const skipSwitch = parameter(ndv, 'Skip Already Invited');
		await skipSwitch.waitFor({ state: 'attached' });
		expect(await skipSwitch.isChecked()).toBe(true);
		const optionLabel = ndv.locator('label').filter({ hasText: /^\s*Skip Already Invited/ }).first();
		const cut = await optionLabel.evaluate((label) =>
			[label, ...Array.from(label.querySelectorAll('*'))].some((element) => element.scrollWidth > element.clientWidth + 1),
		);
		const optionPicture = await shot(page, 'invite-skip-already-invited-option');
		process.stderr.write(`[browser] option "Skip Already Invited": switch on ${String(await skipSwitch.isChecked())}, label cut ${String(cut)} ("${(await optionLabel.innerText()).trim()}"); picture: ${optionPicture}\n`);
		expect(cut).toBe(false);

		await closeNodePanel(page);
		const invite = actionCanvasNode(page);
		// With the option on, the node shows two outputs, named.
		await waitForText(async () => (await outputHandleTexts(invite)).join(' | '), (text) => text.includes('Invited') && text.includes('Skipped'), 'the node\'s outputs');

		await page.getByTestId('execute-workflow-button').click();
		const [invited1, skipped1] = (await waitForText(async () => (await outputHandleTexts(invite)).join(' | '), (text) => /\b3 items\b/.test(text), 'the item counts of run 1')).split(' | ');
		expect(invited1).toMatch(/^(?=.*\bInvited\b)(?=.*\b3 items\b)/);
		expect(skipped1).toMatch(/\bSkipped\b/);
		expect(skipped1).not.toMatch(/\bitems?\b/);

		await page.getByTestId('execute-workflow-button').click();
		const [invited2, skipped2] = (
			await waitForText(async () => (await outputHandleTexts(invite)).join(' | '), (text) => /Skipped[^|]*\b3 items\b/.test(text), 'the item counts of run 2')
		).split(' | ');
		expect(invited2).toMatch(/\bInvited\b/);
		expect(invited2).not.toMatch(/\bitems?\b/);
		expect(skipped2).toMatch(/^(?=.*\bSkipped\b)(?=.*\b3 items\b)/);
		const canvasPicture = await shot(page, 'invite-run-twice-canvas');
		process.stderr.write(`[browser] canvas after run 2: "${invited2}" | "${skipped2}"; picture: ${canvasPicture}\n`);

		// In the node's output panel: the Skipped branch holds the three, marked skipped, with no link.
		await invite.dblclick();
		const output = outputPanel(page);
		// The branch tabs name the outputs; only Skipped has items.
		await output.getByText('Skipped Branch (3 items)', { exact: true }).click();
		expect(await output.getByText('Invited Branch', { exact: true }).isVisible()).toBe(true);
		const skippedJson = await waitForOutputJson(page, (json) => json.includes('"skipped": true'), 'the skipped candidates');
		for (const candidate of CANDIDATES) expect(skippedJson).toContain(`"email": "${candidate.email}"`);
		expect(skippedJson).not.toContain('preAuthLink');
		await shot(page, 'invite-run-twice-skipped-output');
		await nodePanel(page).getByTestId('ndv-close-button').click();

		// One invitation each: run 2 sent nothing.
		const requests = (await sandbox.get('/requests')).data as { requests: Array<{ route: string; body: { candidates?: Array<{ email: string }> } }> };
		const sent = requests.requests.filter((request) => request.route === 'POST /api/v1/interview/:id/access-links').flatMap((request) => (request.body.candidates ?? []).map((candidate) => candidate.email));
		expect(sent.filter((email) => email.endsWith('.skip@example.com')).sort()).toEqual(CANDIDATES.map((candidate) => candidate.email).sort());
	}),
);
