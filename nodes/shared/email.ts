/** E-mail addresses are compared without case: the service may echo them in another case. */
export function emailKey(email: string): string {
	return email.trim().toLowerCase();
}

/**
 * The key of an e-mail as a service row holds it. Rows are kept as received, so the value may be
 * of any type: only text is an e-mail; anything else (a number, an object, null) has no key.
 */
export function emailKeyOf(value: unknown): string | undefined {
	return typeof value === 'string' ? emailKey(value) : undefined;
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
