/**
 * Scenario 5, results that are not ready: an interview whose candidates are scheduled but none has
 * finished. Get Many Results shows what the user chose under Options → When Results Are Not Ready:
 * a status item (the default), or the service's message as an error.
 */
import { useEditor } from './helpers/editor';
import { addButton, addInterviewServiceNode, chooseOption, openNewWorkflow, option, outputPanel, pickInterview, selectCredential, waitForOutputJson, waitForText } from './helpers/panels';

const { scenario } = useEditor();

const INTERVIEW = 'Browser results not ready';

it(
	'an interview without completed candidates gives the status item by default, and the service\'s message when the user chose Stop With an Error',
	scenario(async ({ page, session, sandbox }) => {
		const seeded = await sandbox.post('/seed', { interviews: [{ interviewName: INTERVIEW, status: 'published' }] });
		const [interviewId] = (seeded.data as { interviewIds: string[] }).interviewIds;
		await sandbox.post('/seed', { candidates: [{ interviewId, email: 'waiting@example.com', name: 'Still Waiting' }] });

		await openNewWorkflow(page, session.n8nUrl);
		await page.getByRole('button', { name: 'Open nodes panel' }).click();
		const ndv = await addInterviewServiceNode(page, 'Get many results');
		await selectCredential(page);
		await pickInterview(page, INTERVIEW);

		const execute = ndv.getByRole('button', { name: 'Execute step' }).first();
		await execute.click();
		const status = await waitForOutputJson(page, (json) => json.includes('resultsReady'), 'the status item');
		expect(status).toContain(`"interviewId": "${interviewId}"`);
		expect(status).toContain('"resultsReady": false');
		expect(status).toContain('Results are not ready yet');

		// With one option in the collection, n8n adds it at once instead of listing it.
		await addButton(ndv, 'Add Option').click();
		const listed = option(page, 'When Results Are Not Ready');
		await listed.or(ndv.getByText('When Results Are Not Ready', { exact: true })).first().waitFor();
		if (await listed.isVisible()) await listed.click();
		await chooseOption(page, ndv, 'When Results Are Not Ready', 'Stop With an Error');
		await execute.click();
		const failure = await waitForText(async () => await outputPanel(page).innerText(), (text) => !text.includes('resultsReady') && text.includes('Results are not ready yet'), 'the error');
		expect(failure).not.toContain('"resultsReady"');
	}),
);
