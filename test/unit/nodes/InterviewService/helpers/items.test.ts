import { NodeOperationError } from 'n8n-workflow';

import { chunk, finishBatches, groupBy, runPerItem, sendBatches, sentBatches, toExecutionData } from '../../../../../nodes/InterviewService/helpers/items';
import { mockContext } from '../mockContext';

describe('runPerItem', () => {
	it('validates every item before sending any request', async () => {
		const { context } = mockContext({ parameters: {}, items: 3 });
		const send = jest.fn(async () => ({ ok: true }));
		const prepare = (itemIndex: number) => {
			if (itemIndex === 2) throw new NodeOperationError(context.getNode(), 'bad input (item 2)', { itemIndex });
			return itemIndex;
		};
		await expect(runPerItem(context, prepare, send)).rejects.toThrow('bad input (item 2)');
		expect(send).not.toHaveBeenCalled();
	});

	it('with continueOnFail, marks the bad item and sends the others, each paired to its input', async () => {
		const { context } = mockContext({ parameters: {}, items: 3, continueOnFail: true });
		const prepare = (itemIndex: number) => {
			if (itemIndex === 1) throw new NodeOperationError(context.getNode(), 'bad input (item 1)', { itemIndex });
			return itemIndex;
		};
		const output = await runPerItem(context, prepare, async (request) => ({ request }));
		expect(output).toEqual([
			{ json: { request: 0 }, pairedItem: { item: 0 } },
			{ json: { error: 'bad input (item 1)' }, pairedItem: { item: 1 } },
			{ json: { request: 2 }, pairedItem: { item: 2 } },
		]);
	});

	it('stops at the first failed request without continueOnFail', async () => {
		const { context } = mockContext({ parameters: {}, items: 3 });
		const send = jest.fn(async (request: number) => {
			if (request === 1) throw new Error('boom');
			return { request };
		});
		await expect(runPerItem(context, (itemIndex) => itemIndex, send)).rejects.toThrow(NodeOperationError);
		expect(send).toHaveBeenCalledTimes(2);
	});

	it('spreads a list answer into one item each, all paired to the same input', async () => {
		const { context } = mockContext({ parameters: {} });
		const output = await runPerItem(context, () => 0, async () => [{ a: 1 }, { a: 2 }]);
		expect(output).toEqual([
			{ json: { a: 1 }, pairedItem: { item: 0 } },
			{ json: { a: 2 }, pairedItem: { item: 0 } },
		]);
	});
});

describe('toExecutionData', () => {
	it('orders outcomes by input item', () => {
		const output = toExecutionData([
			{ itemIndex: 2, json: [{ n: 2 }] },
			{ itemIndex: 0, json: [{ n: 0 }] },
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
	});
});

describe('chunk and groupBy', () => {
	it('chunks by size', () => {
		expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
	});

	it('groups by key in first-seen order', () => {
		expect(groupBy(['a1', 'b1', 'a2'], (value) => value[0])).toEqual([['a1', 'a2'], ['b1']]);
	});
});

describe('sendBatches: what Retry On Fail may send again', () => {
	it('reuses the answer of a batch sent in an earlier attempt of the same run, and forgets once all succeeded', async () => {
		const { context } = mockContext({ parameters: {}, items: 3 });
		const sent: number[] = [];
		const attempt = async (failOn?: number) => {
			const memory = sentBatches(context, 'test');
			const outcomes = await sendBatches({
				batches: [0, 1, 2],
				concurrency: 2,
				memory,
				keyOf: (batch) => String(batch),
				send: async (batch) => {
					sent.push(batch);
					if (batch === failOn) throw new Error(`batch ${batch} failed`);
					return { answer: batch };
				},
				outcomesOf: (batch, answer) => [{ itemIndex: batch, json: [answer] }],
				failuresOf: (_batch, error) => {
					throw error;
				},
			});
			return finishBatches(memory, outcomes);
		};
		await expect(attempt(1)).rejects.toThrow('batch 1 failed');
		const output = await attempt();
		expect(output.map((item) => item.json)).toEqual([{ answer: 0 }, { answer: 1 }, { answer: 2 }]);
		expect(sent.filter((batch) => batch === 0)).toHaveLength(1);
		expect(sent.filter((batch) => batch === 1)).toHaveLength(2);
		expect(context.getContext('node')).toEqual({});
	});

	it('keeps at most `concurrency` batches in flight', async () => {
		const { context } = mockContext({ parameters: {}, items: 1 });
		let inFlight = 0;
		let most = 0;
		await sendBatches({
			batches: [0, 1, 2, 3, 4, 5, 6],
			concurrency: 3,
			memory: sentBatches(context, 'test'),
			keyOf: (batch) => String(batch),
			send: async () => {
				most = Math.max(most, ++inFlight);
				await new Promise((resolve) => setImmediate(resolve));
				inFlight--;
				return {};
			},
			outcomesOf: (batch) => [{ itemIndex: batch, json: [{}] }],
			failuresOf: () => [],
		});
		expect(most).toBe(3);
	});
});
