import type { IDataObject } from 'n8n-workflow';

import * as cancelScheduledOperation from '../../../../../../nodes/InterviewService/actions/candidate/cancelScheduled';
import { notCancelledEmails } from '../../../../../../nodes/InterviewService/actions/candidate/cancelScheduled';
import { asExecute, BASE_URL, byId, mockContext } from '../../mockContext';
import type { RecordedRequest } from '../../mockContext';

const execute = asExecute(cancelScheduledOperation);

const scheduled = new Set(['ada@example.com', 'bob@example.com']);

function cancelScheduled(request: RecordedRequest) {
	const emails = (request.body?.candidateEmails ?? []) as string[];
	return {
		cancelledCandidates: emails
			.filter((email) => scheduled.has(email.toLowerCase()))
			.map((email) => ({ candidateEmail: email.toLowerCase(), candidateName: email.split('@')[0], metaData: {} })),
	};
}

describe('candidate → cancel scheduled', () => {
	it('from a list: one request, and reports what was and was not cancelled', async () => {
		const mock = mockContext({
			parameters: { interviewId: byId('int_1'), emailSource: 'list', candidateEmails: ['Ada@example.com, nobody@example.com', 'bob@example.com'] },
			respond: cancelScheduled,
		});
		const output = await execute.call(mock.context);
		expect(mock.requests).toEqual([
			{
				method: 'POST',
				url: `${BASE_URL}/api/v1/interview/int_1/cancel-scheduled-candidates`,
				body: { candidateEmails: ['Ada@example.com', 'nobody@example.com', 'bob@example.com'] },
			},
		]);
		expect(output).toEqual([
			{
				json: {
					interviewId: 'int_1',
					cancelledCandidates: [
						{ candidateEmail: 'ada@example.com', candidateName: 'Ada', metaData: {} },
						{ candidateEmail: 'bob@example.com', candidateName: 'bob', metaData: {} },
					],
					notCancelledEmails: ['nobody@example.com'],
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('from input items: one request per interview, one output per item', async () => {
		const emails = ['ada@example.com', 'nobody@example.com', 'BOB@example.com'];
		const mock = mockContext({
			parameters: (itemIndex) => ({ interviewId: byId('int_1'), emailSource: 'inputItems', candidateEmail: ` ${emails[itemIndex]} ` }),
			items: 3,
			respond: cancelScheduled,
		});
		const output = await execute.call(mock.context);
		expect(mock.requests).toHaveLength(1);
		expect(mock.requests[0].body).toEqual({ candidateEmails: emails });
		expect(output.map((item) => [item.json.email, item.json.cancelled, item.pairedItem])).toEqual([
			['ada@example.com', true, { item: 0 }],
			['nobody@example.com', false, { item: 1 }],
			['BOB@example.com', true, { item: 2 }],
		]);
	});

	it.each([
		['an empty list', { emailSource: 'list', candidateEmails: [] }, /^Candidate Emails must hold at least one e-mail \(item 0\)$/],
		['an invalid e-mail in the list', { emailSource: 'list', candidateEmails: ['ok@example.com', 'nope'] }, /^Candidate Emails must be a valid e-mail address/],
		['an invalid item e-mail', { emailSource: 'inputItems', candidateEmail: 'a@x.io, b@x.io' }, /^Candidate Email must be a valid e-mail address/],
		['a missing item e-mail', { emailSource: 'inputItems', candidateEmail: '' }, /^Candidate Email must hold at least one e-mail/],
	])('rejects %s before any request', async (_case, parameters, message) => {
		const mock = mockContext({ parameters: { interviewId: byId('int_1'), ...(parameters as IDataObject) }, respond: cancelScheduled });
		await expect(execute.call(mock.context)).rejects.toThrow(message);
		expect(mock.requests).toHaveLength(0);
	});

	it('lists each not-cancelled e-mail once, without case', () => {
		expect(notCancelledEmails(['a@x.io', 'B@x.io', 'b@x.io', 'c@x.io'], [{ candidateEmail: 'A@X.IO' }])).toEqual(['B@x.io', 'c@x.io']);
	});
});
