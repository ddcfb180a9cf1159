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
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'interviewServiceApi', required: true }],
		properties: resultsTriggerProperties,
	};

	methods = { listSearch: { searchInterviews } };

	poll = pollResults;
}
