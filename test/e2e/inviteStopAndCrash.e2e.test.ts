/**
 * No link is lost when a run of Invite with Skip Already Invited does not finish, in real n8n (2.41.1,
 * and 1.123.81 through `npm run test:e2e:n8n1`): a candidate counts as invited only once the node has
 * handed their link on. A run stopped by a refusal (On Error at its default, Stop Workflow) and a run
 * whose n8n is killed (SIGKILL) half-way remember nobody, so the rerun hands every link on. Its
 * outputs: Invited, Skipped and the error output.
 */
import { pollUntil } from '../../harness/process';
import type { E2eContext, SandboxRequest } from './helpers/context';
import { TEST_TIMEOUT_MS, sandboxRequests, useE2e } from './helpers/context';
import { inviteRunOf, inviteWorkflow } from './helpers/inviteRuns';

const { context, withLog } = useE2e();

const ACCESS_LINKS = 'POST /api/v1/interview/:id/access-links';
type Json = Record<string, unknown>;

const people = (count: number, prefix: string) => Array.from({ length: count }, (_, n) => ({ email: `${prefix}${n}@example.com`, name: `${prefix} ${n}` }));
const emailsOf = (items: Json[]) => items.map((item) => String(item.email));
const withLinks = (items: Json[]) => items.filter((item) => typeof item.preAuthLink === 'string' && item.skipped === undefined);

async function seedInterview(ctx: E2eContext, name: string): Promise<string> {
	return ((await ctx.control.post('/seed', { interviews: [{ interviewName: name, status: 'published' }] })).data as { interviewIds: string[] }).interviewIds[0];
}

async function scheduledOf(ctx: E2eContext, interviewId: string): Promise<string[]> {
	const state = (await ctx.control.get('/state')).data as { candidates: Array<{ interviewId: string; email: string; status: string }> };
	return state.candidates.filter((candidate) => candidate.interviewId === interviewId && candidate.status === 'scheduled').map((candidate) => candidate.email).sort();
}

const linkRequestsOf = (requests: SandboxRequest[], interviewId: string) => requests.filter((request) => request.route === ACCESS_LINKS && request.path.includes(interviewId));

describe('Skip Already Invited loses no link when a run does not finish, in real n8n', () => {
	afterEach(async () => {
		// A test that failed half-way must not leave its refusals or faults to the next one.
		let ctx: E2eContext | undefined;
		try {
			ctx = context();
		} catch {
			return;
		}
		await ctx.control.patch('/config', { refusals: { emails: [] } }).catch(() => undefined);
		await ctx.control.delete('/faults').catch(() => undefined);
	});

	it(
		'Stop Workflow, run twice: run 1 stops at the refused candidate and remembers nobody; run 2, without them, hands on both links on Invited and skips none',
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx, 'E2E stop twice');
			const [first, refused, third] = people(3, 'stop');
			const sync = await inviteWorkflow(ctx, 'e2eInviteStop', interviewId);
			await ctx.control.patch('/config', { refusals: { emails: [refused.email], dialect: 'rejectRequest' } });

			const run1 = await sync.run([first, refused, third]);
			expect(run1.status).toBe('error');
			expect(run1.error).toBe(`The Interview Service refused ${refused.email} [item 1] for interview ${interviewId}, saying: Input validation failed`);
			// Nothing leaves a node that stopped the workflow, though the service scheduled the two good candidates.
			expect(run1.outputs.flat()).toEqual([]);
			expect(await scheduledOf(ctx, interviewId)).toEqual([first.email, third.email].sort());

			// The user reads the error and takes the refused candidate out of the ATS export.
			await ctx.control.patch('/config', { refusals: { emails: [] } });
			const requestsBefore = linkRequestsOf(await sandboxRequests(ctx.control), interviewId).length;
			const run2 = await sync.run([first, third]);
			expect(run2.status).toBe('success');
			const [invited, skipped] = run2.outputs;
			expect(run2.outputs).toHaveLength(2);
			expect(emailsOf(withLinks(invited))).toEqual([first.email, third.email]);
			expect(invited.map((item) => item.name)).toEqual([first.name, third.name]);
			expect(skipped).toEqual([]);
			// Both were sent again: a second invitation, with a link that reaches the workflow this time.
			const sent = linkRequestsOf(await sandboxRequests(ctx.control), interviewId).slice(requestsBefore);
			expect(sent.flatMap((request) => emailsOf((request.body as { candidates?: Json[] }).candidates ?? [])).sort()).toEqual([first.email, third.email].sort());

			// Now they are remembered: run 3 skips both, on the Skipped output.
			const run3 = await sync.run([first, third]);
			expect(run3.outputs[0]).toEqual([]);
			expect(emailsOf(run3.outputs[1])).toEqual([first.email, third.email]);
			expect(run3.outputs[1].every((item) => item.skipped === true && item.preAuthLink === undefined)).toBe(true);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'SIGKILL of n8n half-way through an Invite run (batch 1 scheduled, batch 2 held by the service), then a restart: the rerun hands on every link, skipping none',
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx, 'E2E killed run');
			const candidates = people(6, 'killed');
			const sync = await inviteWorkflow(ctx, 'e2eInviteKilled', interviewId, { options: { batchSize: 2, parallelBatches: 1 } });
			// Batch 1 goes through; batch 2 is held long enough for n8n to die waiting for it.
			const held = (await ctx.control.post('/faults', { route: ACCESS_LINKS, delayMs: 45_000, skip: 1, count: 1 })).data as { id: string };

			await sync.post(candidates);
			await pollUntil(
				async () => {
					const answered = linkRequestsOf(await sandboxRequests(ctx.control), interviewId);
					const faults = ((await ctx.control.get('/faults')).data as { faults: Array<{ id: string }> }).faults;
					// The held request has arrived once its one-shot fault is used up.
					return answered.length === 1 && !faults.some((fault) => fault.id === held.id) ? true : undefined;
				},
				90_000,
				'batch 1 answered and batch 2 held by the sandbox',
			);
			expect(await scheduledOf(ctx, interviewId)).toEqual(candidates.slice(0, 2).map((candidate) => candidate.email).sort());

			await ctx.n8n.crash();
			await ctx.n8n.restart();

			const run = await sync.run(candidates);
			expect(run.status).toBe('success');
			const [invited, skipped] = run.outputs;
			expect(emailsOf(withLinks(invited))).toEqual(candidates.map((candidate) => candidate.email));
			expect(skipped).toEqual([]);

			// The killed run is no success, and handed nothing on.
			const executions = await sync.finished(2);
			const killed = executions.find((execution) => String(execution.id) !== run.executionId);
			expect(killed && inviteRunOf(killed).status).not.toBe('success');
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'under "Continue (using error output)": Invited, Skipped and the error output, the refused candidate named in its error item',
		withLog(async (ctx) => {
			const interviewId = await seedInterview(ctx, 'E2E three outputs');
			const [first, refused, third] = people(3, 'outputs');
			const sync = await inviteWorkflow(ctx, 'e2eInviteOutputs', interviewId, { onError: 'continueErrorOutput' });
			await ctx.control.patch('/config', { refusals: { emails: [refused.email], dialect: 'rejectRequest' } });

			const run1 = await sync.run([first, refused, third]);
			expect(run1.status).toBe('success');
			expect(run1.outputs).toHaveLength(3);
			expect(emailsOf(withLinks(run1.outputs[0]))).toEqual([first.email, third.email]);
			expect(run1.outputs[1]).toEqual([]);
			// The error item is the refused candidate's input item, with the message naming them and the service's reason,
			// so the Error branch can write back to the ATS without a lookup.
			expect(run1.outputs[2]).toEqual([
				{ ...refused, error: `The Interview Service refused ${refused.email} [item 1] for interview ${interviewId}, saying: Input validation failed`, message: 'Input validation failed' },
			]);

			await ctx.control.patch('/config', { refusals: { emails: [] } });
			const run2 = await sync.run([first, refused, third]);
			expect(emailsOf(withLinks(run2.outputs[0]))).toEqual([refused.email]);
			expect(emailsOf(run2.outputs[1])).toEqual([first.email, third.email]);
			expect(run2.outputs[2] ?? []).toEqual([]);
		}),
		TEST_TIMEOUT_MS,
	);
});
