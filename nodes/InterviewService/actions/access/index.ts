import type { INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../shared/contract/endpoints';
import { credentialExchange } from '../../helpers/credentialExchange';
import { HIDDEN_FROM_TOOLS } from '../../helpers/toolUse';
import { showFor } from '../common.descriptions';

const createLink = credentialExchange(endpoints.createLink, showFor('access', 'createLink'), 'a presigned URL that carries an access token');
const createToken = credentialExchange(endpoints.createToken, showFor('access', 'createToken'), 'a bearer access token');

export const operations = { createLink, createToken };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['access'] }, hide: HIDDEN_FROM_TOOLS },
		options: [
			{
				name: 'Create Link',
				value: 'createLink',
				description: 'Exchange the credential\'s client ID and API key for a presigned access URL',
				action: 'Create an access link',
			},
			{
				name: 'Create Token',
				value: 'createToken',
				description: 'Exchange the credential\'s client ID and API key for a bearer access token',
				action: 'Create an access token',
			},
		],
		default: 'createToken',
	},
	...createToken.description,
	...createLink.description,
];
