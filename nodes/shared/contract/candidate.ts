import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

import { isPlainObject } from '../plainObjects';
import { dateTime, email, EMAIL_PATTERN, httpUrl, metaData, withFastPath } from './common';

export const candidateSchema = z.object({
	name: z.string().optional(),
	email,
	phone: z.string().optional(),
	resumeLink: httpUrl.optional(),
	metaData: metaData.optional(),
});
export type Candidate = z.infer<typeof candidateSchema>;

const optionalText = (value: unknown) => value === undefined || typeof value === 'string';

/** The candidate as `candidateSchema` gives it, read by hand as zod costs far more per item; undefined lets the schema word the issue. */
export function candidateAsParsed(candidate: IDataObject): Candidate | undefined {
	const { name, email: address, phone } = candidate;
	if (!optionalText(name) || !optionalText(phone) || typeof address !== 'string' || !EMAIL_PATTERN.test(address)) return undefined;
	// As zod's object: an optional field left out stays out, one present stays even when undefined.
	const parsed: IDataObject = {};
	if ('name' in candidate) parsed.name = name;
	parsed.email = address;
	if ('phone' in candidate) parsed.phone = phone;
	if ('resumeLink' in candidate) {
		const read = candidateSchema.shape.resumeLink.safeParse(candidate.resumeLink);
		if (!read.success) return undefined;
		parsed.resumeLink = read.data;
	}
	if ('metaData' in candidate) {
		const read = candidateSchema.shape.metaData.safeParse(candidate.metaData);
		if (!read.success) return undefined;
		parsed.metaData = read.data;
	}
	return parsed as Candidate;
}

/** Body of Generate pre-authenticated access links (`endpoints.createAccessLinks`). */
export const accessLinksBody = z
	.object({
		startTime: dateTime,
		endTime: dateTime,
		candidates: z.array(candidateSchema).optional(),
	})
	.refine((body) => Date.parse(body.endTime) > Date.parse(body.startTime), { message: 'must be after startTime', path: ['endTime'] });

const accessLink = z
	.object({
		email: z.string(),
		preAuthLink: z.string(),
		demoInterviewLink: z.string().optional(),
		rescheduleLink: z.string().optional(),
	})
	.passthrough();
export type AccessLink = z.infer<typeof accessLink>;

/** The keys a passthrough object keeps besides its fields, after them, as zod copies them. */
function withOtherKeys(parsed: IDataObject, source: IDataObject, fields: readonly string[]): IDataObject {
	for (const key in source) if (!fields.includes(key) && key !== '__proto__' && source[key] !== undefined) parsed[key] = source[key];
	return parsed;
}

const LINK_FIELDS = ['email', 'preAuthLink', 'demoInterviewLink', 'rescheduleLink'] as const;
const OPTIONAL_LINK_FIELDS = LINK_FIELDS.slice(2);

function linkAsParsed(link: unknown): AccessLink | undefined {
	if (!isPlainObject(link) || typeof link.email !== 'string' || typeof link.preAuthLink !== 'string') return undefined;
	const parsed: IDataObject = { email: link.email, preAuthLink: link.preAuthLink };
	for (let index = 0; index < OPTIONAL_LINK_FIELDS.length; index++) {
		const key = OPTIONAL_LINK_FIELDS[index];
		if (!(key in link)) continue;
		if (!optionalText(link[key])) return undefined;
		parsed[key] = link[key];
	}
	return withOtherKeys(parsed, link, LINK_FIELDS) as AccessLink;
}

/** `data` of the access-links answer: an object with an inner `data` array (up to 100 links a request, each read as zod would). */
export const accessLinksData = withFastPath(z.object({ data: z.array(accessLink) }).passthrough(), (value) => {
	if (!isPlainObject(value) || !Array.isArray(value.data)) return undefined;
	const links = value.data as unknown[];
	const data: AccessLink[] = [];
	for (let index = 0; index < links.length; index++) {
		const parsed = linkAsParsed(links[index]);
		if (parsed === undefined) return undefined;
		data.push(parsed);
	}
	return withOtherKeys({ data }, value, ['data']) as { data: AccessLink[] };
});

/** Body of Cancel scheduled candidates (`endpoints.cancelScheduled`). */
export const cancelScheduledBody = z.object({ candidateEmails: z.array(email).min(1, { message: 'must hold at least one e-mail' }) });

const cancelledCandidate = z
	.object({
		candidateEmail: z.string(),
		candidateName: z.string().optional(),
		metaData: metaData.optional(),
	})
	.passthrough();
export const cancelScheduledData = z.object({ cancelledCandidates: z.array(cancelledCandidate) }).passthrough();
