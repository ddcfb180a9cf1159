import type { IHookFunctions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchInterviews } from '../shared/methods/listSearch';
import { TRIGGER_DEFAULT_VERSION, TRIGGER_SUBTITLE, triggerProperties } from './description';
import { ANSWER_AT_ONCE, ANSWER_WHEN_FINISHED, createWebhook, deleteWebhook, webhookExists } from './lifecycle';
import { passOnDeliveries } from './repeatMemory';
import { receiveEvent } from './webhook';

export class InterviewServiceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Interview Service Trigger',
		name: 'interviewServiceTrigger',
		icon: { light: 'file:../../icons/interviewService.svg', dark: 'file:../../icons/interviewService.dark.svg' },
		group: ['trigger'],
		// All have the same parameters. Version 2 behaves as 1 and costs n8n less per call (docs/n8n-internals.md);
		// version 3 gives the item one shape, each value once (webhook.ts, shapedEvent); version 4 switches an
		// option on when it is added.
		version: [1, 2, 3, TRIGGER_DEFAULT_VERSION],
		defaultVersion: TRIGGER_DEFAULT_VERSION,
		subtitle: TRIGGER_SUBTITLE,
		// n8n's nodes panel shows this for the app's one entry (the action node merged with its trigger), so it speaks for both.
		description: 'Run AI-conducted candidate interviews: invite candidates, read their results and start workflows when they finish',
		defaults: { name: 'Interview Service Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'interviewServiceApi', required: true }],
		// n8n answers itself, as its Webhook node does: on the first webhook at once, on the second once
		// the workflow has finished. The interview holds the URL of the one the options pick (lifecycle.ts).
		webhooks: [
			{
				name: ANSWER_AT_ONCE,
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// Empty, so that the answer is the node's own.
				responseData: '',
				path: 'webhook',
			},
			{
				name: ANSWER_WHEN_FINISHED,
				httpMethod: 'POST',
				responseMode: 'lastNode',
				// Empty: the last node's items.
				responseData: '',
				path: 'webhook-when-finished',
				// The node registers its URL itself; the editor shows only the first one.
				ndvHideUrl: true,
			},
		],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchInterviews } };

	webhookMethods = {
		// n8n's lint rule (webhook-lifecycle-complete) reads the three as functions written here.
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

	// n8n runs it only once it has stored the execution: a delivery is recorded there, never before its execution exists.
	execute = passOnDeliveries;
}
