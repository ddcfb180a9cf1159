import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { endpoints } from '../../../shared/contract/endpoints';
import { candidateAsParsed } from '../../../shared/contract/candidate';
import type { AccessLink, Candidate } from '../../../shared/contract/candidate';
import { entriesByEmail } from '../../../shared/dialects';
import { emailKey, listsSeveralEmails, toEmailList, uniqueEmails } from '../../../shared/email';
import { withoutUndefined } from '../../../shared/plainObjects';
import { apiRequest } from '../../../shared/transport/request';
import { chunk, DEFAULT_PARALLEL_BATCHES, dispatchBatches, groupBy, MAX_BATCH_SIZE, parallelBatchesOption, refusedMessage, sentEmailsOf } from '../../helpers/batches';
import type { Batch, BatchItem, BatchItemFacts } from '../../helpers/batches';
import { rememberedAnswers } from '../../helpers/retryMemory';
import { invalidInput, parseJsonObject, requiredInterviewId, toIsoDateTime, validateRequest } from '../../helpers/parameters';
import type { FieldLabels } from '../../helpers/parameters';
import { interviewPicker, metaDataField, showFor } from '../common.descriptions';
import { failedItem, isFailure } from '../../helpers/operationContract';
import type { ItemOutcome, NodeRun, PreparedItem, RetryMemory } from '../../helpers/operationContract';
import {
	MAP_AUTOMATICALLY,
	MAP_MANUALLY,
	PERSON_FIELDS,
	emailFieldProperty,
	inMode,
	inputCandidateLabels,
	inputCandidateOf,
	mappingModeProperty,
} from './candidateInput';
import { invitedHistoryOptions, invitedHistoryRun } from './invitedHistory';

const displayOptions = showFor('candidate', 'invite');

/** How long the window stays open when End Time is left empty. */
export const DEFAULT_WINDOW_DAYS = 7;

const notice = (name: string, text: string, shown: IDisplayOptions): INodeProperties =>
	({ displayName: text, name, type: 'notice', default: '', displayOptions: shown });

const inputFieldOption = (displayName: string, name: string, holding: string): INodeProperties =>
	({ displayName, name, type: 'string', default: name, description: `Name of the input field holding ${holding}` });

export const description: INodeProperties[] = [
	{ ...interviewPicker, displayOptions },
	{
		displayName: 'Start Time',
		name: 'startTime',
		type: 'dateTime',
		default: '',
		hint: 'Leave empty to open the window when the node runs',
		description: "Start of the window in which the candidate may take the interview. Without an offset, the workflow's time zone applies.",
		displayOptions,
	},
	{
		displayName: 'End Time',
		name: 'endTime',
		type: 'dateTime',
		default: '',
		hint: `Leave empty to close the window ${DEFAULT_WINDOW_DAYS} days after Start Time`,
		description: 'End of the window; must be after Start Time',
		displayOptions,
	},
	mappingModeProperty(
		displayOptions,
		'Read email, name, phone, resumeLink and metaData from each input item by field name, with no expression per item',
	),
	notice(
		'candidatesPerItem',
		'Each input item invites the candidates in Email: one, or several separated by commas. Each candidate gets an output item of their own.',
		inMode(displayOptions, MAP_MANUALLY),
	),
	notice('oneCandidatePerItemMapped', 'Each input item invites one candidate, read from its fields', inMode(displayOptions, MAP_AUTOMATICALLY)),
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'ada@example.com, alan@example.com',
		description:
			'E-mail of the candidate, or several separated by commas: each is invited as a candidate of their own. Type them, or drag the email field of the input here.',
		displayOptions: inMode(displayOptions, MAP_MANUALLY),
	},
	emailFieldProperty(inMode(displayOptions, MAP_AUTOMATICALLY)),
	{
		displayName: 'Other Input Fields',
		name: 'inputFieldNames',
		type: 'collection',
		placeholder: 'Add Input Field',
		default: {},
		description: 'Input item fields read for the other candidate fields, when they are not named name, phone, resumeLink and metaData. Absent or empty fields are not sent.',
		displayOptions: inMode(displayOptions, MAP_AUTOMATICALLY),
		options: [
			inputFieldOption('Metadata Field', 'metaData', 'a JSON object (or its text) stored with the candidate'),
			inputFieldOption('Name Field', 'name', 'the name of the candidate'),
			inputFieldOption('Phone Field', 'phone', 'the phone number of the candidate'),
			inputFieldOption('Resume Link Field', 'resumeLink', 'the http(s) URL of the resume of the candidate'),
		],
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: inMode(displayOptions, MAP_MANUALLY),
		options: [
			{ ...metaDataField, description: 'Free-form JSON object stored with the candidate' },
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name of the candidate' },
			{ displayName: 'Phone', name: 'phone', type: 'string', default: '', description: 'Phone number of the candidate' },
			{
				displayName: 'Resume Link',
				name: 'resumeLink',
				type: 'string',
				default: '',
				placeholder: 'https://example.com/resume.pdf',
				description: 'The http(s) URL of the candidate\'s resume',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_BATCH_SIZE },
				default: MAX_BATCH_SIZE,
				description: `Most candidates sent in one request. Items with the same interview, Start Time and End Time are sent together. At most ${MAX_BATCH_SIZE}.`,
			},
			parallelBatchesOption,
			...invitedHistoryOptions,
		],
	},
];

export interface InviteRequest {
	interviewId: string;
	startTime: string;
	endTime: string;
	candidate: Candidate;
	/** Every address of the item's Email, when it lists several: a refusal says which of them. */
	listed?: string[];
}

const INVITE_FIELD_LABELS: FieldLabels = {
	startTime: 'Start Time',
	endTime: 'End Time',
	'candidates.email': 'Email',
	...Object.fromEntries(PERSON_FIELDS.map(([key, label]) => [`candidates.${key}`, label])),
	'candidates.metaData': 'Metadata',
};

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const emptyToUndefined = (value: unknown) => (value === '' || value === undefined || value === null ? undefined : String(value));

/** The item's candidates, and the labels that word a failed check of them (built only then). */
interface ItemCandidates {
	candidates: IDataObject[];
	labels: () => FieldLabels;
}

/** Map Each Field Manually: several addresses in Email are several candidates sharing the Metadata. */
function manualCandidates(context: IExecuteFunctions, run: NodeRun, itemIndex: number): ItemCandidates {
	const fields = run.read('additionalFields', itemIndex, {}) as IDataObject;
	const emails = uniqueEmails(toEmailList(run.read('email', itemIndex, '')));
	// Nothing typed is refused as an empty Email.
	if (emails.length === 0) emails.push('');
	// With several addresses in Email, whose Name, Phone or Resume Link it is is unknown.
	const filled = emails.length > 1 ? PERSON_FIELDS.find(([key]) => !isEmpty(fields[key])) : undefined;
	if (filled !== undefined) {
		const [, label] = filled;
		throw invalidInput(context.getNode(), label, `is for one candidate, but Email lists ${emails.length}: leave ${label} empty, or give each candidate an input item of their own`, itemIndex);
	}
	const metaData = parseJsonObject(context, fields.metaData, 'Metadata', itemIndex) as IDataObject | undefined;
	const person = Object.fromEntries(PERSON_FIELDS.map(([key]) => [key, emptyToUndefined(fields[key])]));
	const candidates = emails.map((email) => withoutUndefined({ email, ...person, metaData }));
	const labels = (): FieldLabels => {
		const named: FieldLabels = { ...INVITE_FIELD_LABELS };
		if (emails.length > 1) emails.forEach((email, index) => (named[`candidates.${index}.email`] = `Email (address ${index + 1}: ${email})`));
		return named;
	};
	return { candidates, labels };
}

/** Map Automatically: one candidate per input item, read from its fields. */
function mappedCandidate(context: IExecuteFunctions, run: NodeRun, itemIndex: number): IDataObject {
	const candidate = inputCandidateOf(context, run, itemIndex);
	if (listsSeveralEmails(candidate.email as string)) {
		const count = toEmailList(candidate.email).length;
		const label = inputCandidateLabels(context, run, itemIndex, INVITE_FIELD_LABELS)['candidates.email'];
		const error = invalidInput(context.getNode(), label, `lists ${count} addresses, but Map Automatically takes one candidate per input item`, itemIndex);
		error.description = 'Choose Map Each Field Manually and drag this field into Email, which takes several addresses. Or give each candidate an input item of their own. This item was not sent to the Interview Service.';
		throw error;
	}
	return candidate;
}

// Kept in the node context, so every item and Retry On Fail attempt opens the same window: an answered batch is recognised.
function runStartOf(context: IExecuteFunctions, run: NodeRun): string {
	const memory = rememberedAnswers(context, 'candidate:invite window', run.runIndex);
	const kept = memory.answerTo('start');
	if (typeof kept === 'string') return kept;
	const start = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
	memory.keep('start', start);
	return start;
}

/** Start Time and End Time as the body's check reads them; `valid` when that check passes with no candidates. */
type Window = { valid: true; startTime: string; endTime: string } | { valid: false; startTime: unknown; endTime: unknown };

// Items mostly share Start Time and End Time, whose text gives one window per run (one time zone, one run start): built once.
const lastWindows = new WeakMap<NodeRun, { start: unknown; end: unknown; window: Window }>();

/** Start Time and End Time as ISO date-times; empty ones are the run's start and a week later. */
function windowOf(context: IExecuteFunctions, run: NodeRun, itemIndex: number): Window {
	const start = run.read('startTime', itemIndex, '');
	const end = run.read('endTime', itemIndex, '');
	const last = lastWindows.get(run);
	if (last && typeof start === 'string' && typeof end === 'string' && last.start === start && last.end === end) return last.window;
	const timeZone = context.getTimezone();
	let startTime = toIsoDateTime(start, timeZone);
	let endTime = toIsoDateTime(end, timeZone);
	if (isEmpty(startTime)) startTime = runStartOf(context, run);
	const startMs = typeof startTime === 'string' ? Date.parse(startTime) : Number.NaN;
	if (isEmpty(endTime) && !Number.isNaN(startMs)) endTime = new Date(startMs + DEFAULT_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
	const valid = typeof startTime === 'string' && typeof endTime === 'string' && endpoints.createAccessLinks.body.safeParse({ startTime, endTime, candidates: [] }).success;
	const window = { valid, startTime, endTime } as Window;
	lastWindows.set(run, { start, end, window });
	return window;
}

// A valid window adds no issue to the body's check, so checking the candidates alone gives the same issues.
const CANDIDATES_OF_BODY = endpoints.createAccessLinks.body.innerType().pick({ candidates: true });

/** The candidates as the body's check gives them, when each passes; else the check words the issues. */
function candidatesAsParsed(candidates: IDataObject[]): Candidate[] | undefined {
	const parsed: Candidate[] = [];
	for (let index = 0; index < candidates.length; index++) {
		const read = candidateAsParsed(candidates[index]);
		if (read === undefined) return undefined;
		parsed.push(read);
	}
	return parsed;
}

/** The labels that word a failed check of the item's candidates, built only then: most items pass. */
function labelsOf(context: IExecuteFunctions, run: NodeRun, itemIndex: number, manual: ItemCandidates | undefined): FieldLabels {
	return manual === undefined ? inputCandidateLabels(context, run, itemIndex, INVITE_FIELD_LABELS) : manual.labels();
}

/** Candidate Fields is read at the first item: the option takes no expression. */
const mapsAutomatically = (run: NodeRun) => run.read('mappingMode', 0, MAP_MANUALLY) === MAP_AUTOMATICALLY;

/** One invitation per candidate of the item, all checked as the access-links request would be before any is sent. */
export function prepare(this: IExecuteFunctions, itemIndex: number, run: NodeRun): InviteRequest[] {
	const interviewId = requiredInterviewId(this, itemIndex, run.read);
	const manual = mapsAutomatically(run) ? undefined : manualCandidates(this, run, itemIndex);
	const candidates = manual === undefined ? [mappedCandidate(this, run, itemIndex)] : manual.candidates;
	const window = windowOf(this, run, itemIndex);
	const { startTime, endTime } = window.valid
		? window
		: validateRequest(this, endpoints.createAccessLinks.body, { startTime: window.startTime, endTime: window.endTime, candidates }, itemIndex, labelsOf(this, run, itemIndex, manual));
	const checked = candidatesAsParsed(candidates) ?? validateRequest(this, CANDIDATES_OF_BODY, { candidates }, itemIndex, labelsOf(this, run, itemIndex, manual)).candidates!;
	if (checked.length === 1) return [{ interviewId, startTime, endTime, candidate: checked[0] }];
	const listed = checked.map(({ email }) => email);
	return checked.map((candidate) => ({ interviewId, startTime, endTime, candidate, listed }));
}

/** A date-time text as an instant, each text parsed once: a run's items mostly share one window's text. */
function instantReader(): (text: string) => number {
	const instants = new Map<string, number>();
	return (text) => instants.get(text) ?? instants.set(text, Date.parse(text)).get(text)!;
}

/** Same interview and window (compared as instants) share a request of at most `batchSize` candidates. */
export function inviteBatches(invitations: Array<BatchItem<InviteRequest>>, batchSize: number, instant = instantReader()): Array<Batch<InviteRequest>> {
	// Items mostly share the interview and window texts of the item before: its key is taken again.
	let last: InviteRequest | undefined;
	let lastKey = '';
	const keyOf = ({ request }: BatchItem<InviteRequest>) => {
		if (last?.interviewId === request.interviewId && last.startTime === request.startTime && last.endTime === request.endTime) return lastKey;
		last = request;
		return (lastKey = `${request.interviewId}\n${instant(request.startTime)}\n${instant(request.endTime)}`);
	};
	return groupBy(invitations, keyOf).flatMap((group) => chunk(group, batchSize));
}

// Batch Size may come from an expression, which the editor's limit does not hold: 0 would never end, over 100 the service refuses.
function batchSizeOf(context: IExecuteFunctions, options: IDataObject): number {
	const batchSize = (options.batchSize ?? MAX_BATCH_SIZE) as number;
	if (Number.isInteger(batchSize) && batchSize >= 1 && batchSize <= MAX_BATCH_SIZE) return batchSize;
	throw invalidInput(context.getNode(), 'Batch Size', `must be a whole number from 1 to ${MAX_BATCH_SIZE}`, 0);
}

/** Each e-mail is sent once (the first item's spelling); every item with that e-mail gets the link. */
async function createAccessLinks(run: NodeRun, batch: Batch<InviteRequest>): Promise<AccessLink[]> {
	const [{ itemIndex, request }] = batch;
	const { interviewId, startTime, endTime } = request;
	const candidates = new Map<string, Candidate>();
	for (const { request: { candidate } } of batch) if (!candidates.has(candidate.email)) candidates.set(candidate.email, candidate);
	const body = { startTime, endTime, candidates: sentEmailsOf(batch).map((email) => candidates.get(email)) as IDataObject[] };
	return (await apiRequest.call(run.requests, endpoints.createAccessLinks, { interviewId, body, itemIndex })).data;
}

function factsOf({ interviewId, candidate: { email, name } }: InviteRequest): BatchItemFacts {
	return name ? { interviewId, email, name } : { interviewId, email };
}

/** Links matched by e-mail without case; a candidate the answer leaves out was refused. */
function matchLinks(this: IExecuteFunctions, batch: Batch<InviteRequest>, links: AccessLink[]): ItemOutcome[] {
	const linkFor = entriesByEmail(links, (link) => link.email);
	return batch.map((item) => {
		const { itemIndex, request, facts } = item;
		const link = linkFor(request.candidate.email);
		if (!link) {
			const message = refusedMessage(item, ': it returned no access link for this candidate');
			return failedItem(this, new NodeOperationError(this.getNode(), message, { itemIndex }), itemIndex, facts);
		}
		return { itemIndex, json: [linkWithFacts(link as IDataObject, facts)] };
	});
}

/** As `{ ...link, ...facts }` (same keys, same order), copied key by key: V8's spread was about a quarter of Invite's own CPU time. */
function linkWithFacts(link: IDataObject, facts: BatchItemFacts): IDataObject {
	const json: IDataObject = {};
	for (const key in link) if (key !== '__proto__') json[key] = link[key];
	for (const key in facts) json[key] = facts[key];
	return json;
}

// The service accepts an ended window (links nobody can use); they still go out, so a working workflow does not start failing.
function warnOfEndedWindows(context: IExecuteFunctions, prepared: Array<PreparedItem<InviteRequest>>, instant: (text: string) => number): void {
	const now = Date.now();
	const ended = prepared.filter(({ request }) => instant(request.endTime) <= now);
	if (ended.length === 0) return;
	const [{ request, itemIndex }] = ended;
	const items = ended.length === 1 ? `item ${itemIndex}` : `${ended.length} items, the first item ${itemIndex}`;
	context.addExecutionHints({
		type: 'warning',
		location: 'outputPane',
		message: `The invitation window had already ended (End Time ${request.endTime}) for ${items}: those candidates got links they cannot use. Check Start Time and End Time.`,
	});
}

/** Skip Already Invited gives Invite a second output, Skipped (the node's `outputs` expression). */
export function outputCount(this: IExecuteFunctions): number {
	return (this.getNodeParameter('options', 0, {}) as IDataObject).skipAlreadyInvited === true ? 2 : 1;
}

/** Each candidate of each item on its own, so that they are batched, refused and recorded one by one. */
export function invitationsOf(prepared: Array<PreparedItem<InviteRequest[]>>): Array<BatchItem<InviteRequest>> {
	const invitations: Array<BatchItem<InviteRequest>> = [];
	for (let index = 0; index < prepared.length; index++) {
		const { itemIndex, request: requests } = prepared[index];
		for (let at = 0; at < requests.length; at++) {
			const request = requests[at];
			invitations.push({ itemIndex, request, emails: [request.candidate.email], facts: factsOf(request), listed: request.listed });
		}
	}
	return invitations;
}

const outcomeEmail = (outcome: ItemOutcome) => emailKey(isFailure(outcome) ? outcome.known?.email : outcome.json[0]?.email);

/** Within an item the order its Email listed, however the batches came back; the router orders the items. */
function inTypedOrder(outcomes: ItemOutcome[], invitations: Array<PreparedItem<InviteRequest>>): ItemOutcome[] {
	// With one invitation per item, each has one outcome: the router's sort by item index orders them (toExecutionData).
	if (invitations.every(({ itemIndex }, index) => index === 0 || itemIndex !== invitations[index - 1].itemIndex)) return outcomes;
	const position = new Map(invitations.map(({ itemIndex, request }, index) => [`${itemIndex} ${emailKey(request.candidate.email)}`, index]));
	const placed = outcomes.map((outcome) => ({ outcome, at: position.get(`${outcome.itemIndex} ${outcomeEmail(outcome)}`) ?? Number.MAX_SAFE_INTEGER }));
	return placed.sort((a, b) => a.outcome.itemIndex - b.outcome.itemIndex || a.at - b.at).map(({ outcome }) => outcome);
}

export async function sendInBatches(
	this: IExecuteFunctions,
	prepared: Array<PreparedItem<InviteRequest[]>>,
	memory: RetryMemory,
	run: NodeRun,
): Promise<ItemOutcome[]> {
	const options = run.read('options', 0, {}) as IDataObject;
	const batchSize = batchSizeOf(this, options);
	const invitations = invitationsOf(prepared);
	const history = await invitedHistoryRun(this, options, invitations, memory);
	const instant = instantReader();
	warnOfEndedWindows(this, history.toSend, instant);
	const outcomes = await dispatchBatches(this, {
		batches: inviteBatches(history.toSend, batchSize, instant),
		concurrency: (options.parallelBatches ?? DEFAULT_PARALLEL_BATCHES) as number,
		memory,
		send: async (batch) => await createAccessLinks(run, batch),
		outcomesOf: (batch, links) => matchLinks.call(this, batch, links),
	});
	return inTypedOrder([...history.skipped, ...(await history.record(outcomes))], invitations);
}
