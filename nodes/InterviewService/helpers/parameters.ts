import type { IDataObject, IExecuteFunctions, IGetNodeParameterOptions, INode, NodeParameterValueType } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { z } from 'zod';

import { BY_ID, interviewIdProblem, interviewLocator } from '../../shared/interviewLocator';
import { isPlainObject } from '../../shared/plainObjects';

/** The Interview picker's mode that takes the interview from each input item, by the field named in it. */
export const INTERVIEW_FROM_INPUT = 'inputItem';

/** The field Create, Get and Get Many output the interview's ID in, and what By Field reads when left empty. */
export const INTERVIEW_ID_FIELD = 'interviewId';

// What can make an expression differ per item: the item's data, its index, other parameters, legacy $item()/$node/$data.
// Anything else ($('Node').first(), $now, $vars, ...) is the same for every item; unknown cases count as per item.
const PER_ITEM = /\$json|\$binary|\$item|\$input|\$parameter|\$data|\$node|\$position|\.item\b|pairedItem|itemMatching/;

/** Whether a saved parameter value holds an expression that may give each item another value. */
export function usesItem(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=') && PER_ITEM.test(value);
	if (Array.isArray(value)) return value.some(usesItem);
	if (typeof value === 'object' && value !== null) return Object.values(value).some(usesItem);
	return false;
}

export type ParameterReader = (
	name: string,
	itemIndex: number,
	fallback: unknown,
	options?: IGetNodeParameterOptions,
) => NodeParameterValueType | object;

/** `={{ $json.email }}` or `={{ $json['first name'] }}`: the whole value is one field of the input item. */
const ITEM_FIELD = /^=\{\{\s*\$json(?:\.([A-Za-z_$][\w$]*)|\[\s*(?:'([^'\\]*)'|"([^"\\]*)")\s*\])\s*\}\}$/;

export function itemFieldOf(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const match = ITEM_FIELD.exec(value);
	return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

type Primitive = string | number | boolean;
const isPrimitive = (value: unknown): value is Primitive => ['string', 'number', 'boolean'].includes(typeof value);
/** Names n8n refuses or resolves through the prototype: always left to n8n. */
const UNSAFE_FIELDS = new Set(['__proto__', 'constructor', 'prototype']);

function primitiveField(json: IDataObject, field: string): Primitive | undefined {
	if (UNSAFE_FIELDS.has(field) || !Object.prototype.hasOwnProperty.call(json, field)) return undefined;
	const value = json[field];
	return isPrimitive(value) ? value : undefined;
}

// Reads a value that only copies item fields (`{{ $json.email }}`, or a flat collection of those and fixed values) without
// the expression engine: for text, numbers and booleans n8n gives the same (docs/n8n-internals.md); anything else is left to n8n.
function itemFieldReader(saved: unknown): ((json: IDataObject) => NodeParameterValueType | object | undefined) | undefined {
	const field = itemFieldOf(saved);
	if (field !== undefined) {
		return (json) => primitiveField(json, field);
	}
	if (!isPlainObject(saved)) return undefined;
	const entries = Object.entries(saved as IDataObject);
	const fields = entries.map(([, value]) => itemFieldOf(value));
	const fixed = (value: unknown) => isPrimitive(value) && !(typeof value === 'string' && value.startsWith('='));
	if (!fields.some((name) => name !== undefined)) return undefined;
	if (!entries.every(([, value], index) => fields[index] !== undefined || fixed(value))) return undefined;
	return (json) => {
		const collection: IDataObject = {};
		for (const [index, [key, value]] of entries.entries()) {
			const name = fields[index];
			if (name === undefined) {
				collection[key] = value;
				continue;
			}
			const fieldValue = primitiveField(json, name);
			if (fieldValue === undefined) return undefined;
			collection[key] = fieldValue;
		}
		return collection;
	};
}

// Read options tell reads apart by value; callers pass constants, so each is spelt out once.
const optionsKeys = new WeakMap<IGetNodeParameterOptions, string>();
function optionsKeyOf(options: IGetNodeParameterOptions): string {
	let key = optionsKeys.get(options);
	if (key === undefined) optionsKeys.set(options, (key = JSON.stringify(options)));
	return key;
}

const AS_SAVED: IGetNodeParameterOptions = { extractValue: false };
const EXTRACTED: IGetNodeParameterOptions = { extractValue: true };

// Built once per run: a parameter the same for every item is evaluated once, a `{{ $json.field }}` one read from the item,
// any other by n8n per item. Values are shared between items, so callers must not change them; a failed read is not kept.
export function sharedParameterReader(context: IExecuteFunctions): ParameterReader {
	const saved = context.getNode().parameters;
	const items = context.getInputData();
	const kept = new Map<string, Map<string, NodeParameterValueType | object>>();
	const fromItem = new Map<string, ReturnType<typeof itemFieldReader>>();
	const perItem = new Map<string, boolean>();
	return (name, itemIndex, fallback, options) => {
		if (!perItem.has(name)) perItem.set(name, usesItem(saved[name]));
		if (perItem.get(name)) {
			if (!fromItem.has(name)) fromItem.set(name, options === undefined ? itemFieldReader(saved[name]) : undefined);
			const json = items[itemIndex]?.json;
			const value = json === undefined ? undefined : fromItem.get(name)?.(json);
			return value !== undefined ? value : context.getNodeParameter(name, itemIndex, fallback, options);
		}
		const optionsKey = options === undefined ? '' : optionsKeyOf(options);
		let byName = kept.get(optionsKey);
		if (byName === undefined) kept.set(optionsKey, (byName = new Map()));
		if (byName.has(name)) return byName.get(name)!;
		const value = context.getNodeParameter(name, itemIndex, fallback, options);
		byName.set(name, value);
		return value;
	};
}

/** By Field: checked as By ID is, before any request. */
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
	const problem = interviewIdProblem(id);
	if (problem !== undefined) throw invalidInput(context.getNode(), label, problem, itemIndex);
	return id;
}

/** The interview's ID whatever the picker's mode. */
export function requiredInterviewId(context: IExecuteFunctions, itemIndex: number, read: ParameterReader = context.getNodeParameter.bind(context)): string {
	const picked: unknown = read(interviewLocator.name, itemIndex, '', AS_SAVED);
	if (isPlainObject(picked) && picked.mode === INTERVIEW_FROM_INPUT) {
		return inputInterviewId(context, itemIndex, String(picked.value ?? '').trim() || INTERVIEW_ID_FIELD);
	}
	const interviewId = String(read(interviewLocator.name, itemIndex, '', EXTRACTED) ?? '').trim();
	if (interviewId === '') throw invalidInput(context.getNode(), 'Interview', 'is required', itemIndex);
	const problem = isPlainObject(picked) && picked.mode === BY_ID ? interviewIdProblem(interviewId) : undefined;
	if (problem !== undefined) throw invalidInput(context.getNode(), 'Interview', problem, itemIndex);
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
	return isPlainObject(value) && Object.keys(value).length > 0 ? value : undefined;
}

/** Return All / Limit as one number: undefined means "all". */
export function limitOf(this: IExecuteFunctions, itemIndex: number): number | undefined {
	if (this.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const limit = this.getNodeParameter('limit', itemIndex, 50) as number;
	// An expression escapes the editor's minimum, and Limit is the service's page size: 2.5 would be sent, 0 would return one.
	if (!Number.isInteger(limit) || limit < 1) throw invalidInput(this.getNode(), 'Limit', 'must be a whole number of at least 1', itemIndex);
	return limit;
}

/** Display name of a request field, by its path in the request body (e.g. `interviewConfig.webhookUrl`). */
export type FieldLabels = Record<string, string>;

function labelOf(path: Array<string | number>, labels: FieldLabels): string {
	const exact = labels[path.join('.')];
	if (exact) return exact;
	const withoutIndexes = path.filter((part) => typeof part === 'string').join('.');
	return labels[withoutIndexes] ?? (path.join('.') || 'Input');
}

export function invalidInput(node: INode, field: string, problem: string, itemIndex: number): NodeOperationError {
	return new NodeOperationError(node, `${field} ${problem} (item ${itemIndex})`, {
		itemIndex,
		description: `Fix "${field}" in item ${itemIndex}; this item was not sent to the Interview Service.`,
	});
}

/** The error names the field as the user sees it in the node, and the item. */
export function validateRequest<T extends z.ZodTypeAny>(
	context: IExecuteFunctions,
	schema: T,
	value: unknown,
	itemIndex: number,
	labels: FieldLabels,
): z.infer<T> {
	const parsed = schema.safeParse(value);
	if (parsed.success) return parsed.data;
	const [first, ...others] = parsed.error.issues;
	const error = invalidInput(context.getNode(), labelOf(first.path, labels), first.message, itemIndex);
	if (others.length > 0) {
		error.description = [first, ...others].map((issue) => `${labelOf(issue.path, labels)}: ${issue.message}`).join('; ');
	}
	throw error;
}

/** A metadata parameter as a JSON object, from the editor's text or an expression's object; empty means "not set". */
export function parseJsonObject(context: IExecuteFunctions, value: unknown, field: string, itemIndex: number): Record<string, unknown> | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	let parsed = value;
	if (typeof value === 'string') {
		if (value.trim() === '') return undefined;
		try {
			parsed = JSON.parse(value);
		} catch {
			throw invalidInput(context.getNode(), field, 'must be valid JSON', itemIndex);
		}
	}
	if (!isPlainObject(parsed)) {
		throw invalidInput(context.getNode(), field, 'must be a JSON object, e.g. {"team": "backend"}', itemIndex);
	}
	return parsed;
}

const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(utcMs));
	const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
	const wallAsUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
	return wallAsUtc - Math.floor(utcMs / 1000) * 1000;
}

function localToUtc(wallAsUtc: number, timeZone: string): number {
	try {
		const firstGuess = wallAsUtc - zoneOffsetMs(wallAsUtc, timeZone);
		return wallAsUtc - zoneOffsetMs(firstGuess, timeZone);
	} catch {
		return wallAsUtc;
	}
}

// The API wants ISO date-times with an offset; the date picker gives a wall-clock time, read in the workflow's time zone.
// Luxon DateTimes and Dates become ISO too; anything else is returned unchanged for the schema to reject.
export function toIsoDateTime(value: unknown, timeZone: string): unknown {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? value : value.toISOString();
	if (typeof value === 'object' && value !== null && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return (value as { toISO: () => string }).toISO();
	}
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (HAS_OFFSET.test(text)) return text;
	const local = LOCAL_DATE_TIME.exec(text);
	if (!local) return text;
	const [, year, month, day, hour = '0', minute = '0', second = '0', millis = '0'] = local;
	const wallAsUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), Number(millis.padEnd(3, '0')));
	return new Date(localToUtc(wallAsUtc, timeZone)).toISOString();
}
