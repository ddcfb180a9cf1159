/**
 * Scenario 5, results as an export sees them. On an interview whose candidates are invited but none
 * has finished, Get Many Results, as the panel adds it, returns nothing by default and says
 * so beside the output; "When No Candidate Has Finished", shown with the node's other fields, gives
 * the status item or the service's message instead. On an interview with one finished candidate and
 * one still invited, each row says which is which, and Only Finished Candidates keeps the finished one.
 */
import type { Locator, Page } from 'playwright-core';

import { useEditor } from './helpers/editor';
import { addButton, addInterviewServiceNode, chooseOption, openNewWorkflow, outputPanel, parameter, pickInterview, selectCredential, waitForOutputJson, waitForText } from './helpers/panels';

const { scenario } = useEditor();

const NOT_READY = 'Browser results not ready';
const HALF_DONE = 'Browser results half done';

/** The switch of the boolean parameter labelled `label`. */
function switchOf(scope: Locator, label: string): Locator {
	return parameter(scope, label).locator('xpath=ancestor::div[contains(@class, "el-switch")][1]');
}

async function seedInterview(sandbox: { post: (url: string, body: unknown) => Promise<{ data: unknown }> }, name: string, candidates: object[]): Promise<string> {
	const seeded = await sandbox.post('/seed', { interviews: [{ interviewName: name, status: 'published' }] });
	const [interviewId] = (seeded.data as { interviewIds: string[] }).interviewIds;
	await sandbox.post('/seed', { candidates: candidates.map((candidate) => ({ interviewId, ...candidate })) });
	return interviewId;
}

const outputText = async (page: Page) => (await outputPanel(page).innerText()).replace(/\s+/g, ' ');

it(
	'an interview nobody has finished gives nothing by default, said beside the output, and the status item or the service\'s message when chosen; Only Finished Candidates keeps the finished candidate',
	scenario(async ({ page, session, sandbox }) => {
		const notReadyId = await seedInterview(sandbox, NOT_READY, [{ email: 'waiting@example.com', name: 'Still Waiting' }]);
		await seedInterview(sandbox, HALF_DONE, [
			{ email: 'done@example.com', name: 'Done Already', status: 'completed', scores: { interviewScore: 81, communicationScore: 72, codingScore: 90 } },
			{ email: 'later@example.com', name: 'Not Yet' },
		]);

		await openNewWorkflow(page, session.n8nUrl);
		await page.getByRole('button', { name: 'Open nodes panel' }).click();
		const ndv = await addInterviewServiceNode(page, 'Get many results');
		await selectCredential(page);
		await pickInterview(page, NOT_READY);

		// The choice is a field of its own, showing its default.
		expect(await parameter(ndv, 'When No Candidate Has Finished').inputValue()).toBe('Output Nothing');
		const execute = ndv.getByRole('button', { name: 'Execute step' }).first();
		await execute.click();
		const nothing = await waitForText(async () => await outputText(page), (text) => text.includes('has finished yet'), 'the note beside the empty output');
		expect(nothing).toContain(`No candidate of interview ${notReadyId} has finished yet, so nothing was returned for it.`);
		expect(nothing).not.toContain('resultsReady');

		await chooseOption(page, ndv, 'When No Candidate Has Finished', 'Output a Status Item');
		await execute.click();
		const status = await waitForOutputJson(page, (json) => json.includes('resultsReady'), 'the status item');
		expect(status).toContain(`"interviewId": "${notReadyId}"`);
		expect(status).toContain('"resultsReady": false');

		await chooseOption(page, ndv, 'When No Candidate Has Finished', 'Stop With an Error');
		await execute.click();
		const failure = await waitForText(async () => await outputText(page), (text) => !text.includes('resultsReady') && text.includes('Results are not ready yet'), 'the error');
		expect(failure).not.toContain('"resultsReady"');

		// An interview with one finished candidate and one still invited: every row says which is which.
		await pickInterview(page, HALF_DONE);
		await execute.click();
		const both = await waitForOutputJson(page, (json) => json.includes('later@example.com') && json.includes('done@example.com'), 'both candidates');
		expect(both).toMatch(/"email": "done@example.com".*"completed": true/);
		expect(both).toMatch(/"email": "later@example.com".*"completed": false/);

		// With one option in the collection, n8n adds it at once instead of listing it; its switch is on when added
		// (adding it means wanting it).
		await addButton(ndv, 'Add Option').click();
		const onlyFinished = switchOf(ndv, 'Only Finished Candidates');
		await waitForText(async () => (await onlyFinished.getAttribute('class')) ?? '', (classes) => classes.includes('is-checked'), 'the switch on when added');
		await execute.click();
		const finished = await waitForOutputJson(page, (json) => json.includes('done@example.com') && !json.includes('later@example.com'), 'the finished candidate only');
		expect(finished).toContain('"completed": true');
		expect(finished).toContain('"interviewScore": 81');
	}),
);
