/**
 * Demo interviews for a person trying the sandbox (`--seed demo`): two published, one draft,
 * with scheduled, completed and cancelled candidates. Ids are fixed, so docs and examples can use them.
 */
import type { SeedInput } from './schemas';

export const DEMO_INTERVIEW_IDS = {
	backendEngineer: '6650a1b2c3d4e5f601234501',
	productDesigner: '6650a1b2c3d4e5f601234502',
	dataAnalyst: '6650a1b2c3d4e5f601234503',
} as const;

/** The candidate the demo's service refuses, so that a newcomer sees a failed item (the start-up message names it). */
export const DEMO_REFUSED_CANDIDATE = { email: 'blocked@example.com', name: 'Blocked Candidate' };

export const DEMO_SEED: SeedInput = {
	interviews: [
		{
			interviewId: DEMO_INTERVIEW_IDS.backendEngineer,
			interviewName: 'Senior Backend Engineer (Node.js)',
			roleName: 'Backend Engineer',
			minExperience: 5,
			maxExperience: 8,
			jdType: 'text',
			jd: 'Design, build and run the Node.js services behind our hiring platform. PostgreSQL, queues, observability.',
			sampleQuestions: [
				'How would you make a webhook consumer idempotent?',
				'Walk me through debugging a memory leak in a Node.js service.',
			],
			status: 'published',
			interviewConfig: { allowAccess: 'scheduledCandidates', allowReattempt: true, allowReattemptCount: 1 },
			metaData: { Id: 101, name: 'Platform team', clientId: 7, department: 'Engineering' },
			codingSection: [
				{
					selectionType: 'tag-based',
					topic: 'Data structures',
					difficulty: 'medium',
					allowedLanguages: ['javascript', 'typescript', 'python'],
					followUpQuestionCount: 2,
					questionTime: 20,
				},
			],
			createdAt: '2026-11-02T09:00:00.000Z',
		},
		{
			interviewId: DEMO_INTERVIEW_IDS.productDesigner,
			interviewName: 'Product Designer',
			roleName: 'Product Designer',
			minExperience: 2,
			maxExperience: 5,
			jdType: 'link',
			jd: 'https://careers.example.com/jobs/product-designer',
			sampleQuestions: ['Tell me about a design decision you reversed after user research.'],
			status: 'published',
			interviewConfig: { allowAccess: 'anyone', allowInterviewOnMobile: true },
			metaData: { Id: 102, name: 'Design', clientId: 7, location: 'Remote (EU)' },
			createdAt: '2026-11-05T14:30:00.000Z',
		},
		{
			interviewId: DEMO_INTERVIEW_IDS.dataAnalyst,
			interviewName: 'Data Analyst Intern',
			roleName: 'Data Analyst',
			minExperience: 0,
			maxExperience: 1,
			jdType: 'text',
			jd: 'Support the people-analytics team with SQL reports and dashboards.',
			status: 'draft',
			metaData: { Id: 103, name: 'People analytics', clientId: 7 },
			createdAt: '2026-11-10T08:15:00.000Z',
		},
	],
	candidates: [
		{
			interviewId: DEMO_INTERVIEW_IDS.backendEngineer,
			email: 'ada.lovelace@example.com',
			name: 'Ada Lovelace',
			phone: '+44 20 7946 0001',
			metaData: { Id: 5001, name: 'Ada Lovelace', clientId: 7, source: 'referral' },
			status: 'completed',
			scores: { interviewScore: 91, communicationScore: 88, codingScore: 94 },
			startTime: '2026-11-12T09:00:00.000Z',
			endTime: '2026-11-19T18:00:00.000Z',
			completedAt: '2026-11-13T10:42:00.000Z',
		},
		{
			interviewId: DEMO_INTERVIEW_IDS.backendEngineer,
			email: 'alan.turing@example.com',
			name: 'Alan Turing',
			metaData: { Id: 5002, name: 'Alan Turing', clientId: 7, source: 'job board' },
			status: 'completed',
			scores: { interviewScore: 84, communicationScore: 72, codingScore: 90 },
			startTime: '2026-11-12T09:00:00.000Z',
			endTime: '2026-11-19T18:00:00.000Z',
			completedAt: '2026-11-14T16:05:00.000Z',
		},
		{
			interviewId: DEMO_INTERVIEW_IDS.backendEngineer,
			email: 'grace.hopper@example.com',
			name: 'Grace Hopper',
			metaData: { Id: 5003, name: 'Grace Hopper', clientId: 7 },
			status: 'scheduled',
			startTime: '2026-11-20T09:00:00.000Z',
			endTime: '2026-12-04T18:00:00.000Z',
		},
		{
			interviewId: DEMO_INTERVIEW_IDS.productDesigner,
			email: 'dieter.rams@example.com',
			name: 'Dieter Rams',
			metaData: { Id: 6001, name: 'Dieter Rams', clientId: 7 },
			status: 'completed',
			scores: { interviewScore: 79, communicationScore: 93, codingScore: 0 },
			completedAt: '2026-11-16T11:20:00.000Z',
		},
		{
			interviewId: DEMO_INTERVIEW_IDS.productDesigner,
			email: 'susan.kare@example.com',
			name: 'Susan Kare',
			metaData: { Id: 6002, name: 'Susan Kare', clientId: 7 },
			status: 'scheduled',
			startTime: '2026-11-20T09:00:00.000Z',
			endTime: '2026-12-04T18:00:00.000Z',
		},
		{
			interviewId: DEMO_INTERVIEW_IDS.productDesigner,
			email: 'paul.rand@example.com',
			name: 'Paul Rand',
			metaData: { Id: 6003, name: 'Paul Rand', clientId: 7 },
			status: 'cancelled',
		},
	],
	// The stand-in ATS's candidates in stage "AI interview" (ats.ts), none of them invited yet.
	atsCandidates: [
		{ email: 'katherine.johnson@example.com', name: 'Katherine Johnson', phone: '+1 757 555 0101', resumeLink: 'https://cv.example.com/katherine-johnson.pdf' },
		{ email: 'margaret.hamilton@example.com', name: 'Margaret Hamilton', phone: '+1 617 555 0102' },
		{ email: 'edsger.dijkstra@example.com', name: 'Edsger Dijkstra', phone: '+31 40 555 0103' },
	],
	// Refused with a reason: `422 Input validation failed`, `error: [{ email, message: "This candidate is blocked" }]`.
	refusals: { emails: [DEMO_REFUSED_CANDIDATE.email], domains: [], dialect: 'rejectNamingEmail' },
};
