/**
 * Scenario 4, Invite with Map Automatically: after a node that outputs candidates, the user adds
 * Invite, maps nothing by hand, sets On Error to the error output and executes the step. The output
 * panel shows one item with its links per valid candidate; the bad e-mail goes to the error branch,
 * which the canvas shows too.
 */
import { buildWorkflow, itemsNode, manualTrigger } from '../../harness/workflow';
import { saveWorkflow, useEditor } from './helpers/editor';
import {
	ACTION_NODE_TYPE,
	addButton,
	chooseOption,
	closeNodePanel,
	outputPanel,
	parameter,
	pickInterview,
	selectCredential,
	addInterviewServiceNode,
	waitForOutputJson,
	waitForText,
} from './helpers/panels';

const { scenario } = useEditor();

const CANDIDATES = [
	{ name: 'Ada Lovelace', email: 'ada.browser@example.com' },
	{ name: 'Broken Address', email: 'not-an-email' },
	{ name: 'Alan Turing', email: 'alan.browser@example.com' },
];

it(
	'Map Automatically: one output item with links per candidate; the bad e-mail on the error branch, shown on the canvas',
	scenario(async ({ page, session, rest, sandbox }) => {
		const workflow = buildWorkflow('unused', 'Browser: invite candidates', [manualTrigger('Start'), itemsNode('Candidates', CANDIDATES)], [['Start', 'Candidates']]);
		const workflowId = await saveWorkflow(rest, workflow);
		await page.goto(`${session.n8nUrl}/workflow/${workflowId}`);

		// The "+" after the Candidates node opens the nodes panel to add the next step.
		await page.locator('[data-test-id="canvas-node"][data-node-name="Candidates"]').waitFor();
		await page.getByTestId('canvas-handle-plus').click();
		const ndv = await addInterviewServiceNode(page, 'Invite candidates');
		await selectCredential(page);
		await pickInterview(page, 'Senior Backend Engineer (Node.js)', 'Senior Backend');
		await parameter(ndv, 'Start Time').fill('2030-01-07 09:00:00');
		await page.keyboard.press('Enter');
		await parameter(ndv, 'End Time').fill('2030-01-14 18:00:00');
		await page.keyboard.press('Enter');
		await chooseOption(page, ndv, 'Candidate Fields', 'Map Automatically');
		expect(await parameter(ndv, 'Email Field').inputValue()).toBe('email');
		// Each collection's button says what it adds.
		await addButton(ndv, 'Add Input Field').waitFor();
		for (const button of ['Add Input Field', 'Add Option', 'Add Request Option']) expect(await addButton(ndv, button).count()).toBe(1);

		await ndv.getByText('Settings', { exact: true }).click();
		await chooseOption(page, ndv, 'On Error', 'Continue (using error output)');
		await ndv.getByText('Parameters', { exact: true }).click();
		await ndv.getByRole('button', { name: 'Execute step' }).first().click();

		const output = outputPanel(page);
		await output.getByText('Success Branch (2 items)').waitFor();
		const success = await waitForOutputJson(page, (json) => json.includes('preAuthLink'), 'the invited candidates');
		for (const candidate of [CANDIDATES[0], CANDIDATES[2]]) {
			expect(success).toMatch(new RegExp(`"email": "${candidate.email}", "preAuthLink": "${session.sandboxUrl}/interview/[^"]+\\?token=`));
		}
		expect(success).not.toContain('not-an-email');

		await output.getByText('Error Branch (1 item)').click();
		const failed = await waitForOutputJson(page, (json) => json.includes('"error"'), 'the error branch');
		// Item 1 (counted from 0, as n8n's expressions do) is the second candidate.
		expect(failed).toContain('"error": "Email (input field \\"email\\") must be a valid e-mail address (item 1)"');

		// On the canvas: the node's two outputs, each labelled with its count of items.
		await closeNodePanel(page);
		const node = page.locator(`[data-test-id="canvas-node"][data-node-type="${ACTION_NODE_TYPE}"]`);
		const outputs = node.getByTestId('canvas-node-output-handle');
		await waitForText(async () => (await outputs.allInnerTexts()).join(' | '), (text) => text.includes('1 item'), 'the item counts of the node\'s outputs');
		const [successOutput, errorOutput] = (await outputs.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
		expect(successOutput).toMatch(/^(?=.*\bSuccess\b)(?=.*\b2 items\b)/);
		expect(errorOutput).toMatch(/^(?=.*\bError\b)(?=.*\b1 item\b)/);

		const state = (await sandbox.get('/state')).data as { candidates: Array<{ email: string; status: string }> };
		expect(state.candidates.filter((candidate) => candidate.email.endsWith('.browser@example.com')).map((candidate) => candidate.status)).toEqual(['scheduled', 'scheduled']);
	}),
);
