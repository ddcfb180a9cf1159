import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { interview } from '../../schemas';
import { runPerItem } from '../../helpers/items';
import { interviewIdOf, showFor } from '../../helpers/parameters';
import { callApi } from '../../helpers/api';
import { interviewLocator } from '../common.descriptions';

export const description: INodeProperties[] = [{ ...interviewLocator, displayOptions: showFor('interview', 'get') }];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem(
		this,
		(itemIndex) => interviewIdOf.call(this, itemIndex),
		async (interviewId, itemIndex) =>
			(await callApi(this, 'GET', `/api/v1/interview/get-interview/${encodeURIComponent(interviewId)}`, interview, {
				itemIndex,
			})) as IDataObject,
	);
}
