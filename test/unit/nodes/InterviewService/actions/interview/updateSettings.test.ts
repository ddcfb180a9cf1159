import type { IDataObject } from 'n8n-workflow';

import * as updateSettingsOperation from '../../../../../../nodes/InterviewService/actions/interview/updateSettings';
import { asExecute, BASE_URL, byId, mockContext } from '../../mockContext';
import type { RecordedRequest } from '../../mockContext';

const execute = asExecute(updateSettingsOperation);

const current = {
	interviewId: 'int_1',
	interviewName: 'Backend',
	status: 'published',
	interviewConfig: { allowAccess: 'anyone', allowReattempt: true, webhookUrl: 'https://old.example.com/hook' },
};

function settingsContext(updateFields: IDataObject, options: IDataObject = {}) {
	return mockContext({
		parameters: { interviewId: byId('int_1'), updateFields, options },
		respond: (request: RecordedRequest) => (request.method === 'GET' ? current : { ...current, ...request.body }),
	});
}

describe('interview → update settings', () => {
	it('never sends `published` unless the user added it', async () => {
		const mock = settingsContext({ interviewName: 'Renamed' });
		await execute.call(mock.context);
		expect(mock.requests).toEqual([
			{ method: 'PUT', url: `${BASE_URL}/api/v1/interview/int_1/settings`, body: { interviewName: 'Renamed' } },
		]);
		expect(mock.requests[0].body).not.toHaveProperty('published');
	});

	it('sends `published: false` when the user set it', async () => {
		const mock = settingsContext({ published: false });
		await execute.call(mock.context);
		expect(mock.requests[0].body).toEqual({ published: false });
	});

	it('by default reads the current config first and changes only the given fields', async () => {
		const mock = settingsContext({ interviewConfig: { webhookUrl: 'https://new.example.com/hook' } });
		const output = await execute.call(mock.context);
		expect(mock.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
			`GET ${BASE_URL}/api/v1/interview/get-interview/int_1`,
			`PUT ${BASE_URL}/api/v1/interview/int_1/settings`,
		]);
		expect(mock.requests[1].body).toEqual({
			interviewConfig: { allowAccess: 'anyone', allowReattempt: true, webhookUrl: 'https://new.example.com/hook' },
		});
		expect(output).toHaveLength(1);
	});

	it('replaces the whole config when asked, without reading it', async () => {
		const mock = settingsContext({ interviewConfig: { allowTabSwitchCount: 2 } }, { interviewConfigMode: 'replace' });
		await execute.call(mock.context);
		expect(mock.requests).toEqual([
			{ method: 'PUT', url: `${BASE_URL}/api/v1/interview/int_1/settings`, body: { interviewConfig: { allowTabSwitchCount: 2 } } },
		]);
	});

	it.each([
		['no field to change', {}, /^Update Fields must hold at least one field/],
		['a redirect URL that is not http(s)', { interviewConfig: { redirectUrl: 'javascript:alert(1)' } }, /^Interview Config → Redirect URL must start with http/],
		['a negative count', { interviewConfig: { allowScreenLeaveCount: -1 } }, /^Interview Config → Max Screen Leaves must be 0 or more/],
		['metadata that is a string', { metaData: '"x"' }, /^Metadata must be a JSON object/],
	])('rejects %s before any request', async (_case, updateFields, message) => {
		const mock = settingsContext(updateFields);
		await expect(execute.call(mock.context)).rejects.toThrow(message);
		expect(mock.requests).toHaveLength(0);
	});

	it('merges given fields over current ones, and over none when the interview has no config', async () => {
		const mock = settingsContext({ interviewConfig: { allowReattempt: false } });
		await execute.call(mock.context);
		expect(mock.requests[1].body).toEqual({ interviewConfig: { allowAccess: 'anyone', allowReattempt: false, webhookUrl: 'https://old.example.com/hook' } });
		const bare = mockContext({
			parameters: { interviewId: byId('int_1'), updateFields: { interviewConfig: { allowReattempt: false } }, options: {} },
			respond: (request: RecordedRequest) => (request.method === 'GET' ? { interviewId: 'int_1' } : { interviewId: 'int_1', ...request.body }),
		});
		await execute.call(bare.context);
		expect(bare.requests[1].body).toEqual({ interviewConfig: { allowReattempt: false } });
	});
});
