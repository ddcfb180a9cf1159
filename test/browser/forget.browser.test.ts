/**
 * Forget Invited Candidates after a node with 4 items: the user adds it from the "+" after that
 * node, reads its notice (it runs once; not after Invite) and executes the step. It runs once, not
 * once per item: one output item, and the canvas says "1 item" after the "4 items" that came in.
 */
import { buildWorkflow, itemsNode, manualTrigger } from '../../harness/workflow';
import { saveWorkflow, useEditor } from './helpers/editor';
import {
	actionCanvasNode,
	addInterviewServiceNode,
	closeNodePanel,
	openWorkflow,
	outputHandleTexts,
	outputPanel,
	selectCredential,
	shot,
	waitForOutputJson,
	waitForText,
} from './helpers/panels';

const { scenario } = useEditor();

const ITEMS = [1, 2, 3, 4].map((n) => ({ email: `forget${n}@example.com`, name: `Forget ${n}` }));

it(
	'after a node with 4 items, Forget Invited Candidates gives one output item: it ran once',
	scenario(async ({ page, session, rest }) => {
		const workflow = buildWorkflow('unused', 'Browser: forget invited candidates', [manualTrigger('Start'), itemsNode('Four Items', ITEMS)], [['Start', 'Four Items']]);
		const workflowId = await saveWorkflow(rest, workflow);
		await openWorkflow(page, session.n8nUrl, workflowId, 'Four Items');
		await page.getByTestId('canvas-handle-plus').click();
		const ndv = await addInterviewServiceNode(page, 'Forget invited candidates');
		await selectCredential(page);
		await ndv.getByText(/Runs once, however many items come in/).waitFor();
		await ndv.getByText(/Do not place it after Invite/).waitFor();

		await ndv.getByRole('button', { name: 'Execute step' }).first().click();
		const output = outputPanel(page);
		const json = await waitForOutputJson(page, (text) => text.includes('"forgotten"'), 'Forget\'s answer');
		expect(json.match(/"forgotten"/g)).toHaveLength(1);
		expect(json).toContain('"forgotten": 0');
		expect(await output.innerText()).toMatch(/\b1 item\b/);
		await shot(page, 'forget-four-items-one-output');

		await closeNodePanel(page);
		const forget = actionCanvasNode(page);
		const [handle] = await waitForText(async () => (await outputHandleTexts(forget)).join(' | '), (text) => /\bitems?\b/.test(text), 'Forget\'s item count').then((text) => text.split(' | '));
		expect(handle).toMatch(/\b1 item\b/);
		// The edge into Forget carries the 4 items it read.
		const edges = (await waitForText(async () => (await page.getByTestId('edge-label').allInnerTexts()).join(' | '), (text) => /\bitems?\b/.test(text), 'the edges\' item counts')).split(' | ');
		expect(edges.join(' | ')).toMatch(/\b4 items\b/);
		const picture = await shot(page, 'forget-four-items-canvas');
		process.stderr.write(`[browser] Forget: output handle "${handle}", edges "${edges.join(' | ').replace(/\s+/g, ' ')}"; picture: ${picture}\n`);
	}),
);
