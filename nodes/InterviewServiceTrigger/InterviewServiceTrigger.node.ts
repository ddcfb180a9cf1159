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
		builderHint: {
			searchHint:
				'Starts a hiring or recruiting workflow when a candidate finishes an AI-conducted interview, with their scores and report link, e.g. to update the candidate in an ATS or tell the recruiter. The Interview Service calls n8n; when it cannot reach this n8n, use the Interview Service Results Trigger, which polls.',
			relatedNodes: [
				{ nodeType: 'n8n-nodes-base.httpRequest', relationHint: 'Sends the finished candidate\'s scores and report link to an ATS' },
				{ nodeType: 'n8n-nodes-base.googleSheets', relationHint: 'Appends one row of scores per candidate who finished' },
				{ nodeType: 'n8n-nodes-base.webhook', relationHint: 'Receives candidates from an ATS in another workflow, which the Interview Service node invites; this trigger then starts when each finishes' },
				{ nodeType: 'n8n-nodes-base.scheduleTrigger', relationHint: 'Runs a periodic export of every result instead of one run per finished candidate' },
			],
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'interviewServiceApi', required: true }],
		// The first answers at once, the second once the workflow has finished; the interview holds the URL the options pick
		// (lifecycle.ts). The node registers the second itself, so the editor shows only the first.
		webhooks: [
			{ name: ANSWER_AT_ONCE, httpMethod: 'POST', responseMode: 'onReceived', responseData: '', path: 'webhook' },
			{ name: ANSWER_WHEN_FINISHED, httpMethod: 'POST', responseMode: 'lastNode', responseData: '', path: 'webhook-when-finished', ndvHideUrl: true },
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
