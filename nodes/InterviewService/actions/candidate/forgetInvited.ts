import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { clearInvited } from './invitedHistory';
import { showFor } from '../common.descriptions';

export const description: INodeProperties[] = [
	{
		displayName:
			'Invite nodes of this workflow with "Skip Candidates Already Invited" will invite every candidate again. Nothing is sent to the Interview Service.',
		name: 'forgetInvitedNotice',
		type: 'notice',
		default: '',
		displayOptions: showFor('candidate', 'forgetInvited'),
	},
];

export function prepare(): null {
	return null;
}

/** Clears the workflow's memory of invited candidates; the output says how many entries it held. */
export async function send(this: IExecuteFunctions) {
	return { forgotten: await clearInvited(this) };
}
