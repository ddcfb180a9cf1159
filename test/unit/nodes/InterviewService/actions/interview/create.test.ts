import type { IDataObject } from 'n8n-workflow';

import * as createOperation from '../../../../../../nodes/InterviewService/actions/interview/create';
import { asExecute, BASE_URL, mockContext } from '../../mockContext';

const execute = asExecute(createOperation);

const required = { interviewName: 'Backend Engineer', jdType: 'text', jd: 'We build APIs.' };
const created = { interviewId: 'int_1', status: 'draft', interviewLink: 'https://x/i/1', competencyData: [], metaData: {} };

async function run(additionalFields: IDataObject, overrides: IDataObject = {}, items = 1) {
	const mock = mockContext({
		parameters: { ...required, ...overrides, additionalFields },
		items,
		respond: () => created,
	});
	const output = await execute.call(mock.context).catch((error: Error) => error);
	return { output, requests: mock.requests };
}

describe('interview → create', () => {
	it('posts the required and additional fields, typed, and returns the answer', async () => {
		const { output, requests } = await run({
			roleName: 'Engineer',
			minExperience: 2,
			maxExperience: 5,
			sampleQuestions: ['Why APIs?', ' '],
			published: true,
			interviewConfig: { allowAccess: 'anyone', allowReattemptCount: 1, webhookUrl: 'https://hooks.example.com/x' },
			metaData: '{"Id": 1, "clientId": 7}',
		});
		expect(requests).toEqual([
			{
				method: 'POST',
				url: `${BASE_URL}/api/v1/interview/create`,
				body: {
					...required,
					roleName: 'Engineer',
					minExperience: 2,
					maxExperience: 5,
					sampleQuestions: ['Why APIs?'],
					published: true,
					interviewConfig: { allowAccess: 'anyone', allowReattemptCount: 1, webhookUrl: 'https://hooks.example.com/x' },
					metaData: { Id: 1, clientId: 7 },
				},
			},
		]);
		expect(output).toEqual([{ json: created, pairedItem: { item: 0 } }]);
	});

	it('sends no optional field the user did not add', async () => {
		const { requests } = await run({});
		expect(requests[0].body).toEqual(required);
	});

	it.each([
		['a JD that is not a URL when JD Type is link', {}, { jdType: 'link', jd: 'see our website' }, /^JD must be an http\(s\) URL.*\(item 0\)$/],
		['a JD link that is not http(s)', {}, { jdType: 'link', jd: 'ftp://files.example.com/jd.pdf' }, /^JD must be an http\(s\) URL/],
		['an empty interview name', {}, { interviewName: '  ' }, /^Interview Name is required \(item 0\)$/],
		['min experience above max experience', { minExperience: 6, maxExperience: 2 }, {}, /^Min Experience must not be greater than maxExperience/],
		['a negative experience', { minExperience: -1 }, {}, /^Min Experience must be 0 or more/],
		['a fractional experience', { maxExperience: 1.5 }, {}, /^Max Experience must be a whole number/],
		['metadata that is an array', { metaData: '[1,2]' }, {}, /^Metadata must be a JSON object/],
		['metadata that is a string', { metaData: '"hello"' }, {}, /^Metadata must be a JSON object/],
		['metadata that is invalid JSON', { metaData: '{nope' }, {}, /^Metadata must be valid JSON/],
		['a config webhook URL that is not a URL', { interviewConfig: { webhookUrl: 'not a url' } }, {}, /^Interview Config → Webhook URL must be a URL/],
		['an unknown allow-access value', { interviewConfig: { allowAccess: 'everybody' } }, {}, /^Interview Config → Allow Access/],
	])('rejects %s before any request', async (_case, additionalFields, overrides, message) => {
		const { output, requests } = await run(additionalFields, overrides);
		expect(output).toBeInstanceOf(Error);
		expect((output as Error).message).toMatch(message);
		expect(requests).toHaveLength(0);
	});

	it('names the index of the bad item and sends nothing for the good ones', async () => {
		const mock = mockContext({
			parameters: (itemIndex) => ({ ...required, jdType: itemIndex === 2 ? 'link' : 'text', additionalFields: {} }),
			items: 3,
			respond: () => created,
		});
		await expect(execute.call(mock.context)).rejects.toThrow('(item 2)');
		expect(mock.requests).toHaveLength(0);
	});

	it('with continueOnFail, fails only the bad item', async () => {
		const mock = mockContext({
			parameters: (itemIndex) => ({ ...required, jdType: itemIndex === 1 ? 'link' : 'text', additionalFields: {} }),
			items: 3,
			continueOnFail: true,
			respond: () => created,
		});
		const output = await execute.call(mock.context);
		expect(mock.requests).toHaveLength(2);
		expect(output.map((item) => [item.pairedItem, 'error' in item.json])).toEqual([
			[{ item: 0 }, false],
			[{ item: 1 }, true],
			[{ item: 2 }, false],
		]);
	});
});
