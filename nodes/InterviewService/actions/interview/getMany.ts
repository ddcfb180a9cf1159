import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { interview } from '../../schemas';
import type { Interview } from '../../schemas';
import { runPerItem } from '../../helpers/items';
import { limitOf, showFor, withoutUndefined } from '../../helpers/parameters';
import { collectPages } from '../../transport/pagination';
import { callApi } from '../../helpers/api';
import { returnAllOrLimit } from '../common.descriptions';

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
				options: [
					{ name: 'Draft', value: 'draft' },
					{ name: 'Published', value: 'published' },
				],
				default: 'published',
			},
		],
	},
];

export interface InterviewListQuery {
	limit?: number;
	status?: string;
	search?: string;
}

export function buildListQuery(this: IExecuteFunctions, itemIndex: number): InterviewListQuery {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const search = typeof filters.search === 'string' && filters.search.trim() !== '' ? filters.search.trim() : undefined;
	return withoutUndefined({
		limit: limitOf.call(this, itemIndex),
		status: (filters.status as string | undefined) || undefined,
		search,
	});
}

const interviewPage = z.array(interview);

/** Walks get-interviews; also used by the picker's search. */
export async function listInterviews(
	this: IExecuteFunctions,
	{ limit, status, search }: InterviewListQuery,
	itemIndex: number,
): Promise<Interview[]> {
	return await collectPages(
		async (page, pageLimit) =>
			await callApi(this, 'GET', '/api/v1/interview/get-interviews', interviewPage, {
				qs: withoutUndefined({ page, limit: pageLimit, status, search }),
				itemIndex,
			}),
		{ limit, keyOf: (item) => item.interviewId },
	);
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem(
		this,
		(itemIndex) => buildListQuery.call(this, itemIndex),
		async (query, itemIndex) => (await listInterviews.call(this, query, itemIndex)) as IDataObject[],
	);
}
