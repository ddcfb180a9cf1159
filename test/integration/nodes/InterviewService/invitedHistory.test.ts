import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { processedData } from '../../../helpers/processedDataStore';
import { interviewById, inviteParameters, people, useSandboxRun } from '../../../helpers/sandbox';
import type { LoggedRequest } from '../../../helpers/sandbox';

/*
 * Skip Already Invited: the ATS sync that runs every 15 minutes. n8n-core's execution
 * contexts reach n8n's processed-data store (here the test store with n8n's semantics; the real one
 * in the e2e tests); what the service took is remembered, nothing else.
 */

const ACCESS_LINKS = 'POST /api/v1/interview/:id/access-links';
const WORKFLOW = 'test-workflow';

const env = useSandboxRun();
beforeEach(() => processedData.clear());

const skipping = (interviewId: string, options: IDataObject = {}, extra: INodeParameters = {}) =>
	inviteParameters(interviewId, { ...extra, options: { skipAlreadyInvited: true, ...options } });

const sentEmails = (requests: LoggedRequest[]) => requests.flatMap((request) => ((request.body.candidates ?? []) as IDataObject[]).map((candidate) => String(candidate.email)));

describe('Invite → Skip Already Invited', () => {
	it('run 1 invites 45 of 50 (5 fail), run 2 invites the 5 and skips 45 on Skipped, run 3 sends nothing; after cancelling 3, run 4 invites those 3 again', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'ATS sync' }]);
		const candidates = people(50, 'sync');
		const failing = [2, 11, 23, 37, 48].map((index) => candidates[index].email);
		await env().control('PATCH', '/config', { refusals: { emails: failing, dialect: 'omitCandidate' } });

		const run1 = await env().run(skipping(interviewId), { inputItems: candidates, onError: 'continueRegularOutput' });
		expect(run1.items.filter((item) => typeof item.json.preAuthLink === 'string')).toHaveLength(45);
		expect(run1.items.filter((item) => item.json.error !== undefined).map((item) => item.json.error)).toHaveLength(5);
		expect(processedData.size(WORKFLOW)).toBe(45);

		await env().control('PATCH', '/config', { refusals: { emails: [], dialect: 'omitCandidate' } });
		await env().control('DELETE', '/requests');
		const run2 = await env().run(skipping(interviewId), { inputItems: candidates, onError: 'continueRegularOutput' });
		expect(sentEmails(await env().requests(ACCESS_LINKS)).sort()).toEqual([...failing].sort());
		const [invited2, skipped2] = run2.outputs;
		expect(skipped2.filter((item) => item.json.skipped === true)).toHaveLength(45);
		expect(invited2.map((item) => [item.json.email, typeof item.json.preAuthLink])).toEqual(failing.map((email) => [email, 'string']));
		const pairedTo = (items: typeof invited2) => items.map((item) => (item.pairedItem as { item: number }).item);
		expect([...pairedTo(invited2), ...pairedTo(skipped2)].sort((a, b) => a - b)).toEqual(candidates.map((_, item) => item));

		await env().control('DELETE', '/requests');
		const run3 = await env().run(skipping(interviewId), { inputItems: candidates });
		expect(await env().requests(ACCESS_LINKS)).toHaveLength(0);
		expect(run3.items).toEqual([]);
		expect(run3.outputs[1].every((item) => item.json.skipped === true && item.json.preAuthLink === undefined)).toBe(true);
		expect(run3.outputs[1][0].json).toEqual({
			interviewId,
			email: candidates[0].email,
			name: candidates[0].name,
			skipped: true,
			reason: 'Invited by this workflow in an earlier run (Skip Already Invited); not sent again',
		});

		const cancelledEmails = [candidates[0].email, candidates[1].email, candidates[3].email];
		const cancel = await env().run(
			{ resource: 'candidate', operation: 'cancelScheduled', interviewId: interviewById(interviewId), emailSource: 'list', candidateEmails: cancelledEmails },
			{ inputItems: [{}] },
		);
		expect((cancel.items[0].json.cancelledCandidates as unknown[]).length).toBe(3);
		await env().control('DELETE', '/requests');
		const run4 = await env().run(skipping(interviewId), { inputItems: candidates });
		expect(sentEmails(await env().requests(ACCESS_LINKS)).sort()).toEqual([...cancelledEmails].sort());
		expect(run4.outputs[1].filter((item) => item.json.skipped === true)).toHaveLength(47);
	});

	it('keys the candidate by interview and e-mail, without case or surrounding spaces, and whatever the window', async () => {
		const [first, second] = await env().seedInterviews([{ interviewName: 'Key A' }, { interviewName: 'Key B' }]);
		await env().run(skipping(first), { inputItems: [{ email: 'Ada@Example.com' }] });
		await env().control('DELETE', '/requests');
		const again = await env().run(skipping(first, {}, { endTime: '2026-04-30T18:00:00Z' }), {
			inputItems: [{ email: '  ada@EXAMPLE.com ' }, { email: 'alan@example.com' }],
		});
		expect(again.outputs.map((output) => output.map((item) => item.json.email))).toEqual([['alan@example.com'], ['ada@EXAMPLE.com']]);
		expect(sentEmails(await env().requests(ACCESS_LINKS))).toEqual(['alan@example.com']);
		// Another interview is another key.
		await env().control('DELETE', '/requests');
		await env().run(skipping(second), { inputItems: [{ email: 'ada@example.com' }] });
		expect(sentEmails(await env().requests(ACCESS_LINKS))).toEqual(['ada@example.com']);
	});

	it('remembers only what the service took: a 500 (it may have been applied), a refused 422 and a lost answer are tried again next run', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Only taken' }]);
		const candidates = people(12, 'taken');
		await env().control('PATCH', '/config', { refusals: { emails: [candidates[0].email], dialect: 'rejectRequest' } });
		await env().control('POST', '/faults', { route: ACCESS_LINKS, status: 500, skip: 3, count: 1 });
		const run1 = await env().run(skipping(interviewId, { batchSize: 4, parallelBatches: 1 }), { inputItems: candidates, onError: 'continueRegularOutput' });
		const failed = run1.items.filter((item) => item.json.error !== undefined).map((item) => String(item.json.email ?? candidates[(item.pairedItem as { item: number }).item].email));
		expect(failed.length).toBeGreaterThan(1);
		const linked = run1.items.filter((item) => typeof item.json.preAuthLink === 'string');
		expect(processedData.size(WORKFLOW)).toBe(linked.length);

		await env().control('PATCH', '/config', { refusals: { emails: [] } });
		await env().control('DELETE', '/requests');
		await env().run(skipping(interviewId, { batchSize: 4 }), { inputItems: candidates });
		expect(sentEmails(await env().requests(ACCESS_LINKS)).sort()).toEqual(failed.sort());
	});

	// Under the regular output on Invited, marked with `error` and without a link; under the error output on the Error output.
	it.each([
		['continueRegularOutput', 0],
		['continueErrorOutput', 2],
	] as const)('with the option on, under %s a refused candidate comes out where the docs say: output %i', async (onError, output) => {
		const [interviewId] = await env().seedInterviews([{ interviewName: `Failures ${onError}` }]);
		const candidates = people(3, `where-${onError}`);
		await env().control('PATCH', '/config', { refusals: { emails: [candidates[1].email], dialect: 'rejectRequest' } });
		const run = await env().run(skipping(interviewId), { inputItems: candidates, onError });
		expect(run.outputs).toHaveLength(onError === 'continueErrorOutput' ? 3 : 2);
		const [invited, skipped] = run.outputs;
		const failed = run.outputs[output].filter((item) => item.json.error !== undefined);
		expect(failed.map((item) => [(item.pairedItem as { item: number }).item, item.json.preAuthLink])).toEqual([[1, undefined]]);
		expect(invited.filter((item) => typeof item.json.preAuthLink === 'string').map((item) => item.json.email)).toEqual([candidates[0].email, candidates[2].email]);
		expect(skipped).toEqual([]);
	});

	it('keeps at most Invited History Size candidates: beyond it the oldest are forgotten and invited again', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Limit' }]);
		const candidates = people(10, 'limit');
		await env().run(skipping(interviewId, { invitedHistorySize: 6, batchSize: 5, parallelBatches: 1 }), { inputItems: candidates });
		expect(processedData.size(WORKFLOW)).toBe(6);
		await env().control('DELETE', '/requests');
		await env().run(skipping(interviewId, { invitedHistorySize: 6 }), { inputItems: candidates });
		// The first batch's 5 were recorded first; the second batch's 5 pushed 4 of them out.
		expect(sentEmails(await env().requests(ACCESS_LINKS))).toEqual(candidates.slice(0, 4).map((person) => person.email));
	});

	it('Forget Invited Candidates clears the memory, so the next run invites everyone again', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Clear' }]);
		const candidates = people(3, 'clear');
		await env().run(skipping(interviewId), { inputItems: candidates });
		const cleared = await env().run({ resource: 'candidate', operation: 'forgetInvited' }, { inputItems: [{}] });
		expect(cleared.items.map((item) => item.json)).toEqual([{ forgotten: 3 }]);
		expect(processedData.size(WORKFLOW)).toBe(0);
		await env().control('DELETE', '/requests');
		await env().run(skipping(interviewId), { inputItems: candidates });
		expect(sentEmails(await env().requests(ACCESS_LINKS))).toHaveLength(3);
	});

	it('with the option off, nothing is remembered and every run sends everyone', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Off' }]);
		const candidates = people(3, 'off');
		await env().run(inviteParameters(interviewId), { inputItems: candidates });
		await env().run(inviteParameters(interviewId), { inputItems: candidates });
		expect(sentEmails(await env().requests(ACCESS_LINKS))).toHaveLength(6);
		expect(processedData.size(WORKFLOW)).toBe(0);
	});
});

describe('Invite → Skip Already Invited: remembered only once the node hands the links on', () => {
	it('skipped candidates come out on the Skipped output, paired to their items; the Invited output holds only links', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Branches' }]);
		const candidates = people(5, 'branch');
		await env().run(skipping(interviewId), { inputItems: candidates.slice(0, 3) });
		await env().control('DELETE', '/requests');
		const run = await env().run(skipping(interviewId), { inputItems: candidates });
		const [invited, skipped] = run.outputs;
		expect(invited.map((item) => [item.pairedItem, item.json.email, typeof item.json.preAuthLink])).toEqual([
			[{ item: 3 }, candidates[3].email, 'string'],
			[{ item: 4 }, candidates[4].email, 'string'],
		]);
		expect(skipped.map((item) => item.pairedItem)).toEqual([0, 1, 2].map((item) => ({ item })));
		expect(skipped[0].json).toEqual({
			interviewId,
			email: candidates[0].email,
			name: candidates[0].name,
			skipped: true,
			reason: 'Invited by this workflow in an earlier run (Skip Already Invited); not sent again',
		});
		expect(sentEmails(await env().requests(ACCESS_LINKS))).toEqual([candidates[3].email, candidates[4].email]);
	});

	it('under Stop, a refused candidate stops the run and nobody is remembered: the next run hands on the links of the others', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Stop' }]);
		const candidates = people(3, 'stop');
		await env().control('PATCH', '/config', { refusals: { emails: [candidates[1].email], dialect: 'rejectRequest' } });
		const run1 = await env().run(skipping(interviewId), { inputItems: candidates });
		expect(run1.error?.message).toBe(`The Interview Service refused ${candidates[1].email} [item 1] for interview ${interviewId}, saying: Input validation failed`);
		// The service scheduled the other two, but their links reached no node: nothing is remembered.
		expect(processedData.size(WORKFLOW)).toBe(0);

		await env().control('DELETE', '/requests');
		const goodOnes = [candidates[0], candidates[2]];
		const run2 = await env().run(skipping(interviewId), { inputItems: goodOnes });
		expect(run2.error).toBeUndefined();
		expect(run2.outputs[0].map((item) => [item.json.email, typeof item.json.preAuthLink])).toEqual(goodOnes.map((person) => [person.email, 'string']));
		expect(run2.outputs[1]).toEqual([]);
		expect(processedData.size(WORKFLOW)).toBe(2);
	});

	it('Retry On Fail after an error item: the second attempt hands on the first attempt\'s links instead of skipping them, and sends nothing twice', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Retry' }]);
		const candidates = people(4, 'retry');
		// Item 0's candidate is left out of the answer: its error is the node's first output item, so n8n runs the node again.
		await env().control('PATCH', '/config', { refusals: { emails: [candidates[0].email], dialect: 'omitCandidate' } });
		const run = await env().run(skipping(interviewId), {
			inputItems: candidates,
			onError: 'continueRegularOutput',
			retryOnFail: { maxTries: 2, waitBetweenTries: 0 },
		});
		const [invited, skipped] = run.outputs;
		expect(invited.map((item) => [item.json.email, item.json.error === undefined ? typeof item.json.preAuthLink : 'error'])).toEqual([
			[candidates[0].email, 'error'],
			...candidates.slice(1).map((person) => [person.email, 'string']),
		]);
		expect(skipped).toEqual([]);
		expect(await env().requests(ACCESS_LINKS)).toHaveLength(1);
		expect(processedData.size(WORKFLOW)).toBe(3);
	});
});

describe('Forget Invited Candidates', () => {
	it('runs once for 4 input items and forgets the chosen candidates of all of them, no others', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Forget chosen' }]);
		const candidates = people(6, 'forget');
		await env().run(skipping(interviewId), { inputItems: candidates });
		const chosen = [candidates[0], candidates[2], candidates[4], { email: 'never@example.com', name: 'Never' }];
		const forget = await env().run(
			{ resource: 'candidate', operation: 'forgetInvited', forget: 'chosen', interviewId: interviewById(interviewId), candidateEmails: ['={{ $json.email }}'] },
			{ inputItems: chosen },
		);
		expect(forget.items).toEqual([{ json: { forgotten: 3, notRemembered: ['never@example.com'] }, pairedItem: [0, 1, 2, 3].map((item) => ({ item })) }]);
		await env().control('DELETE', '/requests');
		await env().run(skipping(interviewId), { inputItems: candidates });
		expect(sentEmails(await env().requests(ACCESS_LINKS))).toEqual([candidates[0], candidates[2], candidates[4]].map((person) => person.email));
	});

	it('"All Candidates" clears once, whatever the number of input items', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Forget all' }]);
		await env().run(skipping(interviewId), { inputItems: people(3, 'all') });
		const cleared = await env().run({ resource: 'candidate', operation: 'forgetInvited' }, { inputItems: [{}, {}, {}, {}] });
		expect(cleared.items.map((item) => item.json)).toEqual([{ forgotten: 3 }]);
		expect(processedData.size(WORKFLOW)).toBe(0);
	});
});
