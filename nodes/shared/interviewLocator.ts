import type { IHookFunctions, INodeProperties, IPollFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** IDs of the service are opaque; this only refuses what could never be one (spaces, slashes). */
export const INTERVIEW_ID_REGEX = '^[A-Za-z0-9][A-Za-z0-9_-]*$';

/** The interview picker, shared by every operation that acts on one interview. */
export const interviewLocator: INodeProperties = {
	displayName: 'Interview',
	name: 'interviewId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The interview to act on',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select an interview...',
			typeOptions: {
				searchListMethod: 'searchInterviews',
				searchable: true,
			},
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 6650f1c2a1b2c3d4e5f60718',
			validation: [
				{
					type: 'regex',
					properties: {
						regex: INTERVIEW_ID_REGEX,
						errorMessage: 'Not a valid interview ID: use letters, digits, "-" or "_"',
					},
				},
			],
		},
	],
};

/** The interview a trigger watches, whatever the picker's mode; undefined when none is chosen, which each trigger handles its own way. */
export function pickedInterviewId(context: IHookFunctions | IPollFunctions | IWebhookFunctions): string | undefined {
	const id = String(context.getNodeParameter(interviewLocator.name, '', { extractValue: true }) ?? '').trim();
	return id === '' ? undefined : id;
}

/** A trigger's interview (the action node reads one per item, with By Field: helpers/parameters.ts); none chosen fails. */
export function triggerInterviewId(context: IHookFunctions | IPollFunctions): string {
	const interviewId = pickedInterviewId(context);
	if (interviewId === undefined) throw new NodeOperationError(context.getNode(), 'Choose an interview in the "Interview" field');
	return interviewId;
}
