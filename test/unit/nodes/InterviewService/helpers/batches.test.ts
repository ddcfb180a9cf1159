import type { IDataObject } from 'n8n-workflow';

import { chunk, dispatchBatches, groupBy } from '../../../../../nodes/InterviewService/helpers/batches';
import { rememberedAnswers } from '../../../../../nodes/InterviewService/helpers/retryMemory';
import { isFailure } from '../../../../../nodes/InterviewService/helpers/operationContract';
import type { PreparedItem, RetryMemory } from '../../../../../nodes/InterviewService/helpers/operationContract';
import { toNodeApiError } from '../../../../../nodes/shared/transport/errors';
import { runOperation } from '../../../../../nodes/InterviewService/actions/router';
import { apiError, mockContext } from '../mockContext';

describe('chunk and groupBy', () => {
	it('chunks by size', () => {
		expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
	});

	it('groups by key in first-seen order', () => {
		expect(groupBy(['a1', 'b1', 'a2'], (value) => value[0])).toEqual([['a1', 'a2'], ['b1']]);
	});
});

const batchOf = (itemIndex: number) => [{ itemIndex, request: itemIndex, emails: [String(itemIndex)], facts: { interviewId: 'i', email: '' } }];

describe('dispatchBatches: what Retry On Fail may send again', () => {
	it('reuses the answer of a batch sent in an earlier attempt of the same run, and forgets once all succeeded', async () => {
		const { context } = mockContext({ parameters: {}, items: 3 });
		const sent: number[] = [];
		// A batch operation as the router runs it: the router hands over the run's memory and drops it once all succeeded.
		const attempt = async (failOn?: number) =>
			await runOperation.call(
				context,
				{
					prepare: (itemIndex: number) => itemIndex,
					async sendInBatches(prepared: Array<PreparedItem<unknown>>, memory: RetryMemory) {
						return await dispatchBatches(context, {
							batches: prepared.map(({ itemIndex }) => batchOf(itemIndex)),
							concurrency: 2,
							memory,
							send: async ([{ request }]) => {
								sent.push(request as number);
								if (request === failOn) throw new Error(`batch ${String(request)} failed`);
								return { answer: request };
							},
							outcomesOf: ([{ itemIndex }], answer) => [{ itemIndex, json: [answer as IDataObject] }],
						});
					},
				},
				'test',
			);
		await expect(attempt(1)).rejects.toThrow('batch 1 failed');
		const [output] = await attempt();
		expect(output.map((item) => item.json)).toEqual([{ answer: 0 }, { answer: 1 }, { answer: 2 }]);
		expect(sent.filter((batch) => batch === 0)).toHaveLength(1);
		expect(sent.filter((batch) => batch === 1)).toHaveLength(2);
		expect(context.getContext('node')).toEqual({});
	});

	it('keeps at most `concurrency` batches in flight', async () => {
		const { context } = mockContext({ parameters: {}, items: 1 });
		let inFlight = 0;
		let most = 0;
		await dispatchBatches(context, {
			batches: [0, 1, 2, 3, 4, 5, 6].map(batchOf),
			concurrency: 3,
			memory: rememberedAnswers(context, 'test', 0),
			send: async () => {
				most = Math.max(most, ++inFlight);
				await new Promise((resolve) => setImmediate(resolve));
				inFlight--;
				return {};
			},
			outcomesOf: ([{ itemIndex }]) => [{ itemIndex, json: [{}] }],
		});
		expect(most).toBe(3);
	});
});

describe('dispatchBatches: parts of a refused batch', () => {
	// The service refuses (422) any request holding "x"; a batch is split in halves until "x" stands alone.
	const refusing = (context: ReturnType<typeof mockContext>['context'], batches: string[][], concurrency = 1) => {
		const sent: string[][] = [];
		const run = dispatchBatches<string, { ok: true }>(context, {
			batches: batches.map((letters) =>
				letters.map((request) => ({ itemIndex: request.charCodeAt(0), request, emails: [request], facts: { interviewId: 'i', email: request } })),
			),
			concurrency,
			memory: rememberedAnswers(context, 'parts', 0),
			send: async (batch) => {
				sent.push(batch.map(({ request }) => request));
				if (batch.some(({ request }) => request === 'x')) throw toNodeApiError(context.getNode(), apiError(422, 'refused'));
				return { ok: true };
			},
			outcomesOf: (batch) => batch.map(({ itemIndex, request }) => ({ itemIndex, json: [{ request }] })),
		});
		return { run, sent };
	};

	it('sends the parts of a refused batch before the next batch, and under Stop finishes them before it stops', async () => {
		const { context } = mockContext({ parameters: {}, items: 4 });
		const { run, sent } = refusing(context, [['a', 'x', 'c', 'd'], ['e', 'f']]);
		await expect(run).rejects.toThrow('refused x');
		expect(sent).toEqual([['a', 'x', 'c', 'd'], ['a', 'x'], ['a'], ['x'], ['c', 'd']]);
	});

	it('with continueOnFail, every other item gets through and only the refused one fails', async () => {
		const { context } = mockContext({ parameters: {}, items: 4, continueOnFail: true });
		const { run, sent } = refusing(context, [['a', 'x', 'c', 'd'], ['e', 'f']], 2);
		const outcomes = await run;
		expect(outcomes.filter(isFailure).map((outcome) => outcome.error.message)).toEqual(['The Interview Service refused x [item 120] for interview i, saying: refused']);
		expect(sent.filter((letters) => letters.length === 1 || letters.join() === 'e,f').flat().sort()).toEqual(['a', 'e', 'f', 'x']);
	});
});

describe('dispatchBatches: a refusal that names the refused', () => {
	type Item = { email: string };
	// A service that refuses (422) every request holding a blocked e-mail, naming each by e-mail or by place, as `nameOf` says.
	const naming = (
		context: ReturnType<typeof mockContext>['context'],
		emails: string[],
		blocked: string[],
		nameOf: (email: string, place: number) => IDataObject,
		memory: RetryMemory = rememberedAnswers(context, 'named', 0),
	) => {
		const sent: string[][] = [];
		const unique = (batch: Array<PreparedItem<Item>>) => [...new Set(batch.map(({ request }) => request.email.toLowerCase()))];
		const run = dispatchBatches<Item, { ok: true }>(context, {
			batches: [emails.map((email, itemIndex) => ({ itemIndex, request: { email }, emails: [email], facts: { interviewId: 'i', email } }))],
			concurrency: 1,
			memory,
			send: async (batch) => {
				const request = unique(batch);
				sent.push(request);
				const refused = request.flatMap((email, place) => (blocked.includes(email) ? [nameOf(email, place)] : []));
				if (refused.length > 0) throw toNodeApiError(context.getNode(), apiError(422, 'Input validation failed', refused));
				return { ok: true };
			},
			outcomesOf: (batch) => batch.map(({ itemIndex, request }) => ({ itemIndex, json: [{ ...request }] })),
		});
		return { run, sent };
	};
	const errorsOf = (outcomes: Awaited<ReturnType<typeof dispatchBatches>>) =>
		outcomes.filter(isFailure).map((outcome) => [outcome.itemIndex, outcome.error.message]);

	it('by e-mail: the named fail with their own reason, the rest goes in one more request', async () => {
		const { context } = mockContext({ parameters: {}, items: 6, continueOnFail: true });
		const { run, sent } = naming(context, ['a', 'b', 'c', 'd', 'e', 'f'], ['b', 'e'], (email) => ({ email, message: `${email} is blocked` }));
		const outcomes = await run;
		expect(sent).toEqual([['a', 'b', 'c', 'd', 'e', 'f'], ['a', 'c', 'd', 'f']]);
		expect(errorsOf(outcomes)).toEqual([
			[1, 'The Interview Service refused b [item 1] for interview i, saying: Input validation failed; b is blocked'],
			[4, 'The Interview Service refused e [item 4] for interview i, saying: Input validation failed; e is blocked'],
		]);
		expect(outcomes.filter((outcome) => !isFailure(outcome))).toHaveLength(4);
	});

	it('by place: two items with the same e-mail are one place, and both fail', async () => {
		const { context } = mockContext({ parameters: {}, items: 5, continueOnFail: true });
		const { run, sent } = naming(context, ['a', 'b', 'B', 'c', 'd'], ['b'], (_email, place) => ({ path: `candidates.${place}.email`, message: 'blocked' }));
		const outcomes = await run;
		expect(sent).toEqual([['a', 'b', 'c', 'd'], ['a', 'c', 'd']]);
		expect(errorsOf(outcomes).map(([itemIndex]) => itemIndex)).toEqual([1, 2]);
	});

	it('names covering the whole batch: all fail, and nothing is sent again', async () => {
		const { context } = mockContext({ parameters: {}, items: 2, continueOnFail: true });
		const { run, sent } = naming(context, ['a', 'b'], ['a', 'b'], (email) => ({ email }));
		expect(errorsOf(await run)).toHaveLength(2);
		expect(sent).toHaveLength(1);
	});

	it('a name the request did not hold: the batch is halved as for a refusal naming nobody', async () => {
		const { context } = mockContext({ parameters: {}, items: 4, continueOnFail: true });
		const { run, sent } = naming(context, ['a', 'b', 'c', 'd'], ['c'], (_email, place) => ({ path: `candidates.${place + 7}.email` }));
		expect(errorsOf(await run).map(([itemIndex]) => itemIndex)).toEqual([2]);
		expect(sent).toEqual([['a', 'b', 'c', 'd'], ['a', 'b'], ['c', 'd'], ['c'], ['d']]);
	});

	it('under Retry On Fail, neither the refused batch nor its rest is sent again once answered', async () => {
		const { context } = mockContext({ parameters: {}, items: 4, continueOnFail: true });
		const memory = rememberedAnswers(context, 'named retry', 0);
		const first = naming(context, ['a', 'b', 'c', 'd'], ['b'], (email) => ({ email }), memory);
		await first.run;
		const again = naming(context, ['a', 'b', 'c', 'd'], ['b'], (email) => ({ email }), memory);
		expect(errorsOf(await again.run)).toEqual(errorsOf(await first.run));
		expect(first.sent).toHaveLength(2);
		expect(again.sent).toEqual([]);
	});
});
