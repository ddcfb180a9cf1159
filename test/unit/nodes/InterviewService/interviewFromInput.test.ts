import type { IDataObject, INodeProperties } from 'n8n-workflow';

import * as inviteOperation from '../../../../nodes/InterviewService/actions/candidate/invite';
import * as getOperation from '../../../../nodes/InterviewService/actions/interview/get';
import { InterviewService } from '../../../../nodes/InterviewService/InterviewService.node';
import { InterviewServiceResultsTrigger } from '../../../../nodes/InterviewServiceResultsTrigger/InterviewServiceResultsTrigger.node';
import { InterviewServiceTrigger } from '../../../../nodes/InterviewServiceTrigger/InterviewServiceTrigger.node';
import { asExecute, BASE_URL, mockContext } from './mockContext';
import type { RecordedRequest } from './mockContext';

const invite = asExecute(inviteOperation);
const get = asExecute(getOperation);

/** The picker set to By Field, naming `field` (as n8n saves it). */
const fromInput = (field: string) => ({ __rl: true, mode: 'inputItem', value: field });

const links = (request: RecordedRequest) => ({
	data: ((request.body?.candidates ?? []) as IDataObject[]).map((candidate) => ({ email: candidate.email, preAuthLink: `https://x/pre/${String(candidate.email)}` })),
});

const window = { startTime: '2030-02-01T09:00:00Z', endTime: '2030-02-08T18:00:00Z' };

function inviteFromInput(field: string, inputItems: IDataObject[], continueOnFail = false) {
	return mockContext({
		parameters: { interviewId: fromInput(field), ...window, email: 'ada@example.com, alan@example.com', additionalFields: {}, options: {} },
		inputItems,
		respond: links,
		continueOnFail,
	});
}

const interviewOf = (request: RecordedRequest) => request.url.split('/')[6];

describe('the Interview picker, By Field', () => {
	const modesOf = (property: INodeProperties | undefined) => property?.modes?.map((mode) => mode.displayName);

	it('is offered by every operation that runs once per input item, and by no trigger, which has no input', () => {
		const pickers = new InterviewService().description.properties.filter((property) => property.name === 'interviewId');
		const operations = pickers.map((picker) => [picker.displayOptions?.show?.operation?.[0], modesOf(picker)]);
		const perItem = operations.filter(([operation]) => operation !== 'forgetInvited');
		expect(perItem.map(([operation]) => operation).sort()).toEqual(['cancelScheduled', 'get', 'getMany', 'invite', 'update', 'updateSettings']);
		for (const [, modes] of perItem) expect(modes).toEqual(['From List', 'By ID', 'By Field']);
		for (const trigger of [new InterviewServiceTrigger(), new InterviewServiceResultsTrigger()]) {
			expect(modesOf(trigger.description.properties.find((property) => property.name === 'interviewId'))).toEqual(['From List', 'By ID']);
		}
	});

	it("invites into the interview each input item holds, every candidate typed in Email, one request per interview", async () => {
		const mock = inviteFromInput('interviewId', [{ interviewId: 'int_7', status: 'draft' }, { interviewId: 'int_8' }]);
		const output = await invite.call(mock.context);
		expect(mock.requests.map((request) => [interviewOf(request), (request.body?.candidates as IDataObject[]).length])).toEqual([
			['int_7', 2],
			['int_8', 2],
		]);
		expect(output.map((item) => [item.json.interviewId, item.json.email, item.pairedItem])).toEqual([
			['int_7', 'ada@example.com', { item: 0 }],
			['int_7', 'alan@example.com', { item: 0 }],
			['int_8', 'ada@example.com', { item: 1 }],
			['int_8', 'alan@example.com', { item: 1 }],
		]);
	});

	it('reads interviewId when the field is left empty, and another field when named', async () => {
		const unnamed = inviteFromInput('', [{ interviewId: 'int_7' }]);
		await invite.call(unnamed.context);
		expect(interviewOf(unnamed.requests[0])).toBe('int_7');
		const named = inviteFromInput(' id ', [{ id: 42, interviewId: 'not this' }]);
		await invite.call(named.context);
		expect(interviewOf(named.requests[0])).toBe('42');
	});

	it.each([
		[{ other: 'x' }, 'Interview (input field "interviewId") is missing: the input item has no "interviewId" field with an interview ID (the previous node must output the interview) (item 1)'],
		[{ interviewId: '' }, 'Interview (input field "interviewId") is missing: the input item has no "interviewId" field with an interview ID (the previous node must output the interview) (item 1)'],
		[{ interviewId: 'a/b' }, 'Interview (input field "interviewId") is not a valid interview ID: "a/b" (use letters, digits, "-" or "_") (item 1)'],
		[{ interviewId: { id: 'int_1' } }, 'Interview (input field "interviewId") must be an interview ID, not an object or a list (item 1)'],
	])('refuses an item holding %j before any request, naming the field and the item', async (json, message) => {
		const mock = inviteFromInput('interviewId', [{ interviewId: 'int_7' }, json as IDataObject]);
		await expect(invite.call(mock.context)).rejects.toThrow(message);
		expect(mock.requests).toEqual([]);
	});

	it('with On Error continuing, an item without an interview fails alone; the others are invited and stay paired', async () => {
		const mock = inviteFromInput('interviewId', [{ interviewId: 'int_7' }, {}, { interviewId: 'int_7' }], true);
		const output = await invite.call(mock.context);
		expect(mock.requests).toHaveLength(1);
		expect(output.map((item) => [item.json.email ?? item.json.error, item.pairedItem])).toEqual([
			['ada@example.com', { item: 0 }],
			['alan@example.com', { item: 0 }],
			[expect.stringMatching(/^Interview \(input field "interviewId"\) is missing/), { item: 1 }],
			['ada@example.com', { item: 2 }],
			['alan@example.com', { item: 2 }],
		]);
	});

	it('works in an operation that reads one interview per item (Get)', async () => {
		const mock = mockContext({
			parameters: { interviewId: fromInput('interviewId') },
			inputItems: [{ interviewId: 'int_1' }, { interviewId: 'int_2' }],
			respond: (request) => ({ interviewId: request.url.split('/').pop() }),
		});
		const output = await get.call(mock.context);
		expect(mock.requests.map((request) => request.url)).toEqual([`${BASE_URL}/api/v1/interview/get-interview/int_1`, `${BASE_URL}/api/v1/interview/get-interview/int_2`]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('the Interview picker, By ID', () => {
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	const getWith = (picked: IDataObject) =>
		mockContext({ parameters: { interviewId: picked }, inputItems: [{}], respond: (request) => ({ interviewId: request.url.split('/').pop() }) });

	it('refuses a typed ID that cannot be one before any request, naming the field and the item', async () => {
		const mock = getWith(byId('not an id'));
		await expect(get.call(mock.context)).rejects.toThrow('Interview is not a valid interview ID: "not an id" (use letters, digits, "-" or "_") (item 0)');
		expect(mock.requests).toEqual([]);
	});

	it('sends a well-formed ID, and From List sends what the service listed as it is', async () => {
		const typed = getWith(byId(' int_01-ab '));
		await get.call(typed.context);
		expect(typed.requests.map((request) => request.url)).toEqual([`${BASE_URL}/api/v1/interview/get-interview/int_01-ab`]);
		const listed = getWith({ __rl: true, mode: 'list', value: 'v2.int' });
		await get.call(listed.context);
		expect(listed.requests).toHaveLength(1);
	});
});
