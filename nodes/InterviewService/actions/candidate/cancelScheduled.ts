import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { cancelScheduledBody, cancelScheduledData } from '../../../shared/contract';
import { emailKey, toEmailList } from '../../../shared/email';
import { batchKey, finishBatches, sentBatches } from '../../helpers/sentBatches';
import { chunk, groupBy, sendBatches } from '../../helpers/batchSender';
import { failItem, usesErrorOutput } from '../../helpers/failedItems';
import { prepareItems } from '../../helpers/prepareItems';
import type { ItemOutcome } from '../../helpers/failedItems';
import type { PreparedItem } from '../../helpers/prepareItems';
import { interviewIdOf, showFor } from '../../helpers/parameters';
import { sharedParameterReader } from '../../helpers/parameterCache';
import type { ParameterReader } from '../../helpers/parameterCache';
import { invalidInput, validateRequest } from '../../helpers/validation';
import { apiRequest } from '../../../shared/transport/request';
import { interviewLocator } from '../../../shared/interviewLocator';
import {
	MAP_AUTOMATICALLY,
	MAP_MANUALLY,
	emailFieldProperty,
	fieldNameOf,
	inMode,
	inputEmail,
	inputFieldLabel,
	mappingModeOf,
	mappingModeProperty,
} from './mapping';
import { DEFAULT_PARALLEL_BATCHES } from './invite';

/** Most e-mails sent in one cancel request when they come one per item. */
const MAX_CANCEL_BATCH_SIZE = 100;

const displayOptions = showFor('candidate', 'cancelScheduled');
const perItem: IDisplayOptions = { show: { ...displayOptions.show, emailSource: ['inputItems'] } };

type EmailSource = 'list' | 'inputItems';

export const description: INodeProperties[] = [
	{ ...interviewLocator, displayOptions },
	{
		displayName: 'Emails From',
		name: 'emailSource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'A List',
				value: 'list',
				description: 'Cancel the e-mails listed here; one output item per input item sums up what was cancelled',
			},
			{
				name: 'Input Items',
				value: 'inputItems',
				description: 'Each input item gives one e-mail; one output item per input item tells whether it was cancelled',
			},
		],
		default: 'list',
		displayOptions,
	},
	{
		displayName: 'Candidate Emails',
		name: 'candidateEmails',
		type: 'string',
		typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Email' },
		required: true,
		default: [],
		placeholder: 'name@email.com',
		description: 'E-mails of the scheduled candidates to cancel. An entry may also hold several, separated by commas.',
		displayOptions: { show: { ...displayOptions.show, emailSource: ['list'] } },
	},
	mappingModeProperty(perItem, 'Read the e-mail from each input item by field name, with no expression per item'),
	{
		displayName: 'Candidate Email',
		name: 'candidateEmail',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'name@email.com',
		description: 'E-mail of the scheduled candidate to cancel, usually mapped from the input item with an expression (drag the email field of the input here)',
		displayOptions: inMode(perItem, MAP_MANUALLY),
	},
	emailFieldProperty(inMode(perItem, MAP_AUTOMATICALLY)),
];

const CANCEL_FIELD_LABELS = { candidateEmails: 'Candidate Emails', candidateEmail: 'Candidate Email' };

interface CancelRequest {
	interviewId: string;
	candidateEmails: string[];
}

function cancelPath(interviewId: string): string {
	return `/api/v1/interview/${encodeURIComponent(interviewId)}/cancel-scheduled-candidates`;
}

/** Map Automatically: the e-mail of an item, from the input field named in Email Field. */
function autoMappedEmails(this: IExecuteFunctions, read: ParameterReader) {
	const items = this.getInputData();
	return (itemIndex: number) => {
		const emailField = fieldNameOf(this, read, 'emailField', 'Email Field', itemIndex, 'email');
		return { email: inputEmail(this, items[itemIndex].json, emailField, itemIndex), label: inputFieldLabel('Email', emailField) };
	};
}

/**
 * The request of one item. `read` is how parameters are read (a shared reader evaluates the ones
 * that are the same for every item once); `emailOf` reads the e-mail of an item in Map Automatically.
 */
function buildCancelRequest(
	this: IExecuteFunctions,
	itemIndex: number,
	source: EmailSource,
	read: ParameterReader = this.getNodeParameter.bind(this),
	emailOf?: (itemIndex: number) => { email: string; label: string },
): CancelRequest {
	const interviewId = interviewIdOf.call(this, itemIndex, read);
	let candidateEmails: string[];
	let labels: Record<string, string>;
	if (source === 'list') {
		candidateEmails = toEmailList(read('candidateEmails', itemIndex, []));
		labels = CANCEL_FIELD_LABELS;
	} else if (emailOf) {
		const { email, label } = emailOf(itemIndex);
		candidateEmails = [email];
		labels = { candidateEmails: label };
	} else {
		candidateEmails = [String(read('candidateEmail', itemIndex, '') ?? '').trim()].filter((email) => email !== '');
		labels = { candidateEmails: CANCEL_FIELD_LABELS.candidateEmail };
	}
	const body = validateRequest(this, cancelScheduledBody, { candidateEmails }, itemIndex, labels);
	return { interviewId, candidateEmails: body.candidateEmails };
}

async function cancelEmails(
	this: IExecuteFunctions,
	interviewId: string,
	emails: string[],
	itemIndex: number,
): Promise<IDataObject[]> {
	const unique = [...new Map(emails.map((email) => [emailKey(email), email])).values()];
	const data = await apiRequest(this, 'POST', cancelPath(interviewId), cancelScheduledData, {
		body: { candidateEmails: unique },
		itemIndex,
	});
	return data.cancelledCandidates as IDataObject[];
}

/** What was asked and not cancelled: unknown e-mails, or candidates not (or no longer) scheduled. */
export function notCancelledEmails(asked: string[], cancelled: IDataObject[]): string[] {
	const done = new Set(cancelled.map((candidate) => emailKey(String(candidate.candidateEmail))));
	const seen = new Set<string>();
	return asked.filter((email) => {
		const key = emailKey(email);
		if (done.has(key) || seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

/** Each item's own list of e-mails, one request per item. */
function listedOutcomes(batch: Array<PreparedItem<CancelRequest>>, cancelled: IDataObject[]): ItemOutcome[] {
	const [{ itemIndex, request }] = batch;
	const { interviewId, candidateEmails } = request;
	return [
		{
			itemIndex,
			json: [{ interviewId, cancelledCandidates: cancelled, notCancelledEmails: notCancelledEmails(candidateEmails, cancelled) }],
		},
	];
}

/** One outcome per item of a batch: its own e-mail, cancelled or not. */
function cancelOutcomes(batch: Array<PreparedItem<CancelRequest>>, cancelled: IDataObject[]): ItemOutcome[] {
	const byEmail = new Map(cancelled.map((candidate) => [emailKey(String(candidate.candidateEmail)), candidate]));
	return batch.map(({ itemIndex, request }) => {
		const email = request.candidateEmails[0];
		const match = byEmail.get(emailKey(email));
		return {
			itemIndex,
			json: [{ interviewId: request.interviewId, email, cancelled: match !== undefined, ...(match ?? {}) }],
		};
	});
}

/**
 * "A List": one request per item. "Input Items": items of the same interview in one request.
 * Requests go out a few at a time, and one answered in an earlier attempt of this run (n8n's
 * Retry On Fail) is not sent again: its answer is reused, so nothing is reported "not cancelled"
 * because the first attempt already cancelled it.
 */
async function cancel(this: IExecuteFunctions, source: EmailSource): Promise<INodeExecutionData[]> {
	const read = sharedParameterReader(this);
	const emailOf =
		source === 'inputItems' && mappingModeOf(this) === MAP_AUTOMATICALLY ? autoMappedEmails.call(this, read) : undefined;
	const { prepared, failures } = await prepareItems(this, (itemIndex) =>
		buildCancelRequest.call(this, itemIndex, source, read, emailOf),
	);
	const batches =
		source === 'list'
			? prepared.map((item) => [item])
			: groupBy(prepared, ({ request }) => request.interviewId).flatMap((group) => chunk(group, MAX_CANCEL_BATCH_SIZE));
	const emailsOf = (batch: Array<PreparedItem<CancelRequest>>) => batch.flatMap(({ request }) => request.candidateEmails);
	const memory = sentBatches(this, `cancelScheduled:${source}`);
	const outcomes = await sendBatches({
		batches,
		concurrency: DEFAULT_PARALLEL_BATCHES,
		memory,
		keyOf: (batch) => batchKey([batch[0].request.interviewId, emailsOf(batch)]),
		send: async (batch) => await cancelEmails.call(this, batch[0].request.interviewId, emailsOf(batch), batch[0].itemIndex),
		outcomesOf: source === 'list' ? listedOutcomes : cancelOutcomes,
		failuresOf: (batch, error) => batch.map(({ itemIndex }) => failItem(this, error, itemIndex)),
	});
	return finishBatches(memory, [...failures, ...outcomes], usesErrorOutput(this));
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const source = this.getNodeParameter('emailSource', 0, 'list') as EmailSource;
	if (source === 'list' || source === 'inputItems') return await cancel.call(this, source);
	throw invalidInput(this.getNode(), 'Emails From', 'must be "list" or "inputItems"', 0);
}
