import type { INodeProperties } from 'n8n-workflow';

import * as create from './create';
import * as get from './get';
import * as getMany from './getMany';
import * as update from './update';
import * as updateSettings from './updateSettings';

export const operations = { create, get, getMany, update, updateSettings };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['interview'] } },
		options: [
			{ name: 'Create', value: 'create', description: 'Create an interview from a job description', action: 'Create an interview' },
			{ name: 'Get', value: 'get', description: 'Get an interview', action: 'Get an interview' },
			{ name: 'Get Many', value: 'getMany', description: 'Get many interviews', action: 'Get many interviews' },
			{
				name: 'Update',
				value: 'update',
				description: 'Update an interview\'s name, role, experience, metadata, competencies or publish flag',
				action: 'Update an interview',
			},
			{
				name: 'Update Settings',
				value: 'updateSettings',
				description: 'Update an interview\'s name, config, metadata or publish flag',
				action: 'Update interview settings',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getMany.description,
	...update.description,
	...updateSettings.description,
];
