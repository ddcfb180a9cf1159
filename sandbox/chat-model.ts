/**
 * The stand-in chat model's script: no AI, a fixed set of rules over the conversation an OpenAI-compatible
 * client sends, so that the AI agent example runs in the demo without an OpenAI account and offline.
 * openai.ts serves it over HTTP; this file only decides what the model answers.
 *
 * - the last user message asks which interviews are open: it calls the list tool;
 * - it asks to invite someone with an e-mail address: it calls the invite tool with the arguments the tool's
 *   JSON schema asks for (the interview picked from an earlier list result, called first when there is none);
 * - after a tool result: it answers in plain words, summarising it;
 * - anything else: it says what it can do.
 */
import { createHash } from 'node:crypto';

import { z } from 'zod';

/** OpenAI's chat message: content as text, as parts, or null (an assistant message that only calls tools). */
const messageSchema = z
	.object({
		role: z.string(),
		content: z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()), z.null()]).optional(),
		name: z.string().optional(),
		tool_call_id: z.string().optional(),
		tool_calls: z
			.array(z.object({ id: z.string(), type: z.string().optional(), function: z.object({ name: z.string(), arguments: z.string() }) }).passthrough())
			.optional(),
	})
	.passthrough();

const toolSchema = z
	.object({
		type: z.string(),
		function: z.object({ name: z.string(), description: z.string().optional(), parameters: z.record(z.unknown()).optional() }).passthrough(),
	})
	.passthrough();

/** `POST /chat/completions` as far as the stand-in reads it; everything else (temperature, ...) is accepted and ignored. */
export const chatCompletionRequest = z
	.object({
		model: z.string().min(1),
		messages: z.array(messageSchema).min(1),
		tools: z.array(toolSchema).optional(),
		stream: z.boolean().nullish(),
		stream_options: z.object({ include_usage: z.boolean().optional() }).passthrough().nullish(),
	})
	.passthrough();

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequest>;
type ChatMessage = z.infer<typeof messageSchema>;
type ChatTool = z.infer<typeof toolSchema>;

export interface ToolCall {
	id: string;
	name: string;
	/** JSON text, as OpenAI sends `function.arguments`. */
	arguments: string;
}

/** What the model answers: plain words, or tool calls (then `content` is null). */
export type ModelReply = { content: string; toolCalls?: undefined } | { content: null; toolCalls: ToolCall[] };

/** Why it answered what it did, for the sandbox's log and the tests. */
export type Intent = 'listInterviews' | 'invite' | 'help';

interface KnownInterview {
	interviewId: string;
	interviewName: string;
	status?: string;
}

export const STAND_IN_HELP =
	'I am the sandbox\'s stand-in chat model, not a real AI: I follow a fixed script. I can list the open interviews (ask "Which interviews are open?") ' +
	'and invite a candidate to one (ask "Invite Ada Lovelace, ada@example.com, to the backend interview.").';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const INTERVIEW_ID = /\b[0-9a-f]{24}\b/i;

function textOf(message: ChatMessage): string {
	const { content } = message;
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((part) => part.text ?? '').join('');
	return '';
}

export function intentOf(text: string): Intent {
	if (EMAIL.test(text) && /\b(invite|invitation|send|add)\b/i.test(text)) return 'invite';
	if (/\binterviews?\b/i.test(text) && /\b(open|published|available|which|what|list|show)\b/i.test(text)) return 'listInterviews';
	return 'help';
}

/** Every JSON value in a tool's result, strings that hold JSON opened too (n8n passes items as a JSON text). */
function* walk(value: unknown, depth = 0): Generator<Record<string, unknown>> {
	if (depth > 8) return;
	if (typeof value === 'string') {
		const trimmed = value.trim();
		if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return;
		try {
			yield* walk(JSON.parse(trimmed), depth + 1);
		} catch {
			// Not JSON: nothing to read in it.
		}
		return;
	}
	if (Array.isArray(value)) {
		for (const entry of value) yield* walk(entry, depth + 1);
		return;
	}
	if (value && typeof value === 'object') {
		const record = value as Record<string, unknown>;
		yield record;
		for (const entry of Object.values(record)) yield* walk(entry, depth + 1);
	}
}

function interviewsIn(text: string): KnownInterview[] {
	const found: KnownInterview[] = [];
	for (const record of walk(text)) {
		if (typeof record.interviewId === 'string' && typeof record.interviewName === 'string') {
			found.push({ interviewId: record.interviewId, interviewName: record.interviewName, status: typeof record.status === 'string' ? record.status : undefined });
		}
	}
	return found;
}

/** The call a tool message answers, by its id: the tool's name (or the message's own `name`) and the arguments sent. */
function callOf(message: ChatMessage, messages: ChatMessage[]): { name?: string; args: Record<string, unknown> } {
	for (const candidate of messages) {
		const call = candidate.tool_calls?.find((c) => c.id === message.tool_call_id);
		if (!call) continue;
		try {
			return { name: call.function.name, args: JSON.parse(call.function.arguments) as Record<string, unknown> };
		} catch {
			return { name: call.function.name, args: {} };
		}
	}
	return { name: message.name, args: {} };
}

function propertiesOf(tool: ChatTool): Record<string, { type?: string; description?: string }> {
	const properties = tool.function.parameters?.properties;
	return properties && typeof properties === 'object' ? (properties as Record<string, { type?: string; description?: string }>) : {};
}

function requiredOf(tool: ChatTool): string[] {
	const required = tool.function.parameters?.required;
	return Array.isArray(required) ? required.filter((key): key is string => typeof key === 'string') : [];
}

const describes = (tool: ChatTool, pattern: RegExp) => pattern.test(`${tool.function.name} ${tool.function.description ?? ''}`);

/** The tool that invites: its schema asks for an e-mail address, or it says it invites. */
function inviteTool(tools: ChatTool[]): ChatTool | undefined {
	return tools.find((tool) => Object.keys(propertiesOf(tool)).some((key) => /mail/i.test(key))) ?? tools.find((tool) => describes(tool, /invite/i));
}

/** The tool that lists interviews: not the invite tool, and it says it lists (or gets) interviews. */
function listTool(tools: ChatTool[]): ChatTool | undefined {
	const invite = inviteTool(tools);
	const others = tools.filter((tool) => tool !== invite);
	return others.find((tool) => describes(tool, /\b(list|lists|get many|getmany)\b/i) && describes(tool, /interview/i)) ?? others.find((tool) => describes(tool, /interview/i));
}

/** "Invite Ada Lovelace, ada@example.com, to …" → "Ada Lovelace"; else made from the address ("ada.lovelace" → "Ada Lovelace"). */
export function candidateNameOf(text: string, email: string): string {
	const before = text.slice(0, text.indexOf(email));
	const named = /\b(?:invite|add)\s+(.+?)[\s,(<:-]*$/i.exec(before)?.[1]?.trim();
	if (named && /^[\p{L}][\p{L}' .-]*$/u.test(named)) return named;
	const after = /^\s*>?\s*\(\s*([\p{L}][\p{L}' .-]*?)\s*\)/u.exec(text.slice(text.indexOf(email) + email.length))?.[1];
	if (after) return after.trim();
	return email
		.split('@')[0]
		.split(/[._-]+/)
		.filter(Boolean)
		.map((part) => part[0].toUpperCase() + part.slice(1))
		.join(' ');
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

/** The published interview the request names best (by id, else by shared words); the first one when none fits better. */
function pickInterview(text: string, interviews: KnownInterview[]): KnownInterview | undefined {
	const open = interviews.filter((interview) => interview.status === undefined || interview.status === 'published');
	const byId = INTERVIEW_ID.exec(text)?.[0];
	if (byId) return open.find((interview) => interview.interviewId === byId) ?? { interviewId: byId, interviewName: byId };
	const asked = words(text);
	let best: KnownInterview | undefined;
	let bestScore = -1;
	for (const interview of open) {
		const score = [...words(interview.interviewName)].filter((word) => asked.has(word)).length;
		if (score > bestScore) [best, bestScore] = [interview, score];
	}
	return best;
}

/** Arguments for each property the tool's schema asks for, read from the request and the interview picked. */
function inviteArguments(tool: ChatTool, text: string, interview: KnownInterview): Record<string, string> {
	const email = EMAIL.exec(text)?.[0] ?? '';
	const args: Record<string, string> = {};
	const required = requiredOf(tool);
	for (const [key, property] of Object.entries(propertiesOf(tool))) {
		const about = `${key} ${property.description ?? ''}`;
		if (/mail/i.test(key)) args[key] = email;
		else if (/interview/i.test(key) || /^id$/i.test(key)) args[key] = interview.interviewId;
		else if (/name/i.test(key)) args[key] = candidateNameOf(text, email);
		else if (/mail/i.test(about)) args[key] = email;
		else if (required.includes(key)) args[key] = text;
	}
	return args;
}

/** Arguments of a tool that needs nothing from the request; a required text field gets the request itself. */
function plainArguments(tool: ChatTool, text: string): Record<string, string> {
	const args: Record<string, string> = {};
	for (const key of requiredOf(tool)) args[key] = text;
	return args;
}

function listAnswer(interviews: KnownInterview[]): string {
	const open = interviews.filter((interview) => interview.status === undefined || interview.status === 'published');
	if (open.length === 0) return 'No interview is open right now.';
	const lines = open.map((interview) => `- ${interview.interviewName} (interview ID ${interview.interviewId})`);
	return [`${open.length === 1 ? 'One interview is' : `${open.length} interviews are`} open:`, ...lines].join('\n');
}

/** The invite tool's result in words; the candidate's name is the one the call sent when the result has none. */
function inviteAnswer(result: string, args: Record<string, unknown>, interviews: KnownInterview[]): string {
	const sentName = Object.entries(args).find(([key, value]) => /name/i.test(key) && !/interview/i.test(key) && typeof value === 'string')?.[1];
	for (const record of walk(result)) {
		if (typeof record.preAuthLink === 'string') {
			const interviewId = record.interviewId ?? Object.entries(args).find(([key]) => /interview/i.test(key))?.[1];
			const interview = interviews.find((known) => known.interviewId === interviewId);
			const name = typeof record.name === 'string' && record.name ? record.name : sentName;
			const who = typeof name === 'string' && name ? `${name} (${String(record.email)})` : String(record.email);
			return `I invited ${who} to ${interview?.interviewName ?? `interview ${String(interviewId)}`}. Their interview link: ${record.preAuthLink}`;
		}
	}
	for (const record of walk(result)) {
		if (typeof record.error === 'string') return `The invitation failed: ${record.error}`;
	}
	return `The invite tool answered: ${result.slice(0, 500)}`;
}

/** Deterministic (the same conversation gets the same id), and a conversation that goes on gets a new one. */
function toolCall(tool: ChatTool, args: Record<string, string>, messages: ChatMessage[]): ModelReply {
	const id = `call_${createHash('sha256').update(JSON.stringify(messages)).digest('hex').slice(0, 24)}`;
	return { content: null, toolCalls: [{ id, name: tool.function.name, arguments: JSON.stringify(args) }] };
}

/** What the stand-in model answers to one chat completion request, and why. */
export function standInReply(request: ChatCompletionRequest): { reply: ModelReply; intent: Intent; lastUserMessage: string } {
	const { messages } = request;
	const tools = (request.tools ?? []).filter((tool) => tool.type === 'function');
	const lastUser = messages.map((message) => message.role).lastIndexOf('user');
	const text = lastUser >= 0 ? textOf(messages[lastUser]) : '';
	const intent = intentOf(text);
	const turn = messages.slice(lastUser + 1);
	const results = turn.filter((message) => message.role === 'tool');
	const interviews = messages.filter((message) => message.role === 'tool').flatMap((message) => interviewsIn(textOf(message)));
	const list = listTool(tools);
	const invite = inviteTool(tools);
	const done = (reply: ModelReply) => ({ reply, intent, lastUserMessage: text });

	if (intent === 'invite' && invite && !results.some((message) => callOf(message, messages).name === invite.function.name)) {
		const interview = pickInterview(text, interviews);
		if (interview) return done(toolCall(invite, inviteArguments(invite, text, interview), messages));
		if (list && results.length === 0) return done(toolCall(list, plainArguments(list, text), messages));
		if (results.length > 0) return done({ content: 'I found no open interview to invite the candidate to.' });
	}
	if (results.length > 0) {
		const last = results[results.length - 1];
		const result = textOf(last);
		const call = callOf(last, messages);
		if (invite && call.name === invite.function.name) return done({ content: inviteAnswer(result, call.args, interviews) });
		if (list && call.name === list.function.name) return done({ content: listAnswer(interviewsIn(result)) });
		return done({ content: `The tool ${call.name ?? ''} answered: ${result.slice(0, 500)}` });
	}
	if (intent === 'listInterviews' && list) return done(toolCall(list, plainArguments(list, text), messages));
	if (intent !== 'help') return done({ content: `I would need a tool for that, and none of the tools I was given fits. ${STAND_IN_HELP}` });
	return done({ content: STAND_IN_HELP });
}
