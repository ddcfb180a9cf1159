import { chunk, groupBy, sendBatches } from '../../../../../nodes/InterviewService/helpers/batchSender';
import { finishBatches, sentBatches } from '../../../../../nodes/InterviewService/helpers/sentBatches';
import { mockContext } from '../mockContext';

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
