/**
 * The node as an AI agent's tool. n8n runs a `usableAsTool` node as a node type of its own, named like
 * ours with `Tool` at the end; that name is also what the `@tool` display condition reads
 * (docs/n8n-internals.md, "The node as a tool").
 */
import type { INode } from 'n8n-workflow';

export const runsAsTool = (node: INode): boolean => node.type.endsWith('Tool');

/**
 * Resources a tool neither offers nor runs: Access hands out a bearer token or a presigned link, and an
 * agent, in n8n or behind its MCP Server Trigger, must not get either.
 */
export const NOT_FOR_TOOLS: ReadonlySet<string> = new Set(['access']);

/** The display condition that hides a choice from the node as a tool. */
export const HIDDEN_FROM_TOOLS = { '@tool': [true] };
