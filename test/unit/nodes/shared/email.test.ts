import { emailKey, toEmailList } from '../../../../nodes/shared/email';

describe('e-mail helpers', () => {
	it('compares e-mails without case or surrounding spaces', () => {
		expect(emailKey('  Ada@Example.COM ')).toBe('ada@example.com');
	});

	it('flattens list entries, arrays and separated addresses', () => {
		expect(toEmailList(['a@x.io, b@x.io', ['c@x.io'], 'd@x.io;e@x.io\nf@x.io', '', null])).toEqual([
			'a@x.io',
			'b@x.io',
			'c@x.io',
			'd@x.io',
			'e@x.io',
			'f@x.io',
		]);
		expect(toEmailList('solo@x.io')).toEqual(['solo@x.io']);
	});
});
