/**
 * Scenario 6, the trigger: testing it ("Listening for test event") borrows the interview's webhook address, a
 * candidate finishing in the sandbox shows up in the panel, and the interview's own address is back
 * once the test is over.
 */
import { pollUntil } from '../../harness/process';
import { TEST_EVENT_HINT } from '../../nodes/InterviewServiceTrigger/description';
import { useEditor } from './helpers/editor';
import { addInterviewServiceNode, openNewWorkflow, pickInterview, selectCredential, waitForOutputJson } from './helpers/panels';

const { scenario } = useEditor();

const INTERVIEW = 'Browser trigger role';
/** The address the interview had before the test: an ATS of the user's, which must get it back. */
const OWN_WEBHOOK = 'https://ats.example.com/hooks/interview-service';

it(
	'Execute step (listening for a test event), as the panel\'s hint says, receives a completion from the sandbox, and gives the interview its own URL back',
	scenario(async ({ page, session, sandbox }) => {
		const seeded = await sandbox.post('/seed', {
			interviews: [{ interviewName: INTERVIEW, status: 'published', interviewConfig: { webhookUrl: OWN_WEBHOOK } }],
		});
		const [interviewId] = (seeded.data as { interviewIds: string[] }).interviewIds;
		await sandbox.post('/seed', { candidates: [{ interviewId, email: 'grace.browser@example.com', name: 'Grace Hopper' }] });
		const webhookUrl = async () => {
			const { interviews } = (await sandbox.get('/state')).data as { interviews: Array<{ interviewId: string; interviewConfig?: { webhookUrl?: string } }> };
			return interviews.find((interview) => interview.interviewId === interviewId)?.interviewConfig?.webhookUrl;
		};

		await openNewWorkflow(page, session.n8nUrl);
		await page.getByRole('button', { name: 'Open nodes panel' }).click();
		const ndv = await addInterviewServiceNode(page, 'On interview completed');
		await selectCredential(page);
		await pickInterview(page, INTERVIEW);
		await ndv.getByText(/^An interview sends its events to one workflow at a time/).waitFor();

		// The hint names the button, so the test clicks that one.
		await ndv.getByRole('button', { name: 'Execute step' }).first().click();
		await ndv.getByText('Listening for test event').waitFor();
		// n8n's own line for every service says only "Go to Interview Service and create an event"; ours, beside it, says how.
		expect(await ndv.getByText(TEST_EVENT_HINT).isVisible()).toBe(true);
		const borrowed = await pollUntil(async () => {
			const url = await webhookUrl();
			return url?.startsWith(`${session.n8nUrl}/webhook-test/`) ? url : undefined;
		}, 30_000, 'the test URL in the interview');
		expect(borrowed).toContain('secret=');

		await sandbox.post(`/interviews/${interviewId}/complete`, { email: 'grace.browser@example.com', scores: { interviewScore: 91, communicationScore: 88, codingScore: 94 } });
		const event = await waitForOutputJson(page, (json) => json.includes('grace.browser@example.com'), 'the event in the panel');
		expect(event).toContain(`"interviewId": "${interviewId}"`);
		expect(event).toContain('"eventKind": "completed"');
		expect(event).toContain('"interviewScore": 91');

		await pollUntil(async () => ((await webhookUrl()) === OWN_WEBHOOK ? true : undefined), 30_000, 'the interview\'s own webhook URL back');
	}),
);
