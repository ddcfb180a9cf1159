import type { INodeProperties } from 'n8n-workflow';

import * as cancelScheduled from './cancelScheduled';
import * as forgetInvited from './forgetInvited';
import * as invite from './invite';

export { cancelScheduled, forgetInvited, invite };

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
				description: 'Clear this workflow\'s memory of invited candidates, so Skip Candidates Already Invited invites them again',
				action: 'Forget invited candidates',
			},
			{
				name: 'Invite',
				value: 'invite',
				description: 'Create pre-authenticated interview links for candidates, many per request',
				action: 'Invite candidates',
			},
		],
		default: 'invite',
	},
	...invite.description,
	...cancelScheduled.description,
	...forgetInvited.description,
];
