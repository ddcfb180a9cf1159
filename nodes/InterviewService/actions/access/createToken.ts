import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { tokenData } from '../../../shared/contract';
import { credentialExchangeBody, credentialExchangeFields } from '../../helpers/credentialExchange';
import { runPerItem } from '../../helpers/runPerItem';
import { showFor } from '../../helpers/parameters';
import { apiRequest } from '../../../shared/transport/request';

export const description: INodeProperties[] = credentialExchangeFields(
	showFor('access', 'createToken'),
	'a bearer access token',
);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem(
		this,
		async (itemIndex) => await credentialExchangeBody.call(this, itemIndex),
		async (body, itemIndex) =>
			(await apiRequest(this, 'POST', '/api/v1/auth/token', tokenData, { body, itemIndex })) as IDataObject,
	);
}
