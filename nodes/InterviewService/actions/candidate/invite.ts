import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { accessLinksBody, accessLinksData } from '../../../shared/contract';
import type { AccessLink, Candidate } from '../../../shared/contract';
import { emailKey } from '../../../shared/email';
import { batchKey, finishBatches, sentBatches } from '../../helpers/sentBatches';
import { chunk, groupBy, sendBatches } from '../../helpers/batchSender';
import { failItem, usesErrorOutput } from '../../helpers/failedItems';
import { prepareItems } from '../../helpers/prepareItems';
import type { ItemOutcome } from '../../helpers/failedItems';
import type { PreparedItem } from '../../helpers/prepareItems';
import { interviewIdOf, showFor } from '../../helpers/parameters';
import { withoutUndefined } from '../../../shared/objects';
import { sharedParameterReader } from '../../helpers/parameterCache';
import type { ParameterReader } from '../../helpers/parameterCache';
import { toIsoDateTime } from '../../helpers/dateTime';
import { invalidInput, parseJsonObject, validateRequest } from '../../helpers/validation';
import type { FieldLabels } from '../../helpers/validation';
import { apiRequest } from '../../../shared/transport/request';
import { interviewLocator } from '../../../shared/interviewLocator';
import { metaDataField } from '../common.descriptions';
import {
	MAP_AUTOMATICALLY,
	MAP_MANUALLY,
	emailFieldProperty,
	fieldNameOf,
	inMode,
	inputEmail,
	inputFieldLabel,
	inputText,
	mappingModeOf,
	mappingModeProperty,
} from './mapping';

/** Most candidates sent in one access-links request: the sandbox's page maximum, as the spec gives none. */
const MAX_INVITE_BATCH_SIZE = 100;

export const DEFAULT_PARALLEL_BATCHES = 4;
const MAX_PARALLEL_BATCHES = 10;

const displayOptions = showFor('candidate', 'invite');

export const description: INodeProperties[] = [
	{ ...interviewLocator, displayOptions },
	{
		displayName: 'Start Time',
		name: 'startTime',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'Start of the window in which the candidate may take the interview. Without an offset, the workflow\'s time zone applies.',
		displayOptions,
	},
	{
		displayName: 'End Time',
		name: 'endTime',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'End of the window; must be after Start Time',
		displayOptions,
	},
	mappingModeProperty(
		displayOptions,
		'Read email, name, phone, resumeLink and metaData from each input item by field name, with no expression per item',
	),
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'name@email.com',
		description: 'E-mail of the candidate, usually mapped from the input item with an expression (drag the email field of the input here)',
		displayOptions: inMode(displayOptions, MAP_MANUALLY),
	},
	emailFieldProperty(inMode(displayOptions, MAP_AUTOMATICALLY)),
	{
		displayName: 'Other Input Fields',
		name: 'inputFieldNames',
		type: 'collection',
		placeholder: 'Rename Field',
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
				typeOptions: { minValue: 1, maxValue: MAX_INVITE_BATCH_SIZE },
				default: MAX_INVITE_BATCH_SIZE,
				description: `Most candidates sent in one request. Items with the same interview, Start Time and End Time are sent together. At most ${MAX_INVITE_BATCH_SIZE}.`,
			},
			{
				displayName: 'Batches In Parallel',
				name: 'parallelBatches',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_PARALLEL_BATCHES },
				default: DEFAULT_PARALLEL_BATCHES,
				description: `Most batch requests in flight at once (1 sends one after the other). At most ${MAX_PARALLEL_BATCHES}.`,
			},
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

function emptyToUndefined(value: unknown): string | undefined {
	return value === '' || value === undefined || value === null ? undefined : String(value);
}

/** The candidate of one item and the labels its fields have in errors. */
interface CandidateInput {
	candidate: IDataObject;
	labels: FieldLabels;
}

/** Reads the candidate of an item; for Map Automatically, see `autoMappedCandidates`. */
type CandidateSource = (itemIndex: number) => CandidateInput;

/** Map Each Field Manually: Email and Additional Fields, usually expressions. */
function manualCandidate(this: IExecuteFunctions, itemIndex: number, read: ParameterReader, fields: IDataObject): CandidateInput {
	const candidate = withoutUndefined({
		email: String(read('email', itemIndex, '') ?? '').trim(),
		name: emptyToUndefined(fields.name),
		phone: emptyToUndefined(fields.phone),
		resumeLink: emptyToUndefined(fields.resumeLink),
		metaData: parseJsonObject(this, fields.metaData, 'Metadata', itemIndex) as IDataObject | undefined,
	});
	return { candidate, labels: INVITE_FIELD_LABELS };
}

const OTHER_INPUT_FIELDS = [
	['name', 'Name'],
	['phone', 'Phone'],
	['resumeLink', 'Resume Link'],
] as const;

/** Map Automatically: each item's own fields, by the names set in the node (read once unless they use the item). */
function autoMappedCandidates(this: IExecuteFunctions, read: ParameterReader): CandidateSource {
	const items = this.getInputData();
	return (itemIndex) => {
		const json = items[itemIndex].json;
		const emailField = fieldNameOf(this, read, 'emailField', 'Email Field', itemIndex, 'email');
		const names = read('inputFieldNames', itemIndex, {}) as IDataObject;
		const fieldOf = (key: string) => String(names[key] ?? '').trim() || key;
		const labels: FieldLabels = { ...INVITE_FIELD_LABELS, 'candidates.email': inputFieldLabel('Email', emailField) };
		const candidate: IDataObject = { email: inputEmail(this, json, emailField, itemIndex) };
		for (const [key, label] of OTHER_INPUT_FIELDS) {
			candidate[key] = inputText(this, json, fieldOf(key), label, itemIndex);
			labels[`candidates.${key}`] = inputFieldLabel(label, fieldOf(key));
		}
		const metaDataLabel = inputFieldLabel('Metadata', fieldOf('metaData'));
		candidate.metaData = parseJsonObject(this, json[fieldOf('metaData')], metaDataLabel, itemIndex);
		labels['candidates.metaData'] = metaDataLabel;
		return { candidate: withoutUndefined(candidate), labels };
	};
}

/**
 * The request of one item. `read` is how parameters are read (a shared reader evaluates the ones
 * that are the same for every item once); `source` reads the candidate when it does not come
 * from the Email and Additional Fields parameters.
 */
function buildInviteRequest(
	this: IExecuteFunctions,
	itemIndex: number,
	read: ParameterReader = this.getNodeParameter.bind(this),
	source?: CandidateSource,
): InviteRequest {
	const interviewId = interviewIdOf.call(this, itemIndex, read);
	const timeZone = this.getTimezone();
	const fields = source ? {} : (read('additionalFields', itemIndex, {}) as IDataObject);
	const options = read('options', itemIndex, {}) as IDataObject;

	const batchSize = (options.batchSize ?? MAX_INVITE_BATCH_SIZE) as number;
	if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_INVITE_BATCH_SIZE) {
		throw invalidInput(this.getNode(), 'Batch Size', `must be a whole number from 1 to ${MAX_INVITE_BATCH_SIZE}`, itemIndex);
	}

	const { candidate, labels } = source ? source(itemIndex) : manualCandidate.call(this, itemIndex, read, fields);
	const body = validateRequest(
		this,
		accessLinksBody,
		{
			startTime: toIsoDateTime(read('startTime', itemIndex, ''), timeZone),
			endTime: toIsoDateTime(read('endTime', itemIndex, ''), timeZone),
			candidates: [candidate],
		},
		itemIndex,
		labels,
	);
	return {
		interviewId,
		startTime: body.startTime,
		endTime: body.endTime,
		candidate: body.candidates![0],
		batchSize,
	};
}

/**
 * Items that share the interview and the time window go in the same request, at most
 * `batchSize` (the first item's) per request. Times are compared as instants.
 */
export function inviteBatches(prepared: Array<PreparedItem<InviteRequest>>): Array<Array<PreparedItem<InviteRequest>>> {
	const groups = groupBy(prepared, ({ request }) =>
		[request.interviewId, Date.parse(request.startTime), Date.parse(request.endTime)].join('\n'),
	);
	return groups.flatMap((group) => chunk(group, group[0].request.batchSize));
}

/** One entry per e-mail: the service gets each candidate once, every item with that e-mail gets the link. */
function uniqueCandidates(batch: Array<PreparedItem<InviteRequest>>): Candidate[] {
	const byEmail = new Map<string, Candidate>();
	for (const { request } of batch) {
		const key = emailKey(request.candidate.email);
		if (!byEmail.has(key)) byEmail.set(key, request.candidate);
	}
	return [...byEmail.values()];
}

/** Pairs each item of a batch with its link in `data.data[]`, matched by e-mail without case; each item keeps its own spelling. */
function matchLinks(
	this: IExecuteFunctions,
	batch: Array<PreparedItem<InviteRequest>>,
	links: AccessLink[],
): ItemOutcome[] {
	const linkByEmail = new Map(links.map((link) => [emailKey(link.email), link]));
	return batch.map(({ itemIndex, request }) => {
		const link = linkByEmail.get(emailKey(request.candidate.email));
		if (!link) {
			return failItem(
				this,
				new NodeOperationError(
					this.getNode(),
					`The Interview Service returned no access link for ${request.candidate.email} (item ${itemIndex})`,
					{ itemIndex },
				),
				itemIndex,
			);
		}
		return { itemIndex, json: [{ interviewId: request.interviewId, ...link, email: request.candidate.email } as IDataObject] };
	});
}

/** The access-links request of a batch; its body is also what identifies the batch. */
function accessLinksRequest(batch: Array<PreparedItem<InviteRequest>>) {
	const { interviewId, startTime, endTime } = batch[0].request;
	return { interviewId, body: { startTime, endTime, candidates: uniqueCandidates(batch) as IDataObject[] } };
}

async function sendBatch(this: IExecuteFunctions, batch: Array<PreparedItem<InviteRequest>>): Promise<AccessLink[]> {
	const { interviewId, body } = accessLinksRequest(batch);
	const data = await apiRequest(this, 'POST', `/api/v1/interview/${encodeURIComponent(interviewId)}/access-links`, accessLinksData, {
		body,
		itemIndex: batch[0].itemIndex,
	});
	return data.data;
}

/** The Batches In Parallel option (the first item's), checked. */
function parallelBatchesOf(context: IExecuteFunctions): number {
	const options = context.getNodeParameter('options', 0, {}) as IDataObject;
	const parallel = (options.parallelBatches ?? DEFAULT_PARALLEL_BATCHES) as number;
	if (!Number.isInteger(parallel) || parallel < 1 || parallel > MAX_PARALLEL_BATCHES) {
		throw invalidInput(context.getNode(), 'Batches In Parallel', `must be a whole number from 1 to ${MAX_PARALLEL_BATCHES}`, 0);
	}
	return parallel;
}

/**
 * Batches go out a few at a time; a batch that got its links in an earlier attempt of this run
 * (n8n's Retry On Fail) is not sent again, its links are reused.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const concurrency = parallelBatchesOf(this);
	const read = sharedParameterReader(this);
	const source = mappingModeOf(this) === MAP_AUTOMATICALLY ? autoMappedCandidates.call(this, read) : undefined;
	const { prepared, failures } = await prepareItems(this, (itemIndex) =>
		buildInviteRequest.call(this, itemIndex, read, source),
	);
	const memory = sentBatches(this, 'invite');
	const outcomes = await sendBatches({
		batches: inviteBatches(prepared),
		concurrency,
		memory,
		keyOf: (batch) => batchKey(accessLinksRequest(batch)),
		send: async (batch) => await sendBatch.call(this, batch),
		outcomesOf: (batch, links) => matchLinks.call(this, batch, links),
		failuresOf: (batch, error) => batch.map(({ itemIndex }) => failItem(this, error, itemIndex)),
	});
	return finishBatches(memory, [...failures, ...outcomes], usesErrorOutput(this));
}
