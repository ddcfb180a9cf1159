import type { IDataObject, INodeProperties } from 'n8n-workflow';

import * as inviteOperation from '../../../../nodes/InterviewService/actions/candidate/invite';
import { runOperation } from '../../../../nodes/InterviewService/actions/router';
import { InterviewService } from '../../../../nodes/InterviewService/InterviewService.node';
import { fieldsOf } from './versionFields';
import { apiError, asExecute, byId, mockContext } from './mockContext';
import type { MockOptions, RecordedRequest } from './mockContext';

const { description } = new InterviewService();
const execute = asExecute(inviteOperation);

const candidatesOf = (request: RecordedRequest) => (request.body?.candidates ?? []) as IDataObject[];

/** One link per candidate, named after the e-mail. */
const links = (request: RecordedRequest) => ({ data: candidatesOf(request).map((candidate) => ({ email: candidate.email, preAuthLink: `https://x/pre/${String(candidate.email)}` })) });

const window = { startTime: '2030-02-01T09:00:00Z', endTime: '2030-02-08T18:00:00Z' };

/** Invite with Map Each Field Manually, Email per item as given. */
function invite(emailOf: (itemIndex: number) => string | string[], options: Partial<MockOptions> & { items?: number; extra?: (itemIndex: number) => IDataObject } = {}) {
	const { extra, ...rest } = options;
	return mockContext({
		parameters: (itemIndex) => ({ interviewId: byId('int_1'), ...window, email: emailOf(itemIndex), additionalFields: {}, options: {}, ...extra?.(itemIndex) }),
		typeVersion: 4,
		respond: links,
		...rest,
	});
}

describe('node version 4', () => {
	it('is what a node added in the editor gets', () => {
		expect(description.version).toEqual([1, 2, 3, 4]);
		expect(description.defaultVersion).toBe(4);
	});

	it('keeps every parameter of version 3 under its name, with the same options', () => {
		const shape = (properties: INodeProperties[]): unknown =>
			properties
				.filter((property) => property.type !== 'notice')
				.map((property) => [property.name, property.type, (property.options as INodeProperties[] | undefined)?.map((option) => option.name ?? option)])
				.sort();
		for (const [resource, operation] of [['interview', 'create'], ['interview', 'get'], ['interview', 'update'], ['interview', 'updateSettings'], ['candidate', 'invite'], ['candidate', 'cancelScheduled'], ['result', 'getMany']]) {
			expect(shape(fieldsOf(resource, operation, 4))).toEqual(shape(fieldsOf(resource, operation, 3)));
		}
	});

	it("says under Invite's Candidate Fields what one input item invites, in each version", () => {
		const notices = (version: number) => fieldsOf('candidate', 'invite', version).filter((property) => property.type === 'notice');
		const manual = (version: number) => notices(version).find((notice) => notice.displayOptions?.show?.mappingMode?.includes('defineBelow'))?.displayName;
		expect(manual(3)).toBe('Each input item invites one candidate');
		expect(manual(4)).toMatch(/^Each input item invites the candidates in Email: one, or several separated by commas/);
		const email = (version: number) => fieldsOf('candidate', 'invite', version).find((property) => property.name === 'email');
		expect(email(4)?.description).toMatch(/several separated by commas/);
		expect(email(3)?.description).not.toMatch(/several/);
	});
});

describe('candidate → invite, version 4: several e-mails in Email', () => {
	it('invites each address typed in one item as its own candidate, in one request, every output item paired to that item', async () => {
		const mock = invite(() => 'ada@example.com, alan@example.com');
		const output = await execute.call(mock.context);
		expect(mock.requests).toHaveLength(1);
		expect(candidatesOf(mock.requests[0])).toEqual([{ email: 'ada@example.com' }, { email: 'alan@example.com' }]);
		expect(output).toEqual(
			['ada@example.com', 'alan@example.com'].map((email) => ({
				json: { email, preAuthLink: `https://x/pre/${email}`, interviewId: 'int_1' },
				pairedItem: { item: 0 },
			})),
		);
	});

	it('reads commas, semicolons, line breaks and a list from an expression; an address typed twice is invited once', async () => {
		const emails = ['a@x.io;\nb@x.io', ['c@x.io', 'd@x.io'], 'e@x.io, E@X.io ,'];
		const mock = invite((itemIndex) => emails[itemIndex], { items: 3 });
		const output = await execute.call(mock.context);
		expect(output.map((item) => [item.json.email, item.pairedItem])).toEqual([
			['a@x.io', { item: 0 }],
			['b@x.io', { item: 0 }],
			['c@x.io', { item: 1 }],
			['d@x.io', { item: 1 }],
			['e@x.io', { item: 2 }],
		]);
	});

	it('gives every candidate of the item its Metadata', async () => {
		const mock = invite(() => 'a@x.io, b@x.io', { extra: () => ({ additionalFields: { metaData: '{"source": "fair"}' } }) });
		await execute.call(mock.context);
		expect(candidatesOf(mock.requests[0])).toEqual([
			{ email: 'a@x.io', metaData: { source: 'fair' } },
			{ email: 'b@x.io', metaData: { source: 'fair' } },
		]);
	});

	it.each([
		['Name', { name: 'Ada Lovelace' }],
		['Phone', { phone: '+44 20 7946 0000' }],
		['Resume Link', { resumeLink: 'https://example.com/ada.pdf' }],
	])('refuses %s beside several addresses, naming the field and the item, before any request', async (label, fields) => {
		const mock = invite((itemIndex) => (itemIndex === 1 ? 'a@x.io, b@x.io' : `c${itemIndex}@x.io`), { items: 2, extra: (itemIndex) => ({ additionalFields: itemIndex === 1 ? fields : {} }) });
		await expect(execute.call(mock.context)).rejects.toThrow(
			`${label} is for one candidate, but Email lists 2: leave ${label} empty, or give each candidate an input item of their own (item 1)`,
		);
		expect(mock.requests).toEqual([]);
	});

	it('names the bad address of a list and its item, and sends nothing', async () => {
		const mock = invite((itemIndex) => (itemIndex === 2 ? 'ada@example.com, alan@example' : `c${itemIndex}@x.io`), { items: 3 });
		await expect(execute.call(mock.context)).rejects.toThrow('Email (address 2: alan@example) must be a valid e-mail address (item 2)');
		expect(mock.requests).toEqual([]);
	});

	it('keeps the message of an empty Email', async () => {
		const mock = invite(() => ' , ');
		await expect(execute.call(mock.context)).rejects.toThrow(/^Email must be a valid e-mail address \(item 0\)$/);
	});

	it('with On Error continuing, a bad item fails alone: the items before and after it keep their candidates and pairing', async () => {
		const mock = invite((itemIndex) => ['a@x.io, b@x.io', 'c@x.io, broken', 'd@x.io'][itemIndex], { items: 3, continueOnFail: true });
		const output = await execute.call(mock.context);
		expect(output.map((item) => [item.json.email ?? item.json.error, item.pairedItem])).toEqual([
			['a@x.io', { item: 0 }],
			['b@x.io', { item: 0 }],
			['Email (address 2: broken) must be a valid e-mail address (item 1)', { item: 1 }],
			['d@x.io', { item: 2 }],
		]);
	});

	it('fails only the refused candidate of an item, and outputs the item\'s candidates in the order typed however the batches came back', async () => {
		// The service refuses a@x.io without naming it: the batch is halved, so c and d are answered before a and b.
		const mock = invite(() => 'a@x.io, b@x.io, c@x.io, d@x.io', {
			continueOnFail: true,
			respond: (request) => {
				if (candidatesOf(request).some((candidate) => candidate.email === 'a@x.io')) throw apiError(422, 'Input validation failed');
				return links(request);
			},
		});
		const output = await execute.call(mock.context);
		expect(mock.requests.map((request) => candidatesOf(request).map((candidate) => candidate.email))).toEqual([
			['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io'],
			['a@x.io', 'b@x.io'],
			['c@x.io', 'd@x.io'],
			['a@x.io'],
			['b@x.io'],
		]);
		expect(output.map((item) => [item.json.email, item.json.preAuthLink ?? item.json.error, item.pairedItem])).toEqual([
			['a@x.io', 'The Interview Service refused a@x.io [item 0], saying: Input validation failed', { item: 0 }],
			['b@x.io', 'https://x/pre/b@x.io', { item: 0 }],
			['c@x.io', 'https://x/pre/c@x.io', { item: 0 }],
			['d@x.io', 'https://x/pre/d@x.io', { item: 0 }],
		]);
	});

	it('a refusal naming one candidate of the item by place sends the others again without them, and keeps the typed order', async () => {
		const mock = invite(() => 'a@x.io, b@x.io, c@x.io', {
			continueOnFail: true,
			respond: (request) => {
				const emails = candidatesOf(request).map((candidate) => candidate.email);
				if (emails.includes('b@x.io')) throw apiError(422, 'Input validation failed', [{ path: `candidates.${emails.indexOf('b@x.io')}.email`, message: 'blocked' }]);
				return links(request);
			},
		});
		const output = await execute.call(mock.context);
		expect(mock.requests.map((request) => candidatesOf(request).map((candidate) => candidate.email))).toEqual([
			['a@x.io', 'b@x.io', 'c@x.io'],
			['a@x.io', 'c@x.io'],
		]);
		expect(output.map((item) => [item.json.email, item.json.preAuthLink ?? item.json.error, item.pairedItem])).toEqual([
			['a@x.io', 'https://x/pre/a@x.io', { item: 0 }],
			['b@x.io', expect.stringMatching(/^The Interview Service refused b@x\.io \[item 0\]/), { item: 0 }],
			['c@x.io', 'https://x/pre/c@x.io', { item: 0 }],
		]);
	});

	it('Skip Already Invited skips a listed candidate invited before and invites the others of the same item', async () => {
		const first = invite(() => 'a@x.io', { extra: () => ({ options: { skipAlreadyInvited: true } }) });
		const run = async (mock: ReturnType<typeof invite>) => await runOperation.call(mock.context, inviteOperation);
		await run(first);
		const second = invite(() => 'a@x.io, b@x.io', { processedData: first.processedData, extra: () => ({ options: { skipAlreadyInvited: true } }) });
		const [invited, skipped] = await run(second);
		expect(candidatesOf(second.requests[0])).toEqual([{ email: 'b@x.io' }]);
		expect(invited.map((item) => [item.json.email, item.pairedItem])).toEqual([['b@x.io', { item: 0 }]]);
		expect(skipped.map((item) => [item.json.email, item.json.skipped, item.pairedItem])).toEqual([['a@x.io', true, { item: 0 }]]);
	});
});

describe('candidate → invite: a list where one address is taken', () => {
	it('version 3 says that Email takes one candidate per input item, and where several can go', async () => {
		const mock = invite(() => 'ada@example.com, alan@example.com', { typeVersion: 3 });
		const error = (await execute.call(mock.context).catch((thrown: Error) => thrown)) as Error & { description?: string };
		expect(error.message).toBe('Email lists 2 addresses, but this node takes one candidate per input item (item 0)');
		expect(error.description).toMatch(/^Add the Invite node again: a new one takes several addresses in Email/);
		expect(mock.requests).toEqual([]);
	});

	it.each([
		[4, /^Choose Map Each Field Manually/],
		[3, /^Give each candidate an input item of their own/],
	])('Map Automatically (version %s) says the same of the input field', async (typeVersion, advice) => {
		const mock = mockContext({
			parameters: { interviewId: byId('int_1'), ...window, mappingMode: 'autoMapInputData', emailField: 'email', inputFieldNames: {}, options: {} },
			inputItems: [{ email: 'ada@example.com; alan@example.com' }],
			typeVersion,
			respond: links,
		});
		const error = (await execute.call(mock.context).catch((thrown: Error) => thrown)) as Error & { description?: string };
		expect(error.message).toBe('Email (input field "email") lists 2 addresses, but Map Automatically takes one candidate per input item (item 0)');
		expect(error.description).toMatch(advice);
		expect(mock.requests).toEqual([]);
	});
});
