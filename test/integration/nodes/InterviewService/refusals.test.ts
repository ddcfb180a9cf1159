import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { interviewById, inviteParameters, people, useSandboxRun } from '../../../helpers/sandbox';
import type { LoggedRequest } from '../../../helpers/sandbox';

/*
 * A service that will not take some candidates, in each of its dialects: the whole request refused
 * with a 422 that names nobody (the node splits the batch until each refused candidate stands alone),
 * or that names them by e-mail or by place (the batch goes again once without them), or the candidate
 * left out of a 200 answer.
 */

const ACCESS_LINKS = 'POST /api/v1/interview/:id/access-links';
const CANCEL = 'POST /api/v1/interview/:id/cancel-scheduled-candidates';
const SERVICE_MESSAGE = 'Input validation failed';

const env = useSandboxRun();

type Dialect = 'rejectRequest' | 'rejectNamingEmail' | 'rejectNamingPlace' | 'omitCandidate';

const refuse = async (emails: string[], dialect: Dialect = 'rejectRequest') =>
	await env().control('PATCH', '/config', { refusals: { emails, dialect } });

const candidatesOf = (request: LoggedRequest) => ((request.body.candidates ?? []) as IDataObject[]).map((candidate) => String(candidate.email));

/** The e-mails of every request the service took, once per request that carried them. */
const acceptedEmails = (requests: LoggedRequest[]) => requests.filter((request) => request.status === 200).flatMap(candidatesOf);

/** 250 candidates, refused: two in batch 1 (items 10 and 60), one in batch 2 (item 170). */
const inputItems = people(250, 'split');
const REFUSED = [10, 60, 170];
const refusedEmails = REFUSED.map((index) => inputItems[index].email);

/** Extra requests a refused candidate may cost, per the docs: 2·⌈log2(batch size)⌉. */
const perRefusal = (batchSize: number) => 2 * Math.ceil(Math.log2(batchSize));

describe('Invite: a 422 for the whole request is split until each refused candidate stands alone', () => {
	it.each(['continueErrorOutput', 'continueRegularOutput'] as const)(
		'under %s, 247 candidates get their links once each and the 3 refused fail on their own items',
		async (onError) => {
			const [interviewId] = await env().seedInterviews([{ interviewName: `Split ${onError}` }]);
			await refuse(refusedEmails);
			const run = await env().run(inviteParameters(interviewId), { inputItems, onError });
			expect(run.error).toBeUndefined();

			const all = run.outputs.flat();
			expect(all.map((item) => (item.pairedItem as { item: number }).item).sort((a, b) => a - b)).toEqual(inputItems.map((_, index) => index));
			const failed = all.filter((item) => item.json.error !== undefined);
			expect(failed.map((item) => (item.pairedItem as { item: number }).item).sort((a, b) => a - b)).toEqual(REFUSED);
			for (const item of failed) {
				const index = (item.pairedItem as { item: number }).item;
				// Words a recruiter reads, and who it is about, so the error branch can write back to the ATS: on the
				// regular output with what the node knew; on the error output as json alone, which n8n lays over the
				// input item (this harness starts the node with no previous node, so there is none to lay it over).
				const error = `The Interview Service refused ${inputItems[index].email} [item ${index}] for interview ${interviewId}, saying: ${SERVICE_MESSAGE}`;
				expect(item.json).toEqual(
					onError === 'continueErrorOutput'
						? { error, message: SERVICE_MESSAGE }
						: { error, httpCode: 422, interviewId, email: inputItems[index].email, name: inputItems[index].name, message: SERVICE_MESSAGE },
				);
				if (onError === 'continueErrorOutput') expect(item.error).toBeUndefined();
			}
			if (onError === 'continueErrorOutput') expect(run.outputs[1]).toHaveLength(3);
			const linked = all.filter((item) => item.json.error === undefined);
			expect(linked).toHaveLength(247);
			for (const item of linked) {
				const index = (item.pairedItem as { item: number }).item;
				expect(item.json).toMatchObject({ email: inputItems[index].email, preAuthLink: expect.any(String) });
			}

			const requests = await env().requests(ACCESS_LINKS);
			const accepted = acceptedEmails(requests);
			// No accepted candidate is ever in two accepted requests, and every good one is in one.
			expect(new Set(accepted).size).toBe(accepted.length);
			expect(accepted.sort()).toEqual(inputItems.map((person) => person.email).filter((email) => !refusedEmails.includes(email)).sort());
			expect(requests.length).toBeLessThanOrEqual(3 + refusedEmails.length * perRefusal(100));
			// Every refused request was a 422 that applied nothing; each refused candidate stood alone at the end.
			for (const email of refusedEmails) {
				expect(requests.some((request) => request.status === 422 && candidatesOf(request).join() === email)).toBe(true);
			}
			const { candidates } = (await env().control('GET', '/state')) as { candidates: IDataObject[] };
			expect(candidates.filter((candidate) => candidate.interviewId === interviewId)).toHaveLength(247);
		},
	);

	it('under Stop Workflow, the run stops naming the refused e-mail and item, after the good candidates of its batch got their links', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Split stop' }]);
		const items = people(8, 'stop');
		await refuse([items[5].email]);
		const run = await env().run(inviteParameters(interviewId), { inputItems: items });
		expect(run.error?.message).toBe(`The Interview Service refused ${items[5].email} [item 5] for interview ${interviewId}, saying: ${SERVICE_MESSAGE}`);
		expect(run.error?.httpCode).toBe('422');
		const { candidates } = (await env().control('GET', '/state')) as { candidates: IDataObject[] };
		const invited = candidates.filter((candidate) => candidate.interviewId === interviewId).map((candidate) => candidate.email);
		expect(invited.sort()).toEqual(items.filter((_, index) => index !== 5).map((person) => person.email).sort());
	});

	it('two items with the same e-mail stay together, and both fail when that candidate is refused', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Split twins' }]);
		const items = [...people(4, 'twin'), { email: 'TWIN1@example.com', name: 'Twin again' }];
		await refuse([items[1].email]);
		const run = await env().run(inviteParameters(interviewId), { inputItems: items, onError: 'continueRegularOutput' });
		expect(run.items.map((item) => [(item.pairedItem as { item: number }).item, item.json.error === undefined])).toEqual([
			[0, true],
			[1, false],
			[2, true],
			[3, true],
			[4, false],
		]);
		const requests = await env().requests(ACCESS_LINKS);
		expect(requests.every((request) => new Set(candidatesOf(request).map((email) => email.toLowerCase())).size === candidatesOf(request).length)).toBe(true);
	});

	it('splits only on a 422: a 500 fails its batch as it is (it may have been applied)', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'No split' }]);
		await refuse([people(10, 'five')[3].email]);
		await env().control('POST', '/faults', { route: ACCESS_LINKS, status: 500, count: 1 });
		const run = await env().run(inviteParameters(interviewId), { inputItems: people(10, 'five'), onError: 'continueRegularOutput' });
		expect(run.items.map((item) => item.json.httpCode)).toEqual(Array.from({ length: 10 }, () => 500));
		expect(await env().requests(ACCESS_LINKS)).toHaveLength(1);
	});

	it('Batches In Parallel bounds the requests in flight while a batch is split', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Split parallel' }]);
		await env().control('PATCH', '/config', { latencyMs: 20 });
		await refuse([inputItems[10].email, inputItems[120].email, inputItems[210].email]);
		const run = await env().run(inviteParameters(interviewId, { options: { parallelBatches: 2 } }), { inputItems, onError: 'continueRegularOutput' });
		expect(run.items.filter((item) => item.json.error !== undefined)).toHaveLength(3);
		const requests = await env().requests(ACCESS_LINKS);
		// Overlap of the logged requests: each starts `durationMs` before its log entry.
		const spans = requests.map((request) => {
			const end = Date.parse(request.at);
			return [end - request.durationMs, end] as const;
		});
		const most = Math.max(...spans.map(([start]) => spans.filter(([from, to]) => from <= start && start < to).length));
		expect(most).toBeLessThanOrEqual(2);
	});
});

describe('Invite: a 422 that names the refused, by e-mail or by place', () => {
	/** 230 candidates in batches of 100, 100 and 30; one refused in each of the first two. */
	const many = people(230, 'named');
	const TWO_REFUSED = [40, 150];
	const CANDIDATE_REASON = `${SERVICE_MESSAGE}; This candidate is blocked`;

	async function inviteWithTwoRefused(dialect: Dialect) {
		const [interviewId] = await env().seedInterviews([{ interviewName: `Named ${dialect}` }]);
		await refuse(TWO_REFUSED.map((index) => many[index].email), dialect);
		const run = await env().run(inviteParameters(interviewId), { inputItems: many, onError: 'continueErrorOutput' });
		const requests = await env().requests(ACCESS_LINKS);
		process.stderr.write(`[refusals] 230 candidates, 2 refused, ${dialect}: ${requests.length} access-links requests\n`);
		return { interviewId, run, requests };
	}

	it.each(['rejectNamingEmail', 'rejectNamingPlace'] as const)(
		'%s: 230 candidates with 2 refused cost 5 requests; the refused fail with the service\'s words about them, sent once',
		async (dialect) => {
			const { interviewId, run, requests } = await inviteWithTwoRefused(dialect);
			const [success, failure] = run.outputs;
			expect(success).toHaveLength(228);
			expect(failure.map((item) => item.pairedItem)).toEqual(TWO_REFUSED.map((item) => ({ item })));
			for (const item of failure) {
				const index = (item.pairedItem as { item: number }).item;
				expect(item.json).toEqual({ error: `The Interview Service refused ${many[index].email} [item ${index}] for interview ${interviewId}, saying: ${CANDIDATE_REASON}`, message: CANDIDATE_REASON });
			}
			// Each of the two refused batches once, then once more without its refused candidate; the third batch once
			// (batches go out in parallel, so in any order).
			expect(requests.map((request) => [request.status, candidatesOf(request).length]).sort()).toEqual([
				[200, 30],
				[200, 99],
				[200, 99],
				[422, 100],
				[422, 100],
			]);
			expect(requests.length).toBeLessThanOrEqual(8);
			for (const index of TWO_REFUSED) expect(requests.filter((request) => candidatesOf(request).includes(many[index].email))).toHaveLength(1);
			const accepted = acceptedEmails(requests);
			expect(new Set(accepted).size).toBe(228);
			const { candidates } = (await env().control('GET', '/state')) as { candidates: IDataObject[] };
			expect(candidates.filter((candidate) => candidate.interviewId === interviewId)).toHaveLength(228);
		},
	);

	it('rejectRequest, naming nobody: the same 230 are still halved, within 3 + 2·14 requests', async () => {
		const { run, requests } = await inviteWithTwoRefused('rejectRequest');
		expect(run.outputs[1].map((item) => item.pairedItem)).toEqual(TWO_REFUSED.map((item) => ({ item })));
		expect(run.outputs[1][0].json.message).toBe(SERVICE_MESSAGE);
		expect(requests.length).toBeGreaterThan(8);
		expect(requests.length).toBeLessThanOrEqual(3 + TWO_REFUSED.length * perRefusal(100));
	});

	it('two refused in one batch, one of them on two items: one more request for the batch, both items fail', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Named twins' }]);
		const items = [...people(6, 'pair'), { email: 'PAIR1@example.com', name: 'Pair again' }];
		await refuse([items[1].email, items[4].email], 'rejectNamingPlace');
		const run = await env().run(inviteParameters(interviewId), { inputItems: items, onError: 'continueRegularOutput' });
		expect(run.items.filter((item) => item.json.error !== undefined).map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 4 }, { item: 6 }]);
		expect(run.items.find((item) => (item.pairedItem as { item: number }).item === 6)?.json).toMatchObject({ email: 'PAIR1@example.com', message: CANDIDATE_REASON });
		expect((await env().requests(ACCESS_LINKS)).map((request) => [request.status, candidatesOf(request).length])).toEqual([
			[422, 6],
			[200, 4],
		]);
	});

	it('every candidate of the batch refused: each fails, and nothing is sent again', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Named all' }]);
		const items = people(3, 'all');
		await refuse(items.map((person) => person.email), 'rejectNamingEmail');
		const run = await env().run(inviteParameters(interviewId), { inputItems: items, onError: 'continueRegularOutput' });
		expect(run.items.map((item) => item.json.message)).toEqual([CANDIDATE_REASON, CANDIDATE_REASON, CANDIDATE_REASON]);
		expect(await env().requests(ACCESS_LINKS)).toHaveLength(1);
	});

	it('under Retry On Fail, a 500 on the rest: the refused batch is not sent again, the rest once more', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Named retry' }]);
		const items = people(40, 'namedRetry');
		await refuse([items[3].email], 'rejectNamingEmail');
		// Request 1 is the whole batch (422 naming item 3), request 2 the rest: it fails once.
		await env().control('POST', '/faults', { route: ACCESS_LINKS, status: 500, skip: 1, count: 1 });
		const run = await env().run(inviteParameters(interviewId), {
			inputItems: items,
			onError: 'continueRegularOutput',
			retryOnFail: { maxTries: 2, waitBetweenTries: 0 },
		});
		expect(run.items.filter((item) => item.json.error !== undefined).map((item) => [item.pairedItem, item.json.message])).toEqual([[{ item: 3 }, CANDIDATE_REASON]]);
		expect(run.items.filter((item) => typeof item.json.preAuthLink === 'string')).toHaveLength(39);
		// The faulted request fired before its body was read, so the log holds no body for it.
		const requests = await env().requests(ACCESS_LINKS);
		expect(requests.map((request) => request.status)).toEqual([422, 500, 200]);
		expect(candidatesOf(requests[0])).toHaveLength(40);
		expect(candidatesOf(requests[2])).toEqual(items.filter((_, index) => index !== 3).map((person) => person.email));
	});
});

describe('Invite: a service that leaves the refused candidate out of a 200 answer', () => {
	it('fails just that item, beside the others, in the same 3 requests', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Omit' }]);
		await refuse(refusedEmails, 'omitCandidate');
		const run = await env().run(inviteParameters(interviewId), { inputItems, onError: 'continueErrorOutput' });
		const [success, failure] = run.outputs;
		expect(success).toHaveLength(247);
		expect(failure.map((item) => item.pairedItem)).toEqual(REFUSED.map((item) => ({ item })));
		for (const item of failure) {
			const index = (item.pairedItem as { item: number }).item;
			expect(item.json.error).toBe(`The Interview Service refused ${inputItems[index].email} [item ${index}] for interview ${interviewId}: it returned no access link for this candidate`);
		}
		expect((await env().requests(ACCESS_LINKS)).map((request) => request.status)).toEqual([200, 200, 200]);
	});
});

describe('Invite: splitting under Retry On Fail', () => {
	it('a 500 on a later part, then the retry: nothing answered is sent twice, and each good candidate is accepted once', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Split retry' }]);
		const items = people(40, 'retry');
		await refuse([items[3].email]);
		// Request 1 is the whole batch (422), 2 and 3 its halves: the 4th request fails once.
		await env().control('POST', '/faults', { route: ACCESS_LINKS, status: 500, skip: 3, count: 1 });
		const run = await env().run(inviteParameters(interviewId, { options: { parallelBatches: 1 } }), {
			inputItems: items,
			onError: 'continueRegularOutput',
			retryOnFail: { maxTries: 2, waitBetweenTries: 0 },
		});
		expect(run.items.filter((item) => item.json.error !== undefined).map((item) => item.pairedItem)).toEqual([{ item: 3 }]);
		expect(run.items.filter((item) => typeof item.json.preAuthLink === 'string')).toHaveLength(39);
		const requests = await env().requests(ACCESS_LINKS);
		expect(requests.filter((request) => request.status === 500)).toHaveLength(1);
		const answered = requests.filter((request) => request.status === 200 || request.status === 422).map((request) => candidatesOf(request).join());
		expect(new Set(answered).size).toBe(answered.length);
		const accepted = acceptedEmails(requests);
		expect(new Set(accepted).size).toBe(accepted.length);
		expect(accepted).toHaveLength(39);
	});
});

describe('Cancel Scheduled: the same rule for a refused e-mail', () => {
	async function scheduled(count: number) {
		const [interviewId] = await env().seedInterviews([{ interviewName: `Cancel ${count}` }]);
		const items = people(count, 'cancel');
		await env().run(inviteParameters(interviewId), { inputItems: items });
		return { interviewId, emails: items.map((person) => person.email) };
	}

	it('Input Items: the refused e-mail fails on its own item, the others are cancelled', async () => {
		const { interviewId, emails } = await scheduled(6);
		await refuse([emails[4]]);
		const parameters: INodeParameters = {
			resource: 'candidate',
			operation: 'cancelScheduled',
			interviewId: interviewById(interviewId),
			emailSource: 'inputItems',
			candidateEmail: '={{ $json.email }}',
		};
		const run = await env().run(parameters, { inputItems: emails.map((email) => ({ email })), onError: 'continueErrorOutput' });
		const [success, failure] = run.outputs;
		expect(success.map((item) => [item.pairedItem, item.json.cancelled])).toEqual(
			[0, 1, 2, 3, 5].map((item) => [{ item }, true]),
		);
		expect(failure.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[{ item: 4 }, `The Interview Service refused ${emails[4]} [item 4] for interview ${interviewId}, saying: ${SERVICE_MESSAGE}`],
		]);
	});

	it('Input Items, the refusal naming the e-mail by place: it fails with the reason given, the others go in one more request', async () => {
		const { interviewId, emails } = await scheduled(6);
		await refuse([emails[4]], 'rejectNamingPlace');
		const run = await env().run(
			{ resource: 'candidate', operation: 'cancelScheduled', interviewId: interviewById(interviewId), emailSource: 'inputItems', candidateEmail: '={{ $json.email }}' },
			{ inputItems: emails.map((email) => ({ email })), onError: 'continueErrorOutput' },
		);
		const [success, failure] = run.outputs;
		expect(success.map((item) => [item.pairedItem, item.json.cancelled])).toEqual([0, 1, 2, 3, 5].map((item) => [{ item }, true]));
		expect(failure.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[{ item: 4 }, `The Interview Service refused ${emails[4]} [item 4] for interview ${interviewId}, saying: ${SERVICE_MESSAGE}; This candidate is blocked`],
		]);
		expect((await env().requests(CANCEL)).map((request) => [request.status, (request.body.candidateEmails as string[]).length])).toEqual([
			[422, 6],
			[200, 5],
		]);
	});

	it('A List, the refusal naming the e-mail: the item fails naming it, the rest of its e-mails cancelled in one more request', async () => {
		const { interviewId, emails } = await scheduled(5);
		await refuse([emails[2]], 'rejectNamingEmail');
		const run = await env().run(
			{ resource: 'candidate', operation: 'cancelScheduled', interviewId: interviewById(interviewId), emailSource: 'list', candidateEmails: emails },
			{ inputItems: [{}], onError: 'continueRegularOutput' },
		);
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({
			error: `The Interview Service refused ${emails[2]} [item 0, address 3 of 5] for interview ${interviewId}, saying: ${SERVICE_MESSAGE}; This candidate is blocked`,
			email: emails[2],
		});
		expect((await env().requests(CANCEL)).map((request) => [request.status, (request.body.candidateEmails as string[]).length])).toEqual([
			[422, 5],
			[200, 4],
		]);
		const { candidates } = (await env().control('GET', '/state')) as { candidates: IDataObject[] };
		const cancelled = candidates.filter((candidate) => candidate.interviewId === interviewId && candidate.status === 'cancelled');
		expect(cancelled.map((candidate) => candidate.email).sort()).toEqual(emails.filter((_, index) => index !== 2).sort());
	});

	it('A List: the item fails naming the refused e-mail and what was cancelled, and the others are cancelled', async () => {
		const { interviewId, emails } = await scheduled(5);
		await refuse([emails[2]]);
		const run = await env().run(
			{ resource: 'candidate', operation: 'cancelScheduled', interviewId: interviewById(interviewId), emailSource: 'list', candidateEmails: emails },
			{ inputItems: [{}], onError: 'continueRegularOutput' },
		);
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({
			error: `The Interview Service refused ${emails[2]} [item 0, address 3 of 5] for interview ${interviewId}, saying: ${SERVICE_MESSAGE}`,
			interviewId,
			email: emails[2],
			message: SERVICE_MESSAGE,
		});
		const { candidates } = (await env().control('GET', '/state')) as { candidates: IDataObject[] };
		const cancelled = candidates.filter((candidate) => candidate.interviewId === interviewId && candidate.status === 'cancelled');
		expect(cancelled.map((candidate) => candidate.email).sort()).toEqual(emails.filter((_, index) => index !== 2).sort());
		expect((await env().requests(CANCEL)).filter((request) => request.status === 200)).not.toHaveLength(0);
	});
});
