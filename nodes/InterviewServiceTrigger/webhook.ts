import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { CandidateResult } from '../shared/contract';
import { emailKey } from '../shared/email';
import { pickedInterviewId } from '../shared/interviewLocator';
import { completedAtOf, instantOf, isCompleted, simplifyResult } from '../shared/results';
import { fetchCandidateResults } from '../shared/transport/lists';
import { KIND_LABELS, readEvent, shapedEvent } from './event';
import type { NormalisedEvent, ResultLookup } from './event';
import { ANSWER_WHEN_FINISHED, hasRegisteredSecret, isSignedDelivery, recordCallFor } from './lifecycle';
import { DELIVERY_MARK, admitDelivery, recordCallDelivery, recordCalled } from './repeatMemory';
import type { NewDelivery } from './repeatMemory';

interface TriggerOptions {
	includeResult?: boolean;
	verifySecret?: boolean;
}

/** n8n's own answer to a call that started a workflow, kept for senders that read it. */
const STARTED_ANSWER = { message: 'Workflow was started' };

/** The answer to an event the trigger's Events leave out: it names the event, so nothing goes unremarked. */
function ignoredAnswer(event: NormalisedEvent): IDataObject {
	const kind = event.eventKind === undefined ? 'a kind this trigger does not know' : `"${KIND_LABELS[event.eventKind]}"`;
	return {
		message: `Event "${String(event.eventType)}" (${kind}) received and ignored: not selected in the trigger's Events`,
		eventType: event.eventType ?? null,
		eventKind: event.eventKind ?? null,
	};
}

function otherInterviewAnswer(event: NormalisedEvent, watched: string): IDataObject {
	return {
		message: `Event for interview "${String(event.interviewId)}" received and ignored: this trigger watches interview "${watched}"`,
		eventType: event.eventType ?? null,
		interviewId: event.interviewId ?? null,
	};
}

/**
 * The candidate's row this event is about, when the candidate has several (a re-attempt): the one
 * with the event's report link, else the one completed at the event's time, else the last
 * completed row, else the last row.
 */
export function rowOfEvent(rows: CandidateResult[], event: Pick<NormalisedEvent, 'reportLink' | 'completedAt'>): CandidateResult | undefined {
	const byLink = event.reportLink === undefined ? undefined : rows.find((row) => row.reportLink === event.reportLink);
	if (byLink) return byLink;
	const eventTime = instantOf(event.completedAt);
	const byTime = eventTime === undefined ? undefined : rows.find((row) => completedAtOf(row) === eventTime);
	if (byTime) return byTime;
	const completed = rows.filter(isCompleted);
	return completed[completed.length - 1] ?? rows[rows.length - 1];
}

/**
 * The candidate's row, matched by e-mail without case. A failed lookup is reported, never thrown:
 * the event itself has arrived and must not be lost because the results endpoint had a bad moment.
 */
export async function lookUpResult(
	this: IWebhookFunctions,
	interviewId: string | undefined,
	event: Pick<NormalisedEvent, 'candidateEmail' | 'reportLink' | 'completedAt'>,
): Promise<ResultLookup> {
	const { candidateEmail } = event;
	if (interviewId === undefined || candidateEmail === undefined) {
		return { error: 'The event names no interview or candidate e-mail to look up' };
	}
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

/** Include Result in versions 1 and 2: the row beside the event, as `result` (simplified) and `resultRaw`. */
function resultFields(lookup: ResultLookup): IDataObject {
	if ('error' in lookup) return { result: null, resultError: lookup.error };
	return { result: simplifyResult(lookup.row) as unknown as IDataObject, resultRaw: lookup.row as IDataObject };
}

/** Version 3 gives the event one shape, each value once (`shapedEvent`); versions 1 and 2 keep the body with fields added. */
const SHAPED_FROM_VERSION = 3;

/**
 * From node version 2 on, n8n parses only the content types it knows (JSON, text, form, XML) and
 * leaves any other body unread (webhook-helpers.ts, parseRequestBody); version 1 had every body
 * read. Read it here, so an event is read whatever content type its sender gives it.
 */
async function readUnparsedBody(request: ReturnType<IWebhookFunctions['getRequestObject']>): Promise<void> {
	if ((request.rawBody as Buffer | undefined) === undefined && request.body === undefined) await request.readRawBody();
}

export async function receiveEvent(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const staticData = this.getWorkflowStaticData('node');
	// An execution that ran a delivery elsewhere (queue mode) has it recorded here: signed, not by the URL's secret.
	const recordCall = recordCallDelivery(this.getBodyData());
	if (recordCall !== undefined) {
		if (!isSignedDelivery(staticData, recordCall.delivery, recordCall.signature)) {
			this.getResponseObject().status(401).json({ message: 'Unauthorized' });
			return { noWebhookResponse: true };
		}
		recordCalled.call(this, recordCall.delivery);
		return { webhookResponse: { message: 'Delivery recorded' } };
	}
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	// Checked before anything else: an unverified caller learns nothing and starts nothing.
	if (options.verifySecret !== false && !hasRegisteredSecret(staticData, this.getQueryData() as IDataObject)) {
		this.getResponseObject().status(401).json({ message: 'Unauthorized' });
		return { noWebhookResponse: true };
	}

	const request = this.getRequestObject();
	await readUnparsedBody(request);
	const event = readEvent(request.body, request.rawBody, this.getNodeParameter('events', []) as string[]);
	const watched = pickedInterviewId(this) ?? '';
	// Answered 200, so the sender stops retrying: a copied config or a forwarded event is no error here.
	if (event.interviewId !== undefined && watched !== '' && event.interviewId !== watched) {
		return { webhookResponse: otherInterviewAnswer(event, watched) };
	}
	if (!event.selected) {
		return { webhookResponse: ignoredAnswer(event) };
	}

	// The webhook called says how n8n answers (the node's two webhooks), whatever the option says now.
	const whenFinished = this.getWebhookName() === ANSWER_WHEN_FINISHED;
	const admission = await admitDelivery.call(this, event, {
		savedLater: whenFinished,
		recordCallFor: (delivery) => recordCallFor(staticData, delivery),
	});
	const which = admission.deliveryId === undefined ? 'with the same body' : `"${admission.deliveryId}"`;
	if (admission.outcome === 'repeat') {
		return { webhookResponse: { message: `Delivery ${which} received before: ignored as a repeat`, repeat: true } };
	}
	if (admission.outcome === 'busy') {
		this.getResponseObject().status(503).json({ message: `Delivery ${which} is still being handled: deliver it again later`, retry: true });
		return { noWebhookResponse: true };
	}

	// The node listens to one interview, so an event that does not name one is about that one.
	const lookup = options.includeResult === true ? await lookUpResult.call(this, (event.interviewId ?? watched) || undefined, event) : undefined;
	const shaped = (this.getNode().typeVersion ?? 1) >= SHAPED_FROM_VERSION;
	const json = shaped ? shapedEvent(event, lookup) : { ...event.json, ...(lookup && resultFields(lookup)) };
	return startWorkflow.call(this, json, admission, whenFinished);
}

/**
 * Hands the item to n8n, with the mark its execution's step reads (`passOnDeliveries`). n8n answers:
 * at once (2.41 once it has stored the execution; 1.x before) or once the workflow has finished.
 * The claim is given back when the call ends with no execution taken from it; answering once
 * finished, the delivery counts once that answer has gone out as a success.
 */
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
