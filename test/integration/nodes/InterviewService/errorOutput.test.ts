import { interviewById, inviteParameters, openSandbox } from '../../../helpers/sandbox';
import type { SandboxRun } from '../../../helpers/sandbox';

/*
 * "On Error: Continue (using error output)" in n8n-core's own WorkflowExecute: a failed item must
 * leave through the error output (n8n moves json that is `{ error, message }`), paired to its input, with
 * the service's message; a success never does.
 */

let env: SandboxRun;

beforeAll(async () => {
	env = await openSandbox();
});
afterAll(async () => await env.close());
beforeEach(async () => await env.control('POST', '/reset'));

const UNKNOWN = 'ffffffffffffffffffffffff';

describe('failed items reach the output n8n routes them to', () => {
	it('Interview → Get for three IDs, one unknown: the 404 item is on the error output, the others on the success output', async () => {
		const [known] = await env.seedInterviews([{ interviewName: 'Known' }]);
		const run = await env.run(
			{ resource: 'interview', operation: 'get', interviewId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			{ inputItems: [{ id: known }, { id: UNKNOWN }, { id: known }], onError: 'continueErrorOutput' },
		);
		expect(run.error).toBeUndefined();
		const [success, failure] = run.outputs;
		expect(success.map((item) => [item.pairedItem, item.json.interviewId])).toEqual([
			[{ item: 0 }, known],
			[{ item: 2 }, known],
		]);
		expect(failure).toHaveLength(1);
		expect(failure[0].pairedItem).toEqual({ item: 1 });
		// As json alone, so that n8n lays it over the input item when a node came before (an item carrying its error would be cut to `{ error }`).
		expect(failure[0].json).toEqual({ error: `Interview not found (interview ID ${UNKNOWN})` });
		expect(failure[0].error).toBeUndefined();
	});

	it('Candidate → Invite of 250 with a 500 on one batch: that batch\'s items on the error output, every other item with its link on the success output', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Batch' }]);
		await env.control('POST', '/faults', { route: 'POST /api/v1/interview/:id/access-links', status: 500, message: 'Batch store failed', skip: 1, count: 1 });
		const inputItems = Array.from({ length: 250 }, (_, n) => ({ email: `c${n}@example.com`, name: `C ${n}` }));
		const run = await env.run(inviteParameters(interviewId, { options: { batchSize: 100 } }), { inputItems, onError: 'continueErrorOutput' });
		expect(run.error).toBeUndefined();
		const [success, failure] = run.outputs;
		expect(success.length + failure.length).toBe(250);
		expect(failure.length).toBeGreaterThan(0);
		expect(success.every((item) => typeof item.json.preAuthLink === 'string' && item.json.error === undefined)).toBe(true);
		expect(failure.every((item) => item.json.error === 'Batch store failed')).toBe(true);
		// As json alone, so that n8n keeps the input item (the candidate) under the error (see the router's toExecutionData).
		expect(failure.every((item) => item.error === undefined && Object.keys(item.json).join() === 'error')).toBe(true);
		const paired = [...success, ...failure].map((item) => (item.pairedItem as { item: number }).item).sort((a, b) => a - b);
		expect(paired).toEqual(inputItems.map((_, n) => n));
	});

	it('bad input goes to the error output too, and the other items are still sent', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Input' }]);
		const run = await env.run(inviteParameters(interviewId), {
			inputItems: [{ email: 'ok@example.com', name: 'Ok' }, { email: 'not-an-address', name: 'Bad' }],
			onError: 'continueErrorOutput',
		});
		const [success, failure] = run.outputs;
		expect(success.map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
		expect(failure.map((item) => item.pairedItem)).toEqual([{ item: 1 }]);
		expect(String(failure[0].json.error)).toMatch(/item 1/);
	});

	it('Continue (regular output) keeps failed items on the one output, with the message and status on json', async () => {
		const [known] = await env.seedInterviews([{ interviewName: 'Known' }]);
		const run = await env.run(
			{ resource: 'interview', operation: 'get', interviewId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			{ inputItems: [{ id: UNKNOWN }, { id: known }], onError: 'continueRegularOutput' },
		);
		expect(run.outputs).toHaveLength(1);
		expect(run.items.map((item) => item.json.error ?? item.json.interviewId)).toEqual([`Interview not found (interview ID ${UNKNOWN})`, known]);
		expect(run.items[0].json).toEqual({ error: `Interview not found (interview ID ${UNKNOWN})`, httpCode: 404, interviewId: UNKNOWN });
	});
});

describe('no secrets in outputs', () => {
	it('Get shows the trigger\'s webhook URL with its secret masked', async () => {
		const [interviewId] = await env.seedInterviews([
			{ interviewName: 'Watched', interviewConfig: { webhookUrl: 'https://n8n.example/webhook/abc/webhook?secret=0123456789abcdef' } },
		]);
		const run = await env.run({ resource: 'interview', operation: 'get', interviewId: interviewById(interviewId), simplify: false });
		const webhookUrl = String((run.items[0].json.interviewConfig as { webhookUrl: string }).webhookUrl);
		expect(webhookUrl).toBe('https://n8n.example/webhook/abc/webhook?secret=***');
		expect(JSON.stringify(run.items)).not.toContain('0123456789abcdef');
		const simplified = await env.run({ resource: 'interview', operation: 'get', interviewId: interviewById(interviewId) });
		expect(JSON.stringify(simplified.items)).not.toContain('webhook?secret');
	});
});
