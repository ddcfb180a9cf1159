import { maskWebhookSecret, withMaskedWebhookSecret } from '../../../../nodes/shared/webhookSecret';

describe('the trigger\'s webhook secret never shows in outputs', () => {
	it('masks the secret\'s value wherever it stands in the query', () => {
		expect(maskWebhookSecret('https://n/webhook/a/webhook?secret=abc123')).toBe('https://n/webhook/a/webhook?secret=***');
		expect(maskWebhookSecret('https://n/w?x=1&secret=abc123&y=2')).toBe('https://n/w?x=1&secret=***&y=2');
		expect(maskWebhookSecret('https://ats.example/hook?token=keep')).toBe('https://ats.example/hook?token=keep');
	});

	it('masks interviewConfig.webhookUrl and leaves everything else as it is', () => {
		const interview = { interviewId: 'i1', interviewConfig: { webhookUrl: 'https://n/w?secret=s3cr3t', allowAccess: 'anyone' }, metaData: { a: 1 } };
		expect(withMaskedWebhookSecret(interview)).toEqual({ ...interview, interviewConfig: { webhookUrl: 'https://n/w?secret=***', allowAccess: 'anyone' } });
		const plain = { interviewId: 'i2', interviewConfig: { webhookUrl: 'https://ats.example/hook' } };
		expect(withMaskedWebhookSecret(plain)).toBe(plain);
		expect(withMaskedWebhookSecret({ error: 'x' })).toEqual({ error: 'x' });
	});
});
