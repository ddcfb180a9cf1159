import { z } from 'zod';

import { dateTime, email, httpUrl, metaData } from './common';

export const candidateSchema = z.object({
	name: z.string().optional(),
	email,
	phone: z.string().optional(),
	resumeLink: httpUrl.optional(),
	metaData: metaData.optional(),
});
export type Candidate = z.infer<typeof candidateSchema>;

/** Body of Generate pre-authenticated access links (`endpoints.createAccessLinks`). */
export const accessLinksBody = z
	.object({
		startTime: dateTime,
		endTime: dateTime,
		candidates: z.array(candidateSchema).optional(),
	})
	.refine((body) => Date.parse(body.endTime) > Date.parse(body.startTime), {
		message: 'must be after startTime',
		path: ['endTime'],
	});

const accessLink = z
	.object({
		email: z.string(),
		preAuthLink: z.string(),
		demoInterviewLink: z.string().optional(),
		rescheduleLink: z.string().optional(),
	})
	.passthrough();
export type AccessLink = z.infer<typeof accessLink>;

/** `data` of the access-links answer: an object with an inner `data` array. */
export const accessLinksData = z.object({ data: z.array(accessLink) }).passthrough();

/** Body of Cancel scheduled candidates (`endpoints.cancelScheduled`). */
export const cancelScheduledBody = z.object({
	candidateEmails: z.array(email).min(1, { message: 'must hold at least one e-mail' }),
});

const cancelledCandidate = z
	.object({
		candidateEmail: z.string(),
		candidateName: z.string().optional(),
		metaData: metaData.optional(),
	})
	.passthrough();
export const cancelScheduledData = z.object({ cancelledCandidates: z.array(cancelledCandidate) }).passthrough();
