import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { CandidateResult } from '../shared/contract';
import { emailKey } from '../shared/email';
import { pickedInterviewId } from '../shared/interviewLocator';
import { completedAtOf, fetchCandidateResults, instantOf, isCompleted, simplifyResult } from '../shared/results';
import { KIND_LABELS, readEvent } from './event';
import type { NormalisedEvent } from './event';
import { hasRegisteredSecret } from './lifecycle';
import { isRepeat } from './repeatMemory';

interface TriggerOptions {
	includeResult?: boolean;
	verifySecret?: boolean;
}

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
 * The candidate's result, matched by e-mail without case, as `result` (simplified) and
 * `resultRaw`. A failed lookup is reported on the item, never thrown: the event itself has
 * arrived and must not be lost because the results endpoint had a bad moment.
 */
export async function resultFields(
	this: IWebhookFunctions,
	interviewId: string | undefined,
	event: Pick<NormalisedEvent, 'candidateEmail' | 'reportLink' | 'completedAt'>,
): Promise<IDataObject> {
	const { candidateEmail } = event;
	if (interviewId === undefined || candidateEmail === undefined) {
		return { result: null, resultError: 'The event names no interview or candidate e-mail to look up' };
	}
	let results: CandidateResult[];
	try {
		results = await fetchCandidateResults.call(this, interviewId, candidateEmail);
	} catch (error) {
		return { result: null, resultError: (error as Error).message };
	}
	const wanted = emailKey(candidateEmail);
	const matches = results.filter((result) => emailKey(result.candidate?.email) === wanted);
	const match = rowOfEvent(matches, event);
	if (match === undefined) return { result: null, resultError: 'No result for this candidate yet' };
	return { result: simplifyResult(match) as unknown as IDataObject, resultRaw: match as IDataObject };
}

/**
 * From node version 2 on, n8n parses only the content types it knows (JSON, text, form, XML) and
 * leaves any other body unread (webhook-helpers.ts, parseRequestBody); version 1 had every body
 * read. Read it here, so an event is read whatever content type its sender gives it.
 */
async function readUnparsedBody(request: ReturnType<IWebhookFunctions['getRequestObject']>): Promise<void> {
	if ((request.rawBody as Buffer | undefined) === undefined && request.body === undefined) await request.readRawBody();
}

export async function receiveEvent(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	// Checked before anything else: an unverified caller learns nothing and starts nothing.
	if (options.verifySecret !== false && !hasRegisteredSecret(this.getWorkflowStaticData('node'), this.getQueryData() as IDataObject)) {
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

	const { repeat, deliveryId } = isRepeat.call(this, event);
	if (repeat) {
		const which = deliveryId === undefined ? 'with the same body' : `"${deliveryId}"`;
		return { webhookResponse: { message: `Delivery ${which} received before: ignored as a repeat`, repeat: true } };
	}

	let json = event.json;
	if (options.includeResult === true) {
		// The node listens to one interview, so an event that does not name one is about that one.
		const interviewId = event.interviewId ?? watched;
		json = { ...json, ...(await resultFields.call(this, interviewId || undefined, event)) };
	}
	return startWorkflow.call(this, json);
}

/**
 * Starts the execution, answering the call ourselves. n8n (2.41) saves the static data that
 * `webhook()` changed when the answer is handed over: if n8n answers for us, it first prepares
 * the execution, which wraps the same static data anew and clears its "changed" mark, so the
 * remembered delivery would never reach the database. Answering here saves it before that
 * (packages/cli/src/webhooks/webhook-helpers.ts, `noWebhookResponse`; workflow-runner.ts,
 * `establishContextForPersistence`).
 */
function startWorkflow(this: IWebhookFunctions, json: IDataObject): IWebhookResponseData {
	this.getResponseObject().status(200).json({ message: 'Workflow was started' });
	return { noWebhookResponse: true, workflowData: [[{ json }]] };
}
