import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { operations, router, runIndexOf, runOperation, toExecutionData } from '../../../../../nodes/InterviewService/actions/router';
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

	it('Continue (using error output): each failure is json alone, `{ error }`, which n8n moves to the error output over its input item', async () => {
		const { output, sent } = await run('continueErrorOutput');
		expect(sent).toEqual([0, 2, 3]);
		// An item carrying its error would be cut to `{ error }` by n8n, input item and all (docs/n8n-internals.md).
		expect(output).toEqual([
			{ json: { request: 0 }, pairedItem: { item: 0 } },
			{ json: { error: 'Email is required (item 1)' }, pairedItem: { item: 1 } },
			{ json: { error: 'Interview not found' }, pairedItem: { item: 2 } },
			{ json: { request: 3 }, pairedItem: { item: 3 } },
		]);
	});

	it('a failure of an operation about one interview carries its interviewId, under Continue (regular output)', async () => {
		const parameters = { interviewId: { __rl: true, mode: 'id', value: '6650a1b2c3d4e5f601234501' } };
		const send = async (request: number) => {
			if (request === 1) throw serviceError(500, 'Internal server error');
			return { request };
		};
		const { context } = mockContext({ parameters, items: 2, onError: 'continueRegularOutput' });
		const [output] = await runOperation.call(context, perItem((i) => i, send));
		expect(output[1]).toEqual({ json: { error: 'Internal server error', httpCode: 500, interviewId: '6650a1b2c3d4e5f601234501' }, pairedItem: { item: 1 } });
		// An operation without an interview (Interview → Create, Get Many) adds none.
		const { context: noInterview } = mockContext({ parameters: {}, items: 2, onError: 'continueRegularOutput' });
		const [without] = await runOperation.call(noInterview, perItem((i) => i, send));
		expect(without[1].json).toEqual({ error: 'Internal server error', httpCode: 500 });
	});

	it('a refused candidate: every fact and the service\'s reason on the regular output; `error` and `message` on the error output', () => {
		const error = serviceError(422, 'The Interview Service refused b@x.io [item 0, address 2 of 3] for interview i1, saying: blocked');
		const failure = { itemIndex: 0, error, known: { interviewId: 'i1', email: 'b@x.io', name: 'B', message: 'blocked' } };
		expect(toExecutionData([failure])[0]).toEqual([
			{ json: { error: error.message, httpCode: 422, interviewId: 'i1', email: 'b@x.io', name: 'B', message: 'blocked' }, pairedItem: { item: 0 } },
		]);
		expect(toExecutionData([failure], true)[0]).toEqual([{ json: { error: error.message, message: 'blocked' }, pairedItem: { item: 0 } }]);
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

describe('runIndexOf', () => {
	it("takes the run index n8n's context holds, building no data proxy", () => {
		const getWorkflowDataProxy = jest.fn(() => ({ $runIndex: 9 }));
		expect(runIndexOf({ runIndex: 2, getWorkflowDataProxy } as never)).toBe(2);
		expect(getWorkflowDataProxy).not.toHaveBeenCalled();
	});

	it("asks n8n's data proxy when the context holds none", () => {
		expect(runIndexOf({ getWorkflowDataProxy: () => ({ $runIndex: 3 }) } as never)).toBe(3);
		expect(runIndexOf({ runIndex: 'x', getWorkflowDataProxy: () => ({}) } as never)).toBe(0);
	});
});
