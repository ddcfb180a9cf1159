/** Printable ASCII without capitals or spaces: its own key. */
const KEY_ALREADY = /^[!-@[-~]*$/;

// Trimmed, without case: the service may echo an address in another case. Rows are kept as received, so only text
// is an e-mail; anything else (a number, an object, null) has no key.
export function emailKey(value: string): string;
export function emailKey(value: unknown): string | undefined;
export function emailKey(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	// Most addresses are already a key; telling so allocates nothing, where trimming and lowering make new text.
	return KEY_ALREADY.test(value) ? value : value.trim().toLowerCase();
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
	for (let index = 0; index < emails.length; index++) {
		const key = emailKey(emails[index]);
		if (!byKey.has(key)) byKey.set(key, emails[index]);
	}
	return [...byKey.values()];
}

/** Whether an address text lists more than one address. */
export function listsSeveralEmails(value: string): boolean {
	return SEPARATORS.test(value) && toEmailList(value).length > 1;
}
