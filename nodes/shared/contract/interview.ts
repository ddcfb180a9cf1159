import { z } from 'zod';

import { httpUrl, lenient, metaData, nonNegativeInt, pageQuery } from './common';

export const INTERVIEW_STATUSES = ['draft', 'published', 'completed'] as const;
export const JD_TYPES = ['text', 'link'] as const;
const ALLOW_ACCESS = ['anyone', 'scheduledCandidates'] as const;
const CODING_SELECTION_TYPES = ['custom', 'tag-based'] as const;
const CODING_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

export const interviewConfigSchema = z
	.object({
		redirectUrl: httpUrl,
		allowAccess: z.enum(ALLOW_ACCESS),
		allowLateAttempts: z.boolean(),
		allowContinueFromMiddle: z.boolean(),
		allowContinueFromMiddleCount: nonNegativeInt,
		allowReattempt: z.boolean(),
		allowReattemptCount: nonNegativeInt,
		allowInterviewOnMobile: z.boolean(),
		allowScreenLeaveCount: nonNegativeInt,
		allowTabSwitchCount: nonNegativeInt,
		webhookUrl: httpUrl,
	})
	.partial();
export type InterviewConfig = z.infer<typeof interviewConfigSchema>;

export const competencyItemSchema = z
	.object({
		competency: z.string(),
		explanation: z.string(),
		difficulty: z.string(),
		questionType: z.string(),
		questionCount: z.number().int(),
		time: z.number().int(),
		category: z.string(),
		sampleQuestions: z.array(z.string()),
	})
	.partial()
	.passthrough();
export type CompetencyItem = z.infer<typeof competencyItemSchema>;

export const codingSectionItem = z
	.object({
		selectionType: z.enum(CODING_SELECTION_TYPES),
		topic: z.string(),
		difficulty: z.enum(CODING_DIFFICULTIES),
		allowedLanguages: z.array(z.string()),
		followUpQuestionCount: z.number().int(),
		questionTime: z.number().int(),
	})
	.partial();

/** An interview as documented. Unknown fields are kept. */
const documentedInterview = z
	.object({
		interviewId: z.string(),
		interviewName: z.string().optional(),
		roleName: z.string().optional(),
		minExperience: z.number().int().optional(),
		maxExperience: z.number().int().optional(),
		jdType: z.enum(JD_TYPES).optional(),
		sampleQuestions: z.array(z.string()).optional(),
		interviewConfig: z.record(z.string(), z.unknown()).optional(),
		interviewLink: z.string().nullable().optional(),
		competencyData: z.array(competencyItemSchema).optional(),
		metaData: metaData.optional(),
		status: z.string().optional(),
		createdAt: z.string().optional(),
		updatedAt: z.string().optional(),
		codingSection: z.array(codingSectionItem).optional(),
	})
	.passthrough();

/** An interview as the API returns it, read leniently (see `lenient`): an undocumented value passes through as received. */
export const interviewSchema = lenient(documentedInterview);
export type Interview = z.infer<typeof documentedInterview>;

const experienceRange = <T extends { minExperience?: number; maxExperience?: number }>(body: T) =>
	body.minExperience === undefined || body.maxExperience === undefined || body.minExperience <= body.maxExperience;
const experienceRangeIssue = { message: 'must not be greater than maxExperience', path: ['minExperience'] };

/** Body of Create interview (`endpoints.createInterview`). */
export const createInterviewBodySchema = z
	.object({
		interviewName: z.string().trim().min(1, { message: 'is required' }),
		roleName: z.string().optional(),
		minExperience: nonNegativeInt.optional(),
		maxExperience: nonNegativeInt.optional(),
		jdType: z.enum(JD_TYPES),
		jd: z.string().trim().min(1, { message: 'is required' }),
		sampleQuestions: z.array(z.string()).optional(),
		published: z.boolean().optional(),
		interviewConfig: interviewConfigSchema.optional(),
		metaData: metaData.optional(),
	})
	.refine(experienceRange, experienceRangeIssue)
	.superRefine((body, ctx) => {
		if (body.jdType === 'link' && !httpUrl.safeParse(body.jd).success) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['jd'], message: 'must be an http(s) URL when jdType is "link"' });
		}
	});
export type CreateInterviewBody = z.infer<typeof createInterviewBodySchema>;

/** Competency as sent in the update body: the name travels as `name`. */
const competencyUpdateItem = z.object({
	name: z.string().trim().min(1, { message: 'is required' }),
	explanation: z.string().optional(),
	questionCount: nonNegativeInt.optional(),
	time: nonNegativeInt.optional(),
	difficulty: z.string().optional(),
	questionType: z.string().optional(),
});

/** Body of Update interview (`endpoints.updateInterview`). */
export const updateInterviewBodySchema = z
	.object({
		interviewName: z.string().trim().min(1, { message: 'must not be empty' }).optional(),
		roleName: z.string().optional(),
		minExperience: nonNegativeInt.optional(),
		maxExperience: nonNegativeInt.optional(),
		metaData: metaData.optional(),
		published: z.boolean().optional(),
		competencyData: z.array(competencyUpdateItem).optional(),
	})
	.refine(experienceRange, experienceRangeIssue);
export type UpdateInterviewBody = z.infer<typeof updateInterviewBodySchema>;

/** Body of Update interview settings (`endpoints.updateSettings`). */
export const updateSettingsBodySchema = z.object({
	interviewId: z.string().optional(),
	interviewName: z.string().trim().min(1, { message: 'must not be empty' }).optional(),
	published: z.boolean().optional(),
	interviewConfig: interviewConfigSchema.optional(),
	metaData: metaData.optional(),
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

/** Query of List interviews (`endpoints.listInterviews`). */
export const listInterviewsQuery = z.object({ status: z.enum(['draft', 'published']).optional(), ...pageQuery.shape });
