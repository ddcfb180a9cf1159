import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { operations, router, runOperation, toExecutionData } from '../../../../../nodes/InterviewService/actions/router';
import type { PerItemOperation } from '../../../../../nodes/InterviewService/helpers/operationContract';
import { toNodeApiError } from '../../../../../nodes/shared/transport/errors';
import { fakeNode } from '../../../../helpers/fakeNode';
import { apiError, mockContext } from '../mockContext';
import type { MockOptions } from '../mockContext';

/** A per-item operation from its two halves, as an operation file exports them. */
function perItem(
	prepare: (this: IExecuteFunctions, itemIndex: number) => unknown,
	send: (request: never, itemIndex: number) => Promise<object | object[]>,
	rememberAcrossRetries = false,
): PerItemOperation {
	return { prepare, send: send as PerItemOperation['send'], rememberAcrossRetries };
}

describe('router', () => {
	it('routes exactly the released resource/operation values', () => {
		const pairs = Object.entries(operations).flatMap(([resource, byOperation]) =>
			Object.keys(byOperation).map((operation) => `${resource}:${operation}`),
		);
		expect(pairs.sort()).toEqual(
			[
				'interview:create',
				'interview:get',
				'interview:getMany',
				'interview:update',
				'interview:updateSettings',
				'candidate:invite',
				'candidate:cancelScheduled',
				'candidate:forgetInvited',
				'result:getMany',
				'access:createToken',
				'access:createLink',
			].sort(),
		);
	});

	it('refuses an unknown operation', async () => {
		const { context } = mockContext({ parameters: { resource: 'interview', operation: 'delete' } });
		await expect(router.call(context)).rejects.toThrow('The operation "delete" of "interview" is not supported');
	});
});

describe('the item loop', () => {
	it('validates every item before sending any request', async () => {
		const { context } = mockContext({ parameters: {}, items: 3 });
		const send = jest.fn(async () => ({ ok: true }));
		const prepare = (itemIndex: number) => {
			if (itemIndex === 2) throw new NodeOperationError(context.getNode(), 'bad input (item 2)', { itemIndex });
			return itemIndex;
		};
		await expect(runOperation.call(context, perItem(prepare, send))).rejects.toThrow('bad input (item 2)');
		expect(send).not.toHaveBeenCalled();
	});

	it('with continueOnFail, marks the bad item and sends the others, each paired to its input', async () => {
		const { context } = mockContext({ parameters: {}, items: 3, continueOnFail: true });
		const prepare = (itemIndex: number) => {
			if (itemIndex === 1) throw new NodeOperationError(context.getNode(), 'bad input (item 1)', { itemIndex });
			return itemIndex;
		};
		const [output] = await runOperation.call(context, perItem(prepare, async (request: number) => ({ request })));
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
		await expect(runOperation.call(context, perItem((itemIndex) => itemIndex, send))).rejects.toThrow(NodeOperationError);
		expect(send).toHaveBeenCalledTimes(2);
	});

	it('spreads a list answer into one item each, all paired to the same input', async () => {
		const { context } = mockContext({ parameters: {} });
		const [output] = await runOperation.call(context, perItem(() => 0, async () => [{ a: 1 }, { a: 2 }]));
		expect(output).toEqual([
			{ json: { a: 1 }, pairedItem: { item: 0 } },
			{ json: { a: 2 }, pairedItem: { item: 0 } },
		]);
	});

	it('orders outcomes by input item', () => {
		const [output] = toExecutionData([
			{ itemIndex: 2, json: [{ n: 2 }] },
			{ itemIndex: 0, json: [{ n: 0 }] },
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
	});
});

/** A failed request as `apiRequest` throws it: the API's message and status. */
const serviceError = (status: number, message: string) => toNodeApiError(fakeNode(), apiError(status, message));

describe('the item loop under each On Error setting', () => {
	// Item 1 has bad input, item 2's request answers 404, items 0 and 3 succeed.
	const prepare = function (this: IExecuteFunctions, itemIndex: number) {
		if (itemIndex === 1) throw new NodeOperationError(this.getNode(), 'Email is required (item 1)', { itemIndex });
		return itemIndex;
	};
	const run = async (onError: MockOptions['onError']) => {
		const sent: number[] = [];
		const { context } = mockContext({ parameters: {}, items: 4, onError });
		const send = async (request: number) => {
			sent.push(request);
			if (request === 2) throw serviceError(404, 'Interview not found');
			return { request };
		};
		const output = await runOperation
			.call(context, perItem(prepare, send))
			.then(([first]) => first)
			.catch((error: Error) => error);
		return { output, sent };
	};

	it('Stop Workflow: the bad input stops the run before any request', async () => {
		const { output, sent } = await run('stopWorkflow');
		expect(output).toBeInstanceOf(NodeOperationError);
		expect((output as Error).message).toBe('Email is required (item 1)');
		expect(sent).toEqual([]);
	});

	it('Continue (regular output): each failure is its own item on the one output, with the message and status', async () => {
		const { output, sent } = await run('continueRegularOutput');
		expect(sent).toEqual([0, 2, 3]);
		expect(output).toEqual([
			{ json: { request: 0 }, pairedItem: { item: 0 } },
			{ json: { error: 'Email is required (item 1)' }, pairedItem: { item: 1 } },
			{ json: { error: 'Interview not found', httpCode: 404 }, pairedItem: { item: 2 } },
			{ json: { request: 3 }, pairedItem: { item: 3 } },
		]);
	});

	it('Continue (using error output): each failure carries its error, which is what n8n routes to the error output', async () => {
		const { output, sent } = await run('continueErrorOutput');
		expect(sent).toEqual([0, 2, 3]);
		const items = output as Array<{ json: IDataObject; error?: Error; pairedItem: unknown }>;
		expect(items.map((item) => [item.pairedItem, item.error?.message])).toEqual([
			[{ item: 0 }, undefined],
			[{ item: 1 }, 'Email is required (item 1)'],
			[{ item: 2 }, 'Interview not found'],
			[{ item: 3 }, undefined],
		]);
	});

	it('remembers answers across Retry On Fail only for requests that must not be repeated, until all succeeded', async () => {
		const { context } = mockContext({ parameters: {}, items: 2 });
		const sent: number[] = [];
		let failing = true;
		const send = async (request: number) => {
			sent.push(request);
			if (request === 1 && failing) throw serviceError(500, 'Internal server error');
			return { request };
		};
		await expect(runOperation.call(context, perItem((i) => i, send, true), 'interview:create')).rejects.toThrow('Internal server error');
		failing = false;
		const [output] = await runOperation.call(context, perItem((i) => i, send, true), 'interview:create');
		expect(output.map((item) => item.json)).toEqual([{ request: 0 }, { request: 1 }]);
		expect(sent).toEqual([0, 1, 1]);
		expect(context.getContext('node')).toEqual({});

		// A read keeps nothing: the retry sends every item again.
		const reads: number[] = [];
		failing = true;
		const read = async (request: number) => {
			reads.push(request);
			if (request === 1 && failing) throw serviceError(500, 'Internal server error');
			return { request };
		};
		await expect(runOperation.call(context, perItem((i) => i, read), 'interview:get')).rejects.toThrow('Internal server error');
		failing = false;
		await runOperation.call(context, perItem((i) => i, read), 'interview:get');
		expect(reads).toEqual([0, 1, 0, 1]);
	});
});
