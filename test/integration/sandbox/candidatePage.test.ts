/**
 * The candidate's page: the link Invite hands out (or the interview link) opens a form; Finish records
 * the result and calls the interview's webhook once, the same completion as the control API's.
 */
import { createBody, inWindow, startTestSandbox, type TestSandbox } from './client';
import { startReceiver } from './receiver';

let t: TestSandbox;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
	t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
	await t.control.post('/reset');
	receiver = await startReceiver();
});
afterEach(async () => {
	await receiver.close();
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function interviewWith(overrides: Record<string, unknown> = {}) {
	const created = await t.api.post('/api/v1/interview/create', createBody({ interviewConfig: { webhookUrl: receiver.url }, ...overrides }));
	expect(created.status).toBe(201);
	return created.data.data as { interviewId: string; interviewLink: string };
}

async function invite(interviewId: string, candidate: { email: string; name?: string }) {
	const answer = await t.api.post(`/api/v1/interview/${interviewId}/access-links`, { ...inWindow(), candidates: [candidate] });
	expect(answer.status).toBe(200);
	return answer.data.data.data[0] as { preAuthLink: string; demoInterviewLink: string };
}

/** The form's action and hidden fields, read from the page as a browser would. */
function formOf(page: string) {
	const action = /<form method="post" action="([^"]+)">/.exec(page)?.[1];
	const token = /<input type="hidden" name="token" value="([^"]+)">/.exec(page)?.[1];
	if (!action) throw new Error(`no form on the page:\n${page}`);
	return { action, token };
}

async function results(interviewId: string) {
	const answer = await t.api.get(`/api/v1/interview/${interviewId}/results`);
	return answer.data.data as Array<{ candidate: { email: string; name: string }; scores: Record<string, number> | null; reportLink: string | null }>;
}

describe("the candidate's page", () => {
	it('the preAuthLink opens the interview as that candidate; Finish records the result and calls the webhook once', async () => {
		const { interviewId } = await interviewWith({ interviewName: 'QA Engineer', sampleQuestions: ['How do you test a webhook?'] });
		const { preAuthLink } = await invite(interviewId, { email: 'ada@example.com', name: 'Ada Lovelace' });

		const opened = await t.anonymous.get(preAuthLink);
		expect(opened.status).toBe(200);
		expect(opened.headers['content-type']).toMatch(/^text\/html/);
		const page = opened.data as string;
		expect(page).toContain('<h1>QA Engineer</h1>');
		expect(page).toContain('invited as <strong>ada@example.com</strong>');
		expect(page).toContain('How do you test a webhook?');
		expect(page).toContain('<button type="submit">Finish</button>');
		const { action, token } = formOf(page);
		expect(token).toBe(new URL(preAuthLink).searchParams.get('token'));

		const form = new URLSearchParams({ token: token!, name: 'Ada Lovelace', answer1: 'Idempotency keys.', interviewScore: '88', communicationScore: '79', codingScore: '93' });
		const finished = await t.anonymous.post(action, form.toString(), { headers: FORM });
		expect(finished.status).toBe(200);
		expect(finished.data).toContain('Thank you, Ada Lovelace');
		expect(finished.data).toMatch(/Called the interview's webhook <code>http:\/\/127\.0\.0\.1:\d+\/hook<\/code>: it answered HTTP 200/);

		const rows = await results(interviewId);
		expect(rows).toEqual([
			expect.objectContaining({
				candidate: { email: 'ada@example.com', name: 'Ada Lovelace' },
				scores: { interviewScore: 88, communicationScore: 79, codingScore: 93 },
				reportLink: expect.stringMatching(/\/reports\//),
			}),
		]);
		expect(receiver.received).toHaveLength(1);
		expect(receiver.received[0].body).toEqual({
			event: 'interview.completed',
			eventId: expect.stringMatching(/^evt_/),
			interviewId,
			candidate: { name: 'Ada Lovelace', email: 'ada@example.com' },
			scores: { interviewScore: 88, communicationScore: 79, codingScore: 93 },
			reportLink: rows[0].reportLink,
			completedAt: expect.any(String),
		});
		// The same delivery the control API records for its own completions.
		const { deliveries } = (await t.control.get('/webhooks')).data as { deliveries: Array<{ url: string; status: number; payload: unknown }> };
		expect(deliveries).toEqual([expect.objectContaining({ url: receiver.url, status: 200, payload: receiver.received[0].body })]);
	});

	it('in the configured webhook style, as the control API completes', async () => {
		await t.control.patch('/config', { webhookStyle: 'typed', scoreStyle: 'zeko' });
		const { interviewId } = await interviewWith();
		const { preAuthLink } = await invite(interviewId, { email: 'alan@example.com', name: 'Alan' });
		const { action, token } = formOf((await t.anonymous.get(preAuthLink)).data as string);
		await t.anonymous.post(action, new URLSearchParams({ token: token!, name: 'Alan' }).toString(), { headers: FORM });
		expect(receiver.received.map((call) => call.body)).toEqual([
			expect.objectContaining({ type: 'candidateInterviewCompleted', data: expect.objectContaining({ interviewId, candidate: { name: 'Alan', email: 'alan@example.com' } }) }),
		]);
		// No scores chosen: the sandbox's own, from the e-mail.
		expect(Object.keys((receiver.received[0].body as { data: { scores: object } }).data.scores)).toEqual(['overallScore', 'communicationScore', 'technicalScore']);
	});

	it('the interview link without a token asks for the e-mail; a bad one or a score over 100 records nothing and calls nobody', async () => {
		const { interviewId, interviewLink } = await interviewWith();
		const page = (await t.anonymous.get(interviewLink)).data as string;
		expect(page).toContain('<input id="email" name="email" type="email" required value="">');
		const { action, token } = formOf(page);
		expect(token).toBeUndefined();

		const badEmail = await t.anonymous.post(action, 'email=not-an-email&name=Grace', { headers: FORM });
		expect(badEmail.status).toBe(422);
		expect(badEmail.data).toContain('Give a valid e-mail address.');
		expect(badEmail.data).toContain('value="Grace"');
		const badScore = await t.anonymous.post(action, 'email=grace%40example.com&interviewScore=101', { headers: FORM });
		expect(badScore.status).toBe(422);
		expect(badScore.data).toContain('Scores must be numbers from 0 to 100, or empty.');
		expect((await t.api.get(`/api/v1/interview/${interviewId}/results`)).data.data).toEqual([]);
		expect(receiver.received).toHaveLength(0);

		const finished = await t.anonymous.post(action, 'email=grace%40example.com&name=Grace+Hopper&codingScore=70', { headers: FORM });
		expect(finished.status).toBe(200);
		expect(await results(interviewId)).toEqual([expect.objectContaining({ candidate: { email: 'grace@example.com', name: 'Grace Hopper' }, scores: expect.objectContaining({ codingScore: 70 }) })]);
		expect(receiver.received).toHaveLength(1);
	});

	it('finishing again records a new result and calls the webhook again; the page says so first', async () => {
		const { interviewId } = await interviewWith();
		const { preAuthLink } = await invite(interviewId, { email: 'ada@example.com' });
		const { action, token } = formOf((await t.anonymous.get(preAuthLink)).data as string);
		await t.anonymous.post(action, new URLSearchParams({ token: token!, interviewScore: '50' }).toString(), { headers: FORM });
		expect((await t.anonymous.get(preAuthLink)).data).toContain('You finished this interview on');
		await t.anonymous.post(action, new URLSearchParams({ token: token!, interviewScore: '60' }).toString(), { headers: FORM });
		expect((await results(interviewId))[0].scores).toEqual(expect.objectContaining({ interviewScore: 60 }));
		expect(receiver.received).toHaveLength(2);
	});

	it('an interview without a webhook: the result is recorded, the page says nobody was called', async () => {
		const created = await t.api.post('/api/v1/interview/create', createBody());
		const { interviewId } = created.data.data as { interviewId: string };
		const { preAuthLink } = await invite(interviewId, { email: 'ada@example.com' });
		const { action, token } = formOf((await t.anonymous.get(preAuthLink)).data as string);
		const finished = await t.anonymous.post(action, new URLSearchParams({ token: token! }).toString(), { headers: FORM });
		expect(finished.data).toContain('This interview has no webhook, so nobody was called.');
		expect(await results(interviewId)).toHaveLength(1);
	});

	it('a token the sandbox did not issue, or one forgotten by a reset, is refused; a cancelled invitation is closed', async () => {
		const { interviewId, interviewLink } = await interviewWith();
		const unknown = await t.anonymous.get(`${interviewLink}?token=0123456789abcdef`);
		expect(unknown.status).toBe(404);
		expect(unknown.data).toContain('This link is not valid');
		const forged = await t.anonymous.post(`${new URL(interviewLink).pathname}/finish`, 'token=0123456789abcdef&email=eve%40example.com', { headers: FORM });
		expect(forged.status).toBe(404);
		expect(await t.api.get(`/api/v1/interview/${interviewId}/results`).then((answer) => answer.data.data)).toEqual([]);

		const { preAuthLink } = await invite(interviewId, { email: 'paul@example.com' });
		await t.api.post(`/api/v1/interview/${interviewId}/cancel-scheduled-candidates`, { candidateEmails: ['paul@example.com'] });
		const cancelled = await t.anonymous.get(preAuthLink);
		expect(cancelled.status).toBe(410);
		expect(cancelled.data).toContain('This invitation was cancelled');

		await t.control.post('/reset');
		expect((await t.anonymous.get(preAuthLink)).status).toBe(404);
		expect(receiver.received).toHaveLength(0);
	});

	it('escapes what the interview and the candidate hold', async () => {
		const { interviewLink } = await interviewWith({ interviewName: '<script>alert(1)</script> & Co', sampleQuestions: ['"quoted" <b>bold</b>'] });
		const page = (await t.anonymous.get(interviewLink)).data as string;
		expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
		expect(page).toContain('&quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt;');
		expect(page).not.toContain('<script>');
		const { action } = formOf(page);
		const again = await t.anonymous.post(action, 'email=x&name=%22%3E%3Cimg%3E', { headers: FORM });
		expect(again.data).toContain('value="&quot;&gt;&lt;img&gt;"');
	});

	it('the API still takes JSON only: a form body there is a 415', async () => {
		const { interviewId } = await interviewWith();
		const answer = await t.api.post(`/api/v1/interview/${interviewId}/access-links`, 'candidates=x', { headers: FORM });
		expect(answer.status).toBe(415);
	});
});
