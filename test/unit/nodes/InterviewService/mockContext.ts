import type { IDataObject, IExecuteFunctions, IHttpRequestOptions, NodeExecutionHint } from 'n8n-workflow';

import { runOperation } from '../../../../nodes/InterviewService/actions/router';
import type { NodeOperation } from '../../../../nodes/InterviewService/helpers/operationContract';
import { fakeNode } from '../../../helpers/fakeNode';
import { ProcessedDataStore } from '../../../helpers/processedDataStore';

/** Parameters of every item, or per item. */
export type Parameters = IDataObject | ((itemIndex: number) => IDataObject);

export interface RecordedRequest {
	method: string;
	url: string;
	body?: IDataObject;
	qs?: IDataObject;
}

export interface MockOptions {
	parameters: Parameters;
	/** Number of input items (default: as many as `inputItems`, else 1). */
	items?: number;
	/** The JSON of the input items (default `{ index }`). */
	inputItems?: IDataObject[];
	continueOnFail?: boolean;
	/** The node's On Error setting; continueOnFail follows it when given. */
	onError?: 'stopWorkflow' | 'continueRegularOutput' | 'continueErrorOutput';
	/** Answers a request with its `data` (wrapped in the envelope here), or throws. */
	respond?: (request: RecordedRequest) => unknown;
	credentials?: IDataObject;
	timezone?: string;
	/** n8n's processed-data store, shared between runs of a test; a new one by default. */
	processedData?: ProcessedDataStore;
}

export const BASE_URL = 'http://sandbox.test';

/**
 * The node as the workflow saves it: a parameter whose value differs between items is saved as
 * an expression that uses the item (as it would be in n8n), every other one as its value.
 */
function savedNode(parametersOf: (itemIndex: number) => IDataObject, items: number) {
	const perItem = Array.from({ length: items }, (_, itemIndex) => parametersOf(itemIndex));
	const names = new Set(perItem.flatMap((parameters) => Object.keys(parameters)));
	const parameters: IDataObject = {};
	for (const name of names) {
		const values = new Set(perItem.map((itemParameters) => JSON.stringify(itemParameters[name])));
		parameters[name] = values.size > 1 ? `={{ $json.${name} }}` : perItem[0][name];
	}
	return { ...fakeNode(), parameters } as ReturnType<typeof fakeNode>;
}

/** The error n8n-core throws for a non-2xx answer, as toNodeApiError receives it. */
export function httpError(status: number, body: IDataObject): Error {
	return Object.assign(new Error(`Request failed with status code ${status}`), {
		httpCode: String(status),
		context: { data: body },
		cause: { response: { status, data: body } },
	});
}

export function apiError(status: number, message: string, error: unknown = null): Error {
	return httpError(status, { message, success: false, error } as IDataObject);
}

function isResourceLocator(value: unknown): value is { __rl: true; value: unknown } {
	return typeof value === 'object' && value !== null && (value as { __rl?: unknown }).__rl === true;
}

/** A mocked IExecuteFunctions for unit tests, recording every request. */
export function mockContext(options: MockOptions) {
	const requests: RecordedRequest[] = [];
	const parametersOf = (itemIndex: number) =>
		typeof options.parameters === 'function' ? options.parameters(itemIndex) : options.parameters;
	const credentials = { baseUrl: `${BASE_URL}/`, clientId: 'demo-client', apiKey: 'demo-api-key', ...options.credentials };

	const itemCount = options.items ?? options.inputItems?.length ?? 1;
	const node = {
		...savedNode(parametersOf, itemCount),
		...(options.onError ? { onError: options.onError } : {}),
	};
	/** Every getNodeParameter call, by parameter name. */
	const parameterReads: Record<string, number> = {};
	const nodeContext: IDataObject = {};
	const processedData = options.processedData ?? new ProcessedDataStore();
	const store = { workflow: { id: 'unit-workflow', active: false }, node };
	const warnings: string[] = [];
	const hints: NodeExecutionHint[] = [];
	const context = {
		getNode: () => node,
		getInputData: () =>
			options.inputItems?.map((json) => ({ json })) ?? Array.from({ length: itemCount }, (_, index) => ({ json: { index } })),
		continueOnFail: () => options.continueOnFail ?? (options.onError !== undefined && options.onError !== 'stopWorkflow'),
		getTimezone: () => options.timezone ?? 'UTC',
		getContext: () => nodeContext,
		getWorkflowDataProxy: () => ({ $runIndex: 0 }),
		getCredentials: async () => credentials,
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown, parameterOptions?: { extractValue?: boolean }) => {
			parameterReads[name] = (parameterReads[name] ?? 0) + 1;
			const value = parametersOf(itemIndex)[name];
			if (value === undefined) {
				if (fallback === undefined) throw new Error(`Could not get parameter "${name}"`);
				return fallback;
			}
			if (parameterOptions?.extractValue && isResourceLocator(value)) return value.value;
			return value;
		},
		getWorkflow: () => ({ id: store.workflow.id, active: false }),
		logger: { warn: (message: string) => warnings.push(message) },
		addExecutionHints: (...added: NodeExecutionHint[]) => hints.push(...added),
		helpers: {
			checkProcessedAndRecord: async (items: string[], scope: 'node' | 'workflow', checked: { mode: 'entries'; maxEntries?: number }) =>
				await processedData.checkProcessedAndRecord(items, scope, store, checked),
			removeProcessed: async (items: string[], scope: 'node' | 'workflow', checked: { mode: 'entries' }) =>
				await processedData.removeProcessed(items, scope, store, checked),
			clearAllProcessedItems: async (scope: 'node' | 'workflow') => await processedData.clearAllProcessedItems(scope, store),
			getProcessedDataCount: async (scope: 'node' | 'workflow', checked: { mode: 'entries' }) =>
				await processedData.getProcessedDataCount(scope, store, checked),
			httpRequestWithAuthentication: async (_credentialType: string, request: IHttpRequestOptions) => {
				const recorded: RecordedRequest = {
					method: String(request.method),
					url: request.url,
					...(request.body === undefined ? {} : { body: request.body as IDataObject }),
					...(request.qs === undefined ? {} : { qs: request.qs }),
				};
				requests.push(recorded);
				const data = options.respond ? options.respond(recorded) : {};
				const body = { message: 'OK', success: true, data };
				return request.returnFullResponse ? { body, statusCode: 200, headers: {} } : body;
			},
		},
	};
	return { context: context as unknown as IExecuteFunctions, requests, parameterReads, processedData, warnings, hints };
}

/** A resource-locator value, as n8n stores the interview picker. */
export function byId(id: string): IDataObject {
	return { __rl: true, mode: 'id', value: id };
}

/** One operation as the node runs it: through the router's item loop; its first output. */
export function asExecute(operation: NodeOperation) {
	return async function (this: IExecuteFunctions) {
		return (await runOperation.call(this, operation))[0];
	};
}
