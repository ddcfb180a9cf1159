import { z } from 'zod';

/** ISO 8601 date-time with an offset or `Z`, as the spec's `date-time` format. */
export const dateTime = z.string().datetime({ offset: true, message: 'must be an ISO 8601 date-time, e.g. 2026-01-31T09:00:00Z' });

export const httpUrl = z
	.string()
	.url({ message: 'must be a URL' })
	.refine((value) => /^https?:\/\//i.test(value), { message: 'must start with http:// or https://' });

export const email = z.string().email({ message: 'must be a valid e-mail address' });

/** Free-form metadata: any JSON object (the usual shape holds `Id`, `name`, `clientId`). */
export const metaData = z.record(z.string(), z.unknown());

export const nonNegativeInt = z.number().int({ message: 'must be a whole number' }).min(0, { message: 'must be 0 or more' });
