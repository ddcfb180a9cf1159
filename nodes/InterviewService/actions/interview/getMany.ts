import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { limitOf } from '../../helpers/parameters';
import { withoutUndefined } from '../../../shared/plainObjects';
import { listInterviews } from '../../../shared/transport/lists';
import { returnAllOrLimit, showFor } from '../common.descriptions';
import { interviewOutput, simplifyOption } from './simplifiedInterview';
import type { NodeRun } from '../../helpers/operationContract';

const displayOptions = showFor('interview', 'getMany');

export const description: INodeProperties[] = [
	...returnAllOrLimit(displayOptions),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				description: 'Text matched by the service against the interview name and its metadata',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [{ name: 'Draft', value: 'draft' }, { name: 'Published', value: 'published' }],
				default: 'published',
			},
		],
	},
	{ ...simplifyOption, displayOptions },
];

interface InterviewListQuery {
	limit?: number;
	status?: string;
	search?: string;
	simplify: boolean;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): InterviewListQuery {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const search = typeof filters.search === 'string' && filters.search.trim() !== '' ? filters.search.trim() : undefined;
	return withoutUndefined({
		limit: limitOf.call(this, itemIndex),
		status: (filters.status as string | undefined) || undefined,
		search,
		simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
	});
}

export async function send(this: IExecuteFunctions, { simplify, ...query }: InterviewListQuery, itemIndex: number, run: NodeRun) {
	return (await listInterviews.call(run.requests, { ...query, itemIndex })).map((interview) => interviewOutput(interview, simplify));
}
