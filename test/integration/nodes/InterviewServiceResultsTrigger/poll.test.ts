import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { readEvent } from '../../../../nodes/InterviewServiceTrigger/event';
import { shapedEvent } from '../../../../nodes/InterviewServiceTrigger/webhook';
import { resultKey } from '../../../../nodes/InterviewServiceResultsTrigger/pollState';
import { completionKey } from '../../../../nodes/shared/results';
import { TriggerHarness } from '../../../helpers/n8nCoreTriggers';
import { SandboxControl } from '../../../helpers/sandbox';

const PUBLISHED = 'cccccccccccccccccccccc01';
const PUBLISHED_EMPTY = 'cccccccccccccccccccccc02';
const PUBLISHED_NOT_READY = 'cccccccccccccccccccccc03';
const DRAFT = 'cccccccccccccccccccccc04';

let sandbox: SandboxControl;

beforeAll(async () => {
	sandbox = await SandboxControl.start();
});
afterAll(async () => {
	await sandbox.close();
});

beforeEach(async () => {
	await sandbox.reset();
	await sandbox.seed({
		interviews: [
			{ interviewId: PUBLISHED, status: 'published', createdAt: '2026-11-01T00:00:00Z' },
			{ interviewId: PUBLISHED_EMPTY, status: 'published', createdAt: '2026-11-02T00:00:00Z' },
			{ interviewId: PUBLISHED_NOT_READY, status: 'published', createdAt: '2026-11-03T00:00:00Z' },
			{ interviewId: DRAFT, status: 'draft', createdAt: '2026-11-04T00:00:00Z' },
		],
		candidates: [
			{ interviewId: PUBLISHED, email: 'old@example.com', status: 'completed', completedAt: '2026-11-10T00:00:00Z' },
			{ interviewId: PUBLISHED, email: 'waiting@example.com', status: 'scheduled' },
			{ interviewId: PUBLISHED_NOT_READY, email: 'later@example.com', status: 'scheduled' },
			{ interviewId: DRAFT, email: 'draft@example.com', status: 'completed' },
		],
	});
});

const ALL: INodeParameters = { watch: 'allPublished', simplify: true };
const ONE = (interviewId: string, extra: INodeParameters = {}): INodeParameters => ({
	watch: 'interview',
	interviewId: { __rl: true, mode: 'id', value: interviewId },
	simplify: true,
	...extra,
});

const poller = (parameters: INodeParameters, staticData?: IDataObject) =>
	new TriggerHarness({ node: 'interviewServiceResultsTrigger', parameters, credentials: sandbox.credentials, staticData });

const emails = (output: Awaited<ReturnType<TriggerHarness['poll']>>) => (output?.[0] ?? []).map((item) => item.json.email);

describe('Interview Service Results Trigger against the sandbox', () => {
	it('first activation records what exists and emits nothing; then each new result exactly once', async () => {
		const trigger = poller(ALL);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.nodeStaticData()).toMatchObject({ watching: '*', seen: [expect.any(String)] });

		const { event } = await sandbox.complete(PUBLISHED, { email: 'Ada@Example.com', name: 'Ada', scores: { interviewScore: 90, communicationScore: 80, codingScore: 70 } });
		await sandbox.complete(PUBLISHED_NOT_READY, { email: 'later@example.com' });
		const second = await trigger.poll();
		expect(emails(second).sort()).toEqual(['Ada@Example.com', 'later@example.com']);
		expect(second![0].find((item) => item.json.email === 'Ada@Example.com')!.json).toEqual({
			interviewId: PUBLISHED,
			name: 'Ada',
			email: 'Ada@Example.com',
			interviewScore: 90,
			communicationScore: 80,
			codingScore: 70,
			reportLink: expect.stringMatching(/^http/),
			metaData: {},
			// The webhook trigger's key for the event of this completion.
			completionKey: shapedEvent(readEvent(event), 'unused').completionKey,
		});

		expect(await trigger.poll()).toBeNull();
		expect(await trigger.poll()).toBeNull();
	});

	it('emits nothing twice after a restart with the same static data', async () => {
		const first = poller(ALL);
		await first.poll();
		await sandbox.complete(PUBLISHED, { email: 'ada@example.com' });
		expect(emails(await first.poll())).toEqual(['ada@example.com']);

		const restarted = poller(ALL, first.staticData());
		expect(await restarted.poll()).toBeNull();
		await sandbox.complete(PUBLISHED_EMPTY, { email: 'bob@example.com' });
		expect(emails(await restarted.poll())).toEqual(['bob@example.com']);
		expect(await restarted.poll()).toBeNull();
	});

	it('a completed row whose e-mail is no string is emitted as received, beside the others, and only once', async () => {
		const trigger = poller(ONE(PUBLISHED));
		expect(await trigger.poll()).toBeNull();
		await sandbox.complete(PUBLISHED, { email: 'odd@example.com' });
		await sandbox.complete(PUBLISHED, { email: 'ada@example.com' });
		await sandbox.control('PATCH', `/interviews/${PUBLISHED}/candidates/${encodeURIComponent('odd@example.com')}/raw`, { email: 7 });

		expect(emails(await trigger.poll())).toEqual([7, 'ada@example.com']);
		expect(await trigger.poll()).toBeNull();
	});

	it('results rows that are no object neither fail a poll nor are emitted: the results around them are, once, on every page', async () => {
		await sandbox.control('PATCH', '/config', { maxPageSize: 2 });
		const trigger = poller(ALL);
		expect(await trigger.poll()).toBeNull();
		await sandbox.complete(PUBLISHED, { email: 'ada@example.com' });
		await sandbox.complete(PUBLISHED, { email: 'bob@example.com' });
		// Pages of 2: old and waiting, ada and bob, two pages of only odd rows, then a completed row.
		const late = { interviewId: PUBLISHED, candidate: { email: 'late@example.com' }, scores: { interviewScore: 70 }, reportLink: 'https://r/late' };
		await sandbox.control('POST', `/interviews/${PUBLISHED}/results/rows`, { rows: ['not a row', null, 42, ['a', 'list'], late] });

		expect(emails(await trigger.poll()).sort()).toEqual(['ada@example.com', 'bob@example.com', 'late@example.com']);
		expect(await trigger.poll()).toBeNull();
		expect(emails(await poller(ONE(PUBLISHED)).poll('manual'))).toHaveLength(1);
	});

	it('never emits results of draft interviews when watching all published ones', async () => {
		const trigger = poller(ALL);
		await trigger.poll();
		await sandbox.complete(DRAFT, { email: 'another-draft@example.com' });
		expect(await trigger.poll()).toBeNull();
	});

	it('treats "results are not ready" (422) as nothing to emit', async () => {
		const trigger = poller(ONE(PUBLISHED_NOT_READY));
		expect(await trigger.poll()).toBeNull();
		expect(await trigger.poll()).toBeNull();
		await sandbox.complete(PUBLISHED_NOT_READY, { email: 'later@example.com' });
		expect(emails(await trigger.poll())).toEqual(['later@example.com']);
	});

	it('a manual run emits the latest result and records nothing', async () => {
		await sandbox.complete(PUBLISHED, { email: 'latest@example.com' });
		const trigger = poller(ONE(PUBLISHED));
		const manual = await trigger.poll('manual');
		expect(emails(manual)).toEqual(['latest@example.com']);
		expect(trigger.nodeStaticData()).toBeUndefined();

		expect(await trigger.poll()).toBeNull();
	});

	it('a manual run takes, of results completed at the same instant, the one the service lists last', async () => {
		const at = '2026-11-20T00:00:00Z';
		await sandbox.seed({
			candidates: [
				{ interviewId: PUBLISHED_EMPTY, email: 'first@example.com', status: 'completed', completedAt: at },
				{ interviewId: PUBLISHED_EMPTY, email: 'second@example.com', status: 'completed', completedAt: at },
			],
		});
		expect(emails(await poller(ONE(PUBLISHED_EMPTY)).poll('manual'))).toEqual(['second@example.com']);
	});

	it('a manual run with nothing completed emits nothing', async () => {
		expect(await poller(ONE(PUBLISHED_EMPTY)).poll('manual')).toBeNull();
	});

	it('returns the raw result when Simplify is off', async () => {
		const trigger = poller(ONE(PUBLISHED, { simplify: false }));
		await trigger.poll();
		await sandbox.control('PATCH', '/config', { scoreStyle: 'zeko' });
		try {
			await sandbox.complete(PUBLISHED, { email: 'raw@example.com', scores: { interviewScore: 1, communicationScore: 2, codingScore: 3 } });
			const output = await trigger.poll();
			expect(output![0][0].json).toMatchObject({
				interviewId: PUBLISHED,
				candidate: { email: 'raw@example.com' },
				scores: { overallScore: 1, communicationScore: 2, technicalScore: 3 },
				completionKey: expect.stringMatching(/^[0-9a-f]{32}$/),
			});
		} finally {
			await sandbox.control('PATCH', '/config', { scoreStyle: 'documented' });
		}
	});

	it('keys a completion by interview, e-mail and report link when the rows carry no completion time, as the spec shows them', async () => {
		await sandbox.control('PATCH', '/config', { resultsCompletedAt: false });
		try {
			const trigger = poller(ONE(PUBLISHED, { simplify: false }));
			await trigger.poll();
			const { event } = await sandbox.complete(PUBLISHED, { email: 'Plain@Example.com' });
			const [[item]] = (await trigger.poll())!;
			expect(item.json).not.toHaveProperty('completedAt');
			const reportLink = item.json.reportLink as string;
			expect(item.json.completionKey).toBe(completionKey(PUBLISHED, 'Plain@Example.com', undefined, resultKey(PUBLISHED, 'plain@example.com', reportLink)));
			// The same completion read again, by a trigger that starts over, gets the same key; the webhook's differs, having a time.
			const again = await poller(ONE(PUBLISHED, { simplify: false })).poll('manual');
			expect(again![0][0].json.completionKey).toBe(item.json.completionKey);
			expect(shapedEvent(readEvent(event), 'unused').completionKey).not.toBe(item.json.completionKey);
		} finally {
			await sandbox.control('PATCH', '/config', { resultsCompletedAt: true });
		}
	});

	it('a candidate who completes again, keeping the report link, comes out once more with the key of that completion, then never again', async () => {
		const trigger = poller(ONE(PUBLISHED));
		expect(await trigger.poll()).toBeNull();
		await sandbox.complete(PUBLISHED, { email: 'again@example.com', completedAt: '2026-11-20T09:00:00Z' });
		const [[first]] = (await trigger.poll())!;

		const { event } = await sandbox.complete(PUBLISHED, { email: 'again@example.com', completedAt: '2026-11-21T09:00:00Z' });
		const second = await trigger.poll();
		expect(second![0]).toHaveLength(1);
		expect(second![0][0].json.reportLink).toBe(first.json.reportLink);
		expect(second![0][0].json.completionKey).not.toBe(first.json.completionKey);
		expect(second![0][0].json.completionKey).toBe(shapedEvent(readEvent(event), 'unused').completionKey);

		expect(await trigger.poll()).toBeNull();
		expect(await poller(ONE(PUBLISHED), trigger.staticData()).poll()).toBeNull();
	});

	it('without completion times on the rows, a second attempt that keeps the report link leaves nothing the poll could see', async () => {
		await sandbox.control('PATCH', '/config', { resultsCompletedAt: false });
		try {
			const trigger = poller(ONE(PUBLISHED));
			expect(await trigger.poll()).toBeNull();
			await sandbox.complete(PUBLISHED, { email: 'again@example.com', completedAt: '2026-11-20T09:00:00Z' });
			expect(emails(await trigger.poll())).toEqual(['again@example.com']);
			const { result } = await sandbox.complete(PUBLISHED, { email: 'again@example.com', completedAt: '2026-11-21T09:00:00Z' });
			expect(result.reportLink).toEqual(expect.stringMatching(/^http/));
			expect(await trigger.poll()).toBeNull();
		} finally {
			await sandbox.control('PATCH', '/config', { resultsCompletedAt: true });
		}
	});

	it('starts over without emitting when the watched interview changes', async () => {
		const first = poller(ONE(PUBLISHED));
		await first.poll();
		const other = poller(ONE(DRAFT), first.staticData());
		expect(await other.poll()).toBeNull();
		expect(other.nodeStaticData().watching).toBe(DRAFT);
	});

	it('walks every page of published interviews', async () => {
		const many = Array.from({ length: 105 }, (_, index) => ({
			interviewId: `dddddddddddddddddddd${String(index).padStart(4, '0')}`,
			status: 'published',
		}));
		await sandbox.seed({ interviews: many });
		const trigger = poller(ALL);
		await trigger.poll();
		await sandbox.complete(many[0].interviewId, { email: 'first@example.com' });
		await sandbox.complete(many[104].interviewId, { email: 'last@example.com' });
		expect(emails(await trigger.poll()).sort()).toEqual(['first@example.com', 'last@example.com']);
	});

	it('with a poll budget, each pass over all published interviews takes several polls, and each completion comes out once', async () => {
		const many = Array.from({ length: 30 }, (_, index) => ({
			interviewId: `eeeeeeeeeeeeeeeeeeee${String(index).padStart(4, '0')}`,
			status: 'published',
			createdAt: new Date(Date.UTC(2026, 9, 1) - index * 60_000).toISOString(),
		}));
		await sandbox.seed({ interviews: many });
		await sandbox.control('PATCH', '/config', { latencyMs: 20 });
		try {
			const trigger = poller(ALL);
			/** Polls with a 250 ms budget until a pass ends; answers how many polls it took and what came out. */
			const pass = async () => {
				const out: unknown[] = [];
				let polls = 0;
				do {
					out.push(...emails(await trigger.poll('trigger', 250)));
					polls++;
				} while (trigger.nodeStaticData().resumeAfter !== undefined);
				return { polls, out };
			};
			const first = await pass();
			expect(first).toEqual({ polls: expect.any(Number), out: [] });
			expect(first.polls).toBeGreaterThan(1);
			expect(trigger.nodeStaticData().recording).toBeUndefined();

			await sandbox.complete(many[0].interviewId, { email: 'first@example.com' });
			await sandbox.complete(many[29].interviewId, { email: 'last@example.com' });
			await sandbox.complete(PUBLISHED, { email: 'ada@example.com' });
			const second = await pass();
			expect(second.polls).toBeGreaterThan(1);
			expect(second.out.sort()).toEqual(['ada@example.com', 'first@example.com', 'last@example.com']);
			expect((await pass()).out).toEqual([]);
		} finally {
			await sandbox.control('PATCH', '/config', { latencyMs: 0 });
		}
	});

	it('fails the poll (so nothing is lost) when the service errors, and emits on the next one', async () => {
		const trigger = poller(ONE(PUBLISHED));
		await trigger.poll();
		await sandbox.complete(PUBLISHED, { email: 'ada@example.com' });
		await sandbox.control('POST', '/faults', { route: 'GET /api/v1/interview/:id/results', status: 500, count: 1 });
		await expect(trigger.poll()).rejects.toThrow();
		expect(emails(await trigger.poll())).toEqual(['ada@example.com']);
	});

	it('watching all published interviews, one that fails is skipped and named in the log, the others still emit, and it is tried again next poll', async () => {
		const trigger = poller(ALL);
		await trigger.poll();
		await sandbox.complete(PUBLISHED, { email: 'ada@example.com' });
		await sandbox.complete(PUBLISHED_NOT_READY, { email: 'later@example.com' });
		await sandbox.control('POST', '/faults', { route: 'GET /api/v1/interview/:id/results', pathIncludes: PUBLISHED_NOT_READY, status: 500, count: 1 });
		const warnings = jest.spyOn(trigger.logger, 'warn');
		expect(emails(await trigger.poll())).toEqual(['ada@example.com']);
		expect(warnings.mock.calls.map(([message]) => String(message)).join('\n')).toContain(`skipped interview ${PUBLISHED_NOT_READY}`);
		// Next poll: the interview answers again and its completion comes out, once.
		expect(emails(await trigger.poll())).toEqual(['later@example.com']);
		expect(await trigger.poll()).toBeNull();
	});

	it('watching all published interviews, the poll fails with the service\'s message only when every interview fails', async () => {
		const trigger = poller(ALL);
		await trigger.poll();
		await sandbox.control('POST', '/faults', { route: 'GET /api/v1/interview/:id/results', status: 500, message: 'Results store offline', count: 9 });
		await expect(trigger.poll()).rejects.toThrow('Results store offline');
	});

	it('fails with the API message for an unknown interview', async () => {
		await expect(poller(ONE('ffffffffffffffffffffffff')).poll()).rejects.toThrow('Interview not found');
	});
});
