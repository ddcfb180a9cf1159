/**
 * The sandbox for node integration tests: started in-process on a free loopback port, arranged and
 * inspected through its control API, and (SandboxRun) the action node run against it.
 */
import type { IDataObject, INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import { startSandbox } from '../../sandbox/server';
import type { RunningSandbox, SandboxOptions } from '../../sandbox/server';
import { runNode } from './n8nCore';
import type { RunNodeOptions, TestCredentials } from './n8nCore';

export const DEMO_CREDENTIALS = { clientId: 'demo-client', apiKey: 'demo-api-key' } as const;

export interface LoggedRequest {
	method: string;
	path: string;
	route: string;
	query: IDataObject;
	body: IDataObject;
	status: number;
	/** When the answer went out, and how long the request took. */
	at: string;
	durationMs: number;
}

export interface StoredInterviewView {
	interviewId: string;
	status: string;
	interviewConfig: IDataObject;
	metaData: IDataObject;
}

export class SandboxControl {
	constructor(readonly sandbox: RunningSandbox) {}

	static async start<T extends SandboxControl>(
		this: new (sandbox: RunningSandbox) => T,
		options: SandboxOptions = {},
	): Promise<T> {
		return new this(await startSandbox({ port: 0, ...options }));
	}

	get credentials(): TestCredentials {
		return { baseUrl: this.sandbox.url, ...DEMO_CREDENTIALS };
	}

	async close(): Promise<void> {
		await this.sandbox.close();
	}

	/** Calls the control API (no auth). */
	async control(method: string, path: string, body?: unknown): Promise<IDataObject> {
		const response = await fetch(`${this.sandbox.url}/__sandbox${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`${method} /__sandbox${path}: ${response.status} ${text}`);
		return (text ? JSON.parse(text) : {}) as IDataObject;
	}

	/** Empties interviews, candidates, logs and faults, and restores the start config. */
	async reset(): Promise<void> {
		await this.control('POST', '/reset');
	}

	/** Seeds interviews and candidates; answers the interview IDs. */
	async seed(seed: { interviews?: IDataObject[]; candidates?: IDataObject[] }): Promise<string[]> {
		return ((await this.control('POST', '/seed', seed)) as { interviewIds: string[] }).interviewIds;
	}

	async seedInterviews(interviews: IDataObject[], candidates: IDataObject[] = []): Promise<string[]> {
		return await this.seed({ interviews, candidates });
	}

	async interview(interviewId: string): Promise<StoredInterviewView> {
		const state = (await this.control('GET', '/state')) as { interviews: StoredInterviewView[] };
		const found = state.interviews.find((item) => item.interviewId === interviewId);
		if (!found) throw new Error(`no interview ${interviewId} in the sandbox`);
		return found;
	}

	/** A candidate completes: the sandbox stores the result and POSTs the event to the interview's webhookUrl. */
	async complete(interviewId: string, candidate: { email: string; name?: string; scores?: IDataObject; completedAt?: string }) {
		return (await this.control('POST', `/interviews/${interviewId}/complete`, candidate)) as {
			result: IDataObject;
			event: IDataObject;
			delivery: { url: string; status: number | null; error?: string } | null;
		};
	}

	/** The API requests the sandbox saw, optionally of one route (e.g. `POST /api/v1/interview/:id/access-links`). */
	async requests(route?: string): Promise<LoggedRequest[]> {
		const { requests } = (await this.control('GET', '/requests')) as unknown as { requests: LoggedRequest[] };
		return route ? requests.filter((request) => request.route === route) : requests;
	}
}

/** The sandbox plus the action node run against it through in-process n8n. Build first: n8n loads dist/. */
export class SandboxRun extends SandboxControl {
	async run(parameters: INodeParameters, options: Partial<RunNodeOptions> = {}) {
		return await runNode({ node: 'interviewService', parameters, credentials: this.credentials, ...options });
	}
}

export async function openSandbox(options: SandboxOptions = {}): Promise<SandboxRun> {
	return await SandboxRun.start(options);
}

/** One sandbox for a test file, emptied before each test; call the answer inside a test for the running sandbox. */
export function useSandboxRun(options: SandboxOptions = {}): () => SandboxRun {
	let env: SandboxRun | undefined;
	beforeAll(async () => {
		env = await openSandbox(options);
	});
	afterAll(async () => await env?.close());
	beforeEach(async () => await env?.control('POST', '/reset'));
	return () => {
		if (!env) throw new Error('the sandbox did not start (see beforeAll)');
		return env;
	};
}

/** The interview picker's stored value for an ID. */
export function interviewById(id: string): INodeParameterResourceLocator {
	return { __rl: true, mode: 'id', value: id };
}

/** The time window the invite tests send. */
export const INVITE_WINDOW = { startTime: '2026-03-01T09:00:00Z', endTime: '2026-03-08T18:00:00Z' };

/** Invite parameters that map each candidate from its input item. */
export function inviteParameters(interviewId: string | INodeParameterResourceLocator, extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'candidate',
		operation: 'invite',
		interviewId: typeof interviewId === 'string' ? interviewById(interviewId) : interviewId,
		...INVITE_WINDOW,
		email: '={{ $json.email }}',
		additionalFields: { name: '={{ $json.name }}' },
		options: {},
		...extra,
	};
}

/** `count` input items `{ email, name }`. */
export const people = (count: number, prefix = 'candidate') =>
	Array.from({ length: count }, (_, index) => ({ email: `${prefix}${index}@example.com`, name: `Candidate ${index}` }));
