/**
 * Every fault the sandbox can inject, through in-process n8n, with its exact outcome:
 * the retry policy, the timeout, `success: false` envelopes, Retry-After, and Retry On Fail
 * sending nothing twice.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { searchInterviewsThroughN8n } from '../../../helpers/picker';
import { interviewById, inviteParameters, openSandbox, people } from '../../../helpers/sandbox';
import type { LoggedRequest, SandboxRun } from '../../../helpers/sandbox';

const ACCESS_LINKS = 'POST /api/v1/interview/:id/access-links';
const GET_INTERVIEW = 'GET /api/v1/interview/get-interview/:id';
const GET_INTERVIEWS = 'GET /api/v1/interview/get-interviews';

let env: SandboxRun;

beforeAll(async () => {
	env = await openSandbox();
});
afterAll(async () => await env.close());
beforeEach(async () => await env.control('POST', '/reset'));

function invite(interviewId: string, options: INodeParameters = {}, requestOptions: INodeParameters = {}): INodeParameters {
	return inviteParameters(interviewId, { options, requestOptions });
}

const getParameters = (interviewId: string, requestOptions: INodeParameters = {}): INodeParameters => ({
	resource: 'interview',
	operation: 'get',
	interviewId: interviewById(interviewId),
	requestOptions,
});

const fault = async (spec: IDataObject) => await env.control('POST', '/faults', spec);

/** E-mails the service accepted (a 200 access-links answer), in order. */
function acceptedEmails(requests: LoggedRequest[]): string[] {
	return requests
		.filter((request) => request.status === 200)
		.flatMap((request) => (request.body.candidates as Array<{ email: string }>).map((candidate) => candidate.email));
}

describe('the retry policy', () => {
	it('retries a 429 on an access-links POST after its Retry-After (seconds): all 250 invited once, no error item', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Rate limited' }]);
		await fault({ route: ACCESS_LINKS, status: 429, retryAfter: 1, skip: 1, count: 1 });
		const inputItems = people(250, 'rl');
		const started = Date.now();
		const result = await env.run(invite(interviewId, { parallelBatches: 1 }), { inputItems });
		expect(result.error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
		expect(result.items).toHaveLength(250);
		result.items.forEach((item, index) => {
			expect(item.json.email).toBe(inputItems[index].email);
			expect(item.json.error).toBeUndefined();
		});
		const requests = await env.requests(ACCESS_LINKS);
		expect(requests.map((request) => request.status)).toEqual([200, 429, 200, 200]);
		const accepted = acceptedEmails(requests);
		expect(accepted).toHaveLength(250);
		expect(new Set(accepted).size).toBe(250);
	});

	it('honours Retry-After as an HTTP date', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Date' }]);
		const retryAt = new Date(Date.now() + 2000).toUTCString();
		await fault({ route: GET_INTERVIEW, status: 503, retryAfter: retryAt, count: 1 });
		const started = Date.now();
		const result = await env.run(getParameters(interviewId));
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.interviewId).toBe(interviewId);
		expect(Date.now() - started).toBeGreaterThanOrEqual(500);
		expect((await env.requests(GET_INTERVIEW)).map((request) => request.status)).toEqual([503, 200]);
	});

	it('fails at once when Retry-After is longer than Max Retry Wait, and the error item carries httpCode and retryAfter', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Too long' }]);
		await fault({ route: GET_INTERVIEW, status: 429, retryAfter: 120, count: 1 });
		const started = Date.now();
		const result = await env.run(getParameters(interviewId, { maxRetryWait: 10 }), { continueOnFail: true });
		expect(Date.now() - started).toBeLessThan(10_000);
		expect(result.items[0].json).toEqual({ error: 'Too Many Requests', httpCode: 429, retryAfter: 120, interviewId });
		expect(await env.requests(GET_INTERVIEW)).toHaveLength(1);
	});

	it('gives up after Max Attempts with backoff, and retries nothing with Max Attempts 1', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Down' }]);
		await fault({ route: GET_INTERVIEW, status: 503 });
		const result = await env.run(getParameters(interviewId, { maxAttempts: 2 }));
		expect(result.error?.message).toBe('Service Unavailable');
		expect(await env.requests(GET_INTERVIEW)).toHaveLength(2);

		await env.control('DELETE', '/requests');
		const once = await env.run(getParameters(interviewId, { maxAttempts: 1 }));
		expect(once.error?.message).toBe('Service Unavailable');
		expect(await env.requests(GET_INTERVIEW)).toHaveLength(1);
	});

	it('retries a 502 and a dropped connection for a GET', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Flaky' }]);
		await fault({ route: GET_INTERVIEW, status: 502, count: 1 });
		await fault({ route: GET_INTERVIEW, drop: true, count: 1 });
		const result = await env.run(getParameters(interviewId));
		expect(result.error).toBeUndefined();
		expect((await env.requests(GET_INTERVIEW)).map((request) => request.status)).toEqual([502, null, 200]);
	});

	it('never retries a 502 or a dropped connection for a POST: the batch may have been carried out', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Post' }]);
		await fault({ route: ACCESS_LINKS, status: 502, count: 1 });
		const result = await env.run(invite(interviewId), { inputItems: people(2, 'p'), continueOnFail: true });
		expect(result.items.map((item) => item.json)).toEqual(
			people(2, 'p').map(({ email, name }) => ({ error: 'Bad Gateway', httpCode: 502, interviewId, email, name })),
		);
		await fault({ route: ACCESS_LINKS, drop: true, count: 1 });
		const dropped = await env.run(invite(interviewId), { inputItems: people(2, 'q'), continueOnFail: true });
		expect(dropped.items[0].json).toMatchObject({ httpCode: 'ECONNRESET' });
		expect((await env.requests(ACCESS_LINKS)).map((request) => request.status)).toEqual([502, null]);
	});
});

describe('the timeout', () => {
	it('fails a held request at the credential timeout, naming the endpoint and the wait, without retrying it', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Held' }]);
		await fault({ route: GET_INTERVIEW, delayMs: 6000, count: 1 });
		const started = Date.now();
		const result = await env.run(getParameters(interviewId), { credentials: { ...env.credentials, timeout: 1 } });
		const waited = Date.now() - started;
		expect(result.error?.message).toBe(`The Interview Service did not answer GET /api/v1/interview/get-interview/${interviewId} within 1 s`);
		expect(waited).toBeGreaterThanOrEqual(900);
		expect(waited).toBeLessThan(5500);
		expect(result.error?.description).toBe('Waited 1 s (the Request Timeout of the credential) and gave up; the request was not retried.');
		expect(await env.requests(GET_INTERVIEW)).toHaveLength(0);
	});
});

describe('the envelope decides', () => {
	it('a success: false with status 200 is an error with the service message, for Get', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Quota' }]);
		await fault({ route: GET_INTERVIEW, status: 200, message: 'Candidate quota exceeded', count: 1 });
		const result = await env.run(getParameters(interviewId));
		expect(result.error?.message).toBe('Candidate quota exceeded');
		expect(result.error?.httpCode).toBe('200');
		expect(result.error?.description).toContain('SANDBOX_FAULT');
	});

	it('Get Many with success: false is an error, never an empty list', async () => {
		await env.seedInterviews([{ interviewName: 'Listed' }]);
		await fault({ route: GET_INTERVIEWS, status: 200, message: 'Account suspended', count: 1 });
		const result = await env.run({ resource: 'interview', operation: 'getMany', returnAll: true, filters: {} }, { continueOnFail: true });
		expect(result.items).toEqual([{ json: { error: 'Account suspended', httpCode: 200 }, pairedItem: { item: 0 } }]);
	});

	it('Invite with success: false fails the batch with the service message', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Invite quota' }]);
		await fault({ route: ACCESS_LINKS, status: 200, message: 'Candidate quota exceeded', count: 1 });
		const result = await env.run(invite(interviewId), { inputItems: people(1, 'quota') });
		expect(result.error?.message).toBe('Candidate quota exceeded');
	});
});

describe("n8n's Retry On Fail sends nothing twice", () => {
	it.each([500, 502])('250 invites, a %i on batch 2: the run succeeds and each candidate is accepted exactly once', async (status) => {
		const [interviewId] = await env.seedInterviews([{ interviewName: `Retry ${status}` }]);
		await fault({ route: ACCESS_LINKS, status, skip: 1, count: 1 });
		const inputItems = people(250, `r${status}-`);
		const result = await env.run(invite(interviewId, { parallelBatches: 1 }), {
			inputItems,
			retryOnFail: { maxTries: 3, waitBetweenTries: 0 },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(250);
		result.items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json.email).toBe(inputItems[index].email);
			expect(item.json.preAuthLink).toEqual(expect.stringContaining(''));
		});
		expect(new Set(result.items.map((item) => item.json.preAuthLink)).size).toBe(250);
		const requests = await env.requests(ACCESS_LINKS);
		expect(requests.map((request) => request.status)).toEqual([200, status, 200, 200]);
		const accepted = acceptedEmails(requests);
		expect(accepted.sort()).toEqual(inputItems.map((person) => person.email).sort());
		const { candidates } = (await env.control('GET', '/state')) as { candidates: IDataObject[] };
		expect(candidates.filter((candidate) => candidate.interviewId === interviewId)).toHaveLength(250);
	});

	it('with batches in parallel, only the failed batch is sent again', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Parallel retry' }]);
		await fault({ route: ACCESS_LINKS, status: 500, skip: 2, count: 1 });
		const inputItems = people(250, 'par');
		const result = await env.run(invite(interviewId, { batchSize: 25 }), {
			inputItems,
			retryOnFail: { maxTries: 2, waitBetweenTries: 0 },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.email)).toEqual(inputItems.map((person) => person.email));
		const requests = await env.requests(ACCESS_LINKS);
		expect(requests).toHaveLength(11);
		expect(requests.filter((request) => request.status === 500)).toHaveLength(1);
		expect(acceptedEmails(requests).sort()).toEqual(inputItems.map((person) => person.email).sort());
	});

	it('Interview Create: a retried run does not create the interviews of the first attempt again', async () => {
		const CREATE = 'POST /api/v1/interview/create';
		await fault({ route: CREATE, status: 500, skip: 1, count: 1 });
		const result = await env.run(
			{ resource: 'interview', operation: 'create', interviewName: '={{ $json.name }}', jdType: 'text', jd: 'A role', additionalFields: {} },
			{ inputItems: [{ name: 'One' }, { name: 'Two' }, { name: 'Three' }], retryOnFail: { maxTries: 2, waitBetweenTries: 0 } },
		);
		expect(result.error).toBeUndefined();
		const ids = result.items.map((item) => item.json.interviewId);
		expect(new Set(ids).size).toBe(3);
		const { interviews } = (await env.control('GET', '/state')) as { interviews: IDataObject[] };
		expect(interviews.map((interview) => interview.interviewName).sort()).toEqual(['One', 'Three', 'Two']);
		expect((await env.requests(CREATE)).map((request) => request.status)).toEqual([201, 500, 201, 201]);
	});

	it('Cancel Scheduled (A List): a retried run reports what the first attempt cancelled, without cancelling again', async () => {
		const [interviewId] = await env.seedInterviews([{ interviewName: 'Cancel retry' }]);
		const emails = people(3, 'cancel').map((person) => person.email);
		await env.run(invite(interviewId), { inputItems: emails.map((email) => ({ email })) });
		const CANCEL = 'POST /api/v1/interview/:id/cancel-scheduled-candidates';
		await fault({ route: CANCEL, status: 500, skip: 1, count: 1 });
		const result = await env.run(
			{
				resource: 'candidate',
				operation: 'cancelScheduled',
				interviewId: interviewById(interviewId),
				emailSource: 'list',
				candidateEmails: ['={{ $json.email }}'],
			},
			{ inputItems: emails.map((email) => ({ email })), retryOnFail: { maxTries: 2, waitBetweenTries: 0 } },
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.notCancelledEmails)).toEqual([[], [], []]);
		const requests = await env.requests(CANCEL);
		expect(requests.filter((request) => request.status === 200)).toHaveLength(3);
		expect(requests.filter((request) => request.status === 500)).toHaveLength(1);
	});
});

describe('the interview picker under a page cap', () => {
	it('shows all 137 interviews of a service capping pages at 50', async () => {
		await env.control('PATCH', '/config', { maxPageSize: 50 });
		await env.seedInterviews(Array.from({ length: 137 }, (_, index) => ({ interviewName: `Role ${index}` })));
		const shown = await searchInterviewsThroughN8n(env.credentials);
		expect(shown).toHaveLength(137);
		expect(new Set(shown).size).toBe(137);
	});
});
