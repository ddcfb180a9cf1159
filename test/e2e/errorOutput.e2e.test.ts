/**
 * Every failure lands where n8n routes it, in real n8n (2.41.1, and 1.123.81 through
 * `npm run test:e2e:n8n1`). One workflow, one run: Interview → Get and Candidate → Invite, each under
 * "Continue (using error output)" and "Continue (regular output)", against 404s and a 500 on one
 * Invite batch, and Invite against a service that refuses some candidates (a 422 for the whole
 * request), under each On Error setting. For each node: which output every item reached, its
 * pairedItem and its message.
 */
import type { N8nInstance, WorkflowImport } from '../../harness/n8n';
import type { NodeSpec } from '../../harness/workflow';
import { buildWorkflow, interviewById, interviewServiceNode, itemsNode, manualTrigger } from '../../harness/workflow';
import { TEST_TIMEOUT_MS, sandboxRequests, useE2e } from './helpers/context';

const { withLog } = useE2e();

const UNKNOWN = 'ffffffffffffffffffffffff';
const WINDOW = { startTime: '2026-12-01T09:00:00.000Z', endTime: '2026-12-08T09:00:00.000Z' };

interface RunItem {
	json: Record<string, unknown>;
	pairedItem?: { item: number } | Array<{ item: number }>;
}
type Outputs = Array<RunItem[] | null>;

/** Imports and runs the workflow; answers each node's outputs, one list of items per output. */
async function importAndRun(n8n: N8nInstance, workflow: WorkflowImport) {
	await n8n.importWorkflow(workflow);
	const result = await n8n.execute(workflow.id);
	if (!result.run) throw new Error(`n8n execute ${workflow.id} failed (exit ${result.code}):\n${result.stdout.slice(-4000)}`);
	const runData = result.run.data.resultData.runData as unknown as Record<string, Array<{ data?: { main?: Outputs }; error?: unknown }>>;
	return (node: string) => (runData[node]?.[0]?.data?.main ?? []).map((output) => output ?? []);
}

const pairedOf = (item: RunItem) => (Array.isArray(item.pairedItem) ? item.pairedItem[0]?.item : item.pairedItem?.item);

describe('failed items reach the output n8n routes them to, in real n8n', () => {
	it(
		'Get (one id of three unknown) and Invite (a 500 on one batch of 250) under both Continue settings',
		withLog(async (ctx) => {
			const seeded = await ctx.control.post('/seed', { interviews: [{ interviewName: 'E2E routing', status: 'published' }] });
			const known = (seeded.data as { interviewIds: string[] }).interviewIds[0];
			await ctx.control.post('/faults', { route: 'POST /api/v1/interview/:id/access-links', status: 500, message: 'Batch store failed', skip: 1, count: 1 });

			const getNode = (name: string, onError: NodeSpec['onError']): NodeSpec => ({
				...interviewServiceNode(name, { resource: 'interview', operation: 'get', interviewId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } }, ctx.credential),
				onError,
			});
			const inviteNode = (name: string, onError: NodeSpec['onError']): NodeSpec => ({
				...interviewServiceNode(
					name,
					{
						resource: 'candidate',
						operation: 'invite',
						interviewId: interviewById(known),
						...WINDOW,
						email: '={{ $json.email }}',
						additionalFields: { name: '={{ $json.name }}' },
						options: { batchSize: 100, parallelBatches: 1 },
					},
					ctx.credential,
				),
				onError,
			});
			const candidates = Array.from({ length: 250 }, (_, n) => ({ email: `route${n}@example.com`, name: `Route ${n}` }));
			const workflow = buildWorkflow(
				'e2eErrorRouting',
				'e2e error routing',
				[
					manualTrigger(),
					itemsNode('Ids', [{ id: known }, { id: UNKNOWN }, { id: known }]),
					getNode('Get (error output)', 'continueErrorOutput'),
					getNode('Get (regular output)', 'continueRegularOutput'),
					itemsNode('Candidates', candidates),
					inviteNode('Invite (error output)', 'continueErrorOutput'),
				],
				[
					['Start', 'Ids'],
					['Ids', 'Get (error output)'],
					['Ids', 'Get (regular output)'],
					['Start', 'Candidates'],
					['Candidates', 'Invite (error output)'],
				],
			);
			const outputsOf = await importAndRun(ctx.n8n, workflow);

			const [getSuccess, getError] = outputsOf('Get (error output)');
			expect(getSuccess.map((item) => [pairedOf(item), item.json.interviewId])).toEqual([
				[0, known],
				[2, known],
			]);
			expect(getError.map((item) => [pairedOf(item), item.json.error])).toEqual([[1, `Interview not found (interview ID ${UNKNOWN})`]]);
			// Sent as json alone, the error lies over the input item, which names the interview; an item carrying its
			// error would have been cut to `{ error }` (normalizeNodeErrors), input and all.
			expect(getError[0].json).toEqual({ id: UNKNOWN, error: `Interview not found (interview ID ${UNKNOWN})` });

			const regular = outputsOf('Get (regular output)');
			expect(regular).toHaveLength(1);
			expect(regular[0].map((item) => [pairedOf(item), item.json.error ?? item.json.interviewId])).toEqual([
				[0, known],
				[1, `Interview not found (interview ID ${UNKNOWN})`],
				[2, known],
			]);
			expect(regular[0][1].json).toEqual({ error: `Interview not found (interview ID ${UNKNOWN})`, httpCode: 404, interviewId: UNKNOWN });

			const [inviteSuccess, inviteError] = outputsOf('Invite (error output)');
			expect(inviteError.length).toBe(100);
			expect(inviteSuccess.length).toBe(150);
			expect(inviteSuccess.every((item) => typeof item.json.preAuthLink === 'string' && item.json.error === undefined)).toBe(true);
			expect(inviteError.every((item) => item.json.error === 'Batch store failed')).toBe(true);
			expect([...inviteSuccess, ...inviteError].map(pairedOf).sort((a, b) => Number(a) - Number(b))).toEqual(candidates.map((_, n) => n));

			// The failed batch was sent, and answered 500, once per attempt the retry policy allows for a POST 500: once.
			const invites = (await sandboxRequests(ctx.control)).filter((request) => request.route === 'POST /api/v1/interview/:id/access-links');
			expect(invites.filter((request) => request.status === 500)).toHaveLength(1);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'three addresses typed in Email, the second refused: its item names the address, its place in the list and the interview, under both Continue settings',
		withLog(async (ctx) => {
			const seeded = await ctx.control.post('/seed', { interviews: [{ interviewName: 'E2E typed refusal', status: 'published' }] });
			const interviewId = (seeded.data as { interviewIds: string[] }).interviewIds[0];
			const typed = ['typed.one@example.com', 'typed.blocked@example.com', 'typed.three@example.com'];
			await ctx.control.patch('/config', { refusals: { emails: [typed[1]], dialect: 'rejectNamingEmail' } });
			const inviteNode = (name: string, onError: NodeSpec['onError']): NodeSpec => ({
				...interviewServiceNode(
					name,
					{ resource: 'candidate', operation: 'invite', interviewId: interviewById(interviewId), ...WINDOW, email: typed.join(', '), additionalFields: {}, options: {} },
					ctx.credential,
				),
				onError,
			});
			const workflow = buildWorkflow(
				'e2eTypedRefusal',
				'e2e typed refusal',
				[manualTrigger(), itemsNode('Row', [{ atsId: 'A-17' }]), inviteNode('Typed (error output)', 'continueErrorOutput'), inviteNode('Typed (regular output)', 'continueRegularOutput')],
				[
					['Start', 'Row'],
					['Row', 'Typed (error output)'],
					['Row', 'Typed (regular output)'],
				],
			);
			const outputsOf = await importAndRun(ctx.n8n, workflow);
			const error = `The Interview Service refused ${typed[1]} [item 0, address 2 of 3] for interview ${interviewId}, saying: Input validation failed; This candidate is blocked`;
			const message = 'Input validation failed; This candidate is blocked';

			const [success, failure] = outputsOf('Typed (error output)');
			expect(success.map((item) => [pairedOf(item), item.json.email])).toEqual([
				[0, typed[0]],
				[0, typed[2]],
			]);
			expect(failure.map((item) => [pairedOf(item), item.json])).toEqual([[0, { atsId: 'A-17', error, message }]]);

			const [regular] = outputsOf('Typed (regular output)');
			expect(regular.map((item) => [pairedOf(item), item.json.email])).toEqual(typed.map((email) => [0, email]));
			expect(regular[1].json).toEqual({ error, httpCode: 422, interviewId, email: typed[1], message });
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'Invite of 30 with 2 refused by a 422 for the whole request: each refused one fails on its own item under every On Error setting',
		withLog(async (ctx) => {
			const seeded = await ctx.control.post('/seed', { interviews: [{ interviewName: 'E2E refusals', status: 'published' }] });
			const interviewId = (seeded.data as { interviewIds: string[] }).interviewIds[0];
			const candidates = Array.from({ length: 30 }, (_, n) => ({ email: `refuse${n}@example.com`, name: `Refuse ${n}` }));
			const refused = [4, 17];
			await ctx.control.patch('/config', { refusals: { emails: refused.map((n) => candidates[n].email), dialect: 'rejectRequest' } });
			const messageOf = (n: number, interview = interviewId) => `The Interview Service refused ${candidates[n].email} [item ${n}] for interview ${interview}, saying: Input validation failed`;

			const inviteNode = (name: string, onError: NodeSpec['onError']): NodeSpec => ({
				...interviewServiceNode(
					name,
					{ resource: 'candidate', operation: 'invite', interviewId: interviewById(interviewId), ...WINDOW, email: '={{ $json.email }}', additionalFields: { name: '={{ $json.name }}' }, options: {} },
					ctx.credential,
				),
				...(onError ? { onError } : {}),
			});
			const continuing = buildWorkflow(
				'e2eRefusals',
				'e2e refusals',
				[
					manualTrigger(),
					itemsNode('Candidates', candidates),
					inviteNode('Invite (error output)', 'continueErrorOutput'),
					inviteNode('Invite (regular output)', 'continueRegularOutput'),
				],
				[
					['Start', 'Candidates'],
					['Candidates', 'Invite (error output)'],
					['Candidates', 'Invite (regular output)'],
				],
			);
			const outputsOf = await importAndRun(ctx.n8n, continuing);

			const [success, failure] = outputsOf('Invite (error output)');
			expect(failure.map((item) => [pairedOf(item), item.json.error])).toEqual(refused.map((n) => [n, messageOf(n)]));
			// The Error branch's item is the candidate's input item, with the error (naming the interview) and the
			// service's reason; n8n 1.x moves no json with more keys, so no field of its own is added (docs/errors-and-retries.md).
			expect(failure.map((item) => item.json)).toEqual(
				refused.map((n) => ({ ...candidates[n], error: messageOf(n), message: 'Input validation failed' })),
			);
			expect(success.map(pairedOf)).toEqual(candidates.map((_, n) => n).filter((n) => !refused.includes(n)));
			expect(success.every((item) => typeof item.json.preAuthLink === 'string')).toBe(true);

			const [regular] = outputsOf('Invite (regular output)');
			expect(regular.map(pairedOf)).toEqual(candidates.map((_, n) => n));
			expect(regular.filter((item) => item.json.error !== undefined).map((item) => [pairedOf(item), item.json])).toEqual(
				refused.map((n) => [n, { error: messageOf(n), httpCode: 422, interviewId, ...candidates[n], message: 'Input validation failed' }]),
			);

			// Stop Workflow: the good candidates of the batch are invited, then the run stops naming the first refused one.
			await ctx.control.post('/reset');
			const again = (await ctx.control.post('/seed', { interviews: [{ interviewName: 'E2E refusals stop', status: 'published' }] })).data as { interviewIds: string[] };
			await ctx.control.patch('/config', { refusals: { emails: refused.map((n) => candidates[n].email), dialect: 'rejectRequest' } });
			const stopping = buildWorkflow(
				'e2eRefusalsStop',
				'e2e refusals stop',
				[
					manualTrigger(),
					itemsNode('Candidates', candidates),
					{
						...interviewServiceNode(
							'Invite (stop)',
							{ resource: 'candidate', operation: 'invite', interviewId: interviewById(again.interviewIds[0]), ...WINDOW, email: '={{ $json.email }}', additionalFields: {}, options: {} },
							ctx.credential,
						),
					},
				],
				[
					['Start', 'Candidates'],
					['Candidates', 'Invite (stop)'],
				],
			);
			await ctx.n8n.importWorkflow(stopping);
			const stopped = await ctx.n8n.execute(stopping.id);
			expect(stopped.run).toBeUndefined();
			expect(stopped.stdout + stopped.stderr).toContain(messageOf(4, again.interviewIds[0]));
			const state = (await ctx.control.get('/state')).data as { candidates: Array<{ interviewId: string; email: string }> };
			expect(state.candidates.filter((candidate) => candidate.interviewId === again.interviewIds[0]).map((candidate) => candidate.email).sort()).toEqual(
				candidates.filter((_, n) => !refused.includes(n)).map((candidate) => candidate.email).sort(),
			);
		}),
		TEST_TIMEOUT_MS,
	);
});
