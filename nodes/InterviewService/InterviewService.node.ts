import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as access from './actions/access';
import * as candidate from './actions/candidate';
import * as interview from './actions/interview';
import * as result from './actions/result';
import { requestOptionsCollection } from './actions/common.descriptions';
import { router } from './actions/router';
import { HIDDEN_FROM_TOOLS } from './helpers/toolUse';
import { searchInterviews } from '../shared/methods/listSearch';

export class InterviewService implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Interview Service',
		name: 'interviewService',
		icon: { light: 'file:../../icons/interviewService.svg', dark: 'file:../../icons/interviewService.dark.svg' },
		group: ['transform'],
		version: 1,
		// The chosen operation's action in plain words, as the nodes panel lists it (a unit test holds the two equal).
		subtitle:
			'={{ ({"access:createLink": "Create an access link", "access:createToken": "Create an access token", "candidate:cancelScheduled": "Cancel scheduled candidates", "candidate:forgetInvited": "Forget invited candidates", "candidate:invite": "Invite candidates", "interview:create": "Create an interview", "interview:get": "Get an interview", "interview:getMany": "Get many interviews", "interview:update": "Update an interview", "interview:updateSettings": "Update interview settings", "result:getMany": "Get many results"})[$parameter["resource"] + ":" + $parameter["operation"]] ?? $parameter["operation"] }}',
		description: 'Create AI-conducted interviews, invite candidates and read their results',
		defaults: { name: 'Interview Service' },
		builderHint: {
			searchHint:
				'Hiring and recruiting with AI-conducted interviews: create an interview for a job, invite candidates (each gets their own interview link), and read candidates\' scores and report links. Use it to invite candidates from an ATS, a form or a spreadsheet, to export interview results, or as an agent\'s tool to list interviews and invite candidates.',
			relatedNodes: [
				{ nodeType: 'n8n-nodes-base.scheduleTrigger', relationHint: 'Runs a weekly export of interview results, or a sync that invites the candidates an ATS lists' },
				{ nodeType: 'n8n-nodes-base.httpRequest', relationHint: 'Reads the candidates to invite from an ATS, or sends their interview links and scores back to it' },
				{ nodeType: 'n8n-nodes-base.googleSheets', relationHint: 'Holds the candidates to invite, or receives one row of scores per candidate who finished' },
				{ nodeType: 'n8n-nodes-base.webhook', relationHint: 'Receives new candidates from an ATS, whom this node invites; Respond to Webhook answers with their links' },
			],
		},
		usableAsTool: true,
		// Create Token and Create Link output a bearer token and a presigned link: n8n 2.x always redacts these in executions.
		sensitiveOutputFields: ['accessToken', 'presignedUrl'],
		inputs: [NodeConnectionTypes.Main],
		// One output; Invite with Skip Already Invited has a second one for the candidates it skipped.
		outputs: `={{ $parameter.resource === "candidate" && $parameter.operation === "invite" && ($parameter.options || {}).skipAlreadyInvited === true ? [{ type: "${NodeConnectionTypes.Main}", displayName: "Invited" }, { type: "${NodeConnectionTypes.Main}", displayName: "Skipped" }] : ["${NodeConnectionTypes.Main}"] }}`,
		credentials: [{ name: 'interviewServiceApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					// Not offered to the node as a tool, nor run by it (helpers/toolUse.ts).
					{ name: 'Access', value: 'access', displayOptions: { hide: HIDDEN_FROM_TOOLS } },
					{ name: 'Candidate', value: 'candidate' },
					{ name: 'Interview', value: 'interview' },
					{ name: 'Result', value: 'result' },
				],
				default: 'interview',
			},
			...access.description,
			...candidate.description,
			...interview.description,
			...result.description,
			requestOptionsCollection,
		],
	};

	methods = { listSearch: { searchInterviews } };

	execute = router;
}
