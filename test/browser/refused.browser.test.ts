/**
 * A candidate the service refuses, as a recruiter meets it: Invite after a node with three
 * candidates, On Error "Continue (using error output)", the service refusing the second one. The
 * Error branch holds that candidate's item, its message saying the service refused them by e-mail
 * and item; the other two have their links.
 */
import type { NodeSpec } from '../../harness/workflow';
import { CREDENTIAL_TYPE, buildWorkflow, interviewById, itemsNode, manualTrigger } from '../../harness/workflow';
import { saveWorkflow, useEditor } from './helpers/editor';
import { ACTION_NODE_TYPE, actionCanvasNode, openWorkflow, outputHandleTexts, outputPanel, shot, waitForOutputJson, waitForText } from './helpers/panels';

const { scenario } = useEditor();

const CANDIDATES = [
	{ name: 'Katherine Johnson', email: 'katherine.refused@example.com' },
	{ name: 'Blocked Person', email: 'blocked.refused@example.com' },
	{ name: 'Dorothy Vaughan', email: 'dorothy.refused@example.com' },
];
/** The demo's "Senior Backend Engineer (Node.js)". */
const INTERVIEW_ID = '6650a1b2c3d4e5f601234501';

it(
	'the refused candidate\'s item on the Error branch, its message saying "refused" with their e-mail; the others with their links',
	scenario(async ({ page, session, rest, sandbox }) => {
		const credentials = (await rest.get('/credentials')).data as { data: Array<{ id: string; name: string; type: string }> };
		const credential = credentials.data.find((entry) => entry.type === CREDENTIAL_TYPE);
		if (!credential) throw new Error('no Interview Service credential in the session');
		const invite: NodeSpec = {
			name: 'Invite Candidates',
			type: ACTION_NODE_TYPE,
			typeVersion: 1,
			onError: 'continueErrorOutput',
			parameters: {
				resource: 'candidate',
				operation: 'invite',
				interviewId: interviewById(INTERVIEW_ID),
				startTime: '2030-03-04T09:00:00',
				endTime: '2030-03-11T18:00:00',
				mappingMode: 'autoMapInputData',
				options: {},
			},
			credentials: { [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } },
		};
		const workflow = buildWorkflow(
			'unused',
			'Browser: a refused candidate',
			[manualTrigger('Start'), itemsNode('Candidates', CANDIDATES), invite],
			[
				['Start', 'Candidates'],
				['Candidates', 'Invite Candidates'],
			],
		);
		const workflowId = await saveWorkflow(rest, workflow);
		await sandbox.patch('/config', { refusals: { emails: [CANDIDATES[1].email], dialect: 'rejectRequest' } });
		try {
			await openWorkflow(page, session.n8nUrl, workflowId, 'Invite Candidates');
			const node = actionCanvasNode(page);
			await page.getByTestId('execute-workflow-button').click();
			const [success, error] = (await waitForText(async () => (await outputHandleTexts(node)).join(' | '), (text) => /\b1 item\b/.test(text), 'the item counts')).split(' | ');
			expect(success).toMatch(/^(?=.*\bSuccess\b)(?=.*\b2 items\b)/);
			expect(error).toMatch(/^(?=.*\bError\b)(?=.*\b1 item\b)/);

			await node.dblclick();
			const output = outputPanel(page);
			await output.getByText('Error Branch (1 item)').click();
			const failed = await waitForOutputJson(page, (json) => json.includes('"error"'), 'the error branch');
			// Item 1 (counted from 0, as n8n's own messages count) is the second candidate: the Error branch holds
			// their input item, the message naming them and the service's reason.
			expect(failed).toContain(`"error": "The Interview Service refused ${CANDIDATES[1].email} [item 1] for interview ${INTERVIEW_ID}, saying: Input validation failed"`);
			expect(failed).toContain(`"email": "${CANDIDATES[1].email}"`);
			expect(failed).toContain('"message": "Input validation failed"');
			expect(failed).not.toContain(CANDIDATES[0].email);
			expect(failed).not.toContain(CANDIDATES[2].email);
			const picture = await shot(page, 'invite-refused-error-branch');
			process.stderr.write(`[browser] the Error branch: ${failed.slice(0, 400)}; picture: ${picture}\n`);

			await output.getByText('Success Branch (2 items)').click();
			const invited = await waitForOutputJson(page, (json) => json.includes('preAuthLink'), 'the success branch');
			for (const candidate of [CANDIDATES[0], CANDIDATES[2]]) expect(invited).toContain(`"email": "${candidate.email}"`);
			expect(invited).not.toContain(CANDIDATES[1].email);
		} finally {
			await sandbox.patch('/config', { refusals: { emails: [] } });
		}
	}),
);
