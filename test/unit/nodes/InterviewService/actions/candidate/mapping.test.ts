import type { IDataObject } from 'n8n-workflow';

import * as cancelScheduledOperation from '../../../../../../nodes/InterviewService/actions/candidate/cancelScheduled';
import * as inviteOperation from '../../../../../../nodes/InterviewService/actions/candidate/invite';
import { description } from '../../../../../../nodes/InterviewService/actions/candidate/invite';
import { asExecute, byId, mockContext } from '../../mockContext';
import type { RecordedRequest } from '../../mockContext';

const cancelScheduled = asExecute(cancelScheduledOperation);
const invite = asExecute(inviteOperation);

const window = { startTime: '2026-02-01T09:00:00Z', endTime: '2026-02-08T18:00:00Z' };

function linksFor(request: RecordedRequest) {
	const candidates = (request.body?.candidates ?? []) as IDataObject[];
	return {
		data: candidates.map((candidate) => ({
			email: String(candidate.email),
			preAuthLink: `https://x/pre/${String(candidate.email)}`,
			demoInterviewLink: 'https://x/demo',
			rescheduleLink: 'https://x/reschedule',
		})),
	};
}

function autoInvite(inputItems: IDataObject[], extra: IDataObject = {}, continueOnFail = false) {
	return mockContext({
		parameters: { interviewId: byId('int_1'), ...window, mappingMode: 'autoMapInputData', options: {}, ...extra },
		inputItems,
		respond: linksFor,
		continueOnFail,
	});
}

describe('candidate → invite, Candidate Fields', () => {
	it('defaults to Map Each Field Manually, so a saved workflow without the parameter reads Email and Additional Fields', () => {
		const mode = description.find((property) => property.name === 'mappingMode');
		expect(mode?.default).toBe('defineBelow');
		const email = description.find((property) => property.name === 'email');
		expect(email?.displayOptions?.show?.mappingMode).toEqual(['defineBelow']);
	});

	it('Map Automatically reads email, name, phone, resumeLink and metaData from each item, in one request', async () => {
		const inputItems = [
			{ email: ' a@x.io ', name: 'Ann', phone: 4915112345, resumeLink: 'https://x/cv.pdf', metaData: { team: 'core' }, other: 1 },
			{ email: 'b@x.io', name: '', metaData: '{"team":"web"}' },
			{ email: 'c@x.io', name: null },
		];
		const mock = autoInvite(inputItems, { email: 'ignored@x.io', additionalFields: { name: 'Ignored' } });
		const output = await invite.call(mock.context);
		expect(mock.requests).toHaveLength(1);
		expect(mock.requests[0].body?.candidates).toEqual([
			{ email: 'a@x.io', name: 'Ann', phone: '4915112345', resumeLink: 'https://x/cv.pdf', metaData: { team: 'core' } },
			{ email: 'b@x.io', metaData: { team: 'web' } },
			{ email: 'c@x.io' },
		]);
		expect(output.map((item) => [item.pairedItem, item.json.email])).toEqual([
			[{ item: 0 }, 'a@x.io'],
			[{ item: 1 }, 'b@x.io'],
			[{ item: 2 }, 'c@x.io'],
		]);
		// Neither the manual Email nor Additional Fields is read in this mode.
		expect(mock.parameterReads.email).toBeUndefined();
		expect(mock.parameterReads.additionalFields).toBeUndefined();
	});

	it('reads renamed input fields', async () => {
		const mock = autoInvite([{ mail: 'a@x.io', fullName: 'Ann', cv: 'https://x/cv.pdf', tel: '+1', extra: { a: 1 } }], {
			emailField: 'mail',
			inputFieldNames: { name: 'fullName', resumeLink: 'cv', phone: 'tel', metaData: 'extra' },
		});
		await invite.call(mock.context);
		expect(mock.requests[0].body?.candidates).toEqual([
			{ email: 'a@x.io', name: 'Ann', phone: '+1', resumeLink: 'https://x/cv.pdf', metaData: { a: 1 } },
		]);
	});

	it.each([
		['no e-mail field', { name: 'Ann' }, {}, /^Email \(input field "email"\) is missing: the input item has no "email" field/],
		['an e-mail in another field', { mail: 'a@x.io' }, {}, /input field "email"\) is missing/],
		['an invalid e-mail', { email: 'nope' }, {}, /^Email \(input field "email"\) must be a valid e-mail address \(item 1\)$/],
		['a name that is an object', { email: 'a@x.io', name: { first: 'A' } }, {}, /^Name \(input field "name"\) must be text, not an object or a list \(item 1\)$/],
		['metadata that is a list', { email: 'a@x.io', extra: [1] }, { inputFieldNames: { metaData: 'extra' } }, /^Metadata \(input field "extra"\) must be a JSON object/],
		['a resume link that is not a URL', { email: 'a@x.io', cv: 'my cv' }, { inputFieldNames: { resumeLink: 'cv' } }, /^Resume Link \(input field "cv"\) must be a URL/],
		['an empty Email Field', { email: 'a@x.io' }, { emailField: ' ' }, /^Email Field is required \(item 0\)$/],
	])('names the input field and the item for %s, before any request', async (_case, bad, extra, message) => {
		const mock = autoInvite([{ email: 'ok@x.io' }, bad], extra);
		await expect(invite.call(mock.context)).rejects.toThrow(message);
		expect(mock.requests).toHaveLength(0);
	});

	it('with Continue On Fail, a bad item fails alone and the others are sent', async () => {
		const mock = autoInvite([{ email: 'a@x.io' }, { name: 'no mail' }, { email: 'c@x.io' }], {}, true);
		const output = await invite.call(mock.context);
		expect(output.map((item) => [item.pairedItem, item.json.error ?? item.json.email])).toEqual([
			[{ item: 0 }, 'a@x.io'],
			[{ item: 1 }, expect.stringMatching(/Email \(input field "email"\) is missing/)],
			[{ item: 2 }, 'c@x.io'],
		]);
		expect(mock.requests[0].body?.candidates).toEqual([{ email: 'a@x.io' }, { email: 'c@x.io' }]);
	});

	it('evaluates the parameters that are the same for every item once, and per item those that use the item', async () => {
		const inputItems = Array.from({ length: 50 }, (_, i) => ({ email: `c${i}@x.io`, end: i < 25 ? window.endTime : '2026-02-09T18:00:00Z' }));
		const mock = mockContext({
			// A per-item End Time is saved as an expression that uses the item (see mockContext).
			parameters: (itemIndex) => ({
				interviewId: byId('int_1'),
				startTime: window.startTime,
				endTime: inputItems[itemIndex].end,
				mappingMode: 'autoMapInputData',
				options: {},
			}),
			inputItems,
			respond: linksFor,
		});
		await invite.call(mock.context);
		// The Interview picker twice: its mode (By Field or not), then the ID.
		expect(mock.parameterReads).toMatchObject({ interviewId: 2, startTime: 1, emailField: 1, inputFieldNames: 1, endTime: 50 });
		// Options: once for the items, and once more for Batches In Parallel, never per item.
		expect(mock.parameterReads.options).toBeLessThanOrEqual(2);
		expect(mock.requests.map((request) => [request.body?.endTime, (request.body?.candidates as unknown[]).length])).toEqual([
			[window.endTime, 25],
			['2026-02-09T18:00:00Z', 25],
		]);
	});

	it('Map Each Field Manually also reads the fixed parameters once, and the e-mail expression per item', async () => {
		const mock = mockContext({
			parameters: (itemIndex) => ({ interviewId: byId('int_1'), ...window, email: `c${itemIndex}@x.io`, additionalFields: {}, options: {} }),
			items: 30,
			respond: linksFor,
		});
		await invite.call(mock.context);
		expect(mock.parameterReads).toMatchObject({ interviewId: 2, startTime: 1, endTime: 1, additionalFields: 1, email: 30 });
		expect(mock.parameterReads.options).toBeLessThanOrEqual(2);
		expect((mock.requests[0].body?.candidates as unknown[]).length).toBe(30);
	});
});

describe('candidate → cancel scheduled, Candidate Fields', () => {
	const cancelled = (request: RecordedRequest) => ({
		cancelledCandidates: ((request.body?.candidateEmails ?? []) as string[])
			.filter((email) => email !== 'stranger@x.io')
			.map((candidateEmail) => ({ candidateEmail, status: 'cancelled' })),
	});

	it('Map Automatically reads each e-mail from the input field named in Email Field', async () => {
		const mock = mockContext({
			parameters: { interviewId: byId('int_1'), emailSource: 'inputItems', mappingMode: 'autoMapInputData', emailField: 'mail', candidateEmail: 'ignored@x.io' },
			inputItems: [{ mail: 'a@x.io' }, { mail: 'stranger@x.io' }],
			respond: cancelled,
		});
		const output = await cancelScheduled.call(mock.context);
		expect(mock.requests).toHaveLength(1);
		expect(mock.requests[0].body).toEqual({ candidateEmails: ['a@x.io', 'stranger@x.io'] });
		expect(output.map((item) => [item.pairedItem, item.json.email, item.json.cancelled])).toEqual([
			[{ item: 0 }, 'a@x.io', true],
			[{ item: 1 }, 'stranger@x.io', false],
		]);
		expect(mock.parameterReads.candidateEmail).toBeUndefined();
	});

	it('names the input field and the item when an item has no e-mail, before any request', async () => {
		const mock = mockContext({
			parameters: { interviewId: byId('int_1'), emailSource: 'inputItems', mappingMode: 'autoMapInputData' },
			inputItems: [{ email: 'a@x.io' }, { mail: 'b@x.io' }],
			respond: cancelled,
		});
		await expect(cancelScheduled.call(mock.context)).rejects.toThrow(/^Email \(input field "email"\) is missing.*\(item 1\)$/);
		expect(mock.requests).toHaveLength(0);
	});

	it('without Candidate Fields (saved before it existed) reads Candidate Email', async () => {
		const mock = mockContext({
			parameters: (itemIndex) => ({ interviewId: byId('int_1'), emailSource: 'inputItems', candidateEmail: `c${itemIndex}@x.io` }),
			items: 2,
			respond: cancelled,
		});
		await cancelScheduled.call(mock.context);
		expect(mock.requests[0].body).toEqual({ candidateEmails: ['c0@x.io', 'c1@x.io'] });
		expect(mock.parameterReads.candidateEmail).toBe(2);
	});
});
