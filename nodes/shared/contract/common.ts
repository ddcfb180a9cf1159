import { datetimeRegex, z } from 'zod';

/** The spec's `date-time`: zod's `datetime({ offset: true })` pattern, built once, as `datetime()` builds it at every check. */
export const dateTime = z
	.string()
	.regex(datetimeRegex({ precision: null, offset: true, local: false }), { message: 'must be an ISO 8601 date-time, e.g. 2026-01-31T09:00:00Z' });

export const httpUrl = z
	.string()
	.url({ message: 'must be a URL' })
	.refine((value) => /^https?:\/\//i.test(value), { message: 'must start with http:// or https://' });

/** zod 3's own e-mail pattern, named here so that a check by hand (`candidateAsParsed`) and the schema accept the same addresses. */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

export const email = z.string().regex(EMAIL_PATTERN, { message: 'must be a valid e-mail address' });

/** Free-form metadata: any JSON object (the usual shape holds `Id`, `name`, `clientId`). */
export const metaData = z.record(z.string(), z.unknown());

/** Parsed when `schema` accepts it, else as received: services grow, and a new enum value or a null must never fail a read. */
export function lenient<T extends z.ZodTypeAny>(schema: T) {
	return z.record(z.string(), z.unknown()).transform((record) => {
		const parsed = schema.safeParse(record);
		return (parsed.success ? parsed.data : record) as z.infer<T>;
	});
}

/** `schema`, but what `asParsed` reads skips zod's pass over each element of a long answer; anything else gets `schema`'s issues. */
export function withFastPath<T extends z.ZodTypeAny>(schema: T, asParsed: (value: unknown) => z.output<T> | undefined) {
	return z.unknown().transform((value, ctx): z.output<T> => {
		const fast = asParsed(value);
		if (fast !== undefined) return fast;
		const parsed = schema.safeParse(value);
		if (parsed.success) return parsed.data as z.output<T>;
		for (const issue of parsed.error.issues) ctx.addIssue(issue);
		return z.NEVER;
	});
}

export const nonNegativeInt = z.number().int({ message: 'must be a whole number' }).min(0, { message: 'must be 0 or more' });

/** Query of the two lists (`endpoints.listResults`; `endpoints.listInterviews` adds `status`). */
export const pageQuery = z.object({
	page: z.coerce.number().int().min(1).optional(),
	limit: z.coerce.number().int().min(1).optional(),
	search: z.string().optional(),
});
