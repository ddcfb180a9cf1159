/**
 * Invite as users type it: several e-mails in Email, and the interview the previous
 * node created taken with By Field, through n8n-core against the sandbox.
 */
import type { INodeParameters } from 'n8n-workflow';

import { INVITE_WINDOW, interviewById, useSandboxRun } from '../../../helpers/sandbox';

const ACCESS_LINKS = 'POST /api/v1/interview/:id/access-links';

const env = useSandboxRun();

/** Invite with Map Each Field Manually and Email typed as given. */
function typedInvite(interviewId: INodeParameters['interviewId'], email: string, additionalFields: INodeParameters = {}): INodeParameters {
	return { resource: 'candidate', operation: 'invite', interviewId, ...INVITE_WINDOW, email, additionalFields, options: {} };
}

describe('candidate → invite, Email typed with several addresses', () => {
	it('invites each address as its own candidate in one request, every output item paired to the one input item', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Typed' }]);
		const result = await env().run(typedInvite(interviewById(interviewId), 'ada@example.com, alan@example.com'), { inputItems: [{}] });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.email, typeof item.json.preAuthLink, item.pairedItem])).toEqual([
			['ada@example.com', 'string', { item: 0 }],
			['alan@example.com', 'string', { item: 0 }],
		]);
		const [batch, ...others] = await env().requests(ACCESS_LINKS);
		expect(others).toEqual([]);
		expect(batch.body.candidates).toEqual([{ email: 'ada@example.com' }, { email: 'alan@example.com' }]);
		const state = (await env().control('GET', '/state')) as { candidates: Array<{ interviewId: string; email: string; status: string }> };
		expect(state.candidates.filter((candidate) => candidate.interviewId === interviewId).map((candidate) => [candidate.email, candidate.status])).toEqual([
			['ada@example.com', 'scheduled'],
			['alan@example.com', 'scheduled'],
		]);
	});

	it('refuses a Name beside several addresses before any request, naming the field and the item', async () => {
		const [interviewId] = await env().seedInterviews([{ interviewName: 'Typed' }]);
		const result = await env().run(typedInvite(interviewById(interviewId), 'ada@example.com, alan@example.com', { name: 'Ada Lovelace' }), { inputItems: [{}] });
		expect(result.error?.message).toBe('Name is for one candidate, but Email lists 2: leave Name empty, or give each candidate an input item of their own (item 0)');
		expect(await env().requests(ACCESS_LINKS)).toEqual([]);
	});
});

describe('the Interview picker, By Field', () => {
	const fromInput = (field: string) => ({ __rl: true, mode: 'inputItem', value: field });

	it('invites into the interview Create just made, with no expression', async () => {
		const created = await env().run({ resource: 'interview', operation: 'create', interviewName: 'Made here', jdType: 'text', jd: 'A role', additionalFields: {} });
		expect(created.error).toBeUndefined();
		const interviewId = String(created.items[0].json.interviewId);

		const result = await env().run(typedInvite(fromInput('interviewId'), 'ada@example.com, alan@example.com'), { inputItems: created.items.map((item) => item.json) });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.interviewId, item.json.email, item.pairedItem])).toEqual([
			[interviewId, 'ada@example.com', { item: 0 }],
			[interviewId, 'alan@example.com', { item: 0 }],
		]);
		const [batch] = await env().requests(ACCESS_LINKS);
		expect(batch.path).toBe(`/api/v1/interview/${interviewId}/access-links`);
	});

	it('n8n asks for the field name before it runs, as for any empty picker', async () => {
		await expect(env().run(typedInvite(fromInput(''), 'ada@example.com'), { inputItems: [{ interviewId: 'x' }] })).rejects.toThrow(/Parameter "Interview" is required/);
	});
});
