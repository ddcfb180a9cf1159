import type { IDataObject } from 'n8n-workflow';

import * as inviteOperation from '../../../../../../nodes/InterviewService/actions/candidate/invite';
import { inviteBatches } from '../../../../../../nodes/InterviewService/actions/candidate/invite';
import type { InviteRequest } from '../../../../../../nodes/InterviewService/actions/candidate/invite';
import { apiError, asExecute, BASE_URL, byId, mockContext } from '../../mockContext';
import type { RecordedRequest } from '../../mockContext';

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
		const request = (itemIndex: number, startTime: string): { itemIndex: number; request: InviteRequest } => ({
			itemIndex,
			request: { interviewId: 'i', startTime, endTime: '2026-02-08T18:00:00Z', candidate: { email: `${itemIndex}@x.io` }, batchSize: 100 },
		});
		expect(inviteBatches([request(0, '2026-02-01T09:00:00Z'), request(1, '2026-02-01T10:00:00+01:00')])).toHaveLength(1);
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
		['a batch size over the maximum', { options: { batchSize: 101 } }, /^Batch Size must be a whole number from 1 to 100 \(item 1\)$/],
	])('rejects %s before any request', async (_case, bad, message) => {
		const mock = inviteContext((itemIndex) => ({ email: `c${itemIndex}@example.com`, ...(itemIndex === 1 ? bad : {}) }), 2);
		await expect(execute.call(mock.context)).rejects.toThrow(message);
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
		expect((error as Error).message).toBe('The Interview Service refused c0@example.com [item 0], saying: Input validation failed; Invalid email');
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
				error: 'The Interview Service refused c0@example.com [item 0], saying: Window is in the past; blocked',
				httpCode: 422,
				interviewId: 'int_1',
				email: 'c0@example.com',
				reason: 'Window is in the past; blocked',
			},
			{
				error: 'The Interview Service refused c1@example.com [item 1], saying: Window is in the past; blocked',
				httpCode: 422,
				interviewId: 'int_1',
				email: 'c1@example.com',
				reason: 'Window is in the past; blocked',
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
			error: 'The Interview Service refused c1@example.com [item 1]: it returned no access link for this candidate',
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
		const output = await execute.call(second.context);
		expect(output.map((item) => item.json.skipped ?? item.json.error)).toEqual(['Internal server error', 'Internal server error', true]);
		expect(first.processedData.size('unit-workflow')).toBe(3);
		const third = mockContext({
			parameters: (itemIndex) => ({ interviewId: byId('int_1'), ...window, email: `old${itemIndex}@example.com`, additionalFields: {}, options }),
			items: 3,
			processedData: first.processedData,
			respond: linksFor,
		});
		expect((await execute.call(third.context)).every((item) => item.json.skipped === true)).toBe(true);
		expect(third.requests).toHaveLength(0);
	});
});
