/**
 * The Results Trigger's poll budget, on a clock the test moves: each interview's results cost a set time, n8n's
 * budget (`getPollBudgetMs`, n8n 2.x) ends the pass early, and the next poll goes on where it stopped.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { pollResults } from '../../../../nodes/InterviewServiceResultsTrigger/poll';
import { fetchCandidateResults, listInterviews } from '../../../../nodes/shared/transport/lists';

jest.mock('../../../../nodes/shared/transport/lists');

const ids = Array.from({ length: 10 }, (_, index) => `int-${index}`);
let now = 0;
let fetchMs = 300;
/** Completed results by interview, as the service lists them. */
let completed: Record<string, string[]> = {};
let fetched: string[] = [];

const result = (interviewId: string, email: string) => ({ interviewId, candidate: { email }, reportLink: `https://r/${interviewId}/${email}`, scores: { interviewScore: 80 } });

beforeEach(() => {
	now = 0;
	fetchMs = 300;
	completed = {};
	fetched = [];
	jest.spyOn(Date, 'now').mockImplementation(() => now);
	jest.mocked(listInterviews).mockImplementation(async () => ids.map((interviewId) => ({ interviewId }) as never));
	jest.mocked(fetchCandidateResults).mockImplementation(async function (this: unknown, interviewId: string) {
		fetched.push(interviewId);
		now += fetchMs;
		return (completed[interviewId] ?? []).map((email) => result(interviewId, email)) as never;
	});
});
afterEach(() => jest.restoreAllMocks());

/** A poll context as n8n builds one; `budgetMs` undefined is n8n 1.x, which has no `getPollBudgetMs`. */
function context(staticData: IDataObject, budgetMs: number | undefined, mode = 'trigger'): IPollFunctions {
	const poll = {
		getNodeParameter: (name: string) => ({ watch: 'allPublished', simplify: true })[name],
		getMode: () => mode,
		getWorkflowStaticData: () => staticData,
		getWorkflow: () => ({ id: 'wf' }),
		logger: { warn: jest.fn() },
		...(budgetMs === undefined ? {} : { getPollBudgetMs: () => budgetMs }),
	};
	return poll as unknown as IPollFunctions;
}

const emails = (output: Awaited<ReturnType<typeof pollResults>>) => (output?.[0] ?? []).map((item) => item.json.email);

async function poll(staticData: IDataObject, budgetMs?: number) {
	fetched = [];
	now += 10_000;
	return await pollResults.call(context(staticData, budgetMs));
}

describe('Results Trigger poll budget', () => {
	it('reads interviews while the slowest so far still fits the budget, and the next poll goes on after the last one read', async () => {
		const staticData: IDataObject = {};
		// 300 ms an interview, 1,000 ms of budget: after the third, a fourth would end at 1,200.
		await poll(staticData, 1_000);
		expect(fetched).toEqual(['int-0', 'int-1', 'int-2']);
		expect(staticData).toMatchObject({ resumeAfter: 'int-2', recording: true });
		await poll(staticData, 1_000);
		expect(fetched).toEqual(['int-3', 'int-4', 'int-5']);
	});

	it('records over as many polls as the first pass takes, and then emits each later completion once', async () => {
		completed = { 'int-1': ['old@example.com'], 'int-8': ['old8@example.com'] };
		const staticData: IDataObject = {};
		for (let index = 0; index < 4; index++) expect(await poll(staticData, 1_000)).toBeNull();
		expect(staticData.recording).toBeUndefined();
		expect(staticData.resumeAfter).toBeUndefined();

		completed['int-1'].push('ada@example.com');
		completed['int-9'] = ['bob@example.com'];
		const outputs = [];
		for (let index = 0; index < 8; index++) outputs.push(...emails(await poll(staticData, 1_000)));
		expect(outputs.sort()).toEqual(['ada@example.com', 'bob@example.com']);
	});

	it('a completion in an interview the pass already read comes out at the next pass, once', async () => {
		const staticData: IDataObject = {};
		for (let index = 0; index < 4; index++) await poll(staticData, 1_000);
		expect(fetched).toEqual(['int-9']);

		await poll(staticData, 1_000);
		completed['int-0'] = ['late@example.com'];
		const outputs = [];
		for (let index = 0; index < 8; index++) outputs.push(...emails(await poll(staticData, 1_000)));
		expect(outputs).toEqual(['late@example.com']);
	});

	it('reads one interview per poll even when it alone takes more than the budget, so a pass always moves on', async () => {
		fetchMs = 5_000;
		const staticData: IDataObject = {};
		await poll(staticData, 1_000);
		expect(fetched).toEqual(['int-0']);
		await poll(staticData, 1_000);
		expect(fetched).toEqual(['int-1']);
	});

	it('reads every interview in one poll in n8n 1.x, which gives no budget', async () => {
		fetchMs = 60_000;
		const staticData: IDataObject = {};
		await poll(staticData);
		expect(fetched).toEqual(ids);
		expect(staticData).toEqual({ watching: '*', seen: [] });
	});

	it('starts the pass over when the interview it stopped after is no longer listed', async () => {
		const staticData: IDataObject = {};
		await poll(staticData, 1_000);
		staticData.resumeAfter = 'int-gone';
		await poll(staticData, 1_000);
		expect(fetched).toEqual(['int-0', 'int-1', 'int-2']);
	});

	it('changes static data only once the poll returns, so a poll n8n abandons leaves it as it was', async () => {
		const staticData: IDataObject = {};
		for (let index = 0; index < 4; index++) await poll(staticData, 1_000);
		completed['int-4'] = ['ada@example.com'];
		// n8n abandons these polls: what they return and what they write to their copy of static data are dropped.
		const abandoned = structuredClone(staticData);
		const before = JSON.stringify(abandoned);
		const seenAtFetch: string[] = [];
		jest.mocked(fetchCandidateResults).mockImplementation(async function (this: unknown, interviewId: string) {
			seenAtFetch.push(JSON.stringify(abandoned));
			now += fetchMs;
			return (completed[interviewId] ?? []).map((email) => result(interviewId, email)) as never;
		});
		await poll(abandoned, 1_000);
		expect(seenAtFetch).toEqual([before, before, before]);
		expect(emails(await poll(abandoned, 1_000))).toEqual(['ada@example.com']);

		jest.mocked(fetchCandidateResults).mockImplementation(async function (this: unknown, interviewId: string) {
			fetched.push(interviewId);
			now += fetchMs;
			return (completed[interviewId] ?? []).map((email) => result(interviewId, email)) as never;
		});
		const outputs = [];
		for (let index = 0; index < 8; index++) outputs.push(...emails(await poll(staticData, 1_000)));
		expect(outputs).toEqual(['ada@example.com']);
	});

	it('forgets results the service no longer lists only at a poll that read every interview', async () => {
		completed = { 'int-1': ['ada@example.com'] };
		const unlisted = Array.from({ length: 10_005 }, (_, index) => `gone-${index}`);
		const staticData: IDataObject = { watching: '*', seen: unlisted };
		// Ada is new, the record over its bound: a poll that read part of the list still forgets nothing.
		expect(emails(await poll(staticData, 1_000))).toEqual(['ada@example.com']);
		expect(staticData.seen).toHaveLength(10_006);
		completed['int-5'] = ['bob@example.com'];
		// No budget: this pass goes on from where the last one stopped, so it is not whole either.
		expect(emails(await poll(staticData))).toEqual(['bob@example.com']);
		expect(staticData.seen).toHaveLength(10_007);
		completed['int-9'] = ['cy@example.com'];
		expect(emails(await poll(staticData))).toEqual(['cy@example.com']);
		expect(staticData.seen).toHaveLength(10_003);
		expect((staticData.seen as string[]).slice(0, 2)).toEqual(['gone-5', 'gone-6']);
	});

	it('a manual run reads what fits the budget and records nothing', async () => {
		completed = { 'int-1': ['ada@example.com'], 'int-5': ['bob@example.com'] };
		const staticData: IDataObject = {};
		now += 10_000;
		const output = await pollResults.call(context(staticData, 1_000, 'manual'));
		expect(emails(output)).toEqual(['ada@example.com']);
		expect(staticData).toEqual({});
	});

	it('does not write static data when a poll changes nothing', async () => {
		const staticData: IDataObject = {};
		await poll(staticData);
		const writes: PropertyKey[] = [];
		const watched = new Proxy(staticData, {
			set: (target, key, value) => (writes.push(key), Reflect.set(target, key, value)),
			deleteProperty: (target, key) => (writes.push(key), Reflect.deleteProperty(target, key)),
		});
		await poll(watched);
		expect(writes).toEqual([]);
	});
});
