import type { IDataObject, IExecuteFunctions, IGetNodeParameterOptions, NodeParameterValueType } from 'n8n-workflow';

import { isPlainObject } from '../../shared/plainObjects';

/**
 * What in an expression can make its value differ from one input item to the next: the item's
 * own data (`$json`, `$binary`, `$input.item`, `$('Node').item`, paired items), its index, other
 * parameters (which may themselves use the item) and the legacy `$item()` / `$node` / `$data`.
 * Anything not listed here (`$('Node').first()`, `$now`, `$vars`, `$execution`, ...) is the
 * same for every item. Unknown cases err on the side of "per item".
 */
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

/** The field an expression reads when it is nothing but `$json.<field>`; otherwise undefined. */
export function itemFieldOf(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const match = ITEM_FIELD.exec(value);
	return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

type Primitive = string | number | boolean;
const isPrimitive = (value: unknown): value is Primitive => ['string', 'number', 'boolean'].includes(typeof value);
/** Names n8n refuses or resolves through the prototype: always left to n8n. */
const UNSAFE_FIELDS = new Set(['__proto__', 'constructor', 'prototype']);

/** The item's own text, number or boolean in `field`; undefined for anything else. */
function primitiveField(json: IDataObject, field: string): Primitive | undefined {
	if (UNSAFE_FIELDS.has(field) || !Object.prototype.hasOwnProperty.call(json, field)) return undefined;
	const value = json[field];
	return isPrimitive(value) ? value : undefined;
}

/**
 * How a saved value that only copies fields of the input item is read without n8n's expression
 * engine: `={{ $json.email }}`, or a flat collection of such expressions and fixed values (Additional
 * Fields with Name as `{{ $json.name }}`). For text, a number or a boolean the value is the one n8n's
 * expression would give (docs/n8n-internals.md). Anything else (a missing field, null, an object,
 * which the engines copy or convert in their own ways) is left to n8n: `undefined` here.
 */
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

/**
 * A run's parameter reader, built once by the router: a parameter whose saved value cannot differ
 * between items is evaluated once; one that only copies a field of the item (`{{ $json.email }}`) is
 * taken from the item; any other that uses the item is evaluated by n8n per item. Values are shared
 * between items, so callers must not change them; a read that failed is not kept.
 */
export function sharedParameterReader(context: IExecuteFunctions): ParameterReader {
	const saved = context.getNode().parameters;
	const items = context.getInputData();
	const kept = new Map<string, NodeParameterValueType | object>();
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
		const key = `${name}\n${JSON.stringify(options ?? {})}`;
		if (kept.has(key)) return kept.get(key)!;
		const value = context.getNodeParameter(name, itemIndex, fallback, options);
		kept.set(key, value);
		return value;
	};
}
