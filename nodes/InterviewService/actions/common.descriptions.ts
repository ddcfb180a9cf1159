import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { interviewLocator } from '../../shared/interviewLocator';
import { MAX_PAGE_SIZE } from '../../shared/transport/pagination';
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_RETRY_WAIT_SECONDS, MAX_ATTEMPTS_LIMIT } from '../../shared/transport/request';
import { INTERVIEW_FROM_INPUT, INTERVIEW_ID_FIELD } from '../helpers/parameters';

/** By Field: the interview the previous node created or read, with no expression to write. */
export const interviewPicker: INodeProperties = {
	...interviewLocator,
	description: 'The interview to act on. By Field: the ID in a field of each input item, e.g. the interview the previous node created or read.',
	modes: [
		...(interviewLocator.modes ?? []),
		{
			displayName: 'By Field',
			name: INTERVIEW_FROM_INPUT,
			type: 'string',
			placeholder: INTERVIEW_ID_FIELD,
			hint: `Name of the input field that holds the interview ID: ${INTERVIEW_ID_FIELD} after Create, Get or Get Many`,
		},
	],
};

export function showFor(resource: string, operation: string): IDisplayOptions {
	return { show: { resource: [resource], operation: [operation] } };
}

/** A collection whose switches (at any depth) come on when added: each turns something on, so adding it means wanting it. */
export function withSwitchesOn(collection: INodeProperties): INodeProperties {
	const options = (collection.options as INodeProperties[]).map((option) => {
		if (option.type === 'boolean') return { ...option, default: true };
		return option.type === 'collection' ? withSwitchesOn(option) : option;
	});
	return { ...collection, options };
}

/** Return All / Limit for the list operations, with a note on how pages are read. */
export function returnAllOrLimit(displayOptions: IDisplayOptions): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			displayOptions,
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			displayOptions: { ...displayOptions, show: { ...displayOptions.show, returnAll: [false] } },
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
		},
		{
			displayName: `Reads them all, ${MAX_PAGE_SIZE} at a time`,
			name: 'pageSizeNotice',
			type: 'notice',
			default: '',
			displayOptions: { ...displayOptions, show: { ...displayOptions.show, returnAll: [true] } },
		},
	];
}

/** The shapes of a switch that starts off and of a count of 0 or more, for the fields below. */
const SWITCH = { type: 'boolean', default: false } as const;
const COUNT = { type: 'number', typeOptions: { minValue: 0 }, default: 0 } as const;

/** Max Experience and Min Experience, shared by Create and Update. */
export const maxExperienceField: INodeProperties = { ...COUNT, displayName: 'Max Experience', name: 'maxExperience', description: 'Most years of experience asked for; not less than Min Experience' };
export const minExperienceField: INodeProperties = { ...COUNT, displayName: 'Min Experience', name: 'minExperience', description: 'Fewest years of experience asked for' };

/** Interview Name as a field to change, in Update and Update Settings. */
export const interviewNameField: INodeProperties = { displayName: 'Interview Name', name: 'interviewName', type: 'string', default: '' };

/** The publish flag of Create, Update and Update Settings; what it does differs per operation. */
export function publishedField(description: string): INodeProperties {
	return { ...SWITCH, displayName: 'Published', name: 'published', description };
}

export const roleNameField: INodeProperties = {
	displayName: 'Role Name',
	name: 'roleName',
	type: 'string',
	default: '',
	placeholder: 'e.g. Backend Engineer',
};

/** `interviewConfig`: labels short enough to show whole two collections deep; the names are saved and never change. */
const interviewConfigOptions: INodeProperties[] = [
	{
		displayName: 'Allow Access',
		name: 'allowAccess',
		type: 'options',
		options: [{ name: 'Anyone', value: 'anyone' }, { name: 'Scheduled Candidates', value: 'scheduledCandidates' }],
		default: 'scheduledCandidates',
		description: 'Who may take the interview',
	},
	{ ...SWITCH, displayName: 'Allow Late Attempts', name: 'allowLateAttempts', description: 'Whether a candidate may start after the end of the time window' },
	{ ...SWITCH, displayName: 'Allow On Mobile', name: 'allowInterviewOnMobile', description: 'Whether the interview may be taken on a mobile device' },
	{ ...SWITCH, displayName: 'Allow Reattempt', name: 'allowReattempt', description: 'Whether a candidate may take the interview again' },
	{ ...COUNT, displayName: 'Allow Reattempt Count', name: 'allowReattemptCount', description: 'How many times a candidate may take the interview again' },
	{ ...SWITCH, displayName: 'Allow Resume', name: 'allowContinueFromMiddle', description: 'Whether a candidate may resume an interrupted interview' },
	{ ...COUNT, displayName: 'Allow Resume Count', name: 'allowContinueFromMiddleCount', description: 'How many times a candidate may resume' },
	{ ...COUNT, displayName: 'Max Screen Leaves', name: 'allowScreenLeaveCount', description: 'How many times a candidate may leave the screen' },
	{ ...COUNT, displayName: 'Max Tab Switches', name: 'allowTabSwitchCount', description: 'How many times a candidate may switch browser tabs' },
	{
		displayName: 'Redirect URL',
		name: 'redirectUrl',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/thank-you',
		description: 'Where the candidate goes after the interview',
	},
	{
		displayName: 'Webhook URL',
		name: 'webhookUrl',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/webhook',
		description: 'Where the service posts completion events',
	},
];

export const interviewConfigCollection: INodeProperties = {
	displayName: 'Interview Config',
	name: 'interviewConfig',
	type: 'collection',
	placeholder: 'Add Setting',
	default: {},
	options: interviewConfigOptions,
};

export const metaDataField: INodeProperties = {
	displayName: 'Metadata',
	name: 'metaData',
	type: 'json',
	default: '{}',
	description: 'Free-form JSON object stored with the record, e.g. {"ID": 1, "name": "ACME", "clientId": 7}',
};

/** Labels of request-body fields, for validation errors that name what the user sees. */
export const INTERVIEW_FIELD_LABELS = {
	interviewName: 'Interview Name',
	roleName: 'Role Name',
	minExperience: 'Min Experience',
	maxExperience: 'Max Experience',
	jdType: 'JD Type',
	jd: 'JD',
	sampleQuestions: 'Sample Questions',
	published: 'Published',
	metaData: 'Metadata',
	...Object.fromEntries(interviewConfigOptions.map(({ name, displayName }) => [`interviewConfig.${name}`, `Interview Config → ${displayName}`])),
	'competencyData.name': 'Competencies → Name',
	'competencyData.questionCount': 'Competencies → Question Count',
	'competencyData.time': 'Competencies → Time',
};

/** The action node's Request Options (every operation); its button differs from the Options collection's just above it. */
export const requestOptionsCollection: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Request Option',
	default: {},
	options: [
		{
			displayName: 'Max Attempts',
			name: 'maxAttempts',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_ATTEMPTS_LIMIT },
			default: DEFAULT_MAX_ATTEMPTS,
			description:
				'Attempts per request, the first included; 1 turns retrying off. 429 and 503 are retried for every request, 502, 504 and connection errors only for reads.',
		},
		{
			displayName: 'Max Retry Wait (Seconds)',
			name: 'maxRetryWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: DEFAULT_MAX_RETRY_WAIT_SECONDS,
			description:
				"Longest wait before a retry. A service's Retry-After longer than this fails the request at once instead of waiting.",
		},
	],
};
