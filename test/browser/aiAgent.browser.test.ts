/**
 * Example 4 as the demo imports it: the AI recruiting assistant, its OpenAI Chat Model on the stand-in OpenAI
 * credential (the sandbox's scripted chat model) and nothing else changed. In the editor's chat the user asks
 * which interviews are open, then to invite a candidate by e-mail. What is asserted is read whole: the agent's
 * answers from n8n's stored executions, the invitation from the sandbox's state.
 */
import { expectOk } from '../../harness/owner';
import { demoExample, EXAMPLES } from '../../scripts/lib/examples';
import { DEMO_INTERVIEW_IDS } from '../../sandbox/demo-data';
import { useEditor } from './helpers/editor';
import { finishedExecutions, publicApiOf, type StoredExecution } from './helpers/executions';
import { openWorkflow } from './helpers/panels';

const { scenario } = useEditor();

const AGENT = 'Recruiting Assistant';
const CANDIDATE = { name: 'Ada Lovelace', email: 'ada@example.com' };

/** The agent's answer: its last run's output (an agent that calls tools runs again after them). */
function agentAnswer(execution: StoredExecution): string {
	const runs = execution.data?.resultData.runData[AGENT] ?? [];
	const output = runs[runs.length - 1]?.data.main[0]?.[0]?.json.output;
	if (typeof output !== 'string') throw new Error(`no answer from ${AGENT} in execution ${execution.id}: ${JSON.stringify(runs).slice(0, 2_000)}`);
	return output;
}

interface SandboxView {
	interviews: Array<{ interviewId: string; interviewName: string; status: string }>;
	candidates: Array<{ interviewId: string; email: string; name?: string; status: string }>;
}

it(
	'example 4 as the demo imports it runs on the stand-in model: the chat lists the open interviews, then invites a candidate the sandbox then holds',
	scenario(async ({ page, session, rest, sandbox }) => {
		const { name, nodes, connections, settings } = demoExample('aiAgentTools', { exportFile: '/tmp/unused.csv', sandboxUrl: session.sandboxUrl });
		const created = await rest.post('/workflows', { name, nodes, connections, settings });
		expectOk(created, `import ${EXAMPLES.aiAgentTools.file} as the demo does`);
		const workflowId = String(created.data.data.id);
		const before = (await sandbox.get('/state')).data as SandboxView;
		expect(before.candidates.filter((candidate) => candidate.email === CANDIDATE.email)).toEqual([]);
		const published = before.interviews.filter((interview) => interview.status === 'published').map((interview) => interview.interviewName);
		expect(published.length).toBeGreaterThan(0);

		const publicApi = await publicApiOf(rest, session.n8nUrl, 'browser-ai-agent');
		await openWorkflow(page, session.n8nUrl, workflowId, AGENT);
		await page.getByTestId('workflow-chat-button').click();
		const input = page.getByTestId('canvas-chat').getByRole('textbox');

		await input.fill('Which interviews are open?');
		await input.press('Enter');
		const [first] = await finishedExecutions(publicApi, workflowId, 1, 'the answer to "Which interviews are open?"');
		expect(first.status).toBe('success');
		const listed = agentAnswer(first);
		for (const interviewName of published) expect(listed).toContain(interviewName);
		expect(listed).not.toContain('Data Analyst Intern');
		// The answer shows in the chat too (the stored one above is what is checked): @n8n/chat's bot message.
		await page.getByTestId('canvas-chat').locator('.chat-message-from-bot').first().waitFor();

		await input.fill(`Invite ${CANDIDATE.name}, ${CANDIDATE.email}, to the backend interview.`);
		await input.press('Enter');
		const [second] = await finishedExecutions(publicApi, workflowId, 2, 'the answer to the invitation');
		expect(second.id).not.toBe(first.id);
		expect(second.status).toBe('success');
		const after = (await sandbox.get('/state')).data as SandboxView;
		expect(after.candidates.filter((candidate) => candidate.email === CANDIDATE.email)).toEqual([
			expect.objectContaining({ interviewId: DEMO_INTERVIEW_IDS.backendEngineer, name: CANDIDATE.name, status: 'scheduled' }),
		]);
		const invited = agentAnswer(second);
		expect(invited).toMatch(/^I invited Ada Lovelace \(ada@example\.com\) to Senior Backend Engineer \(Node\.js\)\. Their interview link: \S+\?token=\S+$/);
		expect(invited).toContain(`${session.sandboxUrl}/interview/`);

		// The model the agent talked to was the sandbox's stand-in, offered both of the example's tools.
		const { exchanges } = (await sandbox.get('/openai')).data as { exchanges: Array<{ intent: string; tools: string[]; reply: { toolCalls?: Array<{ name: string }> } }> };
		expect(exchanges.flatMap((exchange) => exchange.reply.toolCalls ?? []).map((call) => call.name)).toEqual(['List_Open_Interviews', 'Invite_Candidate']);
		for (const exchange of exchanges) expect(exchange.tools.sort()).toEqual(['Invite_Candidate', 'List_Open_Interviews']);
	}),
);
