import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { credentialsBody } from '../../shared/contract/auth';
import type { endpoints } from '../../shared/contract/endpoints';
import { CREDENTIAL_TYPE, tokenRequestBody } from '../../shared/interviewServiceCredential';
import { apiRequest } from '../../shared/transport/request';
import type { NodeRun } from './operationContract';
import { validateRequest } from './parameters';

const CREDENTIAL_LABELS = { clientId: 'Client ID (credential)', apiKey: 'API Key (credential)', expiresIn: 'Expires In' };

/** Body of the token and link exchanges, from the node's credential. */
async function credentialExchangeBody(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return validateRequest(this, credentialsBody, tokenRequestBody(credentials, options.expiresIn), itemIndex, CREDENTIAL_LABELS) as IDataObject;
}

/** Create Token or Create Link: the credential exchanged at `endpoint` for `secret`, with an optional lifetime and a warning. */
export function credentialExchange(endpoint: (typeof endpoints)['createToken' | 'createLink'], displayOptions: IDisplayOptions, secret: string) {
	const description: INodeProperties[] = [
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
	return {
		description,
		prepare: credentialExchangeBody,
		async send(this: IExecuteFunctions, body: IDataObject, itemIndex: number, run: NodeRun) {
			return await apiRequest.call(run.requests, endpoint, { body, itemIndex });
		},
	};
}
