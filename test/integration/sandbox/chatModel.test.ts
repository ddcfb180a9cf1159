/**
 * The sandbox's stand-in chat model (`/openai/v1`), over loopback with OpenAI's own client: the models list,
 * a key check, a tool call for each intent (list the open interviews; invite someone by e-mail, with the
 * arguments the tool's schema asks for and an interview from the earlier list result), a plain answer after each
 * tool result, the same answers streamed. The tool results are the sandbox API's real answers, so the invitation
 * the model asks for ends up in the sandbox.
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';

import {
	demoExample,
	demoExamples,
	EXAMPLES,
	loadExample,
	OPENAI_CHAT_MODEL_TYPE,
	OPENAI_CREDENTIAL_TYPE,
	STAND_IN_OPENAI_CREDENTIAL,
	standInOpenAiCredential,
} from '../../../scripts/lib/examples';
import { DEMO_INTERVIEW_IDS } from '../../../sandbox/demo-data';
import { OPENAI_PREFIX, STAND_IN_MODELS, STAND_IN_OPENAI_KEY } from '../../../sandbox/openai';
import { startTestSandbox, type TestSandbox } from './client';

let t: TestSandbox;
let model: OpenAI;

beforeAll(async () => {
	t = await startTestSandbox({ seed: 'demo' });
	model = new OpenAI({ apiKey: STAND_IN_OPENAI_KEY, baseURL: `${t.sandbox.url}${OPENAI_PREFIX}`, maxRetries: 0, timeout: 10_000 });
});
afterAll(() => t.close());
beforeEach(async () => {
	await t.control.post('/reset', { seed: 'demo' });
});

/** The two tools as n8n 2.41 offers the example's tool nodes (create-node-as-tool: `$fromAI()` keys become the schema). */
const TOOLS: ChatCompletionTool[] = [
	{
		type: 'function',
		function: {
			name: 'List_Open_Interviews',
			description: 'Lists the published (open) interviews with their interviewId, interview name, role name and required experience.',
			parameters: { type: 'object', properties: {}, additionalProperties: false, $schema: 'http://json-schema.org/draft-07/schema#' },
		},
	},
	{
		type: 'function',
		function: {
			name: 'Invite_Candidate',
			description: "Invites one candidate to an interview for the next 7 days and returns the candidate's pre-authenticated interview link (preAuthLink).",
			parameters: {
				type: 'object',
				properties: {
					interviewId: { type: 'string', description: 'The interviewId of the interview, as returned by the interview list tool' },
					email: { type: 'string', description: 'E-mail address of the candidate' },
					name: { type: 'string', description: 'Full name of the candidate' },
				},
				required: ['interviewId', 'email', 'name'],
				additionalProperties: false,
			},
		},
	},
];

const SYSTEM: ChatCompletionMessageParam = { role: 'system', content: 'You are a recruiting assistant.' };

async function ask(messages: ChatCompletionMessageParam[]) {
	const completion = await model.chat.completions.create({ model: 'gpt-4.1-mini', messages, tools: TOOLS });
	return completion.choices[0];
}

/** What n8n hands the model as a tool's result: its output items' JSON, as one JSON text. */
async function runTool(name: string, args: Record<string, string>): Promise<string> {
	if (name === 'List_Open_Interviews') {
		const answer = await t.api.get('/api/v1/interview/get-interviews', { params: { status: 'published', limit: 50 } });
		expect(answer.status).toBe(200);
		return JSON.stringify(answer.data.data);
	}
	const answer = await t.api.post(`/api/v1/interview/${args.interviewId}/access-links`, {
		startTime: '2030-01-01T09:00:00Z',
		endTime: '2030-01-08T18:00:00Z',
		candidates: [{ email: args.email, name: args.name }],
	});
	expect(answer.status).toBe(200);
	return JSON.stringify(answer.data.data.data);
}

/** Appends the model's tool call and the tool's real result, as an agent does. */
async function withToolResult(messages: ChatCompletionMessageParam[], choice: OpenAI.Chat.Completions.ChatCompletion.Choice) {
	const [call] = choice.message.tool_calls ?? [];
	const result = await runTool(call.function.name, JSON.parse(call.function.arguments) as Record<string, string>);
	return [...messages, { role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: call.id, content: result }] as ChatCompletionMessageParam[];
}

const demoInterviews = async () =>
	((await t.api.get('/api/v1/interview/get-interviews', { params: { status: 'published' } })).data.data as Array<{ interviewId: string; interviewName: string }>);

describe('the stand-in chat model', () => {
	it('lists its models for the credential test; refuses a wrong key and a request without messages as OpenAI does', async () => {
		const models = await model.models.list();
		expect(models.data.map((entry) => entry.id)).toEqual([...STAND_IN_MODELS]);
		const wrong = new OpenAI({ apiKey: 'sk-wrong', baseURL: `${t.sandbox.url}${OPENAI_PREFIX}`, maxRetries: 0 });
		await expect(wrong.models.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
		await expect(model.chat.completions.create({ model: 'gpt-4.1-mini', messages: [] })).rejects.toMatchObject({
			status: 400,
			error: expect.objectContaining({ type: 'invalid_request_error', message: expect.stringContaining('messages') }),
		});
	});

	it('"Which interviews are open?" calls the list tool; after its result it names every published interview', async () => {
		const question: ChatCompletionMessageParam[] = [SYSTEM, { role: 'user', content: 'Which interviews are open?' }];
		const first = await ask(question);
		expect(first.finish_reason).toBe('tool_calls');
		expect(first.message.content).toBeNull();
		expect(first.message.tool_calls?.map((call) => [call.function.name, JSON.parse(call.function.arguments)])).toEqual([['List_Open_Interviews', {}]]);

		const answer = await ask(await withToolResult(question, first));
		expect(answer.finish_reason).toBe('stop');
		expect(answer.message.tool_calls).toBeUndefined();
		const published = await demoInterviews();
		expect(published.length).toBe(2);
		for (const interview of published) expect(answer.message.content).toContain(`${interview.interviewName} (interview ID ${interview.interviewId})`);
		expect(answer.message.content).not.toContain('Data Analyst Intern');
	});

	it('an invitation with an e-mail calls the invite tool with the schema\'s arguments, the interview from the earlier list; the candidate is then in the sandbox', async () => {
		let conversation: ChatCompletionMessageParam[] = [SYSTEM, { role: 'user', content: 'Which interviews are open?' }];
		conversation = await withToolResult(conversation, await ask(conversation));
		conversation.push({ role: 'assistant', content: (await ask(conversation)).message.content });
		conversation.push({ role: 'user', content: 'Invite Ada Lovelace, ada@example.com, to the product designer interview.' });

		const call = await ask(conversation);
		expect(call.finish_reason).toBe('tool_calls');
		const [invite] = call.message.tool_calls ?? [];
		expect([invite.function.name, JSON.parse(invite.function.arguments)]).toEqual([
			'Invite_Candidate',
			{ interviewId: DEMO_INTERVIEW_IDS.productDesigner, email: 'ada@example.com', name: 'Ada Lovelace' },
		]);

		const answer = await ask(await withToolResult(conversation, call));
		expect(answer.finish_reason).toBe('stop');
		const state = (await t.control.get('/state')).data as { candidates: Array<{ interviewId: string; email: string; name: string; status: string }> };
		expect(state.candidates).toContainEqual(
			expect.objectContaining({ interviewId: DEMO_INTERVIEW_IDS.productDesigner, email: 'ada@example.com', name: 'Ada Lovelace', status: 'scheduled' }),
		);
		expect(answer.message.content).toMatch(/^I invited Ada Lovelace \(ada@example\.com\) to Product Designer\. Their interview link: http:\/\/127\.0\.0\.1:\d+\/interview\/\S+\?token=\S+$/);
	});

	it('an invitation with no list result in the conversation calls the list tool first, then the invite tool', async () => {
		const conversation: ChatCompletionMessageParam[] = [SYSTEM, { role: 'user', content: 'Please invite grace.hopper@example.com to the backend interview' }];
		const first = await ask(conversation);
		expect(first.message.tool_calls?.map((call) => call.function.name)).toEqual(['List_Open_Interviews']);
		const second = await ask(await withToolResult(conversation, first));
		expect(second.message.tool_calls?.map((call) => [call.function.name, JSON.parse(call.function.arguments)])).toEqual([
			['Invite_Candidate', { interviewId: DEMO_INTERVIEW_IDS.backendEngineer, email: 'grace.hopper@example.com', name: 'Grace Hopper' }],
		]);
	});

	it('anything else gets what it can do, with no tool call', async () => {
		const answer = await ask([SYSTEM, { role: 'user', content: 'Hello there' }]);
		expect(answer.finish_reason).toBe('stop');
		expect(answer.message.tool_calls).toBeUndefined();
		expect(answer.message.content).toContain('Which interviews are open?');
	});

	it('streams the same answers as server-sent events when asked (tool call, then text), usage included on request', async () => {
		const question: ChatCompletionMessageParam[] = [SYSTEM, { role: 'user', content: 'Which interviews are open?' }];
		const streamed = async (messages: ChatCompletionMessageParam[]) => {
			const stream = await model.chat.completions.create({ model: 'gpt-4.1-mini', messages, tools: TOOLS, stream: true, stream_options: { include_usage: true } });
			let text = '';
			const calls: Array<{ id?: string; name?: string; arguments?: string }> = [];
			let finish: string | null = null;
			let usage: unknown;
			for await (const chunk of stream) {
				usage ??= chunk.usage ?? undefined;
				for (const choice of chunk.choices) {
					text += choice.delta.content ?? '';
					for (const call of choice.delta.tool_calls ?? []) calls[call.index] = { id: call.id, name: call.function?.name, arguments: call.function?.arguments };
					finish = choice.finish_reason ?? finish;
				}
			}
			return { text, calls, finish, usage };
		};
		const whole = await ask(question);
		const first = await streamed(question);
		expect(first).toEqual({
			text: '',
			calls: [{ id: whole.message.tool_calls?.[0].id, name: 'List_Open_Interviews', arguments: '{}' }],
			finish: 'tool_calls',
			usage: expect.objectContaining({ total_tokens: expect.any(Number) }),
		});
		const afterResult = await withToolResult(question, whole);
		const answer = await streamed(afterResult);
		expect(answer.finish).toBe('stop');
		expect(answer.text).toBe((await ask(afterResult)).message.content);
		expect(answer.text).toContain('Senior Backend Engineer (Node.js)');
	});

	it('records what it was asked and answered under /__sandbox/openai', async () => {
		await ask([SYSTEM, { role: 'user', content: 'Which interviews are open?' }]);
		const { exchanges } = (await t.control.get('/openai')).data as { exchanges: Array<Record<string, unknown>> };
		expect(exchanges).toEqual([
			expect.objectContaining({ stream: false, lastUserMessage: 'Which interviews are open?', tools: ['List_Open_Interviews', 'Invite_Candidate'], intent: 'listInterviews' }),
		]);
	});
});

describe('example 4 as the demo imports it', () => {
	const options = () => ({ exportFile: '/tmp/interview-results.csv', sandboxUrl: t.sandbox.url });

	it('its OpenAI Chat Model has the stand-in credential, whose Base URL and key the stand-in answers; the file as shipped names no OpenAI credential', async () => {
		const models = demoExample('aiAgentTools', options()).nodes.filter((node) => node.type === OPENAI_CHAT_MODEL_TYPE);
		expect(models.map((node) => node.credentials)).toEqual([{ [OPENAI_CREDENTIAL_TYPE]: { ...STAND_IN_OPENAI_CREDENTIAL } }]);
		const shipped = loadExample('aiAgentTools').nodes.filter((node) => node.type === OPENAI_CHAT_MODEL_TYPE);
		expect(shipped.map((node) => node.credentials)).toEqual([undefined]);

		const credential = standInOpenAiCredential(t.sandbox.url);
		expect(credential).toMatchObject({ ...STAND_IN_OPENAI_CREDENTIAL, type: 'openAiApi' });
		const client = new OpenAI({ apiKey: String(credential.data.apiKey), baseURL: String(credential.data.url), maxRetries: 0 });
		expect((await client.models.list()).data.map((model) => model.id)).toContain('gpt-4.1-mini');
	});

	it('the demo imports every example but the Google Sheets variant', () => {
		const ids = demoExamples(options()).map((workflow) => workflow.id);
		expect(ids).toEqual(Object.values(EXAMPLES).map((example) => example.id).filter((id) => id !== EXAMPLES.resultsExportSheets.id));
	});
});
