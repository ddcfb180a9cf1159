/**
 * The least of an MCP client (Streamable HTTP, JSON-RPC 2.0) that e2e tests need to call a tool of
 * n8n's MCP Server Trigger: initialize, list the tools, call one. n8n hands a tool call to the same
 * LangChain tool an AI Agent calls (the node wrapped by `usableAsTool`), so what comes back is what
 * an agent is told.
 */
import axios from 'axios';

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const PROTOCOL_VERSION = '2025-03-26';

interface RpcAnswer {
	id?: number;
	result?: Record<string, unknown>;
	error?: { code: number; message: string };
}

/** The answer in a JSON body, or in the `data:` lines of an event stream. */
function answerIn(body: string, id: number): RpcAnswer {
	const trimmed = body.trim();
	const candidates = trimmed.startsWith('{')
		? [trimmed]
		: trimmed
				.split('\n')
				.filter((line) => line.startsWith('data:'))
				.map((line) => line.slice('data:'.length).trim());
	for (const candidate of candidates) {
		const answer = JSON.parse(candidate) as RpcAnswer;
		if (answer.id === id) return answer;
	}
	throw new Error(`no JSON-RPC answer with id ${id} in: ${body.slice(0, 500)}`);
}

export interface ToolResult {
	isError?: boolean;
	content: Array<{ type: string; text?: string }>;
}

export interface McpSession {
	listTools(): Promise<Array<{ name: string; description?: string }>>;
	callTool(name: string, args: Record<string, unknown>): Promise<ToolResult>;
}

export async function openMcpSession(url: string): Promise<McpSession> {
	let nextId = 1;
	let sessionId: string | undefined;

	const post = async (message: Record<string, unknown>) => {
		const headers = sessionId ? { ...HEADERS, 'mcp-session-id': sessionId } : HEADERS;
		const response = await axios.post(url, message, { headers, responseType: 'text', timeout: 60_000, validateStatus: () => true });
		if (response.status >= 400) throw new Error(`MCP ${String(message.method)}: HTTP ${response.status} ${String(response.data).slice(0, 300)}`);
		return response;
	};
	const request = async (method: string, params: Record<string, unknown>) => {
		const id = nextId++;
		const response = await post({ jsonrpc: '2.0', id, method, params });
		sessionId ??= response.headers['mcp-session-id'] as string | undefined;
		const answer = answerIn(String(response.data), id);
		if (answer.error) throw new Error(`MCP ${method}: ${answer.error.message}`);
		return answer.result ?? {};
	};

	await request('initialize', { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'interview-service-e2e', version: '1.0.0' } });
	if (!sessionId) throw new Error('the MCP server gave no session id');
	await post({ jsonrpc: '2.0', method: 'notifications/initialized' });

	return {
		async listTools() {
			return (await request('tools/list', {})).tools as Array<{ name: string; description?: string }>;
		},
		async callTool(name, args) {
			return (await request('tools/call', { name, arguments: args })) as unknown as ToolResult;
		},
	};
}
