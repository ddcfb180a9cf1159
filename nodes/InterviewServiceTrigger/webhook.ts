import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { CandidateResult } from '../shared/contract/result';
import { emailKey } from '../shared/email';
import { pickedInterviewId } from '../shared/interviewLocator';
import { completedAtOf, completionKey, instantOf, isCompleted, simplifyResult } from '../shared/results';
import { fetchCandidateResults } from '../shared/transport/lists';
import { ANY_EVENT, EVENT_OPTIONS } from './description';
import { readEvent, textOf } from './event';
import type { NormalisedEvent, Scores } from './event';
import { ANSWER_WHEN_FINISHED, registeredCall } from './lifecycle';
import { DELIVERY_MARK, RECORD_CALL, admitDelivery, deliveryKey, recordCalled } from './repeatMemory';
import type { NewDelivery, RecordCall } from './repeatMemory';

/** n8n's own answer to a call that started a workflow, kept for senders that read it. */
const STARTED_ANSWER = { message: 'Workflow was started' };

function refuse(this: IWebhookFunctions, status: number, body: IDataObject): IWebhookResponseData {
	this.getResponseObject().status(status).json(body);
	return { noWebhookResponse: true };
}

/** Whether the Events pass the event on. One whose type cannot be read passes (flagged `malformed`), so a change of payload shows. */
export function isSelected(selectedEvents: string[], { eventType, eventKind }: Pick<NormalisedEvent, 'eventType' | 'eventKind'>): boolean {
	if (eventType === undefined || selectedEvents.includes(ANY_EVENT)) return true;
	return eventKind !== undefined && selectedEvents.includes(eventKind);
}

/** The candidate's row the event is about (a re-attempt leaves several): by report link, else by completion time, else the last completed, else the last. */
export function rowOfEvent(rows: CandidateResult[], event: Pick<NormalisedEvent, 'reportLink' | 'completedAt'>): CandidateResult | undefined {
	const byLink = event.reportLink === undefined ? undefined : rows.find((row) => row.reportLink === event.reportLink);
	if (byLink) return byLink;
	const eventTime = instantOf(event.completedAt);
	const byTime = eventTime === undefined ? undefined : rows.find((row) => completedAtOf(row) === eventTime);
	if (byTime) return byTime;
	const completed = rows.filter(isCompleted);
	return completed[completed.length - 1] ?? rows[rows.length - 1];
}

type ResultLookup = { row: CandidateResult } | { error: string };

/** The candidate's row, matched by e-mail without case. A failed lookup is reported, never thrown: the event must not be lost. */
async function lookUpResult(this: IWebhookFunctions, interviewId: string | undefined, event: NormalisedEvent): Promise<ResultLookup> {
	const { candidateEmail } = event;
	if (interviewId === undefined || candidateEmail === undefined) return { error: 'The event names no interview or candidate e-mail to look up' };
	let results: CandidateResult[];
	try {
		results = await fetchCandidateResults.call(this, interviewId, candidateEmail);
	} catch (error) {
		return { error: (error as Error).message };
	}
	const wanted = emailKey(candidateEmail);
	const matches = results.filter((result) => emailKey(result.candidate?.email) === wanted);
	const match = rowOfEvent(matches, event);
	return match === undefined ? { error: 'No result for this candidate yet' } : { row: match };
}

/** The item, each value once. Include Result's row (read after the event) wins, except the e-mail it was matched by; `delivery` is the repeat key. */
export function shapedEvent(event: NormalisedEvent, delivery: string, lookup?: ResultLookup): IDataObject {
	const found = lookup !== undefined && 'row' in lookup ? lookup.row : undefined;
	const row = found === undefined ? undefined : simplifyResult(found);
	const rowCompletedAt = found === undefined ? undefined : textOf(found.completedAt ?? found.completed_at);
	const scores: Partial<Scores> = event.scores ?? {};
	const email = event.candidateEmail ?? row?.email ?? null;
	const item: IDataObject = {
		eventType: event.eventType ?? null,
		eventKind: event.eventKind ?? null,
		interviewId: event.interviewId ?? row?.interviewId ?? null,
		candidate: { email, name: row?.name ?? event.candidateName ?? null },
		scores: {
			interviewScore: row?.interviewScore ?? scores.interviewScore ?? null,
			communicationScore: row?.communicationScore ?? scores.communicationScore ?? null,
			codingScore: row?.codingScore ?? scores.codingScore ?? null,
		},
		reportLink: row?.reportLink ?? event.reportLink ?? null,
		completedAt: rowCompletedAt ?? event.completedAt ?? null,
	};
	item.completionKey = completionKey(item.interviewId, email, instantOf(item.completedAt), delivery);
	if (event.deliveryId !== undefined) item.deliveryId = event.deliveryId;
	if (lookup !== undefined) item.metaData = (row?.metaData as IDataObject | undefined) ?? null;
	item.malformed = event.malformed;
	if (event.problems.length > 0) item.problems = event.problems;
	if (lookup !== undefined && 'error' in lookup) item.resultError = lookup.error;
	if (event.other !== undefined) item.other = event.other;
	return item;
}

/** The record call (repeatMemory.ts sends it) a body is: exactly that one key, naming `"<key> <attempt>"`; the body may be of any type. */
function recordCallOf(body: unknown): RecordCall | undefined {
	const record = (body as IDataObject | null | undefined)?.[RECORD_CALL] as IDataObject | null | undefined;
	const delivery = record?.delivery;
	if (typeof delivery !== 'string' || delivery.split(' ').length !== 2 || Object.keys(body as IDataObject).length !== 1) return undefined;
	return { delivery, signature: record?.signature };
}

export async function receiveEvent(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const registered = registeredCall(this.getWorkflowStaticData('node'), this.getQueryData() as IDataObject);
	// A queue-mode execution has its delivery recorded here, signed instead of the URL's secret.
	const recordCall = recordCallOf(this.getBodyData());
	if (recordCall !== undefined) {
		const recorded = recordCalled.call(this, recordCall, registered.secret);
		return recorded === false ? refuse.call(this, 401, { message: 'Unauthorized' }) : { webhookResponse: { message: 'Delivery recorded', ...recorded } };
	}
	const options = this.getNodeParameter('options', {}) as { includeResult?: boolean; verifySecret?: boolean };
	// Checked before anything else: an unverified caller learns nothing and starts nothing.
	if (options.verifySecret !== false && !registered.hasSecret) return refuse.call(this, 401, { message: 'Unauthorized' });

	const request = this.getRequestObject();
	// n8n leaves a body of a type it does not parse unread (docs/n8n-internals.md).
	if ((request.rawBody as Buffer | undefined) === undefined && request.body === undefined) await request.readRawBody();
	const selectedEvents = this.getNodeParameter('events', []) as string[];
	const event = readEvent(request.body, request.rawBody);
	const watched = pickedInterviewId(this);
	// Answered 200, so the sender stops retrying: a copied config or a forwarded event is no error here.
	if (event.interviewId !== undefined && watched !== undefined && event.interviewId !== watched) {
		const message = `Event for interview "${String(event.interviewId)}" received and ignored: this trigger watches interview "${watched}"`;
		return { webhookResponse: { message, eventType: event.eventType ?? null, interviewId: event.interviewId ?? null } };
	}
	if (!isSelected(selectedEvents, event)) {
		const label = EVENT_OPTIONS.find((option) => option.value === event.eventKind)?.name;
		const message = `Event "${String(event.eventType)}" (${label === undefined ? 'a kind this trigger does not know' : `"${label}"`}) received and ignored: not selected in the trigger's Events`;
		return { webhookResponse: { message, eventType: event.eventType ?? null, eventKind: event.eventKind ?? null } };
	}

	// The webhook called says how n8n answers, whatever the option says now.
	const whenFinished = this.getWebhookName() === ANSWER_WHEN_FINISHED;
	const admission = await admitDelivery.call(this, event, { savedLater: whenFinished, registered });
	const which = admission.deliveryId === undefined ? 'with the same body' : `"${admission.deliveryId}"`;
	if (admission.outcome === 'repeat') return { webhookResponse: { message: `Delivery ${which} received before: ignored as a repeat`, repeat: true } };
	if (admission.outcome === 'busy') return refuse.call(this, 503, { message: `Delivery ${which} is still being handled: deliver it again later`, retry: true });

	// The node listens to one interview, so an event that does not name one is about that one.
	const lookup = options.includeResult === true ? await lookUpResult.call(this, event.interviewId ?? watched, event) : undefined;
	const { key } = deliveryKey(event.eventType, event.deliveryId, request.rawBody, request.body);
	return startWorkflow.call(this, shapedEvent(event, key, lookup), admission, whenFinished);
}

/** Hands the marked item to n8n. The claim is given back if the call ends with no execution; answering when finished, it counts on success. */
function startWorkflow(this: IWebhookFunctions, json: IDataObject, admission: NewDelivery, whenFinished: boolean): IWebhookResponseData {
	const response = this.getResponseObject();
	let answered = false;
	response.once('finish', () => {
		answered = response.statusCode < 300;
		if (whenFinished) (answered ? admission.recordOnSuccess : admission.release)();
	});
	response.once('close', () => answered || admission.release());
	const item: INodeExecutionData = { json };
	if (admission.mark !== undefined) item[DELIVERY_MARK] = admission.mark;
	return whenFinished ? { workflowData: [[item]] } : { workflowData: [[item]], webhookResponse: STARTED_ANSWER };
}
