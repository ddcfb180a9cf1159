import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { endpoints } from '../../../shared/contract/endpoints';
import type { UpdateSettingsBody } from '../../../shared/contract/interview';
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

type InterviewConfigMode = 'merge' | 'replace';

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
			{
				...metaDataField,
				description: 'Replaces the interview\'s metadata with this JSON object',
			},
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
					{
						name: 'Merge Into Current Config',
						value: 'merge',
						description: 'Read the interview first and change only the config fields given here',
					},
					{
						name: 'Replace Whole Config',
						value: 'replace',
						description: 'Send only the config fields given here; the service drops all others',
					},
				],
				default: 'merge',
				description: 'How the Interview Config fields are applied; the service replaces the whole config it receives',
			},
		],
	},
];

interface SettingsRequest {
	interviewId: string;
	body: UpdateSettingsBody;
	interviewConfigMode: InterviewConfigMode;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): SettingsRequest {
	const interviewId = requiredInterviewId(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const interviewConfigMode = (options.interviewConfigMode ?? 'merge') as InterviewConfigMode;
	if (interviewConfigMode !== 'merge' && interviewConfigMode !== 'replace') {
		throw invalidInput(this.getNode(), 'Interview Config Update', 'must be "merge" or "replace"', itemIndex);
	}
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
		interviewConfigMode,
	};
}

/** The config to send: the given fields laid over the current ones, unless the user asked to replace. */
export function mergeInterviewConfig(current: IDataObject | undefined, given: IDataObject): IDataObject {
	return { ...current, ...given };
}

export async function send(this: IExecuteFunctions, { interviewId, body, interviewConfigMode }: SettingsRequest, itemIndex: number, run: NodeRun) {
	const toSend: IDataObject = { ...body };
	if (body.interviewConfig && interviewConfigMode === 'merge') {
		const current = await apiRequest.call(run.requests, endpoints.getInterview, { interviewId, itemIndex });
		toSend.interviewConfig = mergeInterviewConfig(current.interviewConfig as IDataObject, body.interviewConfig);
	}
	return withMaskedWebhookSecret(await apiRequest.call(run.requests, endpoints.updateSettings, { interviewId, body: toSend, itemIndex }));
}
