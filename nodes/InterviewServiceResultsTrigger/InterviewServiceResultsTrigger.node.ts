import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchInterviews } from '../shared/methods/listSearch';
import { resultsTriggerProperties } from './description';
import { pollResults } from './poll';

export class InterviewServiceResultsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Interview Service Results Trigger',
		name: 'interviewServiceResultsTrigger',
		icon: { light: 'file:../../icons/interviewService.svg', dark: 'file:../../icons/interviewService.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["watch"] === "allPublished" ? "All published interviews" : "One interview"}}',
		description: 'Starts the workflow when a candidate result is ready, by polling (for n8n hosts the service cannot reach)',
		polling: true,
		defaults: { name: 'Interview Service Results Trigger' },
		builderHint: {
			searchHint:
				'Starts a hiring or recruiting workflow when a candidate\'s AI-conducted interview result is ready, by polling the Interview Service: for an n8n the service cannot call (behind a firewall, on a laptop). Its items hold the candidate, the interview, the scores and the report link.',
			relatedNodes: [
				{ nodeType: 'n8n-nodes-base.httpRequest', relationHint: 'Sends each new result\'s scores and report link to an ATS' },
				{ nodeType: 'n8n-nodes-base.googleSheets', relationHint: 'Appends one row of scores per new result' },
				{ nodeType: 'n8n-nodes-base.webhook', relationHint: 'Receives candidates from an ATS in another workflow, which the Interview Service node invites; this trigger then reads their results' },
				{ nodeType: 'n8n-nodes-base.scheduleTrigger', relationHint: 'Runs a weekly export of all results at once; this trigger instead starts once per new result, on its own poll times' },
			],
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'interviewServiceApi', required: true }],
		properties: resultsTriggerProperties,
	};

	methods = { listSearch: { searchInterviews } };

	poll = pollResults;
}
