import type { IDataObject } from 'n8n-workflow';

import * as inviteOperation from '../../../../../../nodes/InterviewService/actions/candidate/invite';
import { invitationsOf, inviteBatches } from '../../../../../../nodes/InterviewService/actions/candidate/invite';
import type { InviteRequest } from '../../../../../../nodes/InterviewService/actions/candidate/invite';
import { runOperation } from '../../../../../../nodes/InterviewService/actions/router';
import { apiError, asExecute, BASE_URL, byId, mockContext } from '../../mockContext';
import type { MockOptions, RecordedRequest } from '../../mockContext';

const execute = asExecute(inviteOperation);

const window = { startTime: '2026-02-01T09:00:00Z', endTime: '2026-02-08T18:00:00Z' };

/** Echoes one link per candidate, the e-mail upper-cased as a service might. */
function linksFor(request: RecordedRequest) {
	const candidates = (request.body?.candidates ?? []) as IDataObject[];
	return {
		data: candidates.map((candidate) => ({
			email: String(candidate.email).toUpperCase(),
			preAuthLink: `https://x/pre/${String(candidate.email)}`,
			demoInterviewLink: 'https://x/demo',
			rescheduleLink: 'https://x/reschedule',
		})),
	};
}

const candidatesOf = (request: RecordedRequest) => (request.body?.candidates ?? []) as IDataObject[];

/** One link per candidate, named after the e-mail as sent. */
const links = (request: RecordedRequest) => ({ data: candidatesOf(request).map((candidate) => ({ email: candidate.email, preAuthLink: `https://x/pre/${String(candidate.email)}` })) });

const openWindow = { startTime: '2030-02-01T09:00:00Z', endTime: '2030-02-08T18:00:00Z' };

/** Invite with Map Each Field Manually, Email per item as given. */
function invite(emailOf: (itemIndex: number) => string | string[], options: Partial<MockOptions> & { items?: number; extra?: (itemIndex: number) => IDataObject } = {}) {
	const { extra, ...rest } = options;
	return mockContext({
		parameters: (itemIndex) => ({ interviewId: byId('int_1'), ...openWindow, email: emailOf(itemIndex), additionalFields: {}, options: {}, ...extra?.(itemIndex) }),
		respond: links,
		...rest,
	});
}

function inviteContext(perItem: (itemIndex: number) => IDataObject, items: number, extra: { continueOnFail?: boolean; respond?: (request: RecordedRequest) => unknown } = {}) {
	return mockContext({
		parameters: (itemIndex) => ({
			interviewId: byId('int_1'),
			...window,
			additionalFields: {},
			options: {},
			...perItem(itemIndex),
		}),
		items,
		respond: extra.respond ?? linksFor,
		continueOnFail: extra.continueOnFail,
	});
}

describe('candidate → invite', () => {
	it('sends items with the same interview and window in one request, each output paired to its item', async () => {
		const mock = inviteContext((itemIndex) => ({ email: `c${itemIndex}@example.com`, additionalFields: { name: `C ${itemIndex}` } }), 3);
		const output = await execute.call(mock.context);
		expect(mock.requests).toEqual([
			{
				method: 'POST',
				url: `${BASE_URL}/api/v1/interview/int_1/access-links`,
				body: {
					...window,
					candidates: [0, 1, 2].map((index) => ({ email: `c${index}@example.com`, name: `C ${index}` })),
				},
			},
		]);
		expect(output).toEqual(
			[0, 1, 2].map((index) => ({
				json: {
					interviewId: 'int_1',
					email: `c${index}@example.com`,
					name: `C ${index}`,
					preAuthLink: `https://x/pre/c${index}@example.com`,
					demoInterviewLink: 'https://x/demo',
					rescheduleLink: 'https://x/reschedule',
				},
				pairedItem: { item: index },
			})),
		);
	});

	it("gives the link's fields in the service's order, keys it does not know included, then the item's interview and name, its e-mail as typed", async () => {
		const mock = inviteContext((itemIndex) => ({ email: `c${itemIndex}@example.com`, additionalFields: { name: `C ${itemIndex}` } }), 1, {
			respond: (request) => ({ data: linksFor(request).data.map((link) => ({ ...link, expiresAt: '2026-02-08T18:00:00Z' })) }),
		});
		const [{ json }] = await execute.call(mock.context);
		expect(Object.entries(json)).toEqual([
			['email', 'c0@example.com'],
			['preAuthLink', 'https://x/pre/c0@example.com'],
			['demoInterviewLink', 'https://x/demo'],
			['rescheduleLink', 'https://x/reschedule'],
			['expiresAt', '2026-02-08T18:00:00Z'],
			['interviewId', 'int_1'],
			['name', 'C 0'],
		]);
	});

	it('splits by interview and by time window, and by Batch Size', async () => {
		const mock = inviteContext(
			(itemIndex) => ({
				email: `c${itemIndex}@example.com`,
				interviewId: byId(itemIndex < 5 ? 'int_1' : 'int_2'),
				...(itemIndex === 4 ? { endTime: '2026-02-09T18:00:00Z' } : {}),
				options: { batchSize: 2 },
			}),
			7,
		);
		const output = await execute.call(mock.context);
		expect(mock.requests.map((request) => [request.url.split('/')[6], (request.body?.candidates as IDataObject[]).length])).toEqual([
			['int_1', 2],
			['int_1', 2],
			['int_1', 1],
			['int_2', 2],
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3, 4, 5, 6].map((item) => ({ item })));
		expect(output[4].json.preAuthLink).toBe('https://x/pre/c4@example.com');
	});

	it('compares time windows as instants', () => {
		const request = (itemIndex: number, startTime: string): { itemIndex: number; request: InviteRequest[] } => ({
			itemIndex,
			request: [{ interviewId: 'i', startTime, endTime: '2026-02-08T18:00:00Z', candidate: { email: `${itemIndex}@x.io` } }],
		});
		const invitations = invitationsOf([request(0, '2026-02-01T09:00:00Z'), request(1, '2026-02-01T10:00:00+01:00'), request(2, '2026-02-01T09:00:00Z'), request(3, '2026-02-01T09:30:00Z')]);
		expect(inviteBatches(invitations, 100).map((batch) => batch.map(({ itemIndex }) => itemIndex))).toEqual([[0, 1, 2], [3]]);
	});

	it('reads a time without offset in the workflow time zone', async () => {
		const mock = mockContext({
			parameters: { interviewId: byId('int_1'), startTime: '2026-02-01T09:00:00', endTime: '2026-02-01T17:00:00', email: 'a@x.io', additionalFields: {}, options: {} },
			timezone: 'Europe/Berlin',
			respond: linksFor,
		});
		await execute.call(mock.context);
		expect(mock.requests[0].body).toMatchObject({ startTime: '2026-02-01T08:00:00.000Z', endTime: '2026-02-01T16:00:00.000Z' });
	});

	it('sends a repeated e-mail once and gives every such item the link', async () => {
		const mock = inviteContext((itemIndex) => ({ email: itemIndex === 1 ? 'A@x.io' : 'a@x.io' }), 2);
		const output = await execute.call(mock.context);
		expect(mock.requests[0].body?.candidates).toEqual([{ email: 'a@x.io' }]);
		expect(output.map((item) => item.json.preAuthLink)).toEqual(['https://x/pre/a@x.io', 'https://x/pre/a@x.io']);
		expect(output.map((item) => item.json.email)).toEqual(['a@x.io', 'A@x.io']);
	});

	it.each([
		['an invalid e-mail', { email: 'not-an-email' }, /^Email must be a valid e-mail address \(item 1\)$/],
		['a missing e-mail', { email: '' }, /^Email must be a valid e-mail address \(item 1\)$/],
		['an end before the start', { endTime: '2026-01-01T00:00:00Z' }, /^End Time must be after startTime \(item 1\)$/],
		['a start that is not a date-time', { startTime: 'next monday' }, /^Start Time must be an ISO 8601 date-time/],
		['a resume link that is not a URL', { additionalFields: { resumeLink: 'my resume' } }, /^Resume Link must be a URL/],
		['metadata that is an array', { additionalFields: { metaData: '[{}]' } }, /^Metadata must be a JSON object.*\(item 1\)$/],
	])('rejects %s before any request', async (_case, bad, message) => {
		const mock = inviteContext((itemIndex) => ({ email: `c${itemIndex}@example.com`, ...(itemIndex === 1 ? bad : {}) }), 2);
		await expect(execute.call(mock.context)).rejects.toThrow(message);
		expect(mock.requests).toHaveLength(0);
	});

	it.each([101, 0, 2.5])('rejects a Batch Size of %s from an expression before any request', async (batchSize) => {
		const mock = inviteContext((itemIndex) => ({ email: `c${itemIndex}@example.com`, options: { batchSize } }), 2);
		await expect(execute.call(mock.context)).rejects.toThrow(/^Batch Size must be a whole number from 1 to 100 \(item 0\)$/);
		expect(mock.requests).toHaveLength(0);
	});

	it('marks every item of a failed batch with continueOnFail, and the other batches go on', async () => {
		const mock = inviteContext(
			(itemIndex) => ({ email: `c${itemIndex}@example.com`, interviewId: byId(itemIndex < 2 ? 'missing' : 'int_1') }),
			3,
			{
				continueOnFail: true,
				respond: (request) => {
					if (request.url.includes('/missing/')) throw apiError(404, 'Interview not found');
					return linksFor(request);
				},
			},
		);
		const output = await execute.call(mock.context);
		expect(output).toEqual([
			{ json: { error: 'Interview not found (interview ID missing)', httpCode: 404, interviewId: 'missing', email: 'c0@example.com' }, pairedItem: { item: 0 } },
			{ json: { error: 'Interview not found (interview ID missing)', httpCode: 404, interviewId: 'missing', email: 'c1@example.com' }, pairedItem: { item: 1 } },
			expect.objectContaining({ pairedItem: { item: 2 } }),
		]);
		expect(output[2].json.preAuthLink).toBe('https://x/pre/c2@example.com');
	});

	it('throws the refusal without continueOnFail, naming the refused candidate, with the service\'s reason', async () => {
		const mock = inviteContext((itemIndex) => ({ email: `c${itemIndex}@example.com` }), 2, {
			respond: () => {
				throw apiError(422, 'Input validation failed', [{ path: 'candidates.0.email', message: 'Invalid email' }]);
			},
		});
		const error = await execute.call(mock.context).catch((thrown: Error & { description?: string }) => thrown);
		expect((error as Error).message).toBe('The Interview Service refused c0@example.com [item 0] for interview int_1, saying: Input validation failed; Invalid email');
	});

	it('splits a refused batch only when the 422 may be about its candidates, never when it names only the window', async () => {
		const refusedFor = (details: unknown) =>
			inviteContext((itemIndex) => ({ email: `c${itemIndex}@example.com` }), 2, {
				continueOnFail: true,
				respond: () => {
					throw apiError(422, 'Window is in the past', details);
				},
			});
		const window = refusedFor([{ path: 'startTime', message: 'must be in the future' }]);
		const output = await execute.call(window.context);
		expect(window.requests).toHaveLength(1);
		expect(output.map((item) => item.json)).toEqual([
			{ error: 'Window is in the past', httpCode: 422, interviewId: 'int_1', email: 'c0@example.com' },
			{ error: 'Window is in the past', httpCode: 422, interviewId: 'int_1', email: 'c1@example.com' },
		]);

		// `candidates.1.email` names c1 by its place: c0 goes again alone (refused once more, naming a place it
		// does not hold, so read as naming nobody), and c1 is never sent again.
		const candidate = refusedFor([{ path: 'candidates.1.email', message: 'blocked' }]);
		const split = await execute.call(candidate.context);
		expect(candidate.requests.map((request) => (request.body?.candidates as IDataObject[]).length)).toEqual([2, 1]);
		expect(split.map((item) => item.json)).toEqual([
			{
				error: 'The Interview Service refused c0@example.com [item 0] for interview int_1, saying: Window is in the past; blocked',
				httpCode: 422,
				interviewId: 'int_1',
				email: 'c0@example.com',
				message: 'Window is in the past; blocked',
			},
			{
				error: 'The Interview Service refused c1@example.com [item 1] for interview int_1, saying: Window is in the past; blocked',
				httpCode: 422,
				interviewId: 'int_1',
				email: 'c1@example.com',
				message: 'Window is in the past; blocked',
			},
		]);

		// A detail about the candidates that names none of them: halved until each stands alone.
		const unnamed = refusedFor([{ path: 'candidates', message: 'blocked' }]);
		await execute.call(unnamed.context);
		expect(unnamed.requests.map((request) => (request.body?.candidates as IDataObject[]).length)).toEqual([2, 1, 1]);
	});

	it('fails the item whose e-mail is missing from the answer', async () => {
		const mock = inviteContext((itemIndex) => ({ email: `c${itemIndex}@example.com` }), 2, {
			continueOnFail: true,
			respond: (request) => ({ data: linksFor(request).data.slice(0, 1) }),
		});
		const output = await execute.call(mock.context);
		expect(output[0].json.email).toBe('c0@example.com');
		expect(output[1].json).toEqual({
			error: 'The Interview Service refused c1@example.com [item 1] for interview int_1: it returned no access link for this candidate',
			interviewId: 'int_1',
			email: 'c1@example.com',
		});
	});

	it('Skip Candidates Already Invited: looking up new candidates pushes nothing remembered out, even at the history size', async () => {
		const options = { skipAlreadyInvited: true, invitedHistorySize: 3 };
		const first = mockContext({
			parameters: (itemIndex) => ({ interviewId: byId('int_1'), ...window, email: `old${itemIndex}@example.com`, additionalFields: {}, options }),
			items: 3,
			respond: linksFor,
		});
		await execute.call(first.context);
		expect(first.processedData.size('unit-workflow')).toBe(3);

		// Two new candidates whose invitation fails: looked up, not recorded, and the three remembered stay.
		const second = mockContext({
			parameters: (itemIndex) => ({ interviewId: byId('int_1'), ...window, email: itemIndex < 2 ? `new${itemIndex}@example.com` : `old${itemIndex - 2}@example.com`, additionalFields: {}, options }),
			items: 3,
			continueOnFail: true,
			processedData: first.processedData,
			respond: () => {
				throw apiError(500, 'Internal server error');
			},
		});
		const [failed, skipped] = await runOperation.call(second.context, inviteOperation);
		expect(failed.map((item) => item.json.error)).toEqual(['Internal server error', 'Internal server error']);
		expect(skipped.map((item) => [item.json.skipped, item.pairedItem])).toEqual([[true, { item: 2 }]]);
		expect(first.processedData.size('unit-workflow')).toBe(3);
		const third = mockContext({
			parameters: (itemIndex) => ({ interviewId: byId('int_1'), ...window, email: `old${itemIndex}@example.com`, additionalFields: {}, options }),
			items: 3,
			processedData: first.processedData,
			respond: linksFor,
		});
		const [invited, allSkipped] = await runOperation.call(third.context, inviteOperation);
		expect(invited).toEqual([]);
		expect(allSkipped.map((item) => item.json.skipped)).toEqual([true, true, true]);
		expect(third.requests).toHaveLength(0);
	});
});

describe('candidate → invite, with Start Time and End Time left empty', () => {
	const parameters = (itemIndex: number): IDataObject => ({ interviewId: byId('int_1'), email: `c${itemIndex}@example.com`, additionalFields: {}, options: {} });

	afterEach(() => jest.restoreAllMocks());

	it('opens the window when the node runs, for a week, the same for every item: one request', async () => {
		const now = Date.parse('2026-05-04T10:20:30.456Z');
		const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
		const mock = mockContext({ parameters, items: 3, respond: (request) => {
			clock.mockReturnValue(now + 5_000);
			return links(request);
		} });
		await execute.call(mock.context);
		expect(mock.requests).toHaveLength(1);
		expect(mock.requests[0].body).toMatchObject({ startTime: '2026-05-04T10:20:30.000Z', endTime: '2026-05-11T10:20:30.000Z' });
	});

	it('keeps the window of the first attempt when Retry On Fail runs the node again, so an answered batch is not sent twice', async () => {
		const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-05-04T10:00:00Z'));
		let calls = 0;
		const mock = mockContext({
			parameters: (itemIndex) => ({ ...parameters(itemIndex), options: { batchSize: 1 } }),
			items: 2,
			continueOnFail: true,
			respond: (request) => {
				calls += 1;
				if (calls === 2) throw new Error('socket hang up');
				return links(request);
			},
		});
		await execute.call(mock.context);
		clock.mockReturnValue(Date.parse('2026-05-04T10:01:00Z'));
		await execute.call(mock.context);
		const sent = mock.requests.map((request) => [(request.body?.candidates as IDataObject[])[0].email, request.body?.startTime]);
		expect(sent).toEqual([
			['c0@example.com', '2026-05-04T10:00:00.000Z'],
			['c1@example.com', '2026-05-04T10:00:00.000Z'],
			['c1@example.com', '2026-05-04T10:00:00.000Z'],
		]);
	});

	it('closes a window given only its start a week after it', async () => {
		const mock = mockContext({ parameters: (itemIndex) => ({ ...parameters(itemIndex), startTime: '2030-01-07T09:00:00+02:00' }), respond: links });
		await execute.call(mock.context);
		expect(mock.requests[0].body).toMatchObject({ startTime: '2030-01-07T09:00:00+02:00', endTime: '2030-01-14T07:00:00.000Z' });
	});
});

describe('candidate → invite: several e-mails in Email', () => {
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
			['a@x.io', 'The Interview Service refused a@x.io [item 0, address 1 of 4] for interview int_1, saying: Input validation failed', { item: 0 }],
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
			['b@x.io', 'The Interview Service refused b@x.io [item 0, address 2 of 3] for interview int_1, saying: Input validation failed; blocked', { item: 0 }],
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
	it('Map Automatically says that it takes one candidate per input item, and where several can go', async () => {
		const mock = mockContext({
			parameters: { interviewId: byId('int_1'), ...openWindow, mappingMode: 'autoMapInputData', emailField: 'email', inputFieldNames: {}, options: {} },
			inputItems: [{ email: 'ada@example.com; alan@example.com' }],
			respond: links,
		});
		const error = (await execute.call(mock.context).catch((thrown: Error) => thrown)) as Error & { description?: string };
		expect(error.message).toBe('Email (input field "email") lists 2 addresses, but Map Automatically takes one candidate per input item (item 0)');
		expect(error.description).toMatch(/^Choose Map Each Field Manually/);
		expect(mock.requests).toEqual([]);
	});
});
