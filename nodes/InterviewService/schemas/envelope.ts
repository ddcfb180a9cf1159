import { z } from 'zod';

/** Every successful answer: `{ message, success, data }`. */
export const successEnvelope = <T extends z.ZodTypeAny>(data: T) =>
	z.object({ message: z.string().optional(), success: z.boolean().optional(), data });

/** Every error answer: `{ message, success, error }`; `error` is anything, or null. */
export const errorEnvelope = z.object({
	message: z.string(),
	success: z.boolean(),
	error: z.unknown().nullable(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
