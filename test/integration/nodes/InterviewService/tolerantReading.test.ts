import { searchInterviewsThroughN8n } from '../../../helpers/picker';
import { interviewById, openSandbox } from '../../../helpers/sandbox';
import type { SandboxRun } from '../../../helpers/sandbox';

/*
 * A service that grows: values outside the documented enums and types, nulls where the spec has
 * strings. The sandbox writes them into its records unvalidated (`PATCH /__sandbox/.../raw`); the
 * nodes must pass them through as received, and one such record must never fail a list.
 */

let env: SandboxRun;

beforeAll(async () => {
	env = await openSandbox();
});
afterAll(async () => await env.close());
beforeEach(async () => await env.control('POST', '/reset'));

const ODD = { jdType: 'file', minExperience: 1.5, metaData: null, status: 'archived', interviewConfig: { allowAccess: 'partnersOnly', webhookUrl: null } };

async function seedWithOneOdd() {
	const ids = await env.seedInterviews(Array.from({ length: 5 }, (_, n) => ({ interviewName: `Interview ${n}`, published: true })));
	await env.control('PATCH', `/interviews/${ids[2]}/raw`, ODD);
	return ids;
}

describe('tolerant reading: documented and undocumented values', () => {
	it('Get Many lists every interview, the odd one with its values as received', async () => {
		const ids = await seedWithOneOdd();
		const run = await env.run({ resource: 'interview', operation: 'getMany', returnAll: true, filters: {}, simplify: false });
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.interviewId).sort()).toEqual([...ids].sort());
		const odd = run.items.find((item) => item.json.interviewId === ids[2])!.json;
		expect(odd).toMatchObject({ jdType: 'file', minExperience: 1.5, metaData: null, status: 'archived' });
		const documented = run.items.find((item) => item.json.interviewId === ids[0])!.json;
		expect(documented).toMatchObject({ jdType: expect.stringMatching(/^(text|link)$/) });
	});

	it('Get Many simplified lists every interview, the odd one with the kept values as received', async () => {
		const ids = await seedWithOneOdd();
		const run = await env.run({ resource: 'interview', operation: 'getMany', returnAll: true, filters: {} });
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.interviewId).sort()).toEqual([...ids].sort());
		const odd = run.items.find((item) => item.json.interviewId === ids[2])!.json;
		expect(odd).toMatchObject({ minExperience: 1.5, metaData: null, status: 'archived' });
		expect(odd).not.toHaveProperty('jdType');
	});

	it('Get reads the odd interview as received', async () => {
		const ids = await seedWithOneOdd();
		const run = await env.run({ resource: 'interview', operation: 'get', interviewId: interviewById(ids[2]), simplify: false });
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toMatchObject({ interviewId: ids[2], jdType: 'file', interviewConfig: { allowAccess: 'partnersOnly' } });
	});

	it('the picker lists the odd interview too', async () => {
		const ids = await seedWithOneOdd();
		const listed = await searchInterviewsThroughN8n(env.credentials);
		expect(listed).toEqual(expect.arrayContaining(ids));
	});

	it('Result → Get Many keeps a row whose e-mail and metadata are null, and still matches the others by e-mail', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Results', published: true }]);
		for (const email of ['ada@example.com', 'bob@example.com']) await env.control('POST', `/interviews/${interviewId}/complete`, { email });
		await env.control('PATCH', `/interviews/${interviewId}/candidates/${encodeURIComponent('bob@example.com')}/raw`, { email: null, metaData: null });
		const all = await env.run({ resource: 'result', operation: 'getMany', interviewId: interviewById(interviewId), returnAll: true, options: {} });
		expect(all.error).toBeUndefined();
		expect(all.items).toHaveLength(2);
		expect(all.items.map((item) => item.json.email).sort()).toEqual(['ada@example.com', null].sort());
	});

	it('Result → Get Many keeps results rows that are no object, as received, and reads the pages after them', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Results', published: true }]);
		await env.control('PATCH', '/config', { maxPageSize: 2 });
		await env.control('POST', `/interviews/${interviewId}/complete`, { email: 'ada@example.com' });
		const late = { candidate: { email: 'late@example.com' }, scores: { interviewScore: 70 }, reportLink: 'https://r/late' };
		await env.control('POST', `/interviews/${interviewId}/results/rows`, { rows: ['not a row', null, 42, late] });
		const parameters = { resource: 'result', operation: 'getMany', interviewId: interviewById(interviewId), returnAll: true, options: {} };

		const raw = await env.run({ ...parameters, simplify: false });
		expect(raw.error).toBeUndefined();
		expect(raw.items.slice(1, 4).map((item) => item.json)).toEqual([
			expect.objectContaining({ unexpectedRow: 'not a row' }),
			expect.objectContaining({ unexpectedRow: null }),
			expect.objectContaining({ unexpectedRow: 42 }),
		]);
		expect(raw.items.map((item) => item.pairedItem)).toEqual(Array.from({ length: 5 }, () => ({ item: 0 })));

		const simplified = await env.run({ ...parameters, simplify: true });
		expect(simplified.error).toBeUndefined();
		expect(simplified.items.map((item) => item.json.email ?? item.json.unexpectedRow)).toEqual(['ada@example.com', 'not a row', null, 42, 'late@example.com']);
		expect(simplified.items[3].json).toMatchObject({ name: null, email: null, interviewScore: null, reportLink: null, unexpectedRow: 42 });
	});

	it.each([
		['a number', 7],
		['an object', { address: 'bob@example.com' }],
	])('Result → Get Many keeps a row whose e-mail is %s, on every page, and still matches the others by e-mail', async (_, email) => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Results', published: true }]);
		await env.control('PATCH', '/config', { maxPageSize: 2 });
		for (const address of ['ada@example.com', 'bob@example.com', 'cy@example.com', 'dee@example.com', 'eve@example.com']) {
			await env.control('POST', `/interviews/${interviewId}/complete`, { email: address });
		}
		await env.control('PATCH', `/interviews/${interviewId}/candidates/${encodeURIComponent('bob@example.com')}/raw`, { email });
		const all = await env.run({ resource: 'result', operation: 'getMany', interviewId: interviewById(interviewId), returnAll: true, simplify: false, options: {} });
		expect(all.error).toBeUndefined();
		expect(all.items.map((item) => (item.json.candidate as { email: unknown }).email)).toEqual(['ada@example.com', email, 'cy@example.com', 'dee@example.com', 'eve@example.com']);
		const one = await env.run({ resource: 'result', operation: 'getMany', interviewId: interviewById(interviewId), returnAll: true, filters: { candidateEmail: 'dee@example.com' }, options: {} });
		expect(one.error).toBeUndefined();
		expect(one.items.map((item) => item.json.email)).toEqual(['dee@example.com']);
	});
});
