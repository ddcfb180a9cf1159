/** How the sandbox makes interviews and results, and how it shows them in answers. */
import { createHash, randomBytes } from 'node:crypto';

import type { CompetencyItem, CreateInterviewBody, InterviewConfig } from '../nodes/shared/contract/interview';

import {
	DEFAULT_INTERVIEW_CONFIG,
	DIFFICULTY_BY_MAX_EXPERIENCE,
	GENERATED_SCORE_RANGE,
	INTERVIEW_ID_BYTES,
	INTERVIEW_LINK_PATH,
	REPORT_PATH,
	type ScoreStyle,
} from './assumptions';
import type { SandboxConfig, Scores, StoredCandidate, StoredInterview, StoredInterviewConfig } from './state';

export const newInterviewId = () => randomBytes(INTERVIEW_ID_BYTES).toString('hex');

export function slugFor(interviewName: string, interviewId: string): string {
	const words = interviewName
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 48);
	return `${words || 'interview'}-${interviewId.slice(-6)}`;
}

export const interviewLinkFor = (baseUrl: string, slug: string) => `${baseUrl}${INTERVIEW_LINK_PATH}${slug}`;

export const reportLinkFor = (baseUrl: string, interviewId: string, email: string) =>
	`${baseUrl}${REPORT_PATH}${createHash('sha256').update(`${interviewId}:${email.toLowerCase()}`).digest('hex').slice(0, 24)}`;

/** The documented defaults overlaid by what was sent: every interview holds a full config. */
export function fullConfig(sent: InterviewConfig | Partial<StoredInterviewConfig> = {}): StoredInterviewConfig {
	return { ...DEFAULT_INTERVIEW_CONFIG, ...sent };
}

export function difficultyFor(maxExperience: number): string {
	return DIFFICULTY_BY_MAX_EXPERIENCE.find((band) => maxExperience < band.below)?.difficulty ?? 'medium';
}

/** A few plausible competencies, as the real service derives them from the job description. */
export function competenciesFor(body: {
	interviewName: string;
	roleName?: string;
	maxExperience?: number;
	sampleQuestions?: string[];
}): CompetencyItem[] {
	const role = body.roleName?.trim() || body.interviewName.trim();
	const difficulty = difficultyFor(body.maxExperience ?? 3);
	const questions = body.sampleQuestions ?? [];
	return [
		{
			competency: `${role} fundamentals`,
			explanation: `Core knowledge expected of a ${role}.`,
			difficulty,
			questionType: 'technical',
			questionCount: 3,
			time: 10,
			category: 'vocal',
			sampleQuestions: questions.filter((_, index) => index % 2 === 0),
		},
		{
			competency: 'Problem solving',
			explanation: `Reasoning through realistic situations a ${role} meets.`,
			difficulty,
			questionType: 'scenario_based',
			questionCount: 2,
			time: 8,
			category: 'vocal',
			sampleQuestions: questions.filter((_, index) => index % 2 === 1),
		},
		{
			competency: 'Communication',
			explanation: 'Clarity and structure of the answers.',
			difficulty: 'easy',
			questionType: 'behavioural',
			questionCount: 1,
			time: 5,
			category: 'vocal',
			sampleQuestions: [],
		},
	];
}

export const statusFor = (published: boolean | undefined): StoredInterview['status'] =>
	published ? 'published' : 'draft';

export function buildInterview(body: CreateInterviewBody, baseUrl: string, now: string): StoredInterview {
	const interviewId = newInterviewId();
	const slug = slugFor(body.interviewName, interviewId);
	return {
		interviewId,
		interviewName: body.interviewName,
		roleName: body.roleName ?? '',
		minExperience: body.minExperience ?? 0,
		maxExperience: body.maxExperience ?? body.minExperience ?? 0,
		jdType: body.jdType,
		jd: body.jd,
		sampleQuestions: body.sampleQuestions ?? [],
		interviewConfig: fullConfig(body.interviewConfig),
		slug,
		interviewLink: interviewLinkFor(baseUrl, slug),
		competencyData: competenciesFor(body),
		metaData: body.metaData ?? {},
		status: statusFor(body.published),
		createdAt: now,
		updatedAt: now,
		codingSection: [],
	};
}

/** An interview as get-interview and get-interviews answer it (the job description itself is not shown). */
export function interviewView(interview: StoredInterview) {
	return {
		interviewId: interview.interviewId,
		interviewName: interview.interviewName,
		roleName: interview.roleName,
		minExperience: interview.minExperience,
		maxExperience: interview.maxExperience,
		jdType: interview.jdType,
		sampleQuestions: interview.sampleQuestions,
		interviewConfig: interview.interviewConfig,
		interviewLink: interview.interviewLink,
		competencyData: interview.competencyData,
		metaData: interview.metaData,
		status: interview.status,
		createdAt: interview.createdAt,
		updatedAt: interview.updatedAt,
		codingSection: interview.codingSection,
	};
}

/** Plausible scores derived from the e-mail, so that a test can predict them. */
export function generatedScores(email: string): Scores {
	const bytes = createHash('sha256').update(email.toLowerCase()).digest();
	const span = GENERATED_SCORE_RANGE.max - GENERATED_SCORE_RANGE.min + 1;
	const score = (index: number) => GENERATED_SCORE_RANGE.min + (bytes.readUInt16BE(index * 2) % span);
	return { interviewScore: score(0), communicationScore: score(1), codingScore: score(2) };
}

/** Scores as sent by a control call, in either naming. */
export interface ScoresInput {
	interviewScore?: number;
	overallScore?: number;
	communicationScore?: number;
	codingScore?: number;
	technicalScore?: number;
}

/** Given scores in either naming; what is missing comes from the generated ones. */
export function scoresFrom(input: ScoresInput | undefined, email: string): Scores {
	const fallback = generatedScores(email);
	return {
		interviewScore: input?.interviewScore ?? input?.overallScore ?? fallback.interviewScore,
		communicationScore: input?.communicationScore ?? fallback.communicationScore,
		codingScore: input?.codingScore ?? input?.technicalScore ?? fallback.codingScore,
	};
}

export function styledScores(scores: Scores, style: ScoreStyle) {
	if (style === 'zeko') {
		return {
			overallScore: scores.interviewScore,
			communicationScore: scores.communicationScore,
			technicalScore: scores.codingScore,
		};
	}
	return { ...scores };
}

/**
 * One element of the results list; `completedAt` ("not shown") is the instant its completion event carries,
 * left out for a service whose rows are only what the spec shows (config `resultsCompletedAt: false`).
 */
export function resultView(candidate: StoredCandidate, { scoreStyle, resultsCompletedAt }: Pick<SandboxConfig, 'scoreStyle' | 'resultsCompletedAt'>) {
	return {
		interviewId: candidate.interviewId,
		candidate: { name: candidate.name, email: candidate.email },
		scores: candidate.scores ? styledScores(candidate.scores, scoreStyle) : null,
		metaData: candidate.metaData,
		reportLink: candidate.reportLink,
		...(resultsCompletedAt ? { completedAt: candidate.completedAt } : {}),
	};
}

/** Completes a candidate (a copy): the stored result that results and the webhook event show. */
export function completedCandidate(
	candidate: StoredCandidate,
	scores: Scores,
	baseUrl: string,
	completedAt: string,
): StoredCandidate & { scores: Scores } {
	return {
		...candidate,
		status: 'completed',
		scores,
		reportLink: reportLinkFor(baseUrl, candidate.interviewId, candidate.email),
		completedAt,
	};
}

/** A candidate first seen now (invited, seeded, or completing without an invitation). */
export function newCandidate(interviewId: string, email: string, now: string, name?: string): StoredCandidate {
	return {
		interviewId,
		email,
		name: name ?? email.split('@')[0],
		metaData: {},
		status: 'scheduled',
		invitedAt: now,
		scores: null,
		reportLink: null,
		completedAt: null,
	};
}

/** Every scalar value inside a metaData object, as text (keys are not searched). */
function valuesOf(value: unknown): string[] {
	if (value === null || value === undefined) return [];
	if (typeof value === 'object') return Object.values(value).flatMap(valuesOf);
	return [String(value)];
}

/**
 * Case-insensitive substring search over the given fields and every value inside `metaData`. A
 * field written raw (`PATCH /__sandbox/.../raw`) may hold a number or an object: its values count.
 */
export function matchesSearch(search: string | undefined, fields: unknown[], metaData: unknown): boolean {
	if (!search) return true;
	const needle = search.toLowerCase();
	return [...fields, metaData].flatMap(valuesOf).some((text) => text.toLowerCase().includes(needle));
}
