import { z } from 'zod';

import { accessLinksData, candidateAsParsed, candidateSchema } from '../../../../../nodes/shared/contract/candidate';
import { email, EMAIL_PATTERN, metaData } from '../../../../../nodes/shared/contract/common';

/** What zod's own schema gives: the fast paths must give the same, keys in the same order, and fail where it fails. */
const accessLinksSchema = z
	.object({
		data: z.array(
			z.object({ email: z.string(), preAuthLink: z.string(), demoInterviewLink: z.string().optional(), rescheduleLink: z.string().optional() }).passthrough(),
		),
	})
	.passthrough();

const withKeys = (value: unknown) => JSON.stringify(value);

const link = { email: 'ada@example.com', preAuthLink: 'https://x/pre' };
const answers: unknown[] = [
	{ data: [link] },
	{ data: [] },
	{ extra: 1, data: [{ rescheduleLink: 'r', other: { nested: true }, ...link, demoInterviewLink: 'd' }], total: 1 },
	{ data: [{ ...link, demoInterviewLink: undefined, skipped: undefined }] },
	JSON.parse('{"data": [{"__proto__": {"polluted": 1}, "email": "a@b.co", "preAuthLink": "p"}], "__proto__": 2}'),
	{ data: [{ ...link, demoInterviewLink: 3 }] },
	{ data: [{ email: 'ada@example.com' }] },
	{ data: [link, null, 'text'] },
	{ data: 'none' },
	{ data: [link, { ...link, preAuthLink: ['p'] }] },
	[link],
	null,
	undefined,
	Buffer.from('{}'),
];

describe('accessLinksData', () => {
	it.each(answers.map((answer) => [withKeys(answer), answer]))('gives %s what zod gives, or its issues', (_, answer) => {
		const expected = accessLinksSchema.safeParse(answer);
		const actual = accessLinksData.safeParse(answer);
		expect(actual.success).toBe(expected.success);
		if (expected.success) expect(withKeys(actual.data)).toBe(withKeys(expected.data));
		else expect(actual.error?.issues).toEqual(expected.error.issues);
	});
});

const candidates: Array<Record<string, unknown>> = [
	{ email: 'ada@example.com' },
	{ metaData: { team: 'x' }, phone: '1', email: 'ada@example.com', name: 'Ada', resumeLink: 'https://x/cv.pdf', other: 1 },
	{ email: 'ada@example.com', name: undefined, metaData: JSON.parse('{"__proto__": 1, "a": 2}') },
	{ email: 'not an e-mail' },
	{ email: 3 },
	{},
	{ email: 'ada@example.com', name: 7 },
	{ email: 'ada@example.com', phone: null },
	{ email: 'ada@example.com', resumeLink: 'ftp://x/cv' },
	{ email: 'ada@example.com', resumeLink: 'no url' },
	{ email: 'ada@example.com', metaData: [1] },
	{ email: 'ada@example.com', metaData: new Date(0) },
];

describe('candidateAsParsed', () => {
	it.each(candidates.map((candidate) => [withKeys(candidate), candidate]))('gives %s what candidateSchema gives, or nothing where it fails', (_, candidate) => {
		const expected = candidateSchema.safeParse(candidate);
		const actual = candidateAsParsed(candidate as never);
		if (expected.success) expect(withKeys(actual)).toBe(withKeys(expected.data));
		else expect(actual).toBeUndefined();
		if (expected.success && 'metaData' in candidate) expect(metaData.parse(candidate.metaData)).toEqual(actual?.metaData);
	});
});

describe('EMAIL_PATTERN', () => {
	// The schema and the check by hand share the pattern; this holds it to zod's own e-mail check, which it replaced.
	const addresses = ['ada@example.com', 'a.b+c@x.co.uk', "o'neil@example.org", 'ADA@EXAMPLE.COM', '.ada@example.com', 'ada..b@example.com', 'ada.@example.com', 'ada@-x.com', 'ada@x', 'ada@x.c', 'ada example@x.com', 'ada@x.com ', '', 'ada@münchen.de', 'a@b.co'];
	it.each(addresses)('judges %j as zod’s email() does', (address) => {
		expect(EMAIL_PATTERN.test(address)).toBe(z.string().email().safeParse(address).success);
		expect(email.safeParse(address).success).toBe(z.string().email().safeParse(address).success);
	});
});
