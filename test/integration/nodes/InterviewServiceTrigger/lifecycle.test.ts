import type { INodeParameters } from 'n8n-workflow';

import { TriggerHarness } from '../../../helpers/n8nCoreTriggers';
import { SandboxControl } from '../../../helpers/sandbox';

import { setWebhookUrlAsSomeoneElse } from './foreignWebhook';

const INTERVIEW_ID = 'aaaaaaaaaaaaaaaaaaaaaa01';
const OLD_URL = 'https://old-receiver.example/hooks/interviews';
const SETTINGS = {
	redirectUrl: 'https://careers.example/thank-you',
	allowAccess: 'anyone',
	allowLateAttempts: true,
	allowContinueFromMiddle: false,
	allowContinueFromMiddleCount: 0,
	allowReattempt: true,
	allowReattemptCount: 2,
	allowInterviewOnMobile: true,
	allowScreenLeaveCount: 9,
	allowTabSwitchCount: 7,
};
const META = { Id: 7, name: 'ACME', clientId: 3, team: 'platform' };

let sandbox: SandboxControl;
let harness: TriggerHarness;

const parameters = { interviewId: { __rl: true, mode: 'id', value: INTERVIEW_ID }, events: ['completed'], options: {} };

beforeAll(async () => {
	sandbox = await SandboxControl.start();
});
afterAll(async () => {
	await sandbox.close();
});

beforeEach(async () => {
	await sandbox.reset();
	await sandbox.seed({
		interviews: [
			{ interviewId: INTERVIEW_ID, status: 'published', interviewConfig: { ...SETTINGS, webhookUrl: OLD_URL }, metaData: META },
		],
	});
	harness = await new TriggerHarness({ node: 'interviewServiceTrigger', parameters, credentials: sandbox.credentials }).listen();
});
afterEach(async () => {
	await harness.close();
});

const webhookUrlNow = async () => (await sandbox.interview(INTERVIEW_ID)).interviewConfig.webhookUrl;


describe('Interview Service Trigger lifecycle against the sandbox', () => {
	it('create → checkExists true → delete restores the old URL', async () => {
		expect(await harness.hook('checkExists')).toBe(false);

		expect(await harness.hook('create')).toBe(true);
		const ours = String(await webhookUrlNow());
		expect(ours).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhook\/c0ffee00-0000-4000-8000-000000000001\/webhook\?secret=[0-9a-f]{64}$/);
		expect(harness.nodeStaticData()).toMatchObject({ interviewId: INTERVIEW_ID, webhookUrl: ours, previousWebhookUrl: OLD_URL });
		expect(await harness.hook('checkExists')).toBe(true);

		expect(await harness.hook('delete')).toBe(true);
		expect(await webhookUrlNow()).toBe(OLD_URL);
		expect(await harness.hook('checkExists')).toBe(false);
		// The registration is gone; only the node's secret stays for its next registration.
		expect(harness.nodeStaticData()).toEqual({ webhookSecret: expect.any(String) });
	});

	it('keeps every other setting, the metadata and the status, and never sends "published"', async () => {
		await harness.hook('create');
		const during = await sandbox.interview(INTERVIEW_ID);
		expect(during.interviewConfig).toEqual({ ...SETTINGS, webhookUrl: expect.stringContaining('?secret=') });
		expect(during.status).toBe('published');
		expect(during.metaData).toEqual(META);

		await harness.hook('delete');
		const after = await sandbox.interview(INTERVIEW_ID);
		expect(after.interviewConfig).toEqual({ ...SETTINGS, webhookUrl: OLD_URL });
		expect(after.status).toBe('published');
		expect(after.metaData).toEqual(META);

		const puts = (await sandbox.requests()).filter((request) => request.method === 'PUT');
		expect(puts).toHaveLength(2);
		for (const put of puts) expect(put.body).not.toHaveProperty('published');
	});

	it('leaves a draft a draft', async () => {
		await sandbox.seed({ interviews: [{ interviewId: INTERVIEW_ID, status: 'draft', interviewConfig: SETTINGS }] });
		await harness.hook('create');
		await harness.hook('delete');
		expect((await sandbox.interview(INTERVIEW_ID)).status).toBe('draft');
	});

	it('clears the slot on delete when the interview had no URL before', async () => {
		await sandbox.seed({ interviews: [{ interviewId: INTERVIEW_ID, status: 'published', interviewConfig: SETTINGS }] });
		await harness.hook('create');
		expect(harness.nodeStaticData().previousWebhookUrl).toBeNull();
		await harness.hook('delete');
		const after = await sandbox.interview(INTERVIEW_ID);
		expect(after.interviewConfig.webhookUrl ?? null).toBeNull();
		expect(after.interviewConfig).toMatchObject(SETTINGS);
	});

	it('delete leaves a URL that someone else has put there since', async () => {
		await harness.hook('create');
		const foreign = 'https://someone-else.example/hook';
		await setWebhookUrlAsSomeoneElse(sandbox, INTERVIEW_ID, foreign);
		expect(await harness.hook('checkExists')).toBe(false);

		expect(await harness.hook('delete')).toBe(true);
		expect(await webhookUrlNow()).toBe(foreign);
		// The registration is gone; only the node's secret stays for its next registration.
		expect(harness.nodeStaticData()).toEqual({ webhookSecret: expect.any(String) });
	});

	it('delete tolerates an interview that no longer exists (404)', async () => {
		await harness.hook('create');
		await sandbox.control('POST', '/faults', { route: 'GET /api/v1/interview/get-interview/:id', status: 404, count: 1 });
		expect(await harness.hook('delete')).toBe(true);
		// The registration is gone; only the node's secret stays for its next registration.
		expect(harness.nodeStaticData()).toEqual({ webhookSecret: expect.any(String) });
	});

	it('a repeated create (restart without delete) never records our own URL as the one to restore', async () => {
		await harness.hook('create');
		const staticData = harness.staticData();
		const port = harness.port;
		await harness.close();
		// Same workflow restarted with the static data n8n saved: create again, then delete.
		harness = await new TriggerHarness({
			node: 'interviewServiceTrigger',
			parameters,
			credentials: sandbox.credentials,
			staticData,
		}).listen(port);
		await harness.hook('create');
		expect(harness.nodeStaticData().previousWebhookUrl).toBe(OLD_URL);
		await harness.hook('delete');
		expect(await webhookUrlNow()).toBe(OLD_URL);
	});

	it('the test URL and the production URL replace each other in the single slot', async () => {
		await harness.hook('create');
		const production = String(await webhookUrlNow());
		const testRun = await new TriggerHarness({ node: 'interviewServiceTrigger', parameters, credentials: sandbox.credentials }).listen();
		try {
			await testRun.hook('create', 'test');
			expect(String(await webhookUrlNow())).toContain('/webhook-test/');
			expect(await harness.hook('checkExists')).toBe(false);
			await testRun.hook('delete', 'test');
			expect(await webhookUrlNow()).toBe(production);
			expect(await harness.hook('checkExists')).toBe(true);
		} finally {
			await testRun.close();
		}
	});

	it('a failed create changes nothing, and n8n\'s cleanup (delete) leaves no registration', async () => {
		await sandbox.control('POST', '/faults', { route: 'PUT /api/v1/interview/:id/settings', status: 500, count: 1 });
		await expect(harness.hook('create')).rejects.toThrow();
		expect(await webhookUrlNow()).toBe(OLD_URL);
		// n8n calls delete after a failed create (webhook-trigger-registrar.js, clearRegisteredWebhook).
		await harness.hook('delete');
		expect(await webhookUrlNow()).toBe(OLD_URL);
		expect(harness.nodeStaticData().interviewId).toBeUndefined();
	});
});

describe('the slot survives moves, outages and half-done activations', () => {
	const restartedAs = async (pathPrefix: string) => {
		const staticData = harness.staticData();
		const port = harness.port;
		await harness.close();
		harness = await new TriggerHarness({ node: 'interviewServiceTrigger', parameters, credentials: sandbox.credentials, staticData }).listen(
			port,
			{ pathPrefix },
		);
	};

	it('after n8n moves to another public address, checkExists says no, create re-registers there, and delete restores the user\'s URL', async () => {
		await harness.hook('create');
		const before = String(await webhookUrlNow());
		await restartedAs('/tunnel-b');
		expect(await harness.hook('checkExists')).toBe(false);
		await harness.hook('create');
		const after = String(await webhookUrlNow());
		expect(after).toContain('/tunnel-b/webhook/');
		expect(after).not.toBe(before);
		// The earlier address of this node is not taken for the user's own URL.
		expect(harness.nodeStaticData().previousWebhookUrl).toBe(OLD_URL);
		expect(await harness.hook('checkExists')).toBe(true);
		await harness.hook('delete');
		expect(await webhookUrlNow()).toBe(OLD_URL);
	});

	it('a PUT that the service applied but answered 500: the failed create itself puts the user\'s URL back', async () => {
		await sandbox.control('POST', '/faults', { route: 'PUT /api/v1/interview/:id/settings', status: 500, afterApply: true, count: 1 });
		await expect(harness.hook('create')).rejects.toThrow();
		// No `delete` from here: n8n 1.x cleans up from the static data in its database, which never saw the registration.
		expect(await webhookUrlNow()).toBe(OLD_URL);
		expect(harness.nodeStaticData()).toEqual({ webhookSecret: expect.any(String) });
		await harness.hook('delete');
		expect(await webhookUrlNow()).toBe(OLD_URL);
	});

	it('a half-done activation saved before the PUT is completed by the next activation, keeping the user\'s URL to restore', async () => {
		await sandbox.control('POST', '/faults', { route: 'PUT /api/v1/interview/:id/settings', status: 500, afterApply: true, count: 1 });
		// The undo's read fails too (the create's own read passes): the registration stays, owed.
		await sandbox.control('POST', '/faults', { route: 'GET /api/v1/interview/get-interview/:id', status: 500, skip: 1, count: 1 });
		await expect(harness.hook('create')).rejects.toThrow();
		expect(String(await webhookUrlNow())).toContain('/webhook/');
		expect(harness.nodeStaticData()).toMatchObject({ pending: true, restorePending: true, previousWebhookUrl: OLD_URL });
		// Say n8n's cleanup never ran (the process died): the next activation finds the pending registration.
		await restartedAs('');
		expect(await harness.hook('checkExists')).toBe(false);
		await harness.hook('create');
		expect(harness.nodeStaticData()).toMatchObject({ pending: false, previousWebhookUrl: OLD_URL });
		await harness.hook('delete');
		expect(await webhookUrlNow()).toBe(OLD_URL);
	});

	it('deactivation while the service is down leaves a restore owed, carried out at the next activation and deactivation', async () => {
		await harness.hook('create');
		await sandbox.control('POST', '/faults', { route: '*', status: 503, count: 20 });
		// delete never throws (n8n would then skip saving static data); it reports false and keeps the debt.
		expect(await harness.hook('delete')).toBe(false);
		expect(harness.nodeStaticData()).toMatchObject({ restorePending: true, previousWebhookUrl: OLD_URL });
		// The control API is not faulted: the interview still points at this n8n.
		expect(String(await webhookUrlNow())).toContain('/webhook/');
		await sandbox.control('DELETE', '/faults');
		await restartedAs('');
		await harness.hook('create');
		await harness.hook('delete');
		expect(await webhookUrlNow()).toBe(OLD_URL);
	});

	it('a service that trims the query string (and so the secret) fails the activation with a message that says so, and cleanup restores', async () => {
		await sandbox.control('PATCH', '/config', { stripWebhookQuery: true });
		await expect(harness.hook('create')).rejects.toThrow(/stored another webhook URL/);
		expect(await webhookUrlNow()).toBe(OLD_URL);
		await harness.hook('delete');
		expect(await webhookUrlNow()).toBe(OLD_URL);
	});

	it('keeps one secret for the node across deactivation and activation, so a stale write-back cannot bring back an old one', async () => {
		await harness.hook('create');
		const first = String(harness.nodeStaticData().webhookSecret);
		await harness.hook('delete');
		await harness.hook('create');
		expect(harness.nodeStaticData().webhookSecret).toBe(first);
		expect(String(await webhookUrlNow())).toContain(`secret=${first}`);
	});
});

describe('Answer When Workflow Ends: the node registers its second webhook', () => {
	/** The same node and static data, with other options: as after the user changed them and the workflow was activated again. */
	const reactivatedWith = async (options: INodeParameters) => {
		const staticData = harness.staticData();
		const port = harness.port;
		await harness.close();
		harness = await new TriggerHarness({ node: 'interviewServiceTrigger', parameters: { ...parameters, options }, credentials: sandbox.credentials, staticData }).listen(port);
	};

	it('registers the answer-when-finished URL; switching the option back and forth moves the registration and delete still restores the user\'s URL', async () => {
		await reactivatedWith({ answerWhenFinished: true });
		expect(await harness.hook('create')).toBe(true);
		const whenFinished = String(await webhookUrlNow());
		expect(whenFinished).toMatch(/\/webhook\/c0ffee00-0000-4000-8000-000000000001\/webhook-when-finished\?secret=[0-9a-f]{64}$/);
		expect(await harness.hook('checkExists')).toBe(true);

		// A delivery reaches the node on that webhook, and the node reads it as the answer-when-finished one.
		const completed = await sandbox.complete(INTERVIEW_ID, { email: 'ada@example.com', scores: { interviewScore: 80 } });
		expect(completed.delivery?.status).toBe(200);
		expect(harness.calls.map((call) => call.path)).toEqual(['/webhook/c0ffee00-0000-4000-8000-000000000001/webhook-when-finished']);

		await reactivatedWith({});
		expect(await harness.hook('checkExists')).toBe(false);
		await harness.hook('create');
		const atOnce = String(await webhookUrlNow());
		expect(atOnce).toMatch(/\/webhook\/c0ffee00-0000-4000-8000-000000000001\/webhook\?secret=/);
		// The same secret, and the node's other webhook was never taken for the user's own URL.
		expect(atOnce.split('?')[1]).toBe(whenFinished.split('?')[1]);
		expect(harness.nodeStaticData().previousWebhookUrl).toBe(OLD_URL);

		await harness.hook('delete');
		expect(await webhookUrlNow()).toBe(OLD_URL);
	});

	it('a URL of the node\'s other webhook left on the interview without any registration is not taken for the user\'s URL', async () => {
		await reactivatedWith({ answerWhenFinished: true });
		await harness.hook('create');
		const staleUrl = String(await webhookUrlNow());
		// The static data is lost (say, the workflow was imported again); the interview still holds the node's URL.
		harness = await (async () => {
			const port = harness.port;
			await harness.close();
			return await new TriggerHarness({ node: 'interviewServiceTrigger', parameters, credentials: sandbox.credentials }).listen(port);
		})();
		await harness.hook('create');
		expect(String(await webhookUrlNow())).not.toBe(staleUrl);
		expect(harness.nodeStaticData().previousWebhookUrl).toBeNull();
		await harness.hook('delete');
		expect((await webhookUrlNow()) ?? null).toBeNull();
	});
});
