import { emailKey, listsSeveralEmails, toEmailList } from '../../../../nodes/shared/email';

describe('e-mail helpers', () => {
	it('compares e-mails without case or surrounding spaces', () => {
		expect(emailKey('  Ada@Example.COM ')).toBe('ada@example.com');
	});

	it('gives every text the key that trimming and lowering it gives, also where it takes the text as it is', () => {
		const texts = ['ada@example.com', 'Ada@example.com', 'ada@EXAMPLE.com', ' ada@example.com', 'ada@example.com\t', 'ÉMILE@example.com', 'émile@example.com', 'ǅ@x.io', 'İ@x.io', 'a+b_c-d.e~!#$%&\'*/=?^`{|}@x.io', '[a]@x.io', '', ' ', 'a b@x.io', 'a@x.io\n'];
		for (const text of texts) expect(emailKey(text)).toBe(text.trim().toLowerCase());
		expect(emailKey(7)).toBeUndefined();
	});

	it('tells when an address text lists more than one address', () => {
		expect(listsSeveralEmails('a@x.io')).toBe(false);
		expect(listsSeveralEmails('a@x.io, ')).toBe(false);
		expect(listsSeveralEmails('a@x.io; b@x.io')).toBe(true);
		expect(listsSeveralEmails('a@x.io\nb@x.io')).toBe(true);
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
