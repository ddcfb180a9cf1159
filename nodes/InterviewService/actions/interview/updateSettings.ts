import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../shared/contract/endpoints';
import { withoutUndefined } from '../../../shared/plainObjects';
import { apiRequest } from '../../../shared/transport/request';
import { withMaskedWebhookSecret } from '../../../shared/webhookSecret';
import { invalidInput, nonEmptyCollection, parseJsonObject, requiredInterviewId, validateRequest } from '../../helpers/parameters';
import {
	INTERVIEW_FIELD_LABELS,
	interviewConfigCollection,
	interviewNameField,
	interviewPicker,
	metaDataField,
	publishedField,
	showFor,
	withSwitchesOn,
} from '../common.descriptions';
import type { NodeRun } from '../../helpers/operationContract';

const displayOptions = showFor('interview', 'updateSettings');

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
			interviewConfigCollection,
			interviewNameField,
			{ ...metaDataField, description: 'Replaces the interview\'s metadata with this JSON object' },
			publishedField(
				'Whether the interview is published. Only sent when added here: the service turns the interview into a draft when it receives false.',
			),
		],
	}),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Interview Config Update',
				name: 'interviewConfigMode',
				type: 'options',
				options: [
					{ name: 'Merge Into Current Config', value: 'merge', description: 'Read the interview first and change only the config fields given here' },
					{ name: 'Replace Whole Config', value: 'replace', description: 'Send only the config fields given here; the service drops all others' },
				],
				default: 'merge',
				description: 'How the Interview Config fields are applied; the service replaces the whole config it receives',
			},
		],
	},
];

export function prepare(this: IExecuteFunctions, itemIndex: number) {
	const interviewId = requiredInterviewId(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const { interviewConfigMode } = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body = withoutUndefined({
		interviewName: fields.interviewName,
		// `published` travels only when the user chose it: the service drafts the interview on false.
		published: fields.published,
		interviewConfig: nonEmptyCollection(fields.interviewConfig),
		metaData: parseJsonObject(this, fields.metaData, 'Metadata', itemIndex) as IDataObject | undefined,
	});
	if (Object.keys(body).length === 0) {
		throw invalidInput(this.getNode(), 'Update Fields', 'must hold at least one field to change', itemIndex);
	}
	return {
		interviewId,
		body: validateRequest(this, endpoints.updateSettings.body, body, itemIndex, INTERVIEW_FIELD_LABELS),
		replaceConfig: interviewConfigMode === 'replace',
	};
}

export async function send(this: IExecuteFunctions, { interviewId, body, replaceConfig }: ReturnType<typeof prepare>, itemIndex: number, run: NodeRun) {
	const toSend: IDataObject = { ...body };
	if (body.interviewConfig && !replaceConfig) {
		// The given fields laid over the current ones: the service replaces the whole config it receives.
		const current = await apiRequest.call(run.requests, endpoints.getInterview, { interviewId, itemIndex });
		toSend.interviewConfig = { ...current.interviewConfig, ...body.interviewConfig };
	}
	return withMaskedWebhookSecret(await apiRequest.call(run.requests, endpoints.updateSettings, { interviewId, body: toSend, itemIndex }));
}
