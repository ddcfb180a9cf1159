import { DEMO_CREDENTIALS } from '../../../helpers/sandbox';
import type { SandboxControl } from '../../../helpers/sandbox';

/** What another tool would do: put its own URL into the interview's webhook slot. */
export async function setWebhookUrlAsSomeoneElse(sandbox: SandboxControl, interviewId: string, webhookUrl: string): Promise<void> {
	const token = await fetch(`${sandbox.sandbox.url}/api/v1/auth/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(DEMO_CREDENTIALS),
	});
	const { data } = (await token.json()) as { data: { accessToken: string } };
	const { interviewConfig } = await sandbox.interview(interviewId);
	const response = await fetch(`${sandbox.sandbox.url}/api/v1/interview/${interviewId}/settings`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${data.accessToken}` },
		body: JSON.stringify({ interviewConfig: { ...interviewConfig, webhookUrl } }),
	});
	if (!response.ok) throw new Error(`PUT settings: ${response.status} ${await response.text()}`);
}
