import { z } from 'zod';

/** Body of `POST /api/v1/auth/token` and `POST /api/v1/auth/link`. */
export const credentialsBody = z.object({
	clientId: z.string().min(1, { message: 'is required' }),
	apiKey: z.string().min(1, { message: 'is required' }),
	expiresIn: z.number().int().positive({ message: 'must be a positive whole number of seconds' }).optional(),
});

export const tokenData = z.object({
	accessToken: z.string(),
	tokenType: z.string(),
	expiresIn: z.number(),
});

export const linkData = z.object({
	presignedUrl: z.string(),
	expiresIn: z.number(),
});
