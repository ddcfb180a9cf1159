import type { IExecuteFunctions } from 'n8n-workflow';

import { sharedParameterReader, usesItem } from '../../../../../nodes/InterviewService/helpers/parameterCache';
import { fakeNode } from '../../../../helpers/fakeNode';

describe('usesItem', () => {
	it.each([
		['={{ $json.email }}', true],
		['={{ $input.item.json.email }}', true],
		["={{ $('Read CSV').item.json.email }}", true],
		["={{ $('Read CSV').itemMatching(0).json.email }}", true],
		['={{ $binary.data.fileName }}', true],
		['={{ $itemIndex }}', true],
		["={{ $item(0).$node['X'].json.a }}", true],
		['={{ $parameter.email }}', true],
		["={{ $node['X'].json.a }}", true],
		["={{ $('Config').first().json.interviewId }}", false],
		['={{ $now.plus(1, "day").toISO() }}', false],
		['={{ $vars.interviewId }}', false],
		['2026-03-01T09:00:00Z', false],
		// Not an expression (no leading "="): the text itself.
		['$json.email', false],
		[{ __rl: true, mode: 'id', value: '={{ $json.interviewId }}' }, true],
		[{ __rl: true, mode: 'id', value: 'int_1' }, false],
		[{ batchSize: 50 }, false],
		[[{ a: '={{ $json.a }}' }], true],
		[undefined, false],
	])('%j → %s', (value, expected) => {
		expect(usesItem(value)).toBe(expected);
	});
});

describe('sharedParameterReader', () => {
	function context(parameters: Record<string, unknown>, evaluate: (name: string, itemIndex: number) => unknown) {
		const calls: Array<[string, number]> = [];
		const node = { ...fakeNode(), parameters } as ReturnType<typeof fakeNode>;
		const getNodeParameter = (name: string, itemIndex: number) => {
			calls.push([name, itemIndex]);
			return evaluate(name, itemIndex);
		};
		return { context: { getNode: () => node, getNodeParameter } as unknown as IExecuteFunctions, calls };
	}

	it('evaluates a parameter that cannot differ between items once, and one that uses the item per item', () => {
		const { context: ctx, calls } = context(
			{ startTime: '={{ $now }}', email: '={{ $json.email }}' },
			(name, itemIndex) => `${name}-${itemIndex}`,
		);
		const read = sharedParameterReader(ctx);
		expect([0, 1, 2].map((i) => read('startTime', i, ''))).toEqual(['startTime-0', 'startTime-0', 'startTime-0']);
		expect([0, 1, 2].map((i) => read('email', i, ''))).toEqual(['email-0', 'email-1', 'email-2']);
		// A parameter left at its default is not saved at all: the same for every item.
		expect([0, 1].map((i) => read('options', i, {}))).toEqual(['options-0', 'options-0']);
		expect(calls.filter(([name]) => name === 'startTime')).toHaveLength(1);
		expect(calls.filter(([name]) => name === 'email')).toHaveLength(3);
	});

	it('keeps values apart by read options (the picker value versus the whole locator)', () => {
		const { context: ctx } = context({}, (name, itemIndex) => `${name}-${itemIndex}`);
		const evaluations: unknown[] = [];
		const read = sharedParameterReader({
			...ctx,
			getNode: ctx.getNode,
			getNodeParameter: (name: string, itemIndex: number, _fallback: unknown, options?: { extractValue?: boolean }) => {
				evaluations.push(options);
				return options?.extractValue ? 'id' : { __rl: true, value: 'id' };
			},
		} as unknown as IExecuteFunctions);
		expect(read('interviewId', 0, '', { extractValue: true })).toBe('id');
		expect(read('interviewId', 1, '')).toEqual({ __rl: true, value: 'id' });
		expect(read('interviewId', 2, '', { extractValue: true })).toBe('id');
		expect(evaluations).toHaveLength(2);
	});

	it('keeps no failure: a failing parameter fails again on every item, with that item', () => {
		const { context: ctx, calls } = context({ startTime: '={{ $vars.missing.x }}' }, (_name, itemIndex) => {
			throw new Error(`failed on item ${itemIndex}`);
		});
		const read = sharedParameterReader(ctx);
		expect(() => read('startTime', 0, '')).toThrow('failed on item 0');
		expect(() => read('startTime', 1, '')).toThrow('failed on item 1');
		expect(calls).toHaveLength(2);
	});
});
