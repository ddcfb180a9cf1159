import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../shared/contract/endpoints';
import { apiRequest } from '../../../shared/transport/request';
import { withMaskedWebhookSecret } from '../../../shared/webhookSecret';
import { requiredInterviewId } from '../../helpers/parameters';
import { interviewPicker, showFor } from '../common.descriptions';
import type { NodeRun } from '../../helpers/operationContract';

export const description: INodeProperties[] = [{ ...interviewPicker, displayOptions: showFor('interview', 'get') }];

export function prepare(this: IExecuteFunctions, itemIndex: number): string {
	return requiredInterviewId(this, itemIndex);
}

export async function send(this: IExecuteFunctions, interviewId: string, itemIndex: number, run: NodeRun) {
	return withMaskedWebhookSecret(await apiRequest.call(run.requests, endpoints.getInterview, { interviewId, itemIndex }));
}
