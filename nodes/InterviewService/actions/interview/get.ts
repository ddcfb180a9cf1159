import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { interview } from '../../../shared/contract';
import { runPerItem } from '../../helpers/runPerItem';
import { interviewIdOf, showFor } from '../../helpers/parameters';
import { apiRequest } from '../../../shared/transport/request';
import { interviewLocator } from '../../../shared/interviewLocator';

export const description: INodeProperties[] = [{ ...interviewLocator, displayOptions: showFor('interview', 'get') }];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem(
		this,
		(itemIndex) => interviewIdOf.call(this, itemIndex),
		async (interviewId, itemIndex) =>
			(await apiRequest(this, 'GET', `/api/v1/interview/get-interview/${encodeURIComponent(interviewId)}`, interview, {
				itemIndex,
			})) as IDataObject,
	);
}
