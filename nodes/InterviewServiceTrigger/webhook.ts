import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { pickedInterviewId } from '../shared/interviewLocator';
import { claimInProcess, deliveryKey, remember, wasSeen } from './dedupe';
import { readEvent } from './event';
import type { NormalisedEvent } from './event';
import { KIND_LABELS, isSelected } from './eventKind';
import { resultFields } from './includeResult';
import { readRegistration } from './registration';
import { receivedSecret, secretMatches } from './secret';

interface TriggerOptions {
	includeResult?: boolean;
	verifySecret?: boolean;
}

function hasValidSecret(this: IWebhookFunctions): boolean {
	const registration = readRegistration(this.getWorkflowStaticData('node'));
	return secretMatches(registration?.webhookSecret, receivedSecret(this.getQueryData() as IDataObject));
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
 * Whether this delivery was received before (and otherwise remembers it). Listening for a test
 * event never counts repeats, so the same sample can be sent again while building a workflow.
 */
function isRepeat(this: IWebhookFunctions, event: NormalisedEvent): { repeat: boolean; deliveryId?: string } {
	if (this.getMode() === 'manual') return { repeat: false };
	const request = this.getRequestObject();
	const { key, deliveryId } = deliveryKey(event.eventType, event.body, request.rawBody, request.body);
	const staticData = this.getWorkflowStaticData('node');
	const scope = `${this.getWorkflow().id ?? ''}:${this.getNode().id ?? this.getNode().name}`;
	// Checked in this order on purpose: a key found in static data must not be claimed in the process.
	if (wasSeen(staticData, key) || !claimInProcess(scope, key)) return { repeat: true, deliveryId };
	remember(staticData, key, scope);
	return { repeat: false, deliveryId };
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
	if (options.verifySecret !== false && !hasValidSecret.call(this)) {
		this.getResponseObject().status(401).json({ message: 'Unauthorized' });
		return { noWebhookResponse: true };
	}

	const request = this.getRequestObject();
	await readUnparsedBody(request);
	const event = readEvent(request.body, request.rawBody);
	const watched = pickedInterviewId(this) ?? '';
	// Answered 200, so the sender stops retrying: a copied config or a forwarded event is no error here.
	if (event.interviewId !== undefined && watched !== '' && event.interviewId !== watched) {
		return { webhookResponse: otherInterviewAnswer(event, watched) };
	}
	if (!isSelected(this.getNodeParameter('events', []) as string[], event.eventType)) {
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
