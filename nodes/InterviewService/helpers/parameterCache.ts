import type { IExecuteFunctions, IGetNodeParameterOptions, NodeParameterValueType } from 'n8n-workflow';

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

/**
 * Reads node parameters for many items, evaluating each parameter once when its saved value
 * (`getNode().parameters`, as the workflow holds it, expressions unevaluated) cannot differ
 * between items: a fixed value, or an expression that does not use the item. A parameter whose
 * expression uses the item is evaluated per item, as before. Only a value that was read without
 * error is kept, so a failing parameter still fails on each item with that item's index.
 * The values handed out are shared between items: callers must not change them.
 */
export function sharedParameterReader(context: IExecuteFunctions): ParameterReader {
	const saved = context.getNode().parameters;
	const kept = new Map<string, NodeParameterValueType | object>();
	return (name, itemIndex, fallback, options) => {
		if (usesItem(saved[name])) return context.getNodeParameter(name, itemIndex, fallback, options);
		const key = `${name}\n${JSON.stringify(options ?? {})}`;
		if (kept.has(key)) return kept.get(key)!;
		const value = context.getNodeParameter(name, itemIndex, fallback, options);
		kept.set(key, value);
		return value;
	};
}
