/**
 * The key an e-mail is compared by: trimmed, without case, since the service may echo an address
 * in another case. Rows of the service are kept as received, so a value may be of any type: only
 * text is an e-mail, anything else (a number, an object, null) has no key.
 */
export function emailKey(value: string): string;
export function emailKey(value: unknown): string | undefined;
export function emailKey(value: unknown): string | undefined {
	return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}

/**
 * E-mail addresses from a list parameter: each entry may itself hold several addresses separated
 * by commas, semicolons or line breaks, or be an array from an expression.
 */
export function toEmailList(value: unknown): string[] {
	const entries = Array.isArray(value) ? value.flat(Infinity) : [value];
	return entries
		.filter((entry) => entry !== undefined && entry !== null)
		.flatMap((entry) => String(entry).split(/[,;\n]/))
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}
