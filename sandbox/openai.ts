/**
 * A stand-in chat model on the sandbox's own port, OpenAI-compatible under `/openai/v1`, so that the AI agent
 * example runs in the demo with no OpenAI account and no internet: the demo's OpenAI credential has this Base
 * URL. `GET /models` (n8n's credential test and model list) and `POST /chat/completions` with tool calling,
 * answered whole or streamed (server-sent events) when the client asks for `stream`. What it answers is a fixed
 * script (chat-model.ts), so the same conversation always gets the same answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { chatCompletionRequest, type ModelReply, standInReply } from './chat-model';
import type { SandboxContext } from './route-context';
import type { ChatModelExchange } from './state';

/** The Base URL of an OpenAI credential that talks to the stand-in: `<sandbox>` + this. */
export const OPENAI_PREFIX = '/openai/v1';

/** The API key the stand-in accepts (any other key gets OpenAI's 401). */
export const STAND_IN_OPENAI_KEY = 'sandbox-openai-key';

/** What `GET /models` lists; any model name is answered alike. The AI agent example picks gpt-4.1-mini. */
export const STAND_IN_MODELS = ['gpt-4.1-mini', 'gpt-4o-mini', 'gpt-4.1'] as const;

/** Only the newest exchanges are kept. */
const EXCHANGES_KEPT = 200;

/** A fixed time for `created`, so the same request gets the same bytes. */
const CREATED = 1_767_225_600;

function openAiError(reply: FastifyReply, status: number, message: string, type: string, code: string | null) {
	return reply.code(status).send({ error: { message, type, param: null, code } });
}

function authorized(request: FastifyRequest): boolean {
	return request.headers.authorization === `Bearer ${STAND_IN_OPENAI_KEY}`;
}

/** Token counts in OpenAI's shape: about four characters a token, enough for n8n's usage display. */
function usageOf(promptText: string, reply: ModelReply) {
	const prompt_tokens = Math.ceil(promptText.length / 4);
	const completion_tokens = Math.ceil((reply.content ?? JSON.stringify(reply.toolCalls)).length / 4);
	return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

function toolCallsOf(reply: ModelReply) {
	return reply.toolCalls?.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } }));
}

/** Text streamed in a few pieces, as a model streams it. */
function pieces(text: string): string[] {
	return text.match(/\S+\s*|\s+/g) ?? [text];
}

function streamReply(reply: FastifyReply, id: string, model: string, answer: ModelReply, usage: ReturnType<typeof usageOf> | undefined) {
	const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
		`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: CREATED, model, system_fingerprint: null, choices, ...extra })}\n\n`;
	const events = [chunk([{ index: 0, delta: { role: 'assistant', content: answer.content === null ? null : '' }, logprobs: null, finish_reason: null }])];
	if (answer.content !== null) {
		for (const piece of pieces(answer.content)) events.push(chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]));
	} else {
		answer.toolCalls.forEach((call, index) =>
			events.push(
				chunk([
					{
						index: 0,
						delta: { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }] },
						logprobs: null,
						finish_reason: null,
					},
				]),
			),
		);
	}
	events.push(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: answer.content === null ? 'tool_calls' : 'stop' }]));
	if (usage) events.push(chunk([], { usage }));
	events.push('data: [DONE]\n\n');
	reply.hijack();
	reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
	reply.raw.end(events.join(''));
	return reply;
}

function record(context: SandboxContext, exchange: ChatModelExchange) {
	const { exchanges } = context.state.chatModel;
	exchanges.push(exchange);
	if (exchanges.length > EXCHANGES_KEPT) exchanges.splice(0, exchanges.length - EXCHANGES_KEPT);
}

export function registerOpenAi(app: FastifyInstance, context: SandboxContext) {
	app.get(`${OPENAI_PREFIX}/models`, async (request, reply) => {
		if (!authorized(request)) return await openAiError(reply, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
		return { object: 'list', data: STAND_IN_MODELS.map((id) => ({ id, object: 'model', created: CREATED, owned_by: 'interview-service-sandbox' })) };
	});

	app.post(`${OPENAI_PREFIX}/chat/completions`, async (request, reply) => {
		if (!authorized(request)) return await openAiError(reply, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
		const parsed = chatCompletionRequest.safeParse(request.body);
		if (!parsed.success) {
			const issue = parsed.error.issues[0];
			return await openAiError(reply, 400, `Invalid request: ${issue.path.join('.') || 'body'}: ${issue.message}`, 'invalid_request_error', null);
		}
		const body = parsed.data;
		const { reply: answer, intent, lastUserMessage } = standInReply(body);
		const usage = usageOf(JSON.stringify(body.messages), answer);
		record(context, {
			at: new Date().toISOString(),
			stream: body.stream === true,
			lastUserMessage,
			tools: (body.tools ?? []).map((tool) => tool.function.name),
			intent,
			reply: answer,
		});
		const id = `chatcmpl-standin-${context.state.chatModel.exchanges.length}`;
		if (body.stream) return streamReply(reply, id, body.model, answer, body.stream_options?.include_usage ? usage : undefined);
		return {
			id,
			object: 'chat.completion',
			created: CREATED,
			model: body.model,
			system_fingerprint: null,
			choices: [
				{
					index: 0,
					message: { role: 'assistant', content: answer.content, refusal: null, ...(answer.toolCalls ? { tool_calls: toolCallsOf(answer) } : {}) },
					logprobs: null,
					finish_reason: answer.toolCalls ? 'tool_calls' : 'stop',
				},
			],
			usage,
		};
	});
}
