import type { IDataObject } from 'n8n-workflow';

/** Drops keys whose value is undefined, so they are not sent at all. */
export function withoutUndefined<T extends IDataObject>(object: T): T {
	return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}
