import { z } from 'zod';

/** Body of the two credential exchanges (`endpoints.createToken`, `endpoints.createLink`). */
export const credentialsBody = z.object({
	clientId: z.string().min(1, { message: 'is required' }),
	apiKey: z.string().min(1, { message: 'is required' }),
	expiresIn: z.number().int().positive({ message: 'must be a positive whole number of seconds' }).optional(),
});

export const tokenData = z.object({ accessToken: z.string(), tokenType: z.string(), expiresIn: z.number() });
export const linkData = z.object({ presignedUrl: z.string(), expiresIn: z.number() });
