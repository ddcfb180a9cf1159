import {
	createWebhookSecret,
	secretMatches,
	withSecret,
	withoutQuery,
} from '../../../../nodes/InterviewServiceTrigger/lifecycle';

describe('secretMatches', () => {
	const secret = createWebhookSecret();

	it('accepts the right secret', () => {
		expect(secretMatches(secret, secret)).toBe(true);
	});

	it('refuses a wrong secret of the same length', () => {
		const wrong = `${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`;
		expect(wrong).toHaveLength(secret.length);
		expect(secretMatches(secret, wrong)).toBe(false);
	});

	it('refuses a secret of another length without throwing', () => {
		expect(secretMatches(secret, secret.slice(0, 10))).toBe(false);
		expect(secretMatches(secret, `${secret}00`)).toBe(false);
	});

	it('refuses a missing or non-string secret', () => {
		expect(secretMatches(secret, undefined)).toBe(false);
		expect(secretMatches(secret, '')).toBe(false);
		expect(secretMatches(secret, [secret, secret])).toBe(false);
	});

	it('refuses everything when we hold no secret (fails closed)', () => {
		expect(secretMatches(undefined, '')).toBe(false);
		expect(secretMatches('', '')).toBe(false);
		expect(secretMatches(undefined, 'anything')).toBe(false);
	});
});

describe('createWebhookSecret', () => {
	it('makes 32 random bytes as 64 hex characters, different each time', () => {
		const first = createWebhookSecret();
		expect(first).toMatch(/^[0-9a-f]{64}$/);
		expect(createWebhookSecret()).not.toBe(first);
	});
});

describe('webhook URL with secret', () => {
	it('adds the secret as a query parameter, and recognises the URL without it', () => {
		const url = withSecret('http://n8n.local/webhook/abc/webhook', 'f00d');
		expect(url).toBe('http://n8n.local/webhook/abc/webhook?secret=f00d');
		expect(withSecret('http://n8n.local/hook?x=1', 'f00d')).toBe('http://n8n.local/hook?x=1&secret=f00d');
		expect(withoutQuery(url)).toBe('http://n8n.local/webhook/abc/webhook');
	});
});
