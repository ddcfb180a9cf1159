// The node as an AI agent's tool: a node type named like ours with `Tool` at the end (docs/n8n-internals.md, "The node as a tool").
import type { INode } from 'n8n-workflow';

export const runsAsTool = (node: INode): boolean => node.type.endsWith('Tool');

/** Resources a tool neither offers nor runs: Access hands out a bearer token or a presigned link, which no agent may get. */
export const NOT_FOR_TOOLS: ReadonlySet<string> = new Set(['access']);

/** The display condition that hides a choice from the node as a tool. */
export const HIDDEN_FROM_TOOLS = { '@tool': [true] };
