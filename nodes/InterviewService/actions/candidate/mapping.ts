import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ParameterReader } from '../../helpers/parameterCache';
import { invalidInput } from '../../helpers/validation';

/*
 * "Candidate Fields" of Invite and Cancel Scheduled: set each field with an expression (as
 * before; the default, so saved workflows keep working as they did), or read the fields straight
 * from each input item by name, which evaluates no expression per item.
 */

export const MAP_MANUALLY = 'defineBelow';
export const MAP_AUTOMATICALLY = 'autoMapInputData';
type MappingMode = typeof MAP_MANUALLY | typeof MAP_AUTOMATICALLY;

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

/** Shows a field only in one mapping mode. */
export function inMode(displayOptions: IDisplayOptions, mode: MappingMode): IDisplayOptions {
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

export function mappingModeOf(context: IExecuteFunctions): MappingMode {
	const mode = context.getNodeParameter('mappingMode', 0, MAP_MANUALLY);
	if (mode !== MAP_MANUALLY && mode !== MAP_AUTOMATICALLY) {
		throw invalidInput(context.getNode(), 'Candidate Fields', `must be "${MAP_MANUALLY}" or "${MAP_AUTOMATICALLY}"`, 0);
	}
	return mode;
}

/** How an input field is named in errors: the node's label and the field it was read from. */
export const inputFieldLabel = (label: string, field: string) => `${label} (input field "${field}")`;

/** A field name typed in the node (e.g. Email Field), read once for all items unless it uses the item. */
export function fieldNameOf(
	context: IExecuteFunctions,
	read: ParameterReader,
	parameter: string,
	label: string,
	itemIndex: number,
	fallback: string,
): string {
	const name = String(read(parameter, itemIndex, fallback) ?? '').trim();
	if (name === '') throw invalidInput(context.getNode(), label, 'is required', itemIndex);
	return name;
}

/** A text field of an input item; empty or absent means "not set". Numbers become text; objects and lists are refused. */
export function inputText(
	context: IExecuteFunctions,
	json: IDataObject,
	field: string,
	label: string,
	itemIndex: number,
): string | undefined {
	const value = json[field];
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value === 'object') {
		throw invalidInput(context.getNode(), inputFieldLabel(label, field), 'must be text, not an object or a list', itemIndex);
	}
	return String(value);
}

/** The e-mail of an input item: required, trimmed. */
export function inputEmail(context: IExecuteFunctions, json: IDataObject, field: string, itemIndex: number): string {
	const email = inputText(context, json, field, 'Email', itemIndex)?.trim();
	if (!email) {
		throw invalidInput(
			context.getNode(),
			inputFieldLabel('Email', field),
			`is missing: the input item has no "${field}" field with an e-mail (change Email Field to the field that holds it)`,
			itemIndex,
		);
	}
	return email;
}
