/** Puts interviews and candidates into the state, from the control API or from the demo data. */
import { addAtsCandidates } from './ats';
import { ApiError, toValidationIssues } from './http';
import { MESSAGES } from './assumptions';
import {
	buildInterview,
	completedCandidate,
	fullConfig,
	interviewLinkFor,
	newCandidate,
	scoresFrom,
	slugFor,
} from './interviews-and-results';
import type { SeedCandidate, SeedInput, SeedInterview } from './schemas';
import { seedBody } from './schemas';
import type { SandboxState, StoredCandidate, StoredInterview } from './state';

function seededInterview(seed: SeedInterview, index: number, baseUrl: string, now: string): StoredInterview {
	const interviewName = seed.interviewName ?? `Seeded interview ${index + 1}`;
	const base = buildInterview(
		{
			interviewName,
			roleName: seed.roleName,
			minExperience: seed.minExperience,
			maxExperience: seed.maxExperience,
			jdType: seed.jdType ?? 'text',
			jd: seed.jd ?? `Job description of ${interviewName}.`,
			sampleQuestions: seed.sampleQuestions,
			metaData: seed.metaData,
		},
		baseUrl,
		seed.createdAt ?? now,
	);
	const interviewId = seed.interviewId ?? base.interviewId;
	const slug = slugFor(interviewName, interviewId);
	return {
		...base,
		interviewId,
		slug,
		interviewLink: interviewLinkFor(baseUrl, slug),
		interviewConfig: fullConfig(seed.interviewConfig),
		status: seed.status ?? 'draft',
		competencyData: seed.competencyData ?? base.competencyData,
		codingSection: seed.codingSection ?? [],
		updatedAt: seed.updatedAt ?? base.createdAt,
	};
}

function seededCandidate(seed: SeedCandidate, baseUrl: string, now: string): StoredCandidate {
	const candidate: StoredCandidate = {
		...newCandidate(seed.interviewId, seed.email, now, seed.name),
		phone: seed.phone,
		resumeLink: seed.resumeLink,
		metaData: seed.metaData ?? {},
		status: seed.status ?? 'scheduled',
		startTime: seed.startTime,
		endTime: seed.endTime,
	};
	if (candidate.status !== 'completed') return candidate;
	const completed = completedCandidate(candidate, scoresFrom(seed.scores, seed.email), baseUrl, seed.completedAt ?? now);
	return { ...completed, reportLink: seed.reportLink ?? completed.reportLink };
}

/** Validates and applies a seed; candidates may refer to interviews of the same seed. Answers the interview ids. */
export function applySeed(state: SandboxState, input: unknown, baseUrl: string): string[] {
	const parsed = seedBody.safeParse(input ?? {});
	if (!parsed.success) throw new ApiError(422, MESSAGES.validation, toValidationIssues(parsed.error));
	const seed: SeedInput = parsed.data;
	const now = new Date().toISOString();

	const interviews = (seed.interviews ?? []).map((item, index) => seededInterview(item, index, baseUrl, now));
	const known = new Set([...state.interviews.keys(), ...interviews.map((interview) => interview.interviewId)]);
	const unknown = (seed.candidates ?? []).findIndex((candidate) => !known.has(candidate.interviewId));
	if (unknown >= 0) {
		throw new ApiError(422, MESSAGES.validation, [
			{ path: `candidates.${unknown}.interviewId`, message: MESSAGES.interviewNotFound },
		]);
	}

	for (const interview of interviews) state.interviews.set(interview.interviewId, interview);
	for (const candidate of seed.candidates ?? []) state.saveCandidate(seededCandidate(candidate, baseUrl, now));
	addAtsCandidates(state, seed.atsCandidates ?? []);
	if (seed.refusals) state.config = { ...state.config, refusals: seed.refusals };
	return interviews.map((interview) => interview.interviewId);
}
