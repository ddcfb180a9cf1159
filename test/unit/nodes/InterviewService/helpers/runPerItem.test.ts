import { NodeOperationError } from 'n8n-workflow';

import { runPerItem } from '../../../../../nodes/InterviewService/helpers/runPerItem';
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
