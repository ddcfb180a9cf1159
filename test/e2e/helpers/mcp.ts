/**
 * An MCP client for n8n's MCP Server Trigger: the official SDK's Client over Streamable HTTP, the
 * transport the trigger serves at its path from version 2 on. n8n hands a tool call to the same
 * LangChain tool an AI Agent calls (the node wrapped by `usableAsTool`), so what comes back is what
 * an agent is told. Every answer's raw HTTP body is kept as the client read it, so a test can say
 * what the client saw, byte for byte.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { pollUntil } from '../../../harness/process';

export interface McpToolResult {
	isError?: boolean;
	content: Array<{ type: string; text?: string }>;
}

export interface McpSession {
	client: Client;
	/** Ends the session; resolves to the raw body of every HTTP answer, as far as the client read it. */
	close(): Promise<string[]>;
}

/** A tool result's text parts, joined: what an MCP client shows its model. */
export const textOf = (result: McpToolResult) => result.content.map((part) => part.text ?? '').join('\n');

export async function callTool(session: McpSession, name: string, args: Record<string, unknown>): Promise<McpToolResult> {
	return (await session.client.callTool({ name, arguments: args })) as McpToolResult;
}

export async function openMcpSession(url: string): Promise<McpSession> {
	const answers: string[] = [];
	// Each answer's body passes through a recorder on its way to the SDK: the text kept is what the client read,
	// and an SSE stream the server keeps open is never waited for.
	const recordingFetch: typeof fetch = async (input, init) => {
		const response = await fetch(input, init);
		if (!response.body) return response;
		const index = answers.push('') - 1;
		const decoder = new TextDecoder();
		const recorder = new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				answers[index] += decoder.decode(chunk, { stream: true });
				controller.enqueue(chunk);
			},
		});
		const { status, statusText, headers } = response;
		return new Response(response.body.pipeThrough(recorder), { status, statusText, headers });
	};
	const client = new Client({ name: 'interview-service-e2e', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: recordingFetch }));
	return {
		client,
		async close() {
			await client.close();
			return [...answers];
		},
	};
}

/** A session once n8n serves the trigger's URL: a published workflow's webhooks are registered a moment after publishing. */
export async function openMcpSessionWhenServed(url: string, timeoutMs = 30_000): Promise<McpSession> {
	return await pollUntil(async () => await openMcpSession(url).catch(() => undefined), timeoutMs, `the MCP server at ${url}`);
}
