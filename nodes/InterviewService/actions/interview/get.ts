import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../shared/contract/endpoints';
import { apiRequest } from '../../../shared/transport/request';
import { requiredInterviewId } from '../../helpers/parameters';
import { interviewPicker, showFor } from '../common.descriptions';
import { interviewOutput, simplifyOption } from './simplifiedInterview';
import type { NodeRun } from '../../helpers/operationContract';

const displayOptions = showFor('interview', 'get');

export const description: INodeProperties[] = [{ ...interviewPicker, displayOptions }, { ...simplifyOption, displayOptions }];

interface InterviewQuery {
	interviewId: string;
	simplify: boolean;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): InterviewQuery {
	return { interviewId: requiredInterviewId(this, itemIndex), simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean };
}

export async function send(this: IExecuteFunctions, { interviewId, simplify }: InterviewQuery, itemIndex: number, run: NodeRun) {
	return interviewOutput(await apiRequest.call(run.requests, endpoints.getInterview, { interviewId, itemIndex }), simplify);
}
