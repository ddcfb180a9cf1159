/**
 * The candidate's side: Invite hands out a link, the user opens it in the browser, plays the candidate on the
 * sandbox's page and clicks Finish; the active workflow whose Interview Service Trigger watches the interview
 * runs once with that candidate and the scores chosen on the page.
 */
import { randomUUID } from 'node:crypto';

import { expectOk } from '../../harness/owner';
import { pollUntil } from '../../harness/process';
import { buildWorkflow, CREDENTIAL_TYPE, interviewById, itemsNode, manualTrigger, TRIGGER_NODE_TYPE, type NodeSpec } from '../../harness/workflow';
import { saveWorkflow, useEditor } from './helpers/editor';
import { executionsOf, finishedExecutions, outputItems, publicApiOf } from './helpers/executions';
import { ACTION_NODE_TYPE, actionCanvasNode, openWorkflow, outputHandleTexts, waitForOutputJson, waitForText } from './helpers/panels';

const { scenario } = useEditor();

const INTERVIEW = 'Browser candidate page role';
const QUESTION = 'How would you explain an orbit to a child?';
const CANDIDATE = { name: 'Katherine Johnson', email: 'katherine.browser@example.com' };
const SCORES = { interviewScore: 84, communicationScore: 81, codingScore: 87 };
/** A whole link only: the pane may still be drawing the rest of it. */
const PRE_AUTH_LINK = /"preAuthLink": "(http:\/\/[^"]+\/interview\/[a-z0-9-]+\?token=[0-9a-f]{32})"/;

it(
	"a link from Invite opens the candidate's page; Finish runs the active trigger's workflow once with that candidate's scores",
	scenario(async ({ page, session, rest, sandbox }) => {
		const seeded = await sandbox.post('/seed', { interviews: [{ interviewName: INTERVIEW, status: 'published', sampleQuestions: [QUESTION] }] });
		const [interviewId] = (seeded.data as { interviewIds: string[] }).interviewIds;
		const credentials = (await rest.get('/credentials')).data as { data: Array<{ id: string; name: string; type: string }> };
		const credential = credentials.data.find((entry) => entry.type === CREDENTIAL_TYPE);
		if (!credential) throw new Error('no Interview Service credential in the session');
		const withCredential = { [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } };

		// The workflow a user leaves active: it runs when a candidate of the interview finishes.
		const trigger: NodeSpec = {
			name: 'Interview Completed',
			type: TRIGGER_NODE_TYPE,
			typeVersion: 3,
			webhookId: randomUUID(),
			parameters: { interviewId: interviewById(interviewId), events: ['completed'], options: {} },
			credentials: withCredential,
		};
		const triggerWorkflowId = await saveWorkflow(rest, buildWorkflow('unused', 'Browser: on completion', [trigger], []));
		const saved = await rest.get(`/workflows/${triggerWorkflowId}`);
		expectOk(saved, 'read the trigger workflow');
		expectOk(await rest.post(`/workflows/${triggerWorkflowId}/activate`, { versionId: saved.data.data.versionId }), 'activate the trigger workflow');
		const webhookUrl = async () => {
			const { interviews } = (await sandbox.get('/state')).data as { interviews: Array<{ interviewId: string; interviewConfig: { webhookUrl?: string } }> };
			return interviews.find((interview) => interview.interviewId === interviewId)?.interviewConfig.webhookUrl;
		};
		await pollUntil(async () => ((await webhookUrl())?.startsWith(`${session.n8nUrl}/webhook/`) ? true : undefined), 30_000, "n8n's URL in the interview");

		try {
			// Invite, executed in the editor; the link read from its output as a user copies it.
			const invite: NodeSpec = {
				name: 'Invite Candidates',
				type: ACTION_NODE_TYPE,
				typeVersion: 1,
				parameters: {
					resource: 'candidate',
					operation: 'invite',
					interviewId: interviewById(interviewId),
					startTime: '2030-03-04T09:00:00',
					endTime: '2030-03-11T18:00:00',
					mappingMode: 'autoMapInputData',
					options: {},
				},
				credentials: withCredential,
			};
			const inviteWorkflow = buildWorkflow(
				'unused',
				'Browser: invite a candidate',
				[manualTrigger('Start'), itemsNode('Candidate', [CANDIDATE]), invite],
				[
					['Start', 'Candidate'],
					['Candidate', 'Invite Candidates'],
				],
			);
			const inviteWorkflowId = await saveWorkflow(rest, inviteWorkflow);
			await openWorkflow(page, session.n8nUrl, inviteWorkflowId, 'Invite Candidates');
			const node = actionCanvasNode(page);
			await page.getByTestId('execute-workflow-button').click();
			await waitForText(async () => (await outputHandleTexts(node)).join(' | '), (text) => /\b1 item\b/.test(text), 'the invited candidate on the canvas');
			await node.dblclick();
			const output = await waitForOutputJson(page, (json) => PRE_AUTH_LINK.test(json), 'the preAuthLink in the output');
			const link = PRE_AUTH_LINK.exec(output)![1];
			expect(link.startsWith(`${session.sandboxUrl}/interview/`)).toBe(true);

			// The candidate's page, in a tab of the same browser.
			const candidate = await page.context().newPage();
			await candidate.goto(link);
			await candidate.getByRole('heading', { name: INTERVIEW }).waitFor();
			expect(await candidate.getByLabel('E-mail').inputValue()).toBe(CANDIDATE.email);
			await candidate.getByLabel(`1. ${QUESTION}`).fill('Like a ball thrown so fast that the ground keeps falling away beneath it.');
			await candidate.getByLabel(/^2\. /).fill('The trajectory tables for Friendship 7.');
			await candidate.getByText('Choose the scores').click();
			await candidate.getByLabel('Interview score').fill(String(SCORES.interviewScore));
			await candidate.getByLabel('Communication score').fill(String(SCORES.communicationScore));
			await candidate.getByLabel('Coding score').fill(String(SCORES.codingScore));
			await candidate.getByRole('button', { name: 'Finish' }).click();
			await candidate.getByRole('heading', { name: `Thank you, ${CANDIDATE.name}` }).waitFor();
			expect(await candidate.locator('#webhook').innerText()).toMatch(/it answered HTTP 200\.$/);

			// The trigger's workflow ran once, with that candidate: read from the execution n8n stored, whole.
			const publicApi = await publicApiOf(rest, session.n8nUrl, 'browser-candidate-page');
			const [run] = await finishedExecutions(publicApi, triggerWorkflowId, 1, "the trigger workflow's execution");
			expect({ executions: (await executionsOf(publicApi, triggerWorkflowId)).length, status: run.status }).toEqual({ executions: 1, status: 'success' });
			const [item] = outputItems(run, 'Interview Completed');
			expect(JSON.stringify(item)).toContain(`"email":"${CANDIDATE.email}"`);
			expect(item).toEqual(expect.objectContaining({ interviewId, scores: expect.objectContaining(SCORES) }));
			const deliveries = (await sandbox.get('/webhooks')).data as { deliveries: Array<{ interviewId: string; status: number }> };
			expect(deliveries.deliveries.filter((delivery) => delivery.interviewId === interviewId).map((delivery) => delivery.status)).toEqual([200]);
		} finally {
			await rest.post(`/workflows/${triggerWorkflowId}/deactivate`, {});
		}
	}),
);
