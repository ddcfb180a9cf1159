import type { IExecuteFunctions } from 'n8n-workflow';

import { itemFieldOf, sharedParameterReader, usesItem } from '../../../../../nodes/InterviewService/helpers/parameters';
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
	function context(parameters: Record<string, unknown>, evaluate: (name: string, itemIndex: number) => unknown, items: Array<Record<string, unknown>> = []) {
		const calls: Array<[string, number]> = [];
		const node = { ...fakeNode(), parameters } as ReturnType<typeof fakeNode>;
		const getNodeParameter = (name: string, itemIndex: number) => {
			calls.push([name, itemIndex]);
			return evaluate(name, itemIndex);
		};
		const getInputData = () => items.map((json) => ({ json }));
		return { context: { getNode: () => node, getNodeParameter, getInputData } as unknown as IExecuteFunctions, calls };
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

	it('takes a field the expression only copies from the item, without evaluating it, when it is text, a number or a boolean', () => {
		const items = [
			{ email: 'a@example.com', name: 'Ada', 'first name': 'A' },
			{ email: 7, name: true, 'first name': 'B' },
			// Left to n8n: a missing field, null, an object, a list.
			{ name: null },
			{ email: { address: 'c@example.com' }, name: ['C'] },
		];
		const { context: ctx, calls } = context(
			{
				email: '={{ $json.email }}',
				label: "={{ $json['first name'] }}",
				additionalFields: { name: '={{ $json.name }}', phone: '+1 555', notify: true },
			},
			(name, itemIndex) => `${name}-${itemIndex}`,
			items,
		);
		const read = sharedParameterReader(ctx);
		expect(items.map((_, i) => read('email', i, ''))).toEqual(['a@example.com', 7, 'email-2', 'email-3']);
		expect(items.map((_, i) => read('label', i, ''))).toEqual(['A', 'B', 'label-2', 'label-3']);
		expect(items.map((_, i) => read('additionalFields', i, {}))).toEqual([
			{ name: 'Ada', phone: '+1 555', notify: true },
			{ name: true, phone: '+1 555', notify: true },
			'additionalFields-2',
			'additionalFields-3',
		]);
		expect(calls).toEqual([
			['email', 2],
			['email', 3],
			['label', 2],
			['label', 3],
			['additionalFields', 2],
			['additionalFields', 3],
		]);
	});

	it('evaluates per item a collection with any other expression, and any read with options', () => {
		const { context: ctx, calls } = context(
			{ additionalFields: { name: '={{ $json.name }}', phone: '={{ $json.phone.trim() }}' }, email: '={{ $json.email }}' },
			(name, itemIndex) => `${name}-${itemIndex}`,
			[{ name: 'Ada', phone: ' 1 ', email: 'a@example.com' }],
		);
		const read = sharedParameterReader(ctx);
		expect(read('additionalFields', 0, {})).toBe('additionalFields-0');
		expect(read('email', 0, '', { extractValue: true })).toBe('email-0');
		expect(calls).toHaveLength(2);
	});
});

describe('itemFieldOf', () => {
	it.each([
		['={{ $json.email }}', 'email'],
		['={{$json.email}}', 'email'],
		["={{ $json['first name'] }}", 'first name'],
		['={{ $json["e-mail"] }}', 'e-mail'],
		// Anything more than the field itself is n8n's to evaluate.
		['={{ $json.email.trim() }}', undefined],
		['={{ $json.candidate.email }}', undefined],
		['={{ $json.email }} ', undefined],
		['= {{ $json.email }}', undefined],
		['=Hi {{ $json.name }}', undefined],
		['={{ $json.a }}{{ $json.b }}', undefined],
		["={{ $json['it\\'s'] }}", undefined],
		['{{ $json.email }}', undefined],
		['$json.email', undefined],
		[42, undefined],
	])('%j → %s', (value, field) => {
		expect(itemFieldOf(value)).toBe(field);
	});
});
