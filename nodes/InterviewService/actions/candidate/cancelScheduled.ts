import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../shared/contract/endpoints';
import { entriesByEmail } from '../../../shared/dialects';
import { emailKey, toEmailList, uniqueEmails } from '../../../shared/email';
import { apiRequest } from '../../../shared/transport/request';
import { DEFAULT_PARALLEL_BATCHES, MAX_BATCH_SIZE, chunk, dispatchBatches, groupBy, sentEmailsOf } from '../../helpers/batches';
import type { Batch, BatchItem } from '../../helpers/batches';
import { requiredInterviewId, validateRequest } from '../../helpers/parameters';
import { isFailure } from '../../helpers/operationContract';
import type { ItemOutcome, NodeRun, PreparedItem, RetryMemory } from '../../helpers/operationContract';
import {
	MAP_AUTOMATICALLY,
	MAP_MANUALLY,
	candidateEmailsProperty,
	emailFieldProperty,
	inMode,
	inputEmailOf,
	mappingModeProperty,
} from './candidateInput';
import { forgetCancelled } from './invitedHistory';
import { interviewPicker, showFor } from '../common.descriptions';

const displayOptions = showFor('candidate', 'cancelScheduled');
const perItem: IDisplayOptions = { show: { ...displayOptions.show, emailSource: ['inputItems'] } };

export const description: INodeProperties[] = [
	{ ...interviewPicker, displayOptions },
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
	candidateEmailsProperty(
		{ show: { ...displayOptions.show, emailSource: ['list'] } },
		'E-mails of the scheduled candidates to cancel. An entry may also hold several, separated by commas.',
	),
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

type CancelRequest = { interviewId: string; candidateEmails: string[] };

/** Emails From, read at the first item (the option takes no expression). */
const isListed = (run: NodeRun) => run.read('emailSource', 0, 'list') === 'list';

function emailsOf(context: IExecuteFunctions, run: NodeRun, itemIndex: number): { candidateEmails: string[]; labels: Record<string, string> } {
	if (isListed(run)) return { candidateEmails: toEmailList(run.read('candidateEmails', itemIndex, [])), labels: CANCEL_FIELD_LABELS };
	if (run.read('mappingMode', 0, MAP_MANUALLY) === MAP_AUTOMATICALLY) {
		const { email, label } = inputEmailOf(context, run, itemIndex);
		return { candidateEmails: [email], labels: { candidateEmails: label } };
	}
	const email = String(run.read('candidateEmail', itemIndex, '') ?? '').trim();
	return { candidateEmails: email === '' ? [] : [email], labels: { candidateEmails: CANCEL_FIELD_LABELS.candidateEmail } };
}

export function prepare(this: IExecuteFunctions, itemIndex: number, run: NodeRun): CancelRequest {
	const interviewId = requiredInterviewId(this, itemIndex, run.read);
	const { candidateEmails, labels } = emailsOf(this, run, itemIndex);
	const body = validateRequest(this, endpoints.cancelScheduled.body, { candidateEmails }, itemIndex, labels);
	return { interviewId, candidateEmails: body.candidateEmails };
}

/** The candidates the service cancelled of a batch's e-mails (each once). */
async function cancelEmails(run: NodeRun, batch: Batch<CancelRequest>): Promise<IDataObject[]> {
	const [{ itemIndex, request }] = batch;
	const body = { candidateEmails: sentEmailsOf(batch) };
	const answer = await apiRequest.call(run.requests, endpoints.cancelScheduled, { interviewId: request.interviewId, body, itemIndex });
	return answer.cancelledCandidates as IDataObject[];
}

/** "A List" sent in parts after a refusal: one outcome per item again, failing it with the refused and what was cancelled. */
function oneOutcomePerItem(outcomes: ItemOutcome[]): ItemOutcome[] {
	return groupBy(outcomes, ({ itemIndex }) => String(itemIndex)).map((parts) => {
		if (parts.length === 1) return parts[0];
		const failure = parts.find(isFailure);
		const done = parts.flatMap((part) => (isFailure(part) ? [] : part.json));
		const cancelled = done.flatMap((json) => json.cancelledCandidates as IDataObject[]);
		if (failure === undefined) {
			const notCancelled = done.flatMap((json) => json.notCancelledEmails as string[]);
			return { itemIndex: parts[0].itemIndex, json: [{ ...done[0], cancelledCandidates: cancelled, notCancelledEmails: notCancelled }] };
		}
		const refused = parts.filter(isFailure).map((part) => part.error.message);
		const cancelledEmails = cancelled.map((candidate) => String(candidate.candidateEmail)).join(', ') || 'none';
		failure.error.description = [...refused, `Cancelled: ${cancelledEmails}`].join('\n');
		return failure;
	});
}

const batchItem = (item: PreparedItem<CancelRequest>): BatchItem<CancelRequest> => {
	const { interviewId, candidateEmails } = item.request;
	return { ...item, emails: candidateEmails, facts: { interviewId, email: candidateEmails.join(', ') }, listed: candidateEmails };
};

/** What was asked and not cancelled: unknown e-mails, or candidates not (or no longer) scheduled. */
export function notCancelledEmails(asked: string[], cancelled: IDataObject[]): string[] {
	const done = new Set(cancelled.map((candidate) => emailKey(String(candidate.candidateEmail))));
	return uniqueEmails(asked).filter((email) => !done.has(emailKey(email)));
}

/** "A List": the item's own e-mails, summed up in one output item. */
function listedOutcomes(batch: Batch<CancelRequest>, cancelled: IDataObject[]): ItemOutcome[] {
	const [{ itemIndex, request: { interviewId, candidateEmails } }] = batch;
	return [{ itemIndex, json: [{ interviewId, cancelledCandidates: cancelled, notCancelledEmails: notCancelledEmails(candidateEmails, cancelled) }] }];
}

/** "Input Items": one outcome per item, its own e-mail cancelled or not. */
function perItemOutcomes(batch: Batch<CancelRequest>, cancelled: IDataObject[]): ItemOutcome[] {
	const cancelledFor = entriesByEmail(cancelled, (candidate) => candidate.candidateEmail);
	return batch.map(({ itemIndex, request }) => {
		const email = request.candidateEmails[0];
		const match = cancelledFor(email);
		return { itemIndex, json: [{ interviewId: request.interviewId, email, cancelled: match !== undefined, ...(match ?? {}) }] };
	});
}

// "A List": one request per item; "Input Items": one per interview. An answered request is not resent on Retry On Fail,
// so nothing is reported "not cancelled" because the first attempt already cancelled it.
export async function sendInBatches(
	this: IExecuteFunctions,
	prepared: Array<PreparedItem<CancelRequest>>,
	memory: RetryMemory,
	run: NodeRun,
): Promise<ItemOutcome[]> {
	const listed = isListed(run);
	const items = prepared.map(batchItem);
	const batches = listed ? items.map((item) => [item]) : groupBy(items, ({ request }) => request.interviewId).flatMap((group) => chunk(group, MAX_BATCH_SIZE));
	const outcomes = await dispatchBatches(this, {
		batches,
		concurrency: DEFAULT_PARALLEL_BATCHES,
		memory,
		send: async (batch) => await cancelEmails(run, batch),
		narrowed: (request, candidateEmails) => ({ ...request, candidateEmails }),
		outcomesOf: async (batch, cancelled) => {
			await forgetCancelled(this, batch[0].request.interviewId, cancelled);
			return listed ? listedOutcomes(batch, cancelled) : perItemOutcomes(batch, cancelled);
		},
	});
	return listed ? oneOutcomePerItem(outcomes) : outcomes;
}
