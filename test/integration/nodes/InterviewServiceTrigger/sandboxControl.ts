/** The sandbox's control API and a bearer-authenticated API call, for arranging and checking trigger tests. */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox } from '../../../../sandbox/server';
import type { RunningSandbox, SandboxOptions } from '../../../../sandbox/server';
import { DEMO_CREDENTIALS } from '../../../helpers/n8nCoreTriggers';

export interface StoredInterviewView {
	interviewId: string;
	status: string;
	interviewConfig: IDataObject;
	metaData: IDataObject;
}

export class SandboxControl {
	private constructor(readonly sandbox: RunningSandbox) {}

	static async start(options: SandboxOptions = {}): Promise<SandboxControl> {
		return new SandboxControl(await startSandbox({ port: 0, ...options }));
	}

	get credentials() {
		return { baseUrl: this.sandbox.url, ...DEMO_CREDENTIALS };
	}

	async close(): Promise<void> {
		await this.sandbox.close();
	}

	async control(method: string, path: string, body?: unknown): Promise<IDataObject> {
		const response = await fetch(`${this.sandbox.url}/__sandbox${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok) throw new Error(`${method} /__sandbox${path}: ${response.status} ${await response.text()}`);
		return (await response.json()) as IDataObject;
	}

	async reset(): Promise<void> {
		await this.control('POST', '/reset', {});
		await this.control('DELETE', '/faults');
	}

	async seed(seed: { interviews?: IDataObject[]; candidates?: IDataObject[] }): Promise<void> {
		await this.control('POST', '/seed', seed);
	}

	async interview(interviewId: string): Promise<StoredInterviewView> {
		const state = (await this.control('GET', '/state')) as { interviews: StoredInterviewView[] };
		const found = state.interviews.find((item) => item.interviewId === interviewId);
		if (!found) throw new Error(`no interview ${interviewId} in the sandbox`);
		return found;
	}

	/** A candidate completes: the sandbox stores the result and POSTs the event to the interview's webhookUrl. */
	async complete(interviewId: string, candidate: { email: string; name?: string; scores?: IDataObject }) {
		return (await this.control('POST', `/interviews/${interviewId}/complete`, candidate)) as {
			result: IDataObject;
			event: IDataObject;
			delivery: { url: string; status: number | null; error?: string } | null;
		};
	}

	async requests(): Promise<Array<{ method: string; path: string; body: unknown; status: number }>> {
		return ((await this.control('GET', '/requests')) as { requests: [] }).requests;
	}

	/** What another tool would do: put its own URL into the interview's webhook slot. */
	async setWebhookUrlAsSomeoneElse(interviewId: string, webhookUrl: string): Promise<void> {
		const token = await fetch(`${this.sandbox.url}/api/v1/auth/token`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(DEMO_CREDENTIALS),
		});
		const { data } = (await token.json()) as { data: { accessToken: string } };
		const { interviewConfig } = await this.interview(interviewId);
		const response = await fetch(`${this.sandbox.url}/api/v1/interview/${interviewId}/settings`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json', authorization: `Bearer ${data.accessToken}` },
			body: JSON.stringify({ interviewConfig: { ...interviewConfig, webhookUrl } }),
		});
		if (!response.ok) throw new Error(`PUT settings: ${response.status} ${await response.text()}`);
	}
}
