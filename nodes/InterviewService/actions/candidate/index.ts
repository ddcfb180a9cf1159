import type { INodeProperties } from 'n8n-workflow';

import * as cancelScheduled from './cancelScheduled';
import * as forgetInvited from './forgetInvited';
import * as invite from './invite';

export const operations = { cancelScheduled, forgetInvited, invite };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['candidate'] } },
		options: [
			{
				name: 'Cancel Scheduled',
				value: 'cancelScheduled',
				description: 'Cancel scheduled candidates of an interview by e-mail',
				action: 'Cancel scheduled candidates',
			},
			{
				name: 'Forget Invited Candidates',
				value: 'forgetInvited',
				description: 'Make this workflow forget whom it invited (all, or chosen candidates), so Skip Already Invited invites them again. Runs once per execution.',
				action: 'Forget invited candidates',
			},
			{
				name: 'Invite',
				value: 'invite',
				description: 'Create pre-authenticated interview links: one candidate per input item, or each e-mail listed in Email',
				action: 'Invite candidates',
			},
		],
		default: 'invite',
	},
	...invite.description,
	...cancelScheduled.description,
	...forgetInvited.description,
];
