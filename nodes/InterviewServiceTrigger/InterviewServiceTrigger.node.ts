import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchInterviews } from '../shared/methods/listSearch';
import { TRIGGER_DEFAULT_VERSION, TRIGGER_SUBTITLE, triggerProperties } from './description';
import { ANSWER_AT_ONCE, ANSWER_WHEN_FINISHED, webhookLifecycle } from './lifecycle';
import { passOnDeliveries } from './repeatMemory';
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
		// Version 3 has the same parameters and gives the item one shape, each value once (webhook.ts, shapedEvent).
		version: [1, 2, TRIGGER_DEFAULT_VERSION],
		defaultVersion: TRIGGER_DEFAULT_VERSION,
		subtitle: TRIGGER_SUBTITLE,
		// n8n's nodes panel shows this for the app's one entry (the action node merged with its trigger), so it speaks for both.
		description: 'Run AI-conducted candidate interviews: invite candidates, read their results and start workflows when they finish',
		defaults: { name: 'Interview Service Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'interviewServiceApi', required: true }],
		// n8n answers itself, as its Webhook node does: on the first webhook once it has stored the
		// execution, on the second once the workflow has finished. The interview holds the URL of the
		// one the option Answer Once the Workflow Has Finished picks (lifecycle.ts).
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

	webhookMethods = { default: webhookLifecycle };

	webhook = receiveEvent;

	// n8n runs a node's execute() for its start item only once it has stored the execution, on every
	// line: so a delivery is recorded there, never before its execution exists (repeatMemory.ts).
	execute = passOnDeliveries;
}
