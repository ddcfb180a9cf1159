/**
 * In-process n8n for integration tests: loads this package from its package.json `n8n` section
 * (from dist/, as n8n does) and runs one node through n8n-core's WorkflowExecute, with a test
 * credentials helper that behaves like n8n's for our credential: `authenticate` (a function, or generic), and
 * `preAuthentication` when the expirable field is empty, and once more after a 401.
 *
 * Build first (`npx tsc -p tsconfig.json`); the loader reads compiled files.
 */
import path from 'node:path';

import { ExecutionLifecycleHooks, PackageDirectoryLoader, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodeType,
	NodeExecutionHint,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow, createRunExecutionData } from 'n8n-workflow';

import { useProcessedDataStore } from './processedDataStore';

export const PACKAGE_ROOT = path.resolve(__dirname, '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-interview-service';
export const CREDENTIAL_TYPE = 'interviewServiceApi';

let loaderPromise: Promise<PackageDirectoryLoader> | undefined;

/** The package as n8n loads it, once per test file. */
export function loadPackage(): Promise<PackageDirectoryLoader> {
	loaderPromise ??= (async () => {
		const loader = new PackageDirectoryLoader(PACKAGE_ROOT);
		await loader.loadAll();
		return loader;
	})();
	return loaderPromise;
}

export function fullType(nodeName: string): string {
	return `${PACKAGE_NAME}.${nodeName}`;
}

function shortName(type: string): string {
	return type.startsWith(`${PACKAGE_NAME}.`) ? type.slice(PACKAGE_NAME.length + 1) : type;
}

export function nodeTypesOf(loader: PackageDirectoryLoader): INodeTypes {
	const byName = (type: string): INodeType | IVersionedNodeType => {
		const loaded = loader.nodeTypes[shortName(type)] ?? loader.nodeTypes[type];
		if (!loaded) throw new Error(`Unknown node type ${type}`);
		return loaded.type;
	};
	return {
		getByName: byName,
		getByNameAndVersion: (type, version) => NodeHelpers.getVersionedNodeType(byName(type), version),
		getKnownTypes: () => ({}),
	};
}

export interface TestCredentials {
	baseUrl: string;
	clientId: string;
	apiKey: string;
	expiresIn?: number;
	/** Request Timeout (Seconds). */
	timeout?: number;
}

/** Counts what n8n would do with the credential, so tests can assert refreshes. */
export interface CredentialStats {
	preAuthentications: number;
	updates: number;
	/** Reads (and, in n8n, decryptions) of the stored credential. */
	reads: number;
}

function resolveCredentialExpression(value: unknown, credentials: ICredentialDataDecryptedObject): unknown {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	return value
		.slice(1)
		.replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_match, key: string) => String(credentials[key] ?? ''));
}

/**
 * Mirrors n8n's CredentialsHelper for a generic-auth credential with an expirable field:
 * the stored data (like n8n's database row) keeps the token between runs.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	readonly stats: CredentialStats = { preAuthentications: 0, updates: 0, reads: 0 };

	constructor(
		private readonly credentialType: ICredentialType,
		private stored: ICredentialDataDecryptedObject,
	) {
		super();
	}

	get storedData(): ICredentialDataDecryptedObject {
		return { ...this.stored };
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(credentials: ICredentialDataDecryptedObject, _typeName: string, requestOptions: IHttpRequestOptions) {
		const authenticate = this.credentialType.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (!authenticate || authenticate.type !== 'generic') return requestOptions;
		const headers = { ...(requestOptions.headers ?? {}) };
		for (const [name, value] of Object.entries(authenticate.properties.headers ?? {})) {
			headers[name] = resolveCredentialExpression(value, credentials) as string;
		}
		return { ...requestOptions, headers };
	}

	private expirableField(): INodeProperties | undefined {
		return this.credentialType.properties.find((p) => p.type === 'hidden' && p.typeOptions?.expirable === true);
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		_typeName: string,
		_node: INode,
		credentialsExpired: boolean,
	) {
		const field = this.expirableField();
		const preAuthentication = this.credentialType.preAuthentication;
		if (!field || typeof preAuthentication !== 'function') return undefined;
		if (credentials[field.name] !== '' && credentials[field.name] !== undefined && !credentialsExpired) return undefined;
		this.stats.preAuthentications++;
		const output = await preAuthentication.call(helpers, credentials);
		if (output[field.name] === undefined) return undefined;
		await this.updateCredentials({} as INodeCredentialsDetails, CREDENTIAL_TYPE, { ...credentials, ...output } as ICredentialDataDecryptedObject);
		return Object.assign(credentials, output) as ICredentialDataDecryptedObject;
	}

	async runPreAuthentication(helpers: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const preAuthentication = this.credentialType.preAuthentication;
		if (typeof preAuthentication !== 'function') return undefined;
		return (await preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used in tests');
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		this.stats.reads++;
		return { ...this.stored };
	}

	async updateCredentials(_details: INodeCredentialsDetails, _type: string, data: ICredentialDataDecryptedObject) {
		this.stats.updates++;
		this.stored = { ...data };
	}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(): INodeProperties[] {
		return this.credentialType.properties;
	}
}

/**
 * A run with a fresh credential, as in a fresh n8n process: the credential file is loaded anew, so the token
 * exchanges it shares within a process start empty (the package's loaded copy has served earlier runs).
 */
export async function createCredentialsHelper(credentials: TestCredentials): Promise<TestCredentialsHelper> {
	const loader = await loadPackage();
	const file = loader.credentialTypes[CREDENTIAL_TYPE]?.sourcePath;
	if (!file) throw new Error(`credential ${CREDENTIAL_TYPE} not loaded`);
	let credentialType: ICredentialType | undefined;
	jest.isolateModules(() => {
		const loaded = jest.requireActual<Record<string, new () => ICredentialType>>(path.resolve(PACKAGE_ROOT, file));
		credentialType = new (Object.values(loaded)[0])();
	});
	return new TestCredentialsHelper(credentialType as ICredentialType, { accessToken: '', expiresIn: 0, ...credentials });
}

export function createAdditionalData(
	credentialsHelper: ICredentialsHelper,
	onFinished?: (run: IRun, newStaticData: IDataObject) => void,
): IWorkflowExecuteAdditionalData {
	const executionId = `test-${Date.now()}-${Math.random().toString(16).slice(2)}`;
	const hooks = new ExecutionLifecycleHooks('manual', executionId, {
		id: 'test-workflow',
		name: 'test',
		active: false,
		nodes: [],
		connections: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
		activeVersionId: null,
	} as never);
	if (onFinished) hooks.addHandler('workflowExecuteAfter', (run, staticData) => onFinished(run, staticData));
	const baseUrl = 'http://127.0.0.1:5678';
	return {
		credentialsHelper,
		executionId,
		hooks,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${baseUrl}/rest`,
		instanceBaseUrl: baseUrl,
		formBaseUrl: `${baseUrl}/form`,
		formWaitingBaseUrl: `${baseUrl}/form-waiting`,
		formTestBaseUrl: `${baseUrl}/form-test`,
		webhookBaseUrl: `${baseUrl}/webhook`,
		webhookWaitingBaseUrl: `${baseUrl}/webhook-waiting`,
		webhookTestBaseUrl: `${baseUrl}/webhook-test`,
		mcpBaseUrl: `${baseUrl}/mcp`,
		mcpTestBaseUrl: `${baseUrl}/mcp-test`,
		variables: {},
		executeWorkflow: async () => {
			throw new Error('executeWorkflow is not available in tests');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('task runners are not available in tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface RunNodeOptions {
	/** Short node name, e.g. `interviewService`. */
	node: string;
	parameters: INodeParameters;
	inputItems?: IDataObject[];
	credentials?: TestCredentials;
	/** Reuse a helper across runs, e.g. to keep the token as n8n's database would. */
	credentialsHelper?: TestCredentialsHelper;
	continueOnFail?: boolean;
	/** n8n's On Error setting, when it is not Stop Workflow; `continueErrorOutput` gives the node a second (error) output. */
	onError?: 'continueRegularOutput' | 'continueErrorOutput';
	/** n8n's Retry On Fail setting of the node. */
	retryOnFail?: { maxTries: number; waitBetweenTries: number };
}

export interface RunNodeResult {
	/** Items of the node's first output. */
	items: INodeExecutionData[];
	/** All outputs. */
	outputs: INodeExecutionData[][];
	/** The node's error when it failed (and continueOnFail was off). */
	error?: Error & { description?: string; httpCode?: string | null; context?: IDataObject };
	/** What the node asked n8n to show beside its output (addExecutionHints). */
	hints: NodeExecutionHint[];
	credentialsHelper: TestCredentialsHelper;
}

export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const loader = await loadPackage();
	await useProcessedDataStore();
	const nodeTypes = nodeTypesOf(loader);
	const credentialsHelper =
		options.credentialsHelper ??
		(options.credentials ? await createCredentialsHelper(options.credentials) : undefined);
	if (!credentialsHelper) throw new Error('runNode needs credentials or a credentialsHelper');

	const type = fullType(options.node);
	const nodeType = nodeTypes.getByName(type);
	const version =
		('nodeVersions' in nodeType ? nodeType.currentVersion : ([] as number[]).concat(nodeType.description.version).pop()!);

	const node: INode = {
		id: 'node-under-test',
		name: 'Interview Service',
		type,
		typeVersion: version,
		position: [0, 0],
		parameters: options.parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Interview Service account' } },
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const, continueOnFail: true } : {}),
		...(options.onError ? { onError: options.onError } : {}),
		...(options.retryOnFail ? { retryOnFail: true, ...options.retryOnFail } : {}),
	};
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});

	const inputItems: INodeExecutionData[] = (options.inputItems ?? [{}]).map((json, index) => ({
		json,
		pairedItem: { item: index },
	}));
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node, data: { main: [inputItems] }, source: null }],
		},
	});

	const additionalData = createAdditionalData(credentialsHelper);
	const run = await new WorkflowExecute(additionalData, 'manual', runExecutionData).processRunExecutionData(workflow);

	const taskData = run.data.resultData.runData[node.name]?.[0];
	const outputs = (taskData?.data?.main ?? []).map((output) => output ?? []);
	const error = (taskData?.error ?? run.data.resultData.error) as RunNodeResult['error'];
	return { items: outputs[0] ?? [], outputs, error, hints: taskData?.hints ?? [], credentialsHelper };
}
