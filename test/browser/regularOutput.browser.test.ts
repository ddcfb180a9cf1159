/**
 * Where a failed candidate goes under On Error "Continue (regular output)" with Skip Already Invited,
 * as docs/operations.md says: n8n puts every failure of that setting on the first output, so the
 * refused candidate comes out on "Invited", marked with `error` and without a link, beside the
 * invited ones. Read from the execution n8n stored; the canvas is pictured for the record.
 */
import type { NodeSpec } from '../../harness/workflow';
import { CREDENTIAL_TYPE, buildWorkflow, interviewById, itemsNode, manualTrigger } from '../../harness/workflow';
import { saveWorkflow, useEditor } from './helpers/editor';
import { finishedExecutions, outputItems, publicApiOf } from './helpers/executions';
import { ACTION_NODE_TYPE, actionCanvasNode, openWorkflow, outputHandleTexts, shot, waitForText } from './helpers/panels';

const { scenario } = useEditor();

const CANDIDATES = [
	{ name: 'Mary Jackson', email: 'mary.regular@example.com' },
	{ name: 'Blocked Person', email: 'blocked.regular@example.com' },
];
/** The demo's "Senior Backend Engineer (Node.js)". */
const INTERVIEW_ID = '6650a1b2c3d4e5f601234501';
const INVITE = 'Invite Candidates';

it(
	'Continue (regular output) with Skip Already Invited: the refused candidate comes out on "Invited" with its error and no link',
	scenario(async ({ page, session, rest, sandbox }) => {
		const credentials = (await rest.get('/credentials')).data as { data: Array<{ id: string; name: string; type: string }> };
		const credential = credentials.data.find((entry) => entry.type === CREDENTIAL_TYPE);
		if (!credential) throw new Error('no Interview Service credential in the session');
		const invite: NodeSpec = {
			name: INVITE,
			type: ACTION_NODE_TYPE,
			typeVersion: 1,
			onError: 'continueRegularOutput',
			parameters: {
				resource: 'candidate',
				operation: 'invite',
				interviewId: interviewById(INTERVIEW_ID),
				mappingMode: 'autoMapInputData',
				options: { skipAlreadyInvited: true },
			},
			credentials: { [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } },
		};
		const workflow = buildWorkflow('unused', 'Browser: continue (regular output)', [manualTrigger('Start'), itemsNode('Candidates', CANDIDATES), invite], [
			['Start', 'Candidates'],
			['Candidates', INVITE],
		]);
		const workflowId = await saveWorkflow(rest, workflow);
		const publicApi = await publicApiOf(rest, session.n8nUrl, 'browser-regular-output');
		await sandbox.patch('/config', { refusals: { emails: [CANDIDATES[1].email], dialect: 'rejectRequest' } });
		try {
			await openWorkflow(page, session.n8nUrl, workflowId, INVITE);
			await page.getByTestId('execute-workflow-button').click();
			const [run] = await finishedExecutions(publicApi, workflowId, 1, 'the run');
			const invited = outputItems(run, INVITE, 0);
			expect(invited.map((item) => [item.email, typeof item.preAuthLink, typeof item.error])).toEqual([
				[CANDIDATES[0].email, 'string', 'undefined'],
				[CANDIDATES[1].email, 'undefined', 'string'],
			]);
			expect(String(invited[1].error)).toContain('refused');
			expect(outputItems(run, INVITE, 1)).toEqual([]);

			const counts = await waitForText(async () => (await outputHandleTexts(actionCanvasNode(page))).join(' | '), (text) => /\b2 items\b/.test(text), 'the item counts');
			const picture = await shot(page, 'invite-continue-regular-output-canvas');
			process.stderr.write(`[browser] Continue (regular output): outputs "${counts.replace(/\s+/g, ' ')}"; picture: ${picture}\n`);
			expect(counts).toMatch(/Invited[^|]*\b2 items\b/);
		} finally {
			await sandbox.patch('/config', { refusals: { emails: [] } });
		}
	}),
);
