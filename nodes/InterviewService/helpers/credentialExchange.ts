import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { credentialsBody } from '../schemas';
import { CREDENTIAL_TYPE } from '../transport/request';
import { validateRequest } from './validation';

/** Fields shared by Create Token and Create Link: the optional lifetime and the secret warning. */
export function credentialExchangeFields(displayOptions: INodeProperties['displayOptions'], secret: string): INodeProperties[] {
	return [
		{
			displayName: `The output holds ${secret}: anyone who sees it can act as your client until it expires. Keep it out of logs, chats and shared executions.`,
			name: 'secretNotice',
			type: 'notice',
			default: '',
			displayOptions,
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions,
			options: [
				{
					displayName: 'Expires In (Seconds)',
					name: 'expiresIn',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: 3600,
					description: 'Lifetime to ask for; without it the service chooses',
				},
			],
		},
	];
}

/** Body of the token and link exchanges, from the node's credential. */
export async function credentialExchangeBody(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body = {
		clientId: credentials.clientId,
		apiKey: credentials.apiKey,
		...(options.expiresIn === undefined ? {} : { expiresIn: options.expiresIn }),
	};
	return validateRequest(this, credentialsBody, body, itemIndex, {
		clientId: 'Client ID (credential)',
		apiKey: 'API Key (credential)',
		expiresIn: 'Expires In',
	}) as IDataObject;
}
