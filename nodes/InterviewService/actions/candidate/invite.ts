import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { endpoints } from '../../../shared/contract/endpoints';
import type { AccessLink, Candidate } from '../../../shared/contract/candidate';
import { entriesByEmail, omittedCandidateMessage } from '../../../shared/dialects';
import { emailKey, toEmailList } from '../../../shared/email';
import { withoutUndefined } from '../../../shared/plainObjects';
import { apiRequest } from '../../../shared/transport/request';
import { chunk, dispatchBatches, groupBy, MAX_BATCH_SIZE, parallelBatchesOf, parallelBatchesOption, rememberedAnswers } from '../../helpers/batches';
import type { Batch, BatchItem, BatchItemFacts } from '../../helpers/batches';
import { invalidInput, parseJsonObject, requiredInterviewId, toIsoDateTime, validateRequest } from '../../helpers/parameters';
import type { FieldLabels } from '../../helpers/parameters';
import { forVersions, interviewPicker, metaDataField, showFor, versionsFrom } from '../common.descriptions';
import { failedItem, isFailure } from '../../helpers/operationContract';
import type { ItemOutcome, NodeRun, PreparedItem, RetryMemory } from '../../helpers/operationContract';
import {
	MAP_AUTOMATICALLY,
	MAP_MANUALLY,
	emailFieldProperty,
	inMode,
	inputCandidateOf,
	mappingModeProperty,
} from './candidateInput';
import { invitedHistoryOptions, invitedHistoryRun } from './invitedHistory';

const displayOptions = showFor('candidate', 'invite');

/** How long the window stays open from version 3 on when End Time is left empty. */
export const DEFAULT_WINDOW_DAYS = 7;

/** From version 3 on, empty Start Time and End Time mean from when the node runs until a week later. */
function invitationWindow(): INodeProperties[] {
	const startDescription = "Start of the window in which the candidate may take the interview. Without an offset, the workflow's time zone applies.";
	const endDescription = 'End of the window; must be after Start Time';
	return [
		{ displayName: 'Start Time', name: 'startTime', type: 'dateTime', required: true, default: '', description: startDescription, displayOptions: forVersions(displayOptions, [1, 2]) },
		{ displayName: 'End Time', name: 'endTime', type: 'dateTime', required: true, default: '', description: endDescription, displayOptions: forVersions(displayOptions, [1, 2]) },
		{
			displayName: 'Start Time',
			name: 'startTime',
			type: 'dateTime',
			default: '',
			hint: 'Leave empty to open the window when the node runs',
			description: startDescription,
			displayOptions: forVersions(displayOptions, versionsFrom(3)),
		},
		{
			displayName: 'End Time',
			name: 'endTime',
			type: 'dateTime',
			default: '',
			hint: `Leave empty to close the window ${DEFAULT_WINDOW_DAYS} days after Start Time`,
			description: endDescription,
			displayOptions: forVersions(displayOptions, versionsFrom(3)),
		},
	];
}

/** From this version on, Email (Map Each Field Manually) may list several candidates. */
export const EMAIL_LIST_VERSION = 4;

function perItemNotices(): INodeProperties[] {
	const notice = (name: string, text: string, shown: IDisplayOptions): INodeProperties => ({ displayName: text, name, type: 'notice', default: '', displayOptions: shown });
	return [
		notice('oneCandidatePerItem', 'Each input item invites one candidate', forVersions(inMode(displayOptions, MAP_MANUALLY), [1, 2, 3])),
		notice(
			'candidatesPerItem',
			'Each input item invites the candidates in Email: one, or several separated by commas. Each candidate gets an output item of their own.',
			forVersions(inMode(displayOptions, MAP_MANUALLY), versionsFrom(EMAIL_LIST_VERSION)),
		),
		notice('oneCandidatePerItemMapped', 'Each input item invites one candidate, read from its fields', inMode(displayOptions, MAP_AUTOMATICALLY)),
	];
}

export const description: INodeProperties[] = [
	{ ...interviewPicker, displayOptions },
	...invitationWindow(),
	mappingModeProperty(
		displayOptions,
		'Read email, name, phone, resumeLink and metaData from each input item by field name, with no expression per item',
	),
	...perItemNotices(),
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'name@email.com',
		description: 'E-mail of the candidate, usually mapped from the input item with an expression (drag the email field of the input here)',
		displayOptions: forVersions(inMode(displayOptions, MAP_MANUALLY), [1, 2, 3]),
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'ada@example.com, alan@example.com',
		description:
			'E-mail of the candidate, or several separated by commas: each is invited as a candidate of their own. Type them, or drag the email field of the input here.',
		displayOptions: forVersions(inMode(displayOptions, MAP_MANUALLY), versionsFrom(EMAIL_LIST_VERSION)),
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
			{
				displayName: 'Metadata Field',
				name: 'metaData',
				type: 'string',
				default: 'metaData',
				description: 'Name of the input field holding a JSON object (or its text) stored with the candidate',
			},
			{
				displayName: 'Name Field',
				name: 'name',
				type: 'string',
				default: 'name',
				description: 'Name of the input field holding the name of the candidate',
			},
			{
				displayName: 'Phone Field',
				name: 'phone',
				type: 'string',
				default: 'phone',
				description: 'Name of the input field holding the phone number of the candidate',
			},
			{
				displayName: 'Resume Link Field',
				name: 'resumeLink',
				type: 'string',
				default: 'resumeLink',
				description: 'Name of the input field holding the http(s) URL of the resume of the candidate',
			},
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
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'Name of the candidate',
			},
			{
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				description: 'Phone number of the candidate',
			},
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
	batchSize: number;
}

const INVITE_FIELD_LABELS: FieldLabels = {
	startTime: 'Start Time',
	endTime: 'End Time',
	'candidates.email': 'Email',
	'candidates.name': 'Name',
	'candidates.phone': 'Phone',
	'candidates.resumeLink': 'Resume Link',
	'candidates.metaData': 'Metadata',
};

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function emptyToUndefined(value: unknown): string | undefined {
	return value === '' || value === undefined || value === null ? undefined : String(value);
}

/** A list in a one-address field is refused as a list, telling the user where several can go. */
function refuseList(context: IExecuteFunctions, email: string, label: string, itemIndex: number, taker: string, instead: string): void {
	if (!/[,;\n]/.test(email)) return;
	const count = toEmailList(email).length;
	if (count < 2) return;
	const error = invalidInput(context.getNode(), label, `lists ${count} addresses, but ${taker} takes one candidate per input item`, itemIndex);
	error.description = `${instead} This item was not sent to the Interview Service.`;
	throw error;
}

/** The addresses typed or mapped in Email: from version 4 on it may list several (each once), in versions 1 to 3 only one. */
function emailsOf(context: IExecuteFunctions, { node }: NodeRun, value: unknown, itemIndex: number): string[] {
	if (node.typeVersion < EMAIL_LIST_VERSION) {
		const email = String(value ?? '').trim();
		refuseList(context, email, 'Email', itemIndex, 'this node', 'Add the Invite node again: a new one takes several addresses in Email, separated by commas. Or give each candidate an input item of their own.');
		return [email];
	}
	const byKey = new Map<string, string>();
	for (const email of toEmailList(value)) if (!byKey.has(emailKey(email))) byKey.set(emailKey(email), email);
	// Nothing typed stays one empty address, so the message is the one an empty Email always had.
	return byKey.size === 0 ? [''] : [...byKey.values()];
}

/** Fields that describe one person: with several addresses in Email, whose they are is unknown. */
const ONE_PERSON_FIELDS = [
	['name', 'Name'],
	['phone', 'Phone'],
	['resumeLink', 'Resume Link'],
] as const;

/** Map Each Field Manually: several addresses in Email are several candidates sharing the Metadata. */
function manualCandidates(context: IExecuteFunctions, run: NodeRun, itemIndex: number): { candidates: IDataObject[]; labels: FieldLabels } {
	const fields = run.read('additionalFields', itemIndex, {}) as IDataObject;
	const emails = emailsOf(context, run, run.read('email', itemIndex, ''), itemIndex);
	if (emails.length > 1) {
		for (const [key, label] of ONE_PERSON_FIELDS) {
			if (!isEmpty(fields[key])) {
				throw invalidInput(context.getNode(), label, `is for one candidate, but Email lists ${emails.length}: leave ${label} empty, or give each candidate an input item of their own`, itemIndex);
			}
		}
	}
	const metaData = parseJsonObject(context, fields.metaData, 'Metadata', itemIndex) as IDataObject | undefined;
	const candidates = emails.map((email) =>
		withoutUndefined({
			email,
			name: emptyToUndefined(fields.name),
			phone: emptyToUndefined(fields.phone),
			resumeLink: emptyToUndefined(fields.resumeLink),
			metaData,
		}),
	);
	const labels: FieldLabels = { ...INVITE_FIELD_LABELS };
	if (emails.length > 1) emails.forEach((email, index) => (labels[`candidates.${index}.email`] = `Email (address ${index + 1}: ${email})`));
	return { candidates, labels };
}

/** Candidate Fields is read at the first item: the option takes no expression. */
function candidatesOf(context: IExecuteFunctions, run: NodeRun, itemIndex: number): { candidates: IDataObject[]; labels: FieldLabels } {
	if (run.read('mappingMode', 0, MAP_MANUALLY) !== MAP_AUTOMATICALLY) return manualCandidates(context, run, itemIndex);
	const { candidate, labels } = inputCandidateOf(context, run, itemIndex, INVITE_FIELD_LABELS);
	const listed = run.node.typeVersion >= EMAIL_LIST_VERSION;
	const instead = listed ? 'Choose Map Each Field Manually and drag this field into Email, which takes several addresses. Or give' : 'Give';
	refuseList(context, String(candidate.email), labels['candidates.email'], itemIndex, 'Map Automatically', `${instead} each candidate an input item of their own.`);
	return { candidates: [candidate], labels };
}

// When the node first ran in this execution, in whole seconds, kept in the node context: every item and Retry On Fail
// attempt opens the same window, so a batch answered in an earlier attempt is recognised as the same request.
function runStartOf(context: IExecuteFunctions, run: NodeRun): string {
	const memory = rememberedAnswers(context, 'candidate:invite window', run.runIndex);
	const kept = memory.answerTo('start');
	if (typeof kept === 'string') return kept;
	const start = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
	memory.keep('start', start);
	return start;
}

/** Start Time and End Time as ISO date-times; from version 3 on, empty ones are the run's start and a week later. */
function windowOf(context: IExecuteFunctions, run: NodeRun, itemIndex: number): { startTime: unknown; endTime: unknown } {
	const { node, read } = run;
	const timeZone = context.getTimezone();
	let startTime = toIsoDateTime(read('startTime', itemIndex, ''), timeZone);
	let endTime = toIsoDateTime(read('endTime', itemIndex, ''), timeZone);
	if (node.typeVersion < 3) return { startTime, endTime };
	if (isEmpty(startTime)) startTime = runStartOf(context, run);
	const startMs = typeof startTime === 'string' ? Date.parse(startTime) : Number.NaN;
	if (isEmpty(endTime) && !Number.isNaN(startMs)) endTime = new Date(startMs + DEFAULT_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
	return { startTime, endTime };
}

/** One invitation per candidate of the item, all checked as the access-links request would be before any is sent. */
export function prepare(this: IExecuteFunctions, itemIndex: number, run: NodeRun): InviteRequest[] {
	const { read } = run;
	const interviewId = requiredInterviewId(this, itemIndex, read);
	const options = read('options', itemIndex, {}) as IDataObject;
	const batchSize = (options.batchSize ?? MAX_BATCH_SIZE) as number;
	if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
		throw invalidInput(this.getNode(), 'Batch Size', `must be a whole number from 1 to ${MAX_BATCH_SIZE}`, itemIndex);
	}

	const { candidates, labels } = candidatesOf(this, run, itemIndex);
	const body = validateRequest(this, endpoints.createAccessLinks.body, { ...windowOf(this, run, itemIndex), candidates }, itemIndex, labels);
	return body.candidates!.map((candidate) => ({ interviewId, startTime: body.startTime, endTime: body.endTime, candidate, batchSize }));
}

const batchItem = (item: PreparedItem<InviteRequest>): BatchItem<InviteRequest> => ({ ...item, emails: [item.request.candidate.email], facts: factsOf(item.request) });

/** Same interview and window (compared as instants) share a request, at most the first item's `batchSize`. */
export function inviteBatches(prepared: Array<PreparedItem<InviteRequest>>): Array<Batch<InviteRequest>> {
	const groups = groupBy(prepared.map(batchItem), ({ request }) =>
		[request.interviewId, Date.parse(request.startTime), Date.parse(request.endTime)].join('\n'),
	);
	return groups.flatMap((group) => chunk(group, group[0].request.batchSize));
}

/** Each e-mail is sent once (the first item's spelling); every item with that e-mail gets the link. */
async function createAccessLinks(run: NodeRun, batch: Batch<InviteRequest>): Promise<AccessLink[]> {
	const [{ itemIndex, request }] = batch;
	const { interviewId, startTime, endTime } = request;
	const candidates = new Map<string, Candidate>();
	for (const { request: { candidate } } of batch) {
		const key = emailKey(candidate.email);
		if (!candidates.has(key)) candidates.set(key, candidate);
	}
	const body = { startTime, endTime, candidates: [...candidates.values()] as IDataObject[] };
	return (await apiRequest.call(run.requests, endpoints.createAccessLinks, { interviewId, body, itemIndex })).data;
}

function factsOf({ interviewId, candidate }: InviteRequest): BatchItemFacts {
	return { interviewId, email: candidate.email, ...(candidate.name ? { name: candidate.name } : {}) };
}

/** Links matched by e-mail without case; a candidate the answer leaves out was refused. */
function matchLinks(this: IExecuteFunctions, batch: Batch<InviteRequest>, links: AccessLink[]): ItemOutcome[] {
	const linkFor = entriesByEmail(links, (link) => link.email);
	return batch.map(({ itemIndex, request, facts }) => {
		const link = linkFor(request.candidate.email);
		if (!link) {
			const message = omittedCandidateMessage(request.candidate.email, itemIndex, 'access link');
			return failedItem(this, new NodeOperationError(this.getNode(), message, { itemIndex }), itemIndex, facts);
		}
		return { itemIndex, json: [{ ...link, ...facts } as IDataObject] };
	});
}

// The service accepts a window that has already ended, making links nobody can use. They still go out, so a workflow
// that ran does not start failing; n8n shows the warning beside the output.
function warnOfEndedWindows(context: IExecuteFunctions, prepared: Array<PreparedItem<InviteRequest>>): void {
	const now = Date.now();
	const ended = prepared.filter(({ request }) => Date.parse(request.endTime) <= now);
	if (ended.length === 0) return;
	const [{ request, itemIndex }] = ended;
	const items = ended.length === 1 ? `item ${itemIndex}` : `${ended.length} items, the first item ${itemIndex}`;
	context.addExecutionHints({
		type: 'warning',
		location: 'outputPane',
		message: `The invitation window had already ended (End Time ${request.endTime}) for ${items}: those candidates got links they cannot use. Check Start Time and End Time.`,
	});
}

/** Version 2 gives Invite with Skip Already Invited a second output, Skipped (the node's `outputs` expression). */
export function outputCount(this: IExecuteFunctions): number {
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	return this.getNode().typeVersion >= 2 && options.skipAlreadyInvited === true ? 2 : 1;
}

/** Each candidate of each item on its own, so that they are batched, refused and recorded one by one. */
function invitationsOf(prepared: Array<PreparedItem<InviteRequest[]>>): Array<PreparedItem<InviteRequest>> {
	return prepared.flatMap(({ itemIndex, request }) => request.map((invitation) => ({ itemIndex, request: invitation })));
}

function outcomeEmail(outcome: ItemOutcome): string | undefined {
	return emailKey(isFailure(outcome) ? outcome.known?.email : outcome.json[0]?.email);
}

/** Input order, and within an item the order its Email listed, however the batches came back. */
function inTypedOrder(outcomes: ItemOutcome[], invitations: Array<PreparedItem<InviteRequest>>): ItemOutcome[] {
	const position = new Map(invitations.map(({ itemIndex, request }, index) => [`${itemIndex} ${emailKey(request.candidate.email)}`, index]));
	const positionOf = (outcome: ItemOutcome) => position.get(`${outcome.itemIndex} ${outcomeEmail(outcome)}`) ?? Number.MAX_SAFE_INTEGER;
	return [...outcomes].sort((a, b) => a.itemIndex - b.itemIndex || positionOf(a) - positionOf(b));
}

export async function sendInBatches(
	this: IExecuteFunctions,
	prepared: Array<PreparedItem<InviteRequest[]>>,
	memory: RetryMemory,
	run: NodeRun,
): Promise<ItemOutcome[]> {
	const options = run.read('options', 0, {}) as IDataObject;
	const concurrency = parallelBatchesOf(this, options);
	const invitations = invitationsOf(prepared);
	const history = await invitedHistoryRun(this, options, invitations, memory);
	warnOfEndedWindows(this, history.toSend);
	const outcomes = await dispatchBatches(this, {
		batches: inviteBatches(history.toSend),
		concurrency,
		memory,
		send: async (batch) => await createAccessLinks(run, batch),
		outcomesOf: (batch, links) => matchLinks.call(this, batch, links),
	});
	return inTypedOrder([...history.skipped, ...(await history.record(outcomes))], invitations);
}
