import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';

import { parseJsonObject, validateRequest } from '../../../../../nodes/InterviewService/helpers/parameters';
import { mockContext } from '../mockContext';

const { context } = mockContext({ parameters: {} });

describe('parseJsonObject (Metadata)', () => {
	it.each([
		['a JSON array', '[1, 2]', 'must be a JSON object'],
		['a JSON string', '"text"', 'must be a JSON object'],
		['a number', '42', 'must be a JSON object'],
		['null', 'null', 'must be a JSON object'],
		['invalid JSON', '{ team: backend }', 'must be valid JSON'],
		['an array from an expression', ['a'], 'must be a JSON object'],
	])('rejects %s, naming the field and the item', (_case, value, problem) => {
		let thrown: unknown;
		try {
			parseJsonObject(context, value, 'Metadata', 3);
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toBeInstanceOf(NodeOperationError);
		expect((thrown as Error).message).toMatch(new RegExp(`^Metadata ${problem}.*\\(item 3\\)$`));
		expect((thrown as NodeOperationError).context.itemIndex).toBe(3);
	});

	it('accepts a JSON object as text or as an object', () => {
		expect(parseJsonObject(context, '{"Id": 1, "tags": ["a"]}', 'Metadata', 0)).toEqual({ Id: 1, tags: ['a'] });
		expect(parseJsonObject(context, { Id: 1 }, 'Metadata', 0)).toEqual({ Id: 1 });
	});

	it('treats an empty value as not set', () => {
		expect(parseJsonObject(context, '', 'Metadata', 0)).toBeUndefined();
		expect(parseJsonObject(context, '  ', 'Metadata', 0)).toBeUndefined();
		expect(parseJsonObject(context, undefined, 'Metadata', 0)).toBeUndefined();
	});
});

describe('validateRequest', () => {
	const schema = z.object({ candidates: z.array(z.object({ email: z.string().email({ message: 'must be a valid e-mail address' }) })) });

	it('names the field by its label (array indexes ignored) and the item index', () => {
		expect(() =>
			validateRequest(context, schema, { candidates: [{ email: 'nope' }] }, 4, { 'candidates.email': 'Email' }),
		).toThrow('Email must be a valid e-mail address (item 4)');
	});

	it('returns the parsed value when valid', () => {
		expect(validateRequest(context, schema, { candidates: [{ email: 'a@b.co' }] }, 0, {})).toEqual({
			candidates: [{ email: 'a@b.co' }],
		});
	});
});
