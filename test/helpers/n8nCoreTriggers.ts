/**
 * In-process n8n for the two trigger nodes: runs their webhook lifecycle (`checkExists`, `create`,
 * `delete`), their `webhook()` and their `poll()` through n8n-core's own HookContext,
 * WebhookContext and PollContext, with n8nCore.ts's TestCredentialsHelper (token exchange like
 * n8n). The nodes are taken from source, so no build is needed.
 *
 * A small HTTP server stands in for n8n's webhook endpoint: the URL the node registers points at
 * it, so the sandbox's real delivery (`POST /__sandbox/interviews/:id/complete`) reaches
 * `webhook()` over HTTP, with n8n's body parsing rules and its way of answering.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { ExecuteContext, HookContext, PollContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import { InterviewServiceApi } from '../../credentials/InterviewServiceApi.credentials';
import { InterviewServiceResultsTrigger } from '../../nodes/InterviewServiceResultsTrigger/InterviewServiceResultsTrigger.node';
import { InterviewServiceTrigger } from '../../nodes/InterviewServiceTrigger/InterviewServiceTrigger.node';
import { CREDENTIAL_TYPE, PACKAGE_NAME, TestCredentialsHelper, createAdditionalData } from './n8nCore';
import type { TestCredentials } from './n8nCore';

export { DEMO_CREDENTIALS } from './sandbox';

const TRIGGERS: Record<string, INodeType> = {
	interviewServiceTrigger: new InterviewServiceTrigger(),
	interviewServiceResultsTrigger: new InterviewServiceResultsTrigger(),
};

const nodeTypes: INodeTypes = {
	getByName: (type) => byType(type),
	getByNameAndVersion: (type) => byType(type),
	getKnownTypes: () => ({}),
};

function byType(type: string): INodeType {
	const found = TRIGGERS[type.replace(`${PACKAGE_NAME}.`, '')];
	if (!found) throw new Error(`Unknown node type ${type}`);
	return found;
}

/** What the stand-in webhook endpoint received and answered. */
export interface ReceivedCall {
	path: string;
	query: IDataObject;
	status: number;
	answer: unknown;
	/** What the workflow got from the execution the call started (the node's step run); undefined when it started none. */
	items?: INodeExecutionData[];
	/** The items the webhook handed n8n to start that execution with. */
	started?: INodeExecutionData[];
}

export interface TriggerHarnessOptions {
	node: 'interviewServiceTrigger' | 'interviewServiceResultsTrigger';
	parameters: INodeParameters;
	credentials: TestCredentials;
	/** Static data of the workflow as n8n would have saved it, e.g. from `staticData()` of an earlier harness. */
	staticData?: IDataObject;
	/** Reuse a credentials helper (keeps the token between harnesses, as n8n's database would). */
	credentialsHelper?: TestCredentialsHelper;
}

type HookName = 'checkExists' | 'create' | 'delete';

export class TriggerHarness {
	readonly calls: ReceivedCall[] = [];

	readonly credentialsHelper: TestCredentialsHelper;

	readonly node: INode;

	private workflow: Workflow;

	private server?: http.Server;

	private baseUrl = '';

	constructor(options: TriggerHarnessOptions) {
		this.credentialsHelper =
			options.credentialsHelper ??
			new TestCredentialsHelper(new InterviewServiceApi(), { accessToken: '', ...options.credentials });
		this.node = {
			id: 'trigger-under-test',
			name: 'Interview Trigger',
			type: `${PACKAGE_NAME}.${options.node}`,
			// Each node's one version, as the editor adds it.
			typeVersion: Number(byType(options.node).description.version),
			position: [0, 0],
			webhookId: 'c0ffee00-0000-4000-8000-000000000001',
			parameters: options.parameters,
			credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Interview Service account' } },
		};
		this.workflow = new Workflow({
			id: 'trigger-workflow',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: structuredClone(options.staticData ?? {}),
		});
	}

	/**
	 * Starts the stand-in webhook endpoint (needed only for the webhook trigger). Pass the port of
	 * an earlier harness to restart "the same n8n", whose webhook URLs do not change.
	 */
	async listen(port = 0, { pathPrefix = '' }: { pathPrefix?: string } = {}): Promise<this> {
		this.server = http.createServer((request, response) => void this.handle(request, response));
		await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
		// A path prefix stands for n8n behind another public address (WEBHOOK_URL) after a move.
		this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${pathPrefix}`;
		return this;
	}

	get port(): number {
		return (this.server?.address() as AddressInfo | null)?.port ?? 0;
	}

	async close(): Promise<void> {
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
	}

	/** The node's static data as n8n would save it. */
	staticData(): IDataObject {
		return JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
	}

	nodeStaticData(): IDataObject {
		return this.staticData()[`node:${this.node.name}`] as IDataObject;
	}

	/** `production` as on activation (`/webhook/...`), `test` as "listen for test event" (`/webhook-test/...`). */
	async hook(name: HookName, url: 'production' | 'test' = 'production'): Promise<boolean> {
		const isTest = url === 'test';
		const mode: WorkflowExecuteMode = isTest ? 'manual' : name === 'delete' ? 'internal' : 'trigger';
		const activation: WorkflowActivateMode = isTest ? 'manual' : name === 'delete' ? 'update' : 'activate';
		const context = new HookContext(this.workflow, this.node, this.additionalData(), mode, activation, this.webhookData(isTest));
		const method = byType(this.node.type).webhookMethods?.default?.[name];
		if (!method) throw new Error(`${this.node.type} has no webhook method ${name}`);
		return await method.call(context);
	}

	/**
	 * The execution's first step, as n8n runs it for a webhook's items once it has stored the
	 * execution: the node's execute() on them (`retry` as the editor's Retry of that execution).
	 */
	async runExecution(items: INodeExecutionData[], mode: WorkflowExecuteMode = 'webhook'): Promise<INodeExecutionData[]> {
		const execute = byType(this.node.type).execute;
		if (!execute) return items;
		const inputData = { main: [items] };
		const context = new ExecuteContext(this.workflow, this.node, this.additionalData(), mode, createRunExecutionData(), 0, items, inputData, { node: this.node, data: inputData, source: null }, []);
		const output = (await execute.call(context)) as INodeExecutionData[][];
		return output[0];
	}

	/** The logger the node's contexts write to (n8n's, from its DI container): spy on it to read what the node logs. */
	get logger(): PollContext['logger'] {
		return new PollContext(this.workflow, this.node, this.additionalData(), 'trigger', 'activate').logger;
	}

	/** One poll, as n8n's poll executor runs it; `manual` as "fetch test event"; `budgetMs` as the durable scheduler gives one. */
	async poll(mode: 'trigger' | 'manual' = 'trigger', budgetMs?: number): Promise<INodeExecutionData[][] | null> {
		const activation: WorkflowActivateMode = mode === 'manual' ? 'manual' : 'activate';
		const budget = budgetMs === undefined ? undefined : () => budgetMs;
		const context = new PollContext(this.workflow, this.node, this.additionalData(), mode, activation, undefined, undefined, undefined, undefined, undefined, budget);
		return await byType(this.node.type).poll!.call(context);
	}

	private additionalData(): IWorkflowExecuteAdditionalData {
		const data = createAdditionalData(this.credentialsHelper);
		data.webhookBaseUrl = `${this.baseUrl}/webhook`;
		data.webhookTestBaseUrl = `${this.baseUrl}/webhook-test`;
		return data;
	}

	/** The node's webhook at `pathname` (as n8n routes a call by its path), else its first. */
	private webhookData(isTest: boolean, pathname = ''): IWebhookData {
		const webhooks = byType(this.node.type).description.webhooks!;
		const webhookDescription = webhooks.find((webhook) => pathname.endsWith(`/${this.node.webhookId}/${String(webhook.path)}`)) ?? webhooks[0];
		return {
			httpMethod: 'POST',
			node: this.node.name,
			path: `${this.node.webhookId}/${String(webhookDescription.path)}`,
			webhookDescription,
			workflowId: this.workflow.id,
			workflowExecuteAdditionalData: this.additionalData(),
			webhookId: this.node.webhookId,
			isTest,
		};
	}

	private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of request) chunks.push(chunk as Buffer);
		const rawBody = Buffer.concat(chunks);
		const url = new URL(request.url ?? '/', this.baseUrl);
		const call: ReceivedCall = { path: url.pathname, query: queryOf(url), status: 0, answer: undefined };
		this.calls.push(call);
		const answer = (status: number, body: unknown) => {
			call.status = status;
			call.answer = body;
			if (!response.headersSent) response.writeHead(status, { 'content-type': 'application/json' });
			response.end(JSON.stringify(body));
		};

		const contentType = request.headers['content-type'];
		// As n8n's parseRequestBody: a node of version 1 gets every body read, others only the types n8n parses.
		const unread = this.node.typeVersion > 1 && !PARSED_BY_N8N.test(contentType ?? '');
		const body = unread ? undefined : parseLikeN8n(contentType, rawBody);
		if (body instanceof Error) return answer(422, { message: 'Failed to parse request body' });

		const fakeResponse = expressLikeResponse(response, call);
		const additionalData = this.additionalData();
		const bodyFields = unread
			? { body, rawBody: undefined, readRawBody: async () => void Object.assign(request, { rawBody }) }
			: { body, rawBody };
		additionalData.httpRequest = Object.assign(request, { ...bodyFields, query: call.query, params: {} }) as never;
		additionalData.httpResponse = fakeResponse as never;
		const isTest = url.pathname.includes('/webhook-test/');
		const context = new WebhookContext(this.workflow, this.node, additionalData, isTest ? 'manual' : 'webhook', this.webhookData(isTest, url.pathname), [], null);

		let result: IWebhookResponseData;
		try {
			result = await byType(this.node.type).webhook!.call(context);
		} catch (error) {
			// n8n would start a failed execution here; our node must never get this far.
			return answer(500, { message: (error as Error).message });
		}
		// As n8n: workflowData starts an execution, also when the node has answered the call itself;
		// the execution runs the node's step on those items first, and the workflow gets its output.
		if (result.workflowData) {
			call.started = result.workflowData[0];
			call.items = await this.runExecution(result.workflowData[0], isTest ? 'manual' : 'webhook');
		}
		if (result.noWebhookResponse) {
			if (!response.writableEnded) response.end();
			return;
		}
		// As n8n 2.41 answering on receipt: the answer is read once the execution is stored, and is the node's own when it gives one.
		if (result.workflowData) return answer(200, result.webhookResponse ?? { message: 'Workflow was started' });
		return answer(200, result.webhookResponse ?? { message: 'Webhook call received' });
	}
}

function queryOf(url: URL): IDataObject {
	const query: IDataObject = {};
	for (const key of new Set(url.searchParams.keys())) {
		const values = url.searchParams.getAll(key);
		query[key] = values.length === 1 ? values[0] : values;
	}
	return query;
}

/** The content types n8n parses for a webhook node of version 2 or later (webhook-helpers.ts, isParsableContentType). */
const PARSED_BY_N8N = /^(application\/json|text\/plain|application\/x-www-form-urlencoded)|[/+]xml(;|$)/;

/** n8n's body parser: JSON and text are parsed, bad JSON is refused, anything else stays raw. */
function parseLikeN8n(contentType: string | undefined, rawBody: Buffer): unknown {
	const type = contentType?.split(';')[0].trim();
	if (rawBody.length === 0) return {};
	if (type === 'application/json') {
		try {
			return JSON.parse(rawBody.toString('utf8')) as unknown;
		} catch (error) {
			return error as Error;
		}
	}
	if (type === 'text/plain') return rawBody.toString('utf8');
	return {};
}

function expressLikeResponse(response: http.ServerResponse, call: ReceivedCall) {
	const fake = {
		status(code: number) {
			response.statusCode = code;
			call.status = code;
			return fake;
		},
		json(body: unknown) {
			call.answer = body;
			response.setHeader('content-type', 'application/json');
			response.end(JSON.stringify(body));
			return fake;
		},
		send(body: unknown) {
			call.answer = body;
			response.end(typeof body === 'string' ? body : JSON.stringify(body));
			return fake;
		},
		end() {
			response.end();
			return fake;
		},
		get statusCode() {
			return response.statusCode;
		},
		once(event: string, listener: () => void) {
			response.once(event, listener);
			return fake;
		},
	};
	return fake;
}
