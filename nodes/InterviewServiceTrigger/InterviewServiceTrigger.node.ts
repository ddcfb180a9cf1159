import type { IHookFunctions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchInterviews } from '../shared/methods/listSearch';
import { TRIGGER_SUBTITLE, triggerProperties } from './description';
import { ANSWER_AT_ONCE, ANSWER_WHEN_FINISHED, createWebhook, deleteWebhook, webhookExists } from './lifecycle';
import { passOnDeliveries } from './repeatMemory';
import { receiveEvent } from './webhook';

export class InterviewServiceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Interview Service Trigger',
		name: 'interviewServiceTrigger',
		icon: { light: 'file:../../icons/interviewService.svg', dark: 'file:../../icons/interviewService.dark.svg' },
		group: ['trigger'],
		// Not 1: n8n reads a webhook node of version 1 at a cost per call (docs/n8n-internals.md#reading-the-body).
		version: 1.1,
		subtitle: TRIGGER_SUBTITLE,
		// n8n's nodes panel shows this for the app's one entry (the action node merged with its trigger), so it speaks for both.
		description: 'Run AI-conducted candidate interviews: invite candidates, read their results and start workflows when they finish',
		defaults: { name: 'Interview Service Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'interviewServiceApi', required: true }],
		// The first answers at once with the node's answer, the second with the last node's items once the workflow
		// has finished; the interview holds the URL of the one the options pick (lifecycle.ts).
		webhooks: [
			{
				name: ANSWER_AT_ONCE,
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: '',
				path: 'webhook',
			},
			{
				name: ANSWER_WHEN_FINISHED,
				httpMethod: 'POST',
				responseMode: 'lastNode',
				responseData: '',
				path: 'webhook-when-finished',
				// Registered by the node itself; the editor shows only the first.
				ndvHideUrl: true,
			},
		],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchInterviews } };

	webhookMethods = {
		// Written here because n8n's lint rule (webhook-lifecycle-complete) reads them here.
		default: {
			async checkExists(this: IHookFunctions) {
				return await webhookExists.call(this);
			},
			async create(this: IHookFunctions) {
				return await createWebhook.call(this);
			},
			async delete(this: IHookFunctions) {
				return await deleteWebhook.call(this);
			},
		},
	};

	webhook = receiveEvent;

	// Runs only once n8n has stored the execution, so a delivery is recorded there (docs/n8n-internals.md).
	execute = passOnDeliveries;
}
