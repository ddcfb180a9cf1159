import { z } from 'zod';

/** Every error answer; of a success answer only its `data` is checked, per endpoint. */
export const errorEnvelope = z.object({ message: z.string(), success: z.boolean(), error: z.unknown().nullable() });
