import type { IHookFunctions, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchInterviews } from '../shared/methods/listSearch';
import { TRIGGER_DEFAULT_VERSION, triggerProperties } from './description';
import { createWebhook, deleteWebhook, webhookExists } from './lifecycle';
import { receiveEvent } from './webhook';

export class InterviewServiceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Interview Service Trigger',
		name: 'interviewServiceTrigger',
		icon: { light: 'file:../../icons/interviewService.svg', dark: 'file:../../icons/interviewService.dark.svg' },
		group: ['trigger'],
		// Version 2 has the same parameters and behaviour. n8n spends an expression evaluation on every
		// call to a version 1 webhook node (for the Webhook node's old Binary Data option; 2.41:
		// webhook-helpers.ts, parseRequestBody), in a V8 isolate of its own unless n8n already holds one.
		// Version 3 has the same parameters and gives the item one shape, each value once (event.ts, shapedEvent).
		version: [1, 2, TRIGGER_DEFAULT_VERSION],
		defaultVersion: TRIGGER_DEFAULT_VERSION,
		subtitle:
			'={{$parameter["events"].includes("*") ? "Any event" : $parameter["events"].length > 1 ? "Interview completed, cheat probability marked" : $parameter["events"].includes("cheatProbabilityMarked") ? "Cheat probability marked" : "Interview completed"}}',
		// n8n's nodes panel shows this for the app's one entry (the action node merged with its trigger), so it speaks for both.
		description: 'Run AI-conducted candidate interviews: invite candidates, read their results and start workflows when they finish',
		defaults: { name: 'Interview Service Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'interviewServiceApi', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// n8n answers itself: at once once it has stored the execution, or once the workflow has
				// finished (the Answer Once the Workflow Has Finished option), as its Webhook node does.
				responseMode: '={{$parameter["options"]["answerWhenFinished"] ? "lastNode" : "onReceived"}}',
				// Empty, so that an answer given at once is the node's own and one given at the end is the last node's items.
				responseData: '',
				path: 'webhook',
			},
		],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchInterviews } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await webhookExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createWebhook.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteWebhook.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveEvent.call(this);
	}
}
