import { z } from 'zod';

/**
 * Every error answer: `{ message, success, error }`; `error` is anything, or null. (Success answers
 * are `{ message, success, data }`; only their `data` is checked, per endpoint.)
 */
export const errorEnvelope = z.object({
	message: z.string(),
	success: z.boolean(),
	error: z.unknown().nullable(),
});
