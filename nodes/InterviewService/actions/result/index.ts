import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany';

export const operations = { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['result'] } },
		options: [
			{ name: 'Get Many', value: 'getMany', description: 'Get the scores and report links of an interview\'s candidates', action: 'Get many results' },
		],
		default: 'getMany',
	},
	...getMany.description,
];
