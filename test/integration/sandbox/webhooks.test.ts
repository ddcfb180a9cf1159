/** The sandbox's webhook dialects (`webhookStyle`) and its redelivery fault (`webhookRedelivery`, `/webhooks/redeliver`). */
import { createBody, startTestSandbox, type TestSandbox } from './client';
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

interface Completion {
	interviewId: string;
	event: Record<string, unknown>;
	eventId: string;
	result: { reportLink: string };
	deliveries: Array<{ url: string; status: number | null; redelivery: boolean }>;
}

async function completeOnce(status?: number): Promise<Completion> {
	if (status !== undefined) {
		await receiver.close();
		receiver = await startReceiver(status);
	}
	const created = await t.api.post('/api/v1/interview/create', createBody({ interviewConfig: { webhookUrl: receiver.url } }));
	const interviewId = created.data.data.interviewId as string;
	const response = await t.control.post(`/interviews/${interviewId}/complete`, {
		email: 'ada@example.com',
		name: 'Ada',
		scores: { interviewScore: 88, communicationScore: 79, codingScore: 93 },
		completedAt: '2030-01-02T10:00:00Z',
	});
	expect(response.status).toBe(200);
	return { interviewId, ...(response.data as Omit<Completion, 'interviewId'>) };
}

describe('webhook styles', () => {
	it('flat is the default', async () => {
		expect((await t.control.get('/config')).data.config).toMatchObject({ webhookStyle: 'flat', webhookRedelivery: 'none' });
		const { interviewId, event } = await completeOnce();
		expect(receiver.received.map((call) => call.body)).toEqual([event]);
		expect(event).toMatchObject({ event: 'interview.completed', eventId: expect.stringMatching(/^evt_/), interviewId, candidate: { email: 'ada@example.com' } });
	});

	it('typed: {type: "candidateInterviewCompleted", deliveryId, data: {...}} in camelCase', async () => {
		await t.control.patch('/config', { webhookStyle: 'typed' });
		const { interviewId, event, eventId, result } = await completeOnce();
		expect(receiver.received[0].body).toEqual({
			type: 'candidateInterviewCompleted',
			deliveryId: eventId,
			createdAt: expect.any(String),
			data: {
				interviewId,
				candidate: { name: 'Ada', email: 'ada@example.com' },
				scores: { interviewScore: 88, communicationScore: 79, codingScore: 93 },
				reportLink: result.reportLink,
				completedAt: '2030-01-02T10:00:00Z',
			},
		});
		expect(event).toEqual(receiver.received[0].body);
	});

	it('event: {event, data} in snake_case, with no delivery id', async () => {
		await t.control.patch('/config', { webhookStyle: 'event', scoreStyle: 'zeko' });
		const { interviewId, result } = await completeOnce();
		expect(receiver.received[0].body).toEqual({
			event: 'interview_completed',
			data: {
				interview_id: interviewId,
				candidate_email: 'ada@example.com',
				candidate_name: 'Ada',
				scores: { overallScore: 88, communicationScore: 79, technicalScore: 93 },
				report_link: result.reportLink,
				completed_at: '2030-01-02T10:00:00Z',
			},
		});
	});

	it('rejects an unknown style, and reset restores the start style', async () => {
		expect((await t.control.patch('/config', { webhookStyle: 'xml' })).status).toBe(422);
		await t.control.patch('/config', { webhookStyle: 'typed' });
		await t.control.post('/reset');
		expect((await t.control.get('/config')).data.config.webhookStyle).toBe('flat');
	});
});

describe('redelivery', () => {
	it('POST /webhooks/redeliver re-sends the very same bytes of the latest delivery to the same URL', async () => {
		await t.control.patch('/config', { webhookStyle: 'typed' });
		const { eventId } = await completeOnce();
		const again = await t.control.post('/webhooks/redeliver');
		expect(again.status).toBe(200);
		expect(again.data.delivery).toMatchObject({ url: receiver.url, status: 200, eventId, redelivery: true });
		expect(receiver.received).toHaveLength(2);
		expect(receiver.received[1].raw).toBe(receiver.received[0].raw);
		const { deliveries } = (await t.control.get('/webhooks')).data;
		expect(deliveries.map((delivery: { redelivery: boolean }) => delivery.redelivery)).toEqual([false, true]);
	});

	it('redelivers a given eventId, and answers 404 for an unknown one or when nothing was delivered', async () => {
		expect((await t.control.post('/webhooks/redeliver', {})).status).toBe(404);
		const first = await completeOnce();
		await completeOnce();
		const again = await t.control.post('/webhooks/redeliver', { eventId: first.eventId });
		expect(again.data.delivery.eventId).toBe(first.eventId);
		expect(receiver.received[2].raw).toBe(receiver.received[0].raw);
		const unknown = await t.control.post('/webhooks/redeliver', { eventId: 'evt_nope' });
		expect(unknown.status).toBe(404);
		expect(unknown.data.error).toMatchObject({ code: 'DELIVERY_NOT_FOUND' });
	});

	it('twice: every delivery goes out a second time after the first answer', async () => {
		await t.control.patch('/config', { webhookRedelivery: 'twice' });
		const { deliveries } = await completeOnce();
		expect(deliveries).toEqual([
			{ url: receiver.url, status: 200, redelivery: false },
			{ url: receiver.url, status: 200, redelivery: true },
		]);
		expect(receiver.received[1].raw).toBe(receiver.received[0].raw);
	});

	it('concurrent: two copies at once', async () => {
		await t.control.patch('/config', { webhookRedelivery: 'concurrent' });
		const { deliveries } = await completeOnce();
		expect(deliveries).toHaveLength(2);
		expect(receiver.received).toHaveLength(2);
		expect(receiver.received[1].raw).toBe(receiver.received[0].raw);
	});

	it('onError: once more after a non-2xx answer, not after a 2xx', async () => {
		await t.control.patch('/config', { webhookRedelivery: 'onError' });
		expect((await completeOnce()).deliveries).toHaveLength(1);
		const failing = await completeOnce(503);
		expect(failing.deliveries).toEqual([
			{ url: receiver.url, status: 503, redelivery: false },
			{ url: receiver.url, status: 503, redelivery: true },
		]);
	});
});
