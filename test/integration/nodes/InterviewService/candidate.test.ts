import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { INVITE_WINDOW as window, interviewById, inviteParameters, openSandbox, people } from '../../../helpers/sandbox';
import type { SandboxRun } from '../../../helpers/sandbox';

const ACCESS_LINKS = 'POST /api/v1/interview/:id/access-links';

let env: SandboxRun;

beforeAll(async () => {
	env = await openSandbox();
});
afterAll(async () => await env.close());
beforeEach(async () => await env.control('POST', '/reset'));

/** Invites candidate0 and candidate1 to a fresh interview, then runs Cancel Scheduled from input items with `parameters`. */
async function cancelFromItems(interviewName: string, parameters: INodeParameters, inputItems: IDataObject[]) {
	const [interviewId] = await env.seedInterviews([{ interviewName }]);
	await env.run(inviteParameters(interviewId), { inputItems: people(2) });
	return await env.run(
		{ resource: 'candidate', operation: 'cancelScheduled', interviewId: interviewById(interviewId), emailSource: 'inputItems', ...parameters },
		{ inputItems },
	);
}

describe('candidate → invite through n8n against the sandbox', () => {
	it('invites 250 items in 3 requests, each output matched by e-mail and paired to its input', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Bulk' }]);
		const inputItems = people(250);
		const result = await env.run(inviteParameters(interviewId), { inputItems });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(250);
		result.items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(String(item.json.email).toLowerCase()).toBe(inputItems[index].email);
			expect(item.json).toMatchObject({ interviewId, preAuthLink: expect.any(String), rescheduleLink: expect.any(String) });
		});
		const batches = await env.requests(ACCESS_LINKS);
		expect(batches.map((request) => (request.body.candidates as unknown[]).length)).toEqual([100, 100, 50]);
	});

	it('opens an empty window when it runs, for a week', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Default window' }]);
		const { startTime: _start, endTime: _end, ...withoutWindow } = inviteParameters(interviewId);
		const before = Date.now();
		const result = await env.run(withoutWindow, { inputItems: people(3) });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => typeof item.json.preAuthLink)).toEqual(['string', 'string', 'string']);
		const [batch, ...others] = await env.requests(ACCESS_LINKS);
		expect(others).toEqual([]);
		const start = Date.parse(String(batch.body.startTime));
		expect(start).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
		expect(start).toBeLessThanOrEqual(Date.now());
		expect(Date.parse(String(batch.body.endTime)) - start).toBe(7 * 24 * 60 * 60 * 1000);
	});

	it('sends different time windows in different requests, with a smaller Batch Size on request', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Windows' }]);
		const inputItems = people(5).map((person, index) => ({ ...person, end: index < 3 ? window.endTime : '2026-03-09T18:00:00Z' }));
		const result = await env.run(inviteParameters(interviewId, { endTime: '={{ $json.end }}', options: { batchSize: 2 } }), { inputItems });
		expect(result.items).toHaveLength(5);
		const batches = await env.requests(ACCESS_LINKS);
		expect(batches.map((request) => [(request.body.candidates as unknown[]).length, request.body.endTime])).toEqual([
			[2, window.endTime],
			[1, window.endTime],
			[2, '2026-03-09T18:00:00Z'],
		]);
	});

	it('finishes with no item lost when the token expires mid-run (n8n refreshes it on 401)', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Expiry' }]);
		await env.control('POST', '/tokens/expire', { afterRequests: 1 });
		const inputItems = people(250, 'expiry');
		// One batch at a time, so the count of token exchanges is exact (parallel batches that start
		// before any token exists each exchange one).
		const result = await env.run(inviteParameters(interviewId, { options: { parallelBatches: 1 } }), { inputItems });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(250);
		expect(result.items.every((item) => typeof item.json.preAuthLink === 'string')).toBe(true);
		expect(result.credentialsHelper.stats.preAuthentications).toBe(2);
		const batches = await env.requests(ACCESS_LINKS);
		expect(batches.map((request) => request.status)).toEqual([200, 401, 200, 200]);
		const { candidates } = (await env.control('GET', '/state')) as { candidates: IDataObject[] };
		expect(candidates.filter((candidate) => candidate.interviewId === interviewId)).toHaveLength(250);
	});

	it('sends from {{ $json.field }} (read from the item, no expression engine) exactly what n8n evaluates from an equivalent expression', async () => {
		const inputItems: IDataObject[] = [
			{ email: 'Text@Example.com', name: 'Ada', phone: '+49 151 1' },
			{ email: 'number@example.com', name: 42, phone: 5551234 },
			{ email: 'flag@example.com', name: true },
			{ email: 'null@example.com', name: null, phone: null },
			{ email: 'object@example.com', name: { first: 'Ob' }, phone: '' },
		];
		const bodies: unknown[] = [];
		for (const [label, field] of [
			['copies', (name: string) => `={{ $json.${name} }}`],
			['evaluated', (name: string) => `={{ $input.item.json.${name} }}`],
		] as const) {
			const [interviewId] = await env.seedInterviews([{ interviewName: `Same ${label}` }]);
			await env.control('DELETE', '/requests');
			const result = await env.run(
				inviteParameters(interviewId, { email: field('email'), additionalFields: { name: field('name'), phone: field('phone') } }),
				{ inputItems },
			);
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.pairedItem)).toEqual(inputItems.map((_, item) => ({ item })));
			bodies.push((await env.requests(ACCESS_LINKS)).map((request) => request.body.candidates));
		}
		expect(bodies[0]).toEqual(bodies[1]);
		expect(bodies[0]).toEqual([
			[
				{ email: 'Text@Example.com', name: 'Ada', phone: '+49 151 1' },
				{ email: 'number@example.com', name: '42', phone: '5551234' },
				{ email: 'flag@example.com', name: 'true' },
				{ email: 'null@example.com' },
				{ email: 'object@example.com', name: '[object Object]' },
			],
		]);
	});

	it('names the item when {{ $json.email }} finds no e-mail in it', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Missing e-mail' }]);
		const result = await env.run(inviteParameters(interviewId), { inputItems: [...people(2), { name: 'No Mail' }] });
		expect(result.error?.message).toMatch(/^Email .*\(item 2\)$/);
		expect(await env.requests(ACCESS_LINKS)).toHaveLength(0);
	});

	it('stops before any request on a bad e-mail, naming the item', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Bad input' }]);
		const result = await env.run(inviteParameters(interviewId), { inputItems: [...people(2), { email: 'not-an-email' }] });
		expect(result.error?.message).toBe('Email must be a valid e-mail address (item 2)');
		expect(await env.requests(ACCESS_LINKS)).toHaveLength(0);
	});

	it('marks each item of a failed batch with continueOnFail, while the other batch goes on', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Good' }]);
		const inputItems = people(4).map((person, index) => ({ ...person, id: index % 2 === 0 ? interviewId : 'ffffffffffffffffffffffff' }));
		const result = await env.run(inviteParameters({ __rl: true, mode: 'id', value: '={{ $json.id }}' }), {
			inputItems,
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? 'ok'])).toEqual([
			[{ item: 0 }, 'ok'],
			[{ item: 1 }, 'Interview not found (interview ID ffffffffffffffffffffffff)'],
			[{ item: 2 }, 'ok'],
			[{ item: 3 }, 'Interview not found (interview ID ffffffffffffffffffffffff)'],
		]);
		expect(await env.requests(ACCESS_LINKS)).toHaveLength(2);
	});
});

describe('candidate → cancel scheduled through n8n against the sandbox', () => {
	it('cancels listed e-mails and reports the ones not cancelled', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Cancel' }]);
		await env.run(inviteParameters(interviewId), { inputItems: people(3) });
		const result = await env.run({
			resource: 'candidate',
			operation: 'cancelScheduled',
			interviewId: interviewById(interviewId),
			emailSource: 'list',
			candidateEmails: ['Candidate0@example.com, candidate1@example.com', 'stranger@example.com'],
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ interviewId, notCancelledEmails: ['stranger@example.com'] });
		expect((result.items[0].json.cancelledCandidates as IDataObject[]).map((candidate) => candidate.candidateEmail)).toEqual([
			'candidate0@example.com',
			'candidate1@example.com',
		]);
	});

	it('cancels one e-mail per item in one request, telling each item whether it was cancelled', async () => {
		const result = await cancelFromItems('Cancel items', { candidateEmail: '={{ $json.email }}' }, [
			{ email: 'candidate1@example.com' },
			{ email: 'stranger@example.com' },
			{ email: 'CANDIDATE0@example.com' },
		]);
		expect(result.items.map((item) => [item.pairedItem, item.json.cancelled])).toEqual([
			[{ item: 0 }, true],
			[{ item: 1 }, false],
			[{ item: 2 }, true],
		]);
		expect(await env.requests('POST /api/v1/interview/:id/cancel-scheduled-candidates')).toHaveLength(1);
	});

	it('exchanges the key once when batches start together with no token yet, and reads the credential once', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'First token' }]);
		const result = await env.run(inviteParameters(interviewId, { options: { parallelBatches: 4 } }), { inputItems: people(400, 'first') });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(400);
		expect(await env.requests(ACCESS_LINKS)).toHaveLength(4);
		expect(await env.requests('POST /api/v1/auth/token')).toHaveLength(1);
		expect(result.credentialsHelper.stats.reads).toBe(1);
	});

	describe('Candidate Fields: Map Automatically', () => {
		it('invites 250 items read by field name, with no expression, in 3 requests; the service stores every field', async () => {
			const [interviewId] = await env.seedInterviews([{ interviewName: 'Auto map' }]);
			const inputItems = people(250, 'auto').map((person, index) => ({
				mail: person.email,
				name: person.name,
				phone: index % 2 ? `+49 151 ${index}` : undefined,
				cv: `https://example.com/cv/${index}.pdf`,
				metaData: { row: index },
			}));
			const result = await env.run(
				{
					resource: 'candidate',
					operation: 'invite',
					interviewId: interviewById(interviewId),
					...window,
					mappingMode: 'autoMapInputData',
					emailField: 'mail',
					inputFieldNames: { resumeLink: 'cv' },
					options: {},
				},
				{ inputItems },
			);
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(250);
			result.items.forEach((item, index) => {
				expect(item.pairedItem).toEqual({ item: index });
				expect(String(item.json.email).toLowerCase()).toBe(inputItems[index].mail);
			});
			const batches = await env.requests(ACCESS_LINKS);
			expect(batches.map((request) => (request.body.candidates as unknown[]).length)).toEqual([100, 100, 50]);
			const { candidates } = (await env.control('GET', '/state')) as { candidates: IDataObject[] };
			const stored = candidates.find((candidate) => candidate.email === 'auto7@example.com');
			expect(stored).toMatchObject({
				name: 'Candidate 7',
				phone: '+49 151 7',
				resumeLink: 'https://example.com/cv/7.pdf',
				metaData: { row: 7 },
				status: 'scheduled',
			});
		});

		it('stops before any request when an item lacks the e-mail field, naming the field and the item', async () => {
			const [interviewId] = await env.seedInterviews([{ interviewName: 'Auto map bad' }]);
			const result = await env.run(
				{ resource: 'candidate', operation: 'invite', interviewId: interviewById(interviewId), ...window, mappingMode: 'autoMapInputData', options: {} },
				{ inputItems: [...people(2), { name: 'No mail' }] },
			);
			expect(result.error?.message).toMatch(/^Email \(input field "email"\) is missing.*\(item 2\)$/);
			expect(await env.requests(ACCESS_LINKS)).toHaveLength(0);
		});

		it('cancels the e-mails read from each item in one request', async () => {
			const result = await cancelFromItems('Auto cancel', { mappingMode: 'autoMapInputData', emailField: 'address' }, [
				{ address: 'candidate1@example.com' },
				{ address: 'stranger@example.com' },
			]);
			expect(result.items.map((item) => [item.pairedItem, item.json.email, item.json.cancelled])).toEqual([
				[{ item: 0 }, 'candidate1@example.com', true],
				[{ item: 1 }, 'stranger@example.com', false],
			]);
			expect(await env.requests('POST /api/v1/interview/:id/cancel-scheduled-candidates')).toHaveLength(1);
		});
	});
});
