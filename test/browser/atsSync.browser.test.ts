/**
 * Example 5 as the demo imports it: the ATS sync, its ATS address pointing at the sandbox's stand-in ATS
 * and nothing else changed, run twice with "Execute workflow". The first run invites the ATS's candidates
 * (Newly Invited), the second sends nobody again (Already Invited); nobody reaches Not Invited.
 */
import { expectOk } from '../../harness/owner';
import { demoExample } from '../../scripts/lib/examples';
import { useEditor } from './helpers/editor';
import { finishedExecutions, outputItems, publicApiOf } from './helpers/executions';
import { openWorkflow } from './helpers/panels';

const { scenario } = useEditor();

const INVITE = 'Invite New Candidates';

it(
	'the ATS sync example as shipped runs in the demo: run 1 invites the stand-in ATS\'s candidates, run 2 skips them all',
	scenario(async ({ page, session, rest, sandbox }) => {
		const { name, nodes, connections, settings } = demoExample('atsSync', { exportFile: '/tmp/unused.csv', sandboxUrl: session.sandboxUrl });
		const created = await rest.post('/workflows', { name, nodes, connections, settings });
		expectOk(created, 'import the ATS sync example');
		const workflowId = String(created.data.data.id);
		const atsCandidates = ((await sandbox.get('/ats')).data as { candidates: Array<{ email: string }> }).candidates.map((candidate) => candidate.email);
		expect(atsCandidates.length).toBeGreaterThan(0);

		const publicApi = await publicApiOf(rest, session.n8nUrl, 'browser-ats-sync');
		await openWorkflow(page, session.n8nUrl, workflowId, INVITE);
		await page.getByTestId('execute-workflow-button').click();
		const [first] = await finishedExecutions(publicApi, workflowId, 1, 'the first run');
		expect(first.status).toBe('success');
		expect(outputItems(first, INVITE, 0).map((item) => [item.email, typeof item.preAuthLink])).toEqual(atsCandidates.map((email) => [email, 'string']));
		expect({ skipped: outputItems(first, INVITE, 1).length, failed: outputItems(first, INVITE, 2).length }).toEqual({ skipped: 0, failed: 0 });

		await page.getByTestId('execute-workflow-button').click();
		const [second] = await finishedExecutions(publicApi, workflowId, 2, 'the second run');
		expect(second.id).not.toBe(first.id);
		expect(second.status).toBe('success');
		expect(outputItems(second, INVITE, 0)).toEqual([]);
		expect(outputItems(second, INVITE, 1).map((item) => [item.email, item.skipped])).toEqual(atsCandidates.map((email) => [email, true]));
	}),
);
