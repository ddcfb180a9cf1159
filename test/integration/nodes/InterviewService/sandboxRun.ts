/**
 * Runs the Interview Service node in in-process n8n against an in-process sandbox over HTTP.
 * Needs a build first (`npx tsc -p tsconfig.json`): n8n loads the node from dist/.
 */
import type { IDataObject, INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import { startSandbox } from '../../../../sandbox/server';
import type { RunningSandbox, SandboxOptions } from '../../../../sandbox/server';
import { runNode } from '../../../helpers/n8nCore';
import type { RunNodeOptions, TestCredentials } from '../../../helpers/n8nCore';

export interface LoggedRequest {
	method: string;
	path: string;
	route: string;
	query: IDataObject;
	body: IDataObject;
	status: number;
}

export interface SandboxRun {
	sandbox: RunningSandbox;
	credentials: TestCredentials;
	/** Calls the sandbox's control API (no auth). */
	control: (method: string, path: string, body?: unknown) => Promise<IDataObject>;
	/** The API requests the sandbox saw, optionally only one route (`route` is e.g. `POST /api/v1/interview/:id/access-links`). */
	requests: (route?: string) => Promise<LoggedRequest[]>;
	/** Seeds interviews and returns their IDs. */
	seedInterviews: (interviews: IDataObject[], candidates?: IDataObject[]) => Promise<string[]>;
	run: (parameters: INodeParameters, options?: Partial<RunNodeOptions>) => ReturnType<typeof runNode>;
	close: () => Promise<void>;
}

export async function openSandbox(options: SandboxOptions = {}): Promise<SandboxRun> {
	const sandbox = await startSandbox({ port: 0, ...options });
	const credentials: TestCredentials = { baseUrl: sandbox.url, clientId: 'demo-client', apiKey: 'demo-api-key' };
	const control = async (method: string, path: string, body?: unknown) => {
		const response = await fetch(`${sandbox.url}/__sandbox${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`sandbox control ${method} ${path} → ${response.status}: ${text}`);
		return (text ? JSON.parse(text) : {}) as IDataObject;
	};
	return {
		sandbox,
		credentials,
		control,
		requests: async (route) => {
			const { requests } = (await control('GET', '/requests')) as unknown as { requests: LoggedRequest[] };
			return route ? requests.filter((request) => request.route === route) : requests;
		},
		seedInterviews: async (interviews, candidates = []) =>
			((await control('POST', '/seed', { interviews, candidates })) as { interviewIds: string[] }).interviewIds,
		run: async (parameters, runOptions = {}) =>
			await runNode({ node: 'interviewService', parameters, credentials, ...runOptions }),
		close: async () => await sandbox.close(),
	};
}

/** The interview picker's stored value for an ID. */
export function interviewById(id: string): INodeParameterResourceLocator {
	return { __rl: true, mode: 'id', value: id };
}
