import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { INTERVIEW_ID_REGEX, interviewLocator, pickedInterviewId } from '../../shared/interviewLocator';
import { isPlainObject } from '../../shared/plainObjects';
import { INTERVIEW_FROM_INPUT, INTERVIEW_ID_FIELD } from '../actions/common.descriptions';
import type { ParameterReader } from './parameterCache';
import { invalidInput } from './validation';

/**
 * The interview ID an input item holds in `field` (the picker's By Field): text or a number,
 * checked as By ID checks a typed one, since no editor check has seen it.
 */
function inputInterviewId(context: IExecuteFunctions, itemIndex: number, field: string): string {
	const label = `Interview (input field "${field}")`;
	const value = context.getInputData()[itemIndex]?.json[field];
	const id = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	if (value !== undefined && value !== null && value !== '' && id === '') {
		throw invalidInput(context.getNode(), label, 'must be an interview ID, not an object or a list', itemIndex);
	}
	if (id === '') {
		throw invalidInput(context.getNode(), label, `is missing: the input item has no "${field}" field with an interview ID (the previous node must output the interview)`, itemIndex);
	}
	if (!new RegExp(INTERVIEW_ID_REGEX).test(id)) {
		throw invalidInput(context.getNode(), label, `is not a valid interview ID: "${id}" (use letters, digits, "-" or "_")`, itemIndex);
	}
	return id;
}

/** The interview of an item, which an operation needs; `read` may be a shared parameter reader. */
export function requiredInterviewId(context: IExecuteFunctions, itemIndex: number, read?: ParameterReader): string {
	const picked: unknown = (read ?? context.getNodeParameter.bind(context))(interviewLocator.name, itemIndex, '', { extractValue: false });
	if (isPlainObject(picked) && picked.mode === INTERVIEW_FROM_INPUT) {
		return inputInterviewId(context, itemIndex, String(picked.value ?? '').trim() || INTERVIEW_ID_FIELD);
	}
	const interviewId = pickedInterviewId(context, itemIndex, read);
	if (interviewId === undefined) throw invalidInput(context.getNode(), 'Interview', 'is required', itemIndex);
	return interviewId;
}

/** A list parameter (or an expression giving an array) as trimmed, non-empty strings. */
export function toStringList(value: unknown): string[] | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const entries = Array.isArray(value) ? value : [value];
	return entries.map((entry) => String(entry).trim()).filter((entry) => entry !== '');
}

/** A collection parameter that may hold nothing: empty means "not set". */
export function nonEmptyCollection(value: unknown): IDataObject | undefined {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
	return Object.keys(value).length > 0 ? (value as IDataObject) : undefined;
}

/** Return All / Limit as one number: undefined means "all". */
export function limitOf(this: IExecuteFunctions, itemIndex: number): number | undefined {
	if (this.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const limit = this.getNodeParameter('limit', itemIndex, 50) as number;
	if (!Number.isInteger(limit) || limit < 1) {
		throw invalidInput(this.getNode(), 'Limit', 'must be a whole number of at least 1', itemIndex);
	}
	return limit;
}
