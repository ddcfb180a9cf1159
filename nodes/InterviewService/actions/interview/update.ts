import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../shared/contract/endpoints';
import { withoutUndefined } from '../../../shared/plainObjects';
import { apiRequest } from '../../../shared/transport/request';
import { withMaskedWebhookSecret } from '../../../shared/webhookSecret';
import { invalidInput, parseJsonObject, requiredInterviewId, validateRequest } from '../../helpers/parameters';
import {
	INTERVIEW_FIELD_LABELS,
	interviewNameField,
	interviewPicker,
	maxExperienceField,
	metaDataField,
	minExperienceField,
	publishedField,
	roleNameField,
	showFor,
	withSwitchesOn,
} from '../common.descriptions';
import type { NodeRun } from '../../helpers/operationContract';

const displayOptions = showFor('interview', 'update');

export const description: INodeProperties[] = [
	{ ...interviewPicker, displayOptions },
	withSwitchesOn({
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Competencies',
				name: 'competencies',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Competency',
				default: {},
				description: 'Replaces the interview\'s competencies with this list',
				options: [
					{
						displayName: 'Competency',
						name: 'competency',
						values: [
							{ displayName: 'Difficulty', name: 'difficulty', type: 'string', default: 'medium', placeholder: 'e.g. easy, medium' },
							{ displayName: 'Explanation', name: 'explanation', type: 'string', default: '' },
							{
								displayName: 'Name',
								name: 'name',
								type: 'string',
								required: true,
								default: '',
								description: 'Name of the competency;	the service returns it as \'competency\'',
							},
							{ displayName: 'Question Count', name: 'questionCount', type: 'number', default: 1 },
							{ displayName: 'Question Type', name: 'questionType', type: 'string', default: '', placeholder: 'e.g. scenario_based' },
							{
								displayName: 'Time',
								name: 'time',
								type: 'number',
								default: 5,
								description: 'Time given to this competency, in the service\'s unit (not documented;	minutes in practice)',
							},
						],
					},
				],
			},
			interviewNameField,
			maxExperienceField,
			metaDataField,
			minExperienceField,
			publishedField('Whether the interview is published; off turns it back into a draft'),
			roleNameField,
		],
	}),
];

function competencyList(value: unknown): IDataObject[] | undefined {
	const entries = (value as { competency?: IDataObject[] } | undefined)?.competency;
	if (!Array.isArray(entries)) return undefined;
	return entries.map((entry) =>
		withoutUndefined({
			...entry,
			explanation: entry.explanation === '' ? undefined : entry.explanation,
			difficulty: entry.difficulty === '' ? undefined : entry.difficulty,
			questionType: entry.questionType === '' ? undefined : entry.questionType,
		}),
	);
}

export function prepare(this: IExecuteFunctions, itemIndex: number) {
	const interviewId = requiredInterviewId(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body = withoutUndefined({
		interviewName: fields.interviewName,
		roleName: fields.roleName,
		minExperience: fields.minExperience,
		maxExperience: fields.maxExperience,
		metaData: parseJsonObject(this, fields.metaData, 'Metadata', itemIndex) as IDataObject | undefined,
		published: fields.published,
		competencyData: competencyList(fields.competencies),
	});
	if (Object.keys(body).length === 0) {
		throw invalidInput(this.getNode(), 'Update Fields', 'must hold at least one field to change', itemIndex);
	}
	return { interviewId, body: validateRequest(this, endpoints.updateInterview.body, body, itemIndex, INTERVIEW_FIELD_LABELS) };
}

export async function send(this: IExecuteFunctions, { interviewId, body }: ReturnType<typeof prepare>, itemIndex: number, run: NodeRun) {
	return withMaskedWebhookSecret(await apiRequest.call(run.requests, endpoints.updateInterview, { interviewId, body: body as IDataObject, itemIndex }));
}
