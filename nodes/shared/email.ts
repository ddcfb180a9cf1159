// Trimmed, without case: the service may echo an address in another case. Rows are kept as received, so only text
// is an e-mail; anything else (a number, an object, null) has no key.
export function emailKey(value: string): string;
export function emailKey(value: unknown): string | undefined;
export function emailKey(value: unknown): string | undefined {
	return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}

/** Entries may hold several addresses (commas, semicolons or line breaks), or be an expression's array. */
export function toEmailList(value: unknown): string[] {
	const entries = Array.isArray(value) ? value.flat(Infinity) : [value];
	return entries
		.filter((entry) => entry !== undefined && entry !== null)
		.flatMap((entry) => String(entry).split(/[,;\n]/))
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}
