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
			{ name: 'Map Each Field Manually', value: MAP_MANUALLY, description: 'Set each field below, usually with an expression that reads the input item' },
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
	if (typeof value === 'object') throw invalidInput(context.getNode(), inputFieldLabel(label, field), 'must be text, not an object or a list', itemIndex);
	return String(value);
}

/** The input field named in Email Field: required. */
function emailFieldOf(context: IExecuteFunctions, run: NodeRun, itemIndex: number): string {
	const field = String(run.read('emailField', itemIndex, 'email') ?? '').trim();
	if (field === '') throw invalidInput(context.getNode(), 'Email Field', 'is required', itemIndex);
	return field;
}

/** The item's e-mail in `field`: required, trimmed. */
function inputEmail(context: IExecuteFunctions, json: IDataObject, field: string, itemIndex: number): string {
	const email = inputText(context, json, field, 'Email', itemIndex)?.trim();
	if (email) return email;
	const why = `is missing: the input item has no "${field}" field with an e-mail (change Email Field to the field that holds it)`;
	throw invalidInput(context.getNode(), inputFieldLabel('Email', field), why, itemIndex);
}

/** The e-mail of an input item, from the field named in Email Field: required, trimmed. */
export function inputEmailOf(context: IExecuteFunctions, run: NodeRun, itemIndex: number): { email: string; label: string } {
	const field = emailFieldOf(context, run, itemIndex);
	return { email: inputEmail(context, run.items[itemIndex].json, field, itemIndex), label: inputFieldLabel('Email', field) };
}

/** The candidate's fields besides e-mail and metadata, each about one person, with their labels. */
export const PERSON_FIELDS = [['name', 'Name'], ['phone', 'Phone'], ['resumeLink', 'Resume Link']] as const;

/** The input fields read for the person fields (in PERSON_FIELDS' order) and metaData. */
type InputFields = { person: string[]; metaData: string };

// Other Input Fields is one object for every item unless an expression reads the item, so its fields are worked out once.
const inputFieldsByNames = new WeakMap<object, InputFields>();
const NO_NAMES = Object.freeze({});

function inputFieldsOf(run: NodeRun, itemIndex: number): InputFields {
	const read = run.read('inputFieldNames', itemIndex, NO_NAMES);
	const names = (typeof read === 'object' && read !== null ? read : NO_NAMES) as IDataObject;
	let fields = inputFieldsByNames.get(names);
	if (fields === undefined) {
		const fieldOf = (key: string) => String(names[key] ?? '').trim() || key;
		fields = { person: PERSON_FIELDS.map(([key]) => fieldOf(key)), metaData: fieldOf('metaData') };
		inputFieldsByNames.set(names, fields);
	}
	return fields;
}

/** The e-mail, and name, phone, resumeLink and metaData from fields of those names or the ones set in Other Input Fields. */
export function inputCandidateOf(context: IExecuteFunctions, run: NodeRun, itemIndex: number): IDataObject {
	const json = run.items[itemIndex].json;
	// Only the fields set: the request leaves out what the item has not.
	const candidate: IDataObject = { email: inputEmail(context, json, emailFieldOf(context, run, itemIndex), itemIndex) };
	const fields = inputFieldsOf(run, itemIndex);
	// An indexed loop: run per item, mostly before V8 optimises it, where each `for...of` step allocates (docs/performance.md).
	for (let index = 0; index < PERSON_FIELDS.length; index++) {
		const key = PERSON_FIELDS[index][0];
		const text = inputText(context, json, fields.person[index], PERSON_FIELDS[index][1], itemIndex);
		if (text !== undefined) candidate[key] = text;
	}
	const value = json[fields.metaData];
	if (value !== undefined) {
		const metaData = parseJsonObject(context, value, inputFieldLabel('Metadata', fields.metaData), itemIndex);
		if (metaData !== undefined) candidate.metaData = metaData;
	}
	return candidate;
}

/** The labels that word a failed check of an item's candidate: each field by the input field it was read from. */
export function inputCandidateLabels(context: IExecuteFunctions, run: NodeRun, itemIndex: number, labels: FieldLabels): FieldLabels {
	const fields = inputFieldsOf(run, itemIndex);
	const named: FieldLabels = { ...labels, 'candidates.email': inputFieldLabel('Email', emailFieldOf(context, run, itemIndex)) };
	PERSON_FIELDS.forEach(([key, label], index) => (named[`candidates.${key}`] = inputFieldLabel(label, fields.person[index])));
	named['candidates.metaData'] = inputFieldLabel('Metadata', fields.metaData);
	return named;
}
