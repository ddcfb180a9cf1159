/** Bodies of the sandbox's own control API (`/__sandbox/`). The API contract itself is in nodes/shared/contract/. */
import { z } from 'zod';

import { dateTime, email, httpUrl, metaData, nonNegativeInt } from '../nodes/shared/contract/common';
import { INTERVIEW_STATUSES, JD_TYPES, codingSectionItem, competencyItemSchema, interviewConfigSchema } from '../nodes/shared/contract/interview';

import { CANDIDATE_STATES, REFUSAL_DIALECTS, SCORE_RANGE, SCORE_STYLES, WEBHOOK_REDELIVERIES, WEBHOOK_STYLES } from './assumptions';

const score = z.number().min(SCORE_RANGE.min).max(SCORE_RANGE.max);

/** Scores in either naming (documented or zeko). */
export const scoresInput = z
	.object({
		interviewScore: score,
		overallScore: score,
		communicationScore: score,
		codingScore: score,
		technicalScore: score,
	})
	.partial()
	.strict();

export const seedInterview = z
	.object({
		interviewId: z.string().min(1),
		interviewName: z.string().min(1),
		roleName: z.string(),
		minExperience: nonNegativeInt,
		maxExperience: nonNegativeInt,
		jdType: z.enum(JD_TYPES),
		jd: z.string(),
		sampleQuestions: z.array(z.string()),
		status: z.enum(INTERVIEW_STATUSES),
		interviewConfig: interviewConfigSchema,
		metaData,
		competencyData: z.array(competencyItemSchema),
		codingSection: z.array(codingSectionItem.required()),
		createdAt: dateTime,
		updatedAt: dateTime,
	})
	.partial();
export type SeedInterview = z.infer<typeof seedInterview>;

export const seedCandidate = z.object({
	interviewId: z.string().min(1),
	email,
	name: z.string().optional(),
	phone: z.string().optional(),
	resumeLink: httpUrl.optional(),
	metaData: metaData.optional(),
	status: z.enum(CANDIDATE_STATES).optional(),
	startTime: dateTime.optional(),
	endTime: dateTime.optional(),
	scores: scoresInput.optional(),
	reportLink: z.string().optional(),
	completedAt: dateTime.optional(),
});
export type SeedCandidate = z.infer<typeof seedCandidate>;

/** A candidate the stand-in ATS lists (ats.ts): the fields Invite's Map Automatically reads. */
export const atsCandidate = z
	.object({ email, name: z.string().optional(), phone: z.string().optional(), resumeLink: httpUrl.optional() })
	.strict();

/** Whom the service refuses (refusals.ts), and in which dialect. */
const refusals = z
	.object({
		emails: z.array(z.string()).default([]),
		domains: z.array(z.string()).default([]),
		dialect: z.enum(REFUSAL_DIALECTS).default('rejectRequest'),
	})
	.strict();

export const seedBody = z.object({
	interviews: z.array(seedInterview).optional(),
	candidates: z.array(seedCandidate).optional(),
	atsCandidates: z.array(atsCandidate).optional(),
	refusals: refusals.optional(),
});
export type SeedInput = z.infer<typeof seedBody>;

export const SEEDS = ['demo', 'none'] as const;
export type SeedName = (typeof SEEDS)[number];
export const resetBody = z.object({ seed: z.enum(SEEDS).optional() });

export const completeBody = z.object({
	email,
	name: z.string().optional(),
	scores: scoresInput.optional(),
	completedAt: dateTime.optional(),
});

export const faultBody = z
	.object({
		route: z.string().min(1),
		status: z.number().int().min(100).max(599).optional(),
		message: z.string().min(1).optional(),
		retryAfter: z.union([nonNegativeInt, z.string().min(1)]).optional(),
		delayMs: z.number().int().min(0).max(60_000).optional(),
		malformed: z.boolean().optional(),
		drop: z.boolean().optional(),
		afterApply: z.boolean().optional(),
		pathIncludes: z.string().min(1).optional(),
		skip: nonNegativeInt.optional(),
		count: z.number().int().min(1).optional(),
		rate: z.number().min(0).max(1).optional(),
	})
	.strict()
	.refine((fault) => fault.status !== undefined || fault.delayMs !== undefined || fault.malformed || fault.drop, {
		message: 'must set at least one of status, delayMs, malformed, drop',
		path: ['route'],
	});

export const faultsList = z.array(faultBody);

export const expireTokensBody = z.object({ afterRequests: nonNegativeInt.optional() });

const pageSize = z.number().int().min(1).max(10_000);
const seconds = z.number().int().min(1);

export const configPatch = z
	.object({
		scoreStyle: z.enum(SCORE_STYLES),
		latencyMs: z.number().int().min(0).max(60_000),
		defaultPageSize: pageSize,
		maxPageSize: pageSize,
		ignorePage: z.boolean(),
		tokenTtl: seconds,
		tokenTtlMax: seconds,
		webhookStyle: z.enum(WEBHOOK_STYLES),
		webhookRedelivery: z.enum(WEBHOOK_REDELIVERIES),
		stripWebhookQuery: z.boolean(),
		resultsPastEnd: z.enum(['empty', '422', '404']),
		resultsCompletedAt: z.boolean(),
		refusals,
	})
	.partial()
	.strict();

/** Rows served as they are: any JSON, a row that is no object included. */
export const resultRowsBody = z.object({ rows: z.array(z.unknown()).min(1) }).strict();

export const redeliverBody = z.object({ eventId: z.string().min(1).optional() }).strict();
