// Trimmed, without case: the service may echo an address in another case. Rows are kept as received, so only text
// is an e-mail; anything else (a number, an object, null) has no key.
export function emailKey(value: string): string;
export function emailKey(value: unknown): string | undefined;
export function emailKey(value: unknown): string | undefined {
	return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}

const SEPARATORS = /[,;\n]/;

/** Entries may hold several addresses (commas, semicolons or line breaks), or be an expression's array. */
export function toEmailList(value: unknown): string[] {
	// Most often one address: no array to build and split.
	if (typeof value === 'string' && !SEPARATORS.test(value)) return value.trim() === '' ? [] : [value.trim()];
	const entries = Array.isArray(value) ? value.flat(Infinity) : [value];
	return entries
		.filter((entry) => entry !== undefined && entry !== null)
		.flatMap((entry) => String(entry).split(SEPARATORS))
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}

/** Each address once, in its first spelling, so that what a request sends and what its refusal is read against agree. */
export function uniqueEmails(emails: string[]): string[] {
	const byKey = new Map<string, string>();
	for (const email of emails) if (!byKey.has(emailKey(email))) byKey.set(emailKey(email), email);
	return [...byKey.values()];
}
