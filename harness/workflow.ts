/**
 * Workflows built in code for `n8n import:workflow`: nodes chained in the given order, with the
 * Interview Service credential attached to our nodes.
 */
import { randomUUID } from 'node:crypto';

import type { CredentialImport, WorkflowImport } from './n8n';
import { PACKAGE_NAME } from './n8n';

export const CREDENTIAL_TYPE = 'interviewServiceApi';
export const ACTION_NODE_TYPE = `${PACKAGE_NAME}.interviewService`;
export const TRIGGER_NODE_TYPE = `${PACKAGE_NAME}.interviewServiceTrigger`;
/** The webhook trigger's one version (its description's `version`); docs/n8n-internals.md says why it is not 1. */
export const TRIGGER_NODE_VERSION = 1.1;

export interface NodeSpec {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	/** n8n's node settings "Retry On Fail", "Max. Tries", "Wait Between Tries (ms)". */
	retryOnFail?: boolean;
	maxTries?: number;
	waitBetweenTries?: number;
	/** n8n's node setting "On Error": Stop Workflow when absent. */
	onError?: 'continueRegularOutput' | 'continueErrorOutput';
}

export function sandboxCredential(
	baseUrl: string,
	overrides: Partial<{ id: string; name: string; clientId: string; apiKey: string; expiresIn: number }> = {},
): CredentialImport {
	return {
		id: overrides.id ?? 'iscredsandbox01',
		name: overrides.name ?? 'Interview Service (sandbox)',
		type: CREDENTIAL_TYPE,
		data: {
			baseUrl,
			clientId: overrides.clientId ?? 'demo-client',
			apiKey: overrides.apiKey ?? 'demo-api-key',
			// The credential's Token Lifetime (Seconds); 0 leaves it to the service.
			expiresIn: overrides.expiresIn ?? 0,
			accessToken: '',
		},
	};
}

export const manualTrigger = (name = 'Start'): NodeSpec => ({
	name,
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	parameters: {},
});

/** A Code node emitting `items` as one n8n item each. */
export const itemsNode = (name: string, items: Array<Record<string, unknown>>): NodeSpec => ({
	name,
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	parameters: { jsCode: `return ${JSON.stringify(items)}.map((json) => ({ json }));` },
});

export function interviewServiceNode(
	name: string,
	parameters: Record<string, unknown>,
	credential: CredentialImport,
	type = ACTION_NODE_TYPE,
): NodeSpec {
	return {
		name,
		type,
		typeVersion: type === TRIGGER_NODE_TYPE ? TRIGGER_NODE_VERSION : 1,
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } },
	};
}

/** An interview picked "By ID" in the resource locator. */
export const interviewById = (id: string) => ({ __rl: true, mode: 'id', value: id });

/** A workflow whose nodes are connected main output 0 → main input 0 along `edges` ([from, to] node names). */
export function buildWorkflow(id: string, name: string, nodes: NodeSpec[], edges: Array<[string, string]>): WorkflowImport {
	const connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }> = {};
	for (const [from, to] of edges) {
		connections[from] ??= { main: [[]] };
		connections[from].main[0].push({ node: to, type: 'main', index: 0 });
	}
	return {
		id,
		name,
		nodes: nodes.map((node, index) => ({ id: randomUUID(), position: [index * 220, 0], ...node })),
		connections,
	};
}

/** Nodes connected one after the other, in the given order. */
export function chainWorkflow(id: string, name: string, nodes: NodeSpec[]): WorkflowImport {
	const edges = nodes.slice(1).map((node, index): [string, string] => [nodes[index].name, node.name]);
	return buildWorkflow(id, name, nodes, edges);
}
