/**
 * Skip Candidates Already Invited in real n8n (2.41.1, and 1.123.81 through `npm run test:e2e:n8n1`),
 * with n8n's own processed-data store: the same 50 candidates posted again and again, as an ATS sync
 * would, run 1 failing for 5 of them; then 3 cancelled; and the memory across a restart of n8n.
 */
import type { SandboxRequest } from './helpers/context';
import { TEST_TIMEOUT_MS, sandboxRequests, useE2e } from './helpers/context';
import { syncWorkflow } from './helpers/invitedHistory';

const { withLog } = useE2e();

const ACCESS_LINKS = 'POST /api/v1/interview/:id/access-links';
type Json = Record<string, unknown>;

const sentTo = (requests: SandboxRequest[], interviewId: string) =>
	requests
		.filter((request) => request.route === ACCESS_LINKS && request.path.includes(interviewId))
		.map((request) => ((request.body as { candidates?: Json[] }).candidates ?? []).map((candidate) => String(candidate.email)));

const linked = (items: Json[]) => items.filter((item) => typeof item.preAuthLink === 'string').map((item) => String(item.email));
const skipped = (items: Json[]) => items.filter((item) => item.skipped === true).map((item) => String(item.email));

describe('Skip Candidates Already Invited in real n8n, with its processed-data store', () => {
	it(
		'run 1 invites 45 of 50, run 2 invites the 5 and skips 45, run 3 sends nothing; after cancelling 3, run 4 invites those 3; the memory survives a restart',
		withLog(async (ctx) => {
			const interviewId = ((await ctx.control.post('/seed', { interviews: [{ interviewName: 'E2E sync', status: 'published' }] })).data as { interviewIds: string[] }).interviewIds[0];
			const candidates = Array.from({ length: 50 }, (_, n) => ({ email: `sync${n}@example.com`, name: `Sync ${n}` }));
			const emails = candidates.map((candidate) => candidate.email);
			const failing = [3, 14, 25, 36, 47].map((n) => emails[n]);
			const sync = await syncWorkflow(ctx, 'e2eInvitedHistory', interviewId);
			let seen = 0;
			const runSends = async () => {
				const all = sentTo(await sandboxRequests(ctx.control), interviewId);
				const fresh = all.slice(seen);
				seen = all.length;
				return fresh;
			};

			await ctx.control.patch('/config', { refusals: { emails: failing, dialect: 'omitCandidate' } });
			const run1 = await sync.invite(candidates);
			expect(linked(run1).sort()).toEqual(emails.filter((email) => !failing.includes(email)).sort());
			expect(run1.filter((item) => item.error !== undefined)).toHaveLength(5);
			expect((await runSends()).flat().sort()).toEqual([...emails].sort());

			await ctx.control.patch('/config', { refusals: { emails: [] } });
			const run2 = await sync.invite(candidates);
			expect((await runSends()).flat().sort()).toEqual([...failing].sort());
			expect(linked(run2).sort()).toEqual([...failing].sort());
			expect(skipped(run2)).toHaveLength(45);

			// The store is n8n's database: a restart keeps it.
			await ctx.n8n.restart();
			const run3 = await sync.invite(candidates);
			expect(await runSends()).toEqual([]);
			expect(skipped(run3).sort()).toEqual([...emails].sort());

			const cancelled = [emails[0], emails[1], emails[2]];
			const cancelItems = await sync.cancel(cancelled);
			expect(cancelItems.map((item) => item.cancelled)).toEqual([true, true, true]);
			const run4 = await sync.invite(candidates);
			expect((await runSends()).flat().sort()).toEqual([...cancelled].sort());
			expect(linked(run4).sort()).toEqual([...cancelled].sort());
			expect(skipped(run4)).toHaveLength(47);
		}),
		TEST_TIMEOUT_MS,
	);
});
