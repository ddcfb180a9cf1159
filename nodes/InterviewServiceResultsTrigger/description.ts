import type { INodeProperties } from 'n8n-workflow';

import { interviewLocator } from '../shared/interviewLocator';
import { WATCH_ALL_PUBLISHED, WATCH_ONE } from './poll';

export const resultsTriggerProperties: INodeProperties[] = [
	{
		displayName: 'Watch',
		name: 'watch',
		type: 'options',
		default: WATCH_ONE,
		options: [
			{
				name: 'All Published Interviews',
				value: WATCH_ALL_PUBLISHED,
				description: 'Every interview whose status is "published", read page by page at each poll',
			},
			{ name: 'One Interview', value: WATCH_ONE },
		],
		description: 'Which interviews to poll for results',
	},
	{
		...interviewLocator,
		description: 'The interview whose results to poll',
		displayOptions: { show: { watch: [WATCH_ONE] } },
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
	},
];
