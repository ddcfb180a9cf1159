import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { pickedInterviewId } from '../../shared/interviewLocator';
import type { ParameterReader } from './parameterCache';
import { invalidInput } from './validation';

/** The interview of an item, which an operation needs; `read` may be a shared parameter reader. */
export function requiredInterviewId(context: IExecuteFunctions, itemIndex: number, read?: ParameterReader): string {
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
