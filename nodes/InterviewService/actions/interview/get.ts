import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../shared/contract';
import { apiRequest } from '../../../shared/transport/request';
import { requiredInterviewId } from '../../helpers/parameterValues';
import { interviewPicker, showFor } from '../common.descriptions';

export const description: INodeProperties[] = [{ ...interviewPicker, displayOptions: showFor('interview', 'get') }];

export function prepare(this: IExecuteFunctions, itemIndex: number): string {
	return requiredInterviewId(this, itemIndex);
}

export async function send(this: IExecuteFunctions, interviewId: string, itemIndex: number) {
	return await apiRequest.call(this, endpoints.getInterview, { interviewId, itemIndex });
}
