import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../shared/contract/endpoints';
import type { CreateInterviewBody } from '../../../shared/contract/interview';
import { withoutUndefined } from '../../../shared/plainObjects';
import { apiRequest } from '../../../shared/transport/request';
import { withMaskedWebhookSecret } from '../../../shared/webhookSecret';
import { nonEmptyCollection, parseJsonObject, toStringList, validateRequest } from '../../helpers/parameters';
import {
	INTERVIEW_FIELD_LABELS,
	interviewConfigCollection,
	maxExperienceField,
	metaDataField,
	minExperienceField,
	publishedField,
	roleNameField,
	showFor,
	withSwitchesOn,
} from '../common.descriptions';
import type { NodeRun } from '../../helpers/operationContract';

const displayOptions = showFor('interview', 'create');

export const description: INodeProperties[] = [
	{
		displayName: 'Interview Name',
		name: 'interviewName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Backend Engineer – Round 1',
		displayOptions,
	},
	{
		displayName: 'JD Type',
		name: 'jdType',
		type: 'options',
		required: true,
		options: [
			{ name: 'Link', value: 'link', description: 'The JD field holds an http(s) URL of the job description' },
			{ name: 'Text', value: 'text', description: 'The JD field holds the job description itself' },
		],
		default: 'text',
		description: 'How the job description is given',
		displayOptions,
	},
	{
		displayName: 'JD',
		name: 'jd',
		type: 'string',
		required: true,
		typeOptions: { rows: 4 },
		default: '',
		description: 'The job description text, or its http(s) URL when JD Type is Link',
		displayOptions,
	},
	withSwitchesOn({
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions,
		options: [
			interviewConfigCollection,
			maxExperienceField,
			metaDataField,
			minExperienceField,
			publishedField('Whether to publish the interview at once instead of keeping it as a draft'),
			roleNameField,
			{
				displayName: 'Sample Questions',
				name: 'sampleQuestions',
				type: 'string',
				typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Question' },
				default: [],
				description: 'Questions the interview should resemble',
			},
		],
	}),
];

/** Each Create makes a new interview: one created in an earlier Retry On Fail attempt is not created again. */
export const rememberAcrossRetries = true;

export function prepare(this: IExecuteFunctions, itemIndex: number): CreateInterviewBody {
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body = withoutUndefined({
		interviewName: this.getNodeParameter('interviewName', itemIndex) as string,
		jdType: this.getNodeParameter('jdType', itemIndex) as string,
		jd: this.getNodeParameter('jd', itemIndex) as string,
		roleName: additional.roleName,
		minExperience: additional.minExperience,
		maxExperience: additional.maxExperience,
		sampleQuestions: toStringList(additional.sampleQuestions),
		published: additional.published,
		interviewConfig: nonEmptyCollection(additional.interviewConfig),
		metaData: parseJsonObject(this, additional.metaData, 'Metadata', itemIndex) as IDataObject | undefined,
	});
	return validateRequest(this, endpoints.createInterview.body, body, itemIndex, INTERVIEW_FIELD_LABELS);
}

export async function send(this: IExecuteFunctions, body: CreateInterviewBody, itemIndex: number, run: NodeRun) {
	return withMaskedWebhookSecret(await apiRequest.call(run.requests, endpoints.createInterview, { body: body as IDataObject, itemIndex }));
}
