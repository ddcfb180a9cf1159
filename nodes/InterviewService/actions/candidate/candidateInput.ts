import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidInput, parseJsonObject } from '../../helpers/parameters';
import type { FieldLabels } from '../../helpers/parameters';
import type { NodeRun } from '../../helpers/operationContract';

// Candidate Fields: each set in the node, usually by expression, or read from each input item by field name (no expression per item).

export const MAP_MANUALLY = 'defineBelow';
export const MAP_AUTOMATICALLY = 'autoMapInputData';

export function mappingModeProperty(displayOptions: IDisplayOptions, automatically: string): INodeProperties {
	return {
		displayName: 'Candidate Fields',
		name: 'mappingMode',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Map Automatically', value: MAP_AUTOMATICALLY, description: automatically },
			{
				name: 'Map Each Field Manually',
				value: MAP_MANUALLY,
				description: 'Set each field below, usually with an expression that reads the input item',
			},
		],
		default: MAP_MANUALLY,
		displayOptions,
	};
}

export function inMode(displayOptions: IDisplayOptions, mode: typeof MAP_MANUALLY | typeof MAP_AUTOMATICALLY): IDisplayOptions {
	return { show: { ...displayOptions.show, mappingMode: [mode] } };
}

export function emailFieldProperty(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Email Field',
		name: 'emailField',
		type: 'string',
		required: true,
		default: 'email',
		description: 'Name of the input item field that holds the e-mail of the candidate',
		displayOptions,
	};
}

/** A list of e-mails typed or mapped in the node (Cancel Scheduled's A List, Forget's Chosen Candidates). */
export function candidateEmailsProperty(displayOptions: IDisplayOptions, description: string): INodeProperties {
	return {
		displayName: 'Candidate Emails',
		name: 'candidateEmails',
		type: 'string',
		typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Email' },
		required: true,
		default: [],
		placeholder: 'name@email.com',
		description,
		displayOptions,
	};
}

/** How an input field is named in errors: the node's label and the field it was read from. */
const inputFieldLabel = (label: string, field: string) => `${label} (input field "${field}")`;

/** A text field of an input item; empty or absent means "not set". Numbers become text; objects and lists are refused. */
function inputText(context: IExecuteFunctions, json: IDataObject, field: string, label: string, itemIndex: number): string | undefined {
	const value = json[field];
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value === 'object') {
		throw invalidInput(context.getNode(), inputFieldLabel(label, field), 'must be text, not an object or a list', itemIndex);
	}
	return String(value);
}

/** The e-mail of an input item, from the field named in Email Field: required, trimmed. */
export function inputEmailOf(context: IExecuteFunctions, run: NodeRun, itemIndex: number): { email: string; label: string } {
	const field = String(run.read('emailField', itemIndex, 'email') ?? '').trim();
	if (field === '') throw invalidInput(context.getNode(), 'Email Field', 'is required', itemIndex);
	const label = inputFieldLabel('Email', field);
	const email = inputText(context, run.items[itemIndex].json, field, 'Email', itemIndex)?.trim();
	if (!email) {
		throw invalidInput(
			context.getNode(),
			label,
			`is missing: the input item has no "${field}" field with an e-mail (change Email Field to the field that holds it)`,
			itemIndex,
		);
	}
	return { email, label };
}

/** The candidate's fields besides e-mail and metadata, each about one person, with their labels. */
export const PERSON_FIELDS = [
	['name', 'Name'],
	['phone', 'Phone'],
	['resumeLink', 'Resume Link'],
] as const;

/** The e-mail, and name, phone, resumeLink and metaData from fields of those names or the ones set in Other Input Fields. */
export function inputCandidateOf(
	context: IExecuteFunctions,
	run: NodeRun,
	itemIndex: number,
	labels: FieldLabels,
): { candidate: IDataObject; labels: () => FieldLabels } {
	const { email, label } = inputEmailOf(context, run, itemIndex);
	const json = run.items[itemIndex].json;
	const names = run.read('inputFieldNames', itemIndex, {}) as IDataObject;
	const fieldOf = (key: string) => String(names[key] ?? '').trim() || key;
	// Only the fields set: the request leaves out what the item has not.
	const candidate: IDataObject = { email };
	for (const [key, fieldLabel] of PERSON_FIELDS) {
		const text = inputText(context, json, fieldOf(key), fieldLabel, itemIndex);
		if (text !== undefined) candidate[key] = text;
	}
	const metaDataField = fieldOf('metaData');
	const metaData = json[metaDataField] === undefined ? undefined : parseJsonObject(context, json[metaDataField], inputFieldLabel('Metadata', metaDataField), itemIndex);
	if (metaData !== undefined) candidate.metaData = metaData;
	// Built only to word a failed check: most items pass.
	const inputLabels = (): FieldLabels => {
		const named: FieldLabels = { ...labels, 'candidates.email': label };
		for (const [key, fieldLabel] of PERSON_FIELDS) named[`candidates.${key}`] = inputFieldLabel(fieldLabel, fieldOf(key));
		named['candidates.metaData'] = inputFieldLabel('Metadata', metaDataField);
		return named;
	};
	return { candidate, labels: inputLabels };
}
