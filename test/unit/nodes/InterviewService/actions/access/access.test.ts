import { operations } from '../../../../../../nodes/InterviewService/actions/access';
import { asExecute, BASE_URL, mockContext } from '../../mockContext';

const createLink = asExecute(operations.createLink);
const createToken = asExecute(operations.createToken);

describe('access → create token / create link', () => {
	it('exchanges the credential\'s client ID and key for a token, returning what the API returns', async () => {
		const token = { accessToken: 'jwt', tokenType: 'bearer', expiresIn: 600 };
		const mock = mockContext({ parameters: { options: { expiresIn: 600 } }, respond: () => token });
		const output = await createToken.call(mock.context);
		expect(mock.requests).toEqual([
			{ method: 'POST', url: `${BASE_URL}/api/v1/auth/token`, body: { clientId: 'demo-client', apiKey: 'demo-api-key', expiresIn: 600 } },
		]);
		expect(output).toEqual([{ json: token, pairedItem: { item: 0 } }]);
	});

	it('creates a presigned link, leaving the lifetime to the service by default', async () => {
		const link = { presignedUrl: 'https://x/login?token=abc', expiresIn: 3600 };
		const mock = mockContext({ parameters: { options: {} }, respond: () => link });
		const output = await createLink.call(mock.context);
		expect(mock.requests[0]).toEqual({
			method: 'POST',
			url: `${BASE_URL}/api/v1/auth/link`,
			body: { clientId: 'demo-client', apiKey: 'demo-api-key' },
		});
		expect(output[0].json).toEqual(link);
	});

	it('rejects a lifetime that is not a positive whole number before any request', async () => {
		const mock = mockContext({ parameters: { options: { expiresIn: 0 } } });
		await expect(createToken.call(mock.context)).rejects.toThrow(/^Expires In must be a positive whole number of seconds \(item 0\)$/);
		expect(mock.requests).toHaveLength(0);
	});
});
