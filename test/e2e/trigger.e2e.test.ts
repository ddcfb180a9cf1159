/**
 * Issue 4: the webhook trigger in real n8n. Activation borrows the interview's single webhook slot,
 * a simulated completion starts an execution (with the result), a forged call does not, and
 * deactivation gives the slot back.
 */
import { randomUUID } from 'node:crypto';

import { nodeOutput } from '../../harness/n8n';
import { TRIGGER_NODE_TYPE, buildWorkflow, interviewById, interviewServiceNode } from '../../harness/workflow';
import { TEST_TIMEOUT_MS, useE2e } from './helpers/context';
import { expectExecutionCountStays, postUntilRegistered, waitForExecutions, waitForWebhookUrl } from './helpers/executions';

const { withLog } = useE2e();

const WORKFLOW_ID = 'e2eTrigger';
const TRIGGER = 'Interview Service Trigger';
const ORIGINAL_WEBHOOK_URL = 'https://ats.example.com/hooks/interview-service';

describe('Interview Service Trigger in real n8n', () => {
	const shared: { interviewId?: string; webhookUrl?: string } = {};

	it(
		'activation puts our URL (with its secret) into the interview and keeps every other setting',
		withLog(async (ctx) => {
			const seeded = await ctx.control.post('/seed', {
				interviews: [
					{
						interviewName: 'E2E trigger interview',
						status: 'published',
						interviewConfig: { webhookUrl: ORIGINAL_WEBHOOK_URL, allowReattempt: true, allowTabSwitchCount: 2 },
					},
				],
			});
			const interviewId = (seeded.data as { interviewIds: string[] }).interviewIds[0];
			await ctx.control.post('/seed', { candidates: [{ interviewId, email: 'eve@example.com', name: 'Eve', status: 'scheduled' }] });
			shared.interviewId = interviewId;

			const trigger = {
				...interviewServiceNode(
					TRIGGER,
					{ interviewId: interviewById(interviewId), events: ['completed'], options: { includeResult: true } },
					ctx.credential,
					TRIGGER_NODE_TYPE,
				),
				webhookId: randomUUID(),
			};
			await ctx.n8n.importWorkflow(buildWorkflow(WORKFLOW_ID, 'e2e trigger', [trigger], []));
			await ctx.n8n.activate(WORKFLOW_ID);

			const ourPrefix = `${ctx.n8n.url}/webhook/${trigger.webhookId}/`;
			const config = await waitForWebhookUrl(ctx, interviewId, (url) => url.startsWith(ourPrefix));
			const webhookUrl = String(config.webhookUrl);
			expect(new URL(webhookUrl).searchParams.get('secret')).toEqual(expect.any(String));
			expect(config).toMatchObject({ allowReattempt: true, allowTabSwitchCount: 2, status: 'published' });
			shared.webhookUrl = webhookUrl;
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'rejects forged calls with 401 and starts no execution',
		withLog(async (ctx) => {
			const webhookUrl = new URL(String(shared.webhookUrl));
			const forgedEvent = {
				event: 'interview.completed',
				eventId: `evt_${randomUUID()}`,
				interviewId: shared.interviewId,
				candidate: { name: 'Mallory', email: 'mallory@example.com' },
			};
			const unsigned = new URL(webhookUrl);
			unsigned.search = '';
			expect((await postUntilRegistered(unsigned.toString(), forgedEvent)).status).toBe(401);
			const wrongSecret = new URL(webhookUrl);
			wrongSecret.searchParams.set('secret', 'not-the-secret');
			expect((await postUntilRegistered(wrongSecret.toString(), forgedEvent)).status).toBe(401);

			await expectExecutionCountStays(ctx.n8n, WORKFLOW_ID, 0, 1_000);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'a simulated completion starts one execution with the candidate and, with Include Result, the scores',
		withLog(async (ctx) => {
			const completion = await ctx.control.post(`/interviews/${shared.interviewId}/complete`, {
				email: 'eve@example.com',
				name: 'Eve',
				scores: { interviewScore: 84, communicationScore: 90, codingScore: 77 },
			});
			expect(completion.data.delivery).toMatchObject({ url: shared.webhookUrl, status: 200 });

			const executions = await waitForExecutions(ctx.n8n, WORKFLOW_ID, 1);
			expect(executions).toHaveLength(1);
			expect(executions[0].status).toBe('success');
			const [item] = nodeOutput(executions[0].data?.resultData.runData, TRIGGER);
			expect(item).toMatchObject({
				event: 'interview.completed',
				interviewId: shared.interviewId,
				candidateEmail: 'eve@example.com',
				candidate: { name: 'Eve', email: 'eve@example.com' },
				result: expect.objectContaining({ email: 'eve@example.com', interviewScore: 84, communicationScore: 90, codingScore: 77 }),
			});
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'deactivation puts the original webhookUrl back',
		withLog(async (ctx) => {
			await ctx.n8n.deactivate(WORKFLOW_ID);
			const config = await waitForWebhookUrl(ctx, String(shared.interviewId), (url) => url === ORIGINAL_WEBHOOK_URL);
			expect(config).toMatchObject({
				webhookUrl: ORIGINAL_WEBHOOK_URL,
				allowReattempt: true,
				allowTabSwitchCount: 2,
				status: 'published',
			});
		}),
		TEST_TIMEOUT_MS,
	);
});
