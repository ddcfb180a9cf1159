import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { tokenData } from '../../schemas';
import { credentialExchangeBody, credentialExchangeFields } from '../../helpers/credentialExchange';
import { runPerItem } from '../../helpers/items';
import { showFor } from '../../helpers/parameters';
import { callApi } from '../../helpers/api';

export const description: INodeProperties[] = credentialExchangeFields(
	showFor('access', 'createToken'),
	'a bearer access token',
);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem(
		this,
		async (itemIndex) => await credentialExchangeBody.call(this, itemIndex),
		async (body, itemIndex) =>
			(await callApi(this, 'POST', '/api/v1/auth/token', tokenData, { body, itemIndex })) as IDataObject,
	);
}
