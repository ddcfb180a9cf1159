/**
 * Inviting two candidates typed into one node, into the interview the node before just created.
 * After "Create an interview", the user adds Invite from the "+", picks Interview "By Field"
 * (typing the field, interviewId, its hint names), types two e-mails separated by a comma in Email,
 * leaves the window empty and executes the step: one item came in, two go out, each with its link,
 * and the new interview holds both candidates. No expression, no Edit Fields, no Split Out.
 */
import { ACTION_NODE_TYPE as SAVED_ACTION_TYPE, buildWorkflow, interviewServiceNode, manualTrigger } from '../../harness/workflow';
import { exampleCredential } from '../../scripts/lib/examples';
import { saveWorkflow, useEditor } from './helpers/editor';
import {
	ACTION_NODE_TYPE,
	addInterviewServiceNode,
	closeNodePanel,
	openWorkflow,
	outputHandleTexts,
	outputPanel,
	parameter,
	selectCredential,
	shot,
	waitForOutputJson,
	waitForText,
} from './helpers/panels';

const { scenario } = useEditor();

const INTERVIEW_NAME = 'Browser: typed candidates';
const CREATE_NODE = 'Create Interview';
const EMAILS = ['ada.typed@example.com', 'alan.typed@example.com'];

it(
	'after Create, Invite with Interview "By Field" and two e-mails typed in Email: two output items with links, both in the new interview',
	scenario(async ({ page, session, rest, sandbox }) => {
		const create = interviewServiceNode(
			CREATE_NODE,
			{ resource: 'interview', operation: 'create', interviewName: INTERVIEW_NAME, jdType: 'text', jd: 'Backend engineer, Node.js', additionalFields: {} },
			exampleCredential(session.sandboxUrl),
			SAVED_ACTION_TYPE,
		);
		const workflowId = await saveWorkflow(rest, buildWorkflow('unused', 'Browser: typed candidates', [manualTrigger('Start'), create], [['Start', CREATE_NODE]]));
		await openWorkflow(page, session.n8nUrl, workflowId, CREATE_NODE);

		await page.getByTestId('canvas-handle-plus').click();
		const ndv = await addInterviewServiceNode(page, 'Invite candidates');
		await selectCredential(page);

		// The interview: the one the previous node created, read from its output by field name.
		await ndv.getByTestId('rlc-mode-selector').click();
		await page.getByRole('option', { name: 'By Field' }).click();
		// The mode's name fits its selector ("From Input Item" was cut to "From Inp").
		const mode = ndv.getByTestId('rlc-mode-selector').locator('input');
		expect(await mode.inputValue()).toBe('By Field');
		expect(await mode.evaluate((input) => input.scrollWidth <= input.clientWidth + 1)).toBe(true);
		await ndv.getByText('Name of the input field that holds the interview ID: interviewId after Create, Get or Get Many').waitFor();
		const field = ndv.getByTestId('resource-locator-interviewId').getByPlaceholder('interviewId');
		await field.fill('interviewId');
		await field.blur();

		// What one input item means, said where the candidate is set.
		await ndv.getByText('Each input item invites the candidates in Email: one, or several separated by commas. Each candidate gets an output item of their own.').waitFor();
		await parameter(ndv, 'Email').fill(EMAILS.join(', '));
		await parameter(ndv, 'Email').blur();
		await shot(page, 'typed-candidates-panel');

		await ndv.getByRole('button', { name: 'Execute step' }).first().click();
		const json = await waitForOutputJson(page, (text) => (text.match(/"preAuthLink"/g) ?? []).length === 2, 'the two invited candidates');
		const created = (await sandbox.get('/state')).data as {
			interviews: Array<{ interviewId: string; interviewName: string }>;
			candidates: Array<{ interviewId: string; email: string; status: string }>;
		};
		const interview = created.interviews.find((candidate) => candidate.interviewName === INTERVIEW_NAME);
		expect(interview).toBeDefined();
		for (const email of EMAILS) {
			expect(json).toMatch(new RegExp(`"email": "${email.replace(/\./g, '\\.')}", "preAuthLink": "${session.sandboxUrl}/interview/[^"]+\\?token=[^"]+", [^}]*"interviewId": "${interview!.interviewId}"`));
		}
		expect(await outputPanel(page).innerText()).toMatch(/\b2 items\b/);
		expect(created.candidates.filter((candidate) => EMAILS.includes(candidate.email)).map((candidate) => [candidate.email, candidate.interviewId, candidate.status])).toEqual(
			EMAILS.map((email) => [email, interview!.interviewId, 'scheduled']),
		);

		// On the canvas: one item into Invite, two out of it.
		await closeNodePanel(page);
		const invite = page.locator(`[data-test-id="canvas-node"][data-node-type="${ACTION_NODE_TYPE}"]:not([data-node-name="${CREATE_NODE}"])`);
		const [handle] = (await waitForText(async () => (await outputHandleTexts(invite)).join(' | '), (text) => /\bitems?\b/.test(text), "Invite's item count")).split(' | ');
		expect(handle).toMatch(/\b2 items\b/);
		const edges = (await page.getByTestId('edge-label').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
		expect(edges).toContain('1 item');
		const picture = await shot(page, 'typed-candidates-canvas');
		process.stderr.write(`[browser] typed candidates: Invite's output "${handle}", edges "${edges.join(' | ')}"; picture: ${picture}\n`);
	}),
);
