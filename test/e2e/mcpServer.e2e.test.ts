/**
 * Our action node as tools of n8n's MCP Server Trigger, as a desktop assistant or an IDE uses them:
 * a published workflow, the official MCP client over the trigger's production URL. The client lists
 * the tools and their input schemas, lists interviews, invites a candidate, is told why a refused
 * candidate was not invited, is refused a token by a tool saved with Access → Create Token, and never
 * reads the API key or a bearer token in any answer. In n8n 2.41 and, with `e2e-n8n1`, in 1.x: the
 * trigger serves Streamable HTTP from its version 2 on (2.1 is 2.41's newest, which 1.x lacks).
 */
import type { NodeSpec } from '../../harness/workflow';
import { ACTION_NODE_TYPE, buildWorkflow, interviewServiceNode } from '../../harness/workflow';
import { PRESIGNED_PATH, REFUSAL_REASONS } from '../../sandbox/assumptions';
import type { E2eContext } from './helpers/context';
import { E2E_RUNTIME, TEST_TIMEOUT_MS, sandboxRequests, useE2e } from './helpers/context';
import type { McpSession } from './helpers/mcp';
import { callTool, openMcpSessionWhenServed, textOf } from './helpers/mcp';

const { context, withLog } = useE2e();

const WORKFLOW_ID = 'mcprecruiting';
const MCP_PATH = 'interview-service-recruiting';
const REFUSED = 'blocked.candidate@example.com';
/** Every bearer token the sandbox issues is an HS256 JWT: base64url header, payload and signature. */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

const fromAi = (key: string, description: string) => `={{ $fromAI('${key}', '${description}', 'string') }}`;

function recruitingToolsWorkflow(ctx: E2eContext) {
	const trigger: NodeSpec = {
		name: 'MCP Server Trigger',
		type: '@n8n/n8n-nodes-langchain.mcpTrigger',
		typeVersion: E2E_RUNTIME.n8nVersion.startsWith('1.') ? 2 : 2.1,
		parameters: { authentication: 'none', path: MCP_PATH },
		webhookId: '5d0e2f6a-93c1-4b7e-8a55-1f0c2d3e4b61',
	};
	const tool = (name: string, parameters: Record<string, unknown>) =>
		interviewServiceNode(name, parameters, ctx.credential, `${ACTION_NODE_TYPE}Tool`);
	const interviewId = { __rl: true, mode: 'id', value: fromAi('interviewId', 'The interviewId of the interview') };
	const tools = [
		tool('List interviews', { resource: 'interview', operation: 'getMany', returnAll: false, limit: 50, filters: {} }),
		tool('Get interview', { resource: 'interview', operation: 'get', interviewId }),
		tool('Invite candidate', {
			resource: 'candidate',
			operation: 'invite',
			interviewId,
			startTime: '={{ $now.toISO() }}',
			endTime: '={{ $now.plus({ days: 7 }).toISO() }}',
			email: fromAi('email', 'E-mail address of the candidate'),
			additionalFields: { name: fromAi('name', 'Full name of the candidate') },
			options: {},
		}),
		// As a workflow saved or imported with it holds it: the editor no longer offers Access to a tool.
		tool('Create token', { resource: 'access', operation: 'createToken', options: {} }),
	];
	const workflow = buildWorkflow(WORKFLOW_ID, 'MCP server: recruiting tools', [trigger, ...tools], []);
	for (const node of tools) workflow.connections[node.name] = { ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] } as never;
	return workflow;
}

interface JsonSchema {
	type?: string;
	properties?: Record<string, { type?: string; description?: string }>;
	required?: string[];
}

describe('our tools behind n8n\'s MCP Server Trigger, driven by the official MCP client', () => {
	let session: McpSession;
	let interviews: Array<{ id: string; name: string }>;

	beforeAll(
		withLog(async (ctx) => {
			const names = ['MCP Backend Engineer', 'MCP Data Analyst'];
			const seeded = await ctx.control.post('/seed', { interviews: names.map((interviewName) => ({ interviewName, status: 'published' })) });
			interviews = (seeded.data as { interviewIds: string[] }).interviewIds.map((id, index) => ({ id, name: names[index] }));
			await ctx.n8n.importWorkflow(recruitingToolsWorkflow(ctx));
			await ctx.n8n.activate(WORKFLOW_ID);
			session = await openMcpSessionWhenServed(`${ctx.n8n.url}/mcp/${MCP_PATH}`);
		}),
		TEST_TIMEOUT_MS,
	);

	afterAll(async () => {
		await context().control.patch('/config', { refusals: { emails: [], domains: [] } });
		await context().n8n.deactivate(WORKFLOW_ID);
	});

	it(
		'lists the tools, each with an input schema that says what to fill',
		withLog(async () => {
			const { tools } = await session.client.listTools();
			const byName = new Map(tools.map((tool) => [tool.name, tool]));
			expect([...byName.keys()].sort()).toEqual(['Create_token', 'Get_interview', 'Invite_candidate', 'List_interviews']);

			const invite = byName.get('Invite_candidate')?.inputSchema as JsonSchema;
			expect({ type: invite.type, required: [...(invite.required ?? [])].sort() }).toEqual({ type: 'object', required: ['email', 'interviewId', 'name'] });
			for (const key of ['interviewId', 'email', 'name']) {
				expect({ key, type: invite.properties?.[key]?.type, described: (invite.properties?.[key]?.description ?? '').length > 0 }).toEqual({ key, type: 'string', described: true });
			}
			const get = byName.get('Get_interview')?.inputSchema as JsonSchema;
			expect({ type: get.type, required: get.required, keys: Object.keys(get.properties ?? {}) }).toEqual({ type: 'object', required: ['interviewId'], keys: ['interviewId'] });
			const list = byName.get('List_interviews')?.inputSchema as JsonSchema;
			expect({ type: list.type, keys: Object.keys(list.properties ?? {}) }).toEqual({ type: 'object', keys: [] });
			for (const tool of tools) expect({ tool: tool.name, described: (tool.description ?? '').length > 0 }).toEqual({ tool: tool.name, described: true });
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'lists the interviews: each one\'s id and name',
		withLog(async () => {
			const result = await callTool(session, 'List_interviews', {});
			const text = textOf(result);
			expect(result.isError ?? false).toBe(false);
			for (const interview of interviews) {
				expect({ interview, listed: text.includes(interview.id) && text.includes(interview.name) }).toEqual({ interview, listed: true });
			}
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'invites a candidate: the service gets the access-links request, the client the candidate\'s link',
		withLog(async (ctx) => {
			const [interview] = interviews;
			await ctx.control.delete('/requests');
			const result = await callTool(session, 'Invite_candidate', { interviewId: interview.id, email: 'ada@example.com', name: 'Ada Lovelace' });
			const text = textOf(result);
			expect(result.isError ?? false).toBe(false);

			const requests = (await sandboxRequests(ctx.control)).filter((request) => request.route === 'POST /api/v1/interview/:id/access-links');
			expect(requests.map((request) => ({ path: request.path, status: request.status, candidates: (request.body as { candidates?: unknown }).candidates }))).toEqual([
				{ path: `/api/v1/interview/${interview.id}/access-links`, status: 200, candidates: [{ email: 'ada@example.com', name: 'Ada Lovelace' }] },
			]);
			expect({ text: text.slice(0, 500), link: /"preAuthLink":\s*"http[^"]+\?token=[0-9a-f]+"/.test(text) }).toEqual({ text: text.slice(0, 500), link: true });
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'a refused candidate comes back as a message the client can read: who, and the service\'s reason',
		withLog(async (ctx) => {
			const [interview] = interviews;
			await ctx.control.patch('/config', { refusals: { emails: [REFUSED], domains: [], dialect: 'rejectNamingEmail' } });
			await ctx.control.delete('/requests');
			const result = await callTool(session, 'Invite_candidate', { interviewId: interview.id, email: REFUSED, name: 'Blocked Candidate' });
			const text = textOf(result);

			expect({ text, isError: result.isError, who: text.includes(REFUSED), why: text.includes(REFUSAL_REASONS.email) }).toEqual({ text, isError: true, who: true, why: true });
			const requests = (await sandboxRequests(ctx.control)).filter((request) => request.route === 'POST /api/v1/interview/:id/access-links');
			expect(requests.map((request) => request.status)).toEqual([422]);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'a tool saved with Access → Create Token refuses: the client reads why, and the service is asked for no token',
		withLog(async (ctx) => {
			await ctx.control.delete('/requests');
			const result = await callTool(session, 'Create_token', {});
			const text = textOf(result);
			expect({ text, isError: result.isError, refused: text.includes('Access is not available to the Interview Service node as a tool') }).toEqual({
				text,
				isError: true,
				refused: true,
			});
			expect((await sandboxRequests(ctx.control)).map((request) => request.route)).toEqual([]);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'no answer the client read holds the API key, a bearer token or a presigned link',
		withLog(async (ctx) => {
			// The pattern finds a token the sandbox issues, so its absence below means something.
			const issued = await fetch(`${ctx.sandbox.url}/api/v1/auth/token`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ clientId: ctx.credential.data.clientId, apiKey: ctx.credential.data.apiKey }),
			});
			expect(JWT.test(await issued.text())).toBe(true);
			// The answers so far carried interviews and links, so they are worth searching.
			const answers = await session.close();
			expect(answers.some((answer) => answer.includes(interviews[0].id))).toBe(true);

			const secrets = answers.flatMap((answer, index) => [
				...(answer.includes(String(ctx.credential.data.apiKey)) ? [`answer ${index}: the API key`] : []),
				...(JWT.test(answer) ? [`answer ${index}: a bearer token ${JWT.exec(answer)?.[0].slice(0, 20)}…`] : []),
				...(answer.includes(PRESIGNED_PATH) ? [`answer ${index}: a presigned link`] : []),
			]);
			expect(secrets).toEqual([]);
		}),
		TEST_TIMEOUT_MS,
	);
});
