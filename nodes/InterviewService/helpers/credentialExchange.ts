import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { credentialsBody } from '../../shared/contract/auth';
import { CREDENTIAL_TYPE, tokenRequestBody } from '../../shared/interviewServiceCredential';
import { validateRequest } from './parameters';

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
	return validateRequest(this, credentialsBody, tokenRequestBody(credentials, options.expiresIn), itemIndex, {
		clientId: 'Client ID (credential)',
		apiKey: 'API Key (credential)',
		expiresIn: 'Expires In',
	}) as IDataObject;
}
