import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../shared/contract/endpoints';
import { apiRequest } from '../../../shared/transport/request';
import { credentialExchangeBody, credentialExchangeFields } from '../../helpers/credentialExchange';
import { showFor } from '../common.descriptions';
import type { NodeRun } from '../../helpers/operationContract';

export const description: INodeProperties[] = credentialExchangeFields(
	showFor('access', 'createToken'),
	'a bearer access token',
);

export const prepare = credentialExchangeBody;

export async function send(this: IExecuteFunctions, body: IDataObject, itemIndex: number, run: NodeRun) {
	return await apiRequest.call(run.requests, endpoints.createToken, { body, itemIndex });
}
