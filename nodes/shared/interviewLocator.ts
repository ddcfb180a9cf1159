import type { IHookFunctions, INodeProperties, IPollFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** IDs of the service are opaque; this only refuses what could never be one (spaces, slashes). */
const INTERVIEW_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
export const isInterviewId = (id: string): boolean => INTERVIEW_ID_PATTERN.test(id);

/** Why `id` cannot be an interview ID, worded to follow the field's name; undefined when it can be one. */
export const interviewIdProblem = (id: string): string | undefined =>
	isInterviewId(id) ? undefined : `is not a valid interview ID: "${id}" (use letters, digits, "-" or "_")`;

export const BY_ID = 'id';

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
			typeOptions: { searchListMethod: 'searchInterviews', searchable: true },
		},
		{
			displayName: 'By ID',
			name: BY_ID,
			type: 'string',
			// Checked by our code, not a `validation` regex: n8n (1.x and 2.x) runs that under a 250 ms timeout before each
			// execution, and a loaded process fails the execution on a valid ID (docs/n8n-internals.md).
			placeholder: 'e.g. 6650f1c2a1b2c3d4e5f60718',
		},
	],
};

/** The interview a trigger watches, whatever the picker's mode; undefined when none is chosen, which each trigger handles its own way. */
export function pickedInterviewId(context: IHookFunctions | IPollFunctions | IWebhookFunctions): string | undefined {
	const id = String(context.getNodeParameter(interviewLocator.name, '', { extractValue: true }) ?? '').trim();
	return id === '' ? undefined : id;
}

/** A trigger's interview (the action node reads one per item, with By Field: helpers/parameters.ts); none chosen, or a typed ID that cannot be one, fails. */
export function triggerInterviewId(context: IHookFunctions | IPollFunctions): string {
	const interviewId = pickedInterviewId(context);
	if (interviewId === undefined) throw new NodeOperationError(context.getNode(), 'Choose an interview in the "Interview" field');
	const picked = context.getNodeParameter(interviewLocator.name, '', { extractValue: false }) as { mode?: unknown };
	const problem = picked?.mode === BY_ID ? interviewIdProblem(interviewId) : undefined;
	if (problem !== undefined) throw new NodeOperationError(context.getNode(), `The "Interview" field ${problem}`);
	return interviewId;
}
