import type { IDataObject } from 'n8n-workflow';

/** Whether the value is an object with keys: not null, not a list, not the bytes of a body. */
export function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/** Drops keys whose value is undefined, so they are not sent at all. */
export function withoutUndefined<T extends IDataObject>(object: T): T {
	return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}
