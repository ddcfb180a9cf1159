/** The sandbox's whole in-memory state: interviews, candidates, logs, token revocation and live config. */
import type { CompetencyItem } from '../nodes/shared/contract/interview';

import type { CandidateState, DEFAULT_INTERVIEW_CONFIG, RefusalDialect, ScoreStyle, WebhookRedelivery, WebhookStyle } from './assumptions';
import type { Intent } from './chat-model';
import type { FaultTable } from './faults';
import { interviewNotFound } from './http';

export interface SandboxConfig {
	scoreStyle: ScoreStyle;
	/** Added to every /api/v1 request. */
	latencyMs: number;
	defaultPageSize: number;
	maxPageSize: number;
	/** Answer page 1 whatever `page` says, like a server that ignores it. */
	ignorePage: boolean;
	tokenTtl: number;
	tokenTtlMax: number;
	/** Payload dialect of webhook events. */
	webhookStyle: WebhookStyle;
	/** Whether (and how) a webhook event is delivered more than once. */
	webhookRedelivery: WebhookRedelivery;
	/** How a results page past the end is answered: `[]` (default), or a 422 "not ready" or a 404, as some services do. */
	resultsPastEnd: 'empty' | '422' | '404';
	/** Whether result rows carry `completedAt`, as a service that grows may; the spec shows none. */
	resultsCompletedAt: boolean;
	/** Store `interviewConfig.webhookUrl` without its query string, like a service that trims URLs. */
	stripWebhookQuery: boolean;
	/** Candidates refused by e-mail or by domain (both without case), and how (see assumptions.ts). */
	refusals: { emails: string[]; domains: string[]; dialect: RefusalDialect };
}

export type StoredInterviewConfig = typeof DEFAULT_INTERVIEW_CONFIG;

export interface CodingSection {
	selectionType: 'custom' | 'tag-based';
	topic: string;
	difficulty: 'easy' | 'medium' | 'hard';
	allowedLanguages: string[];
	followUpQuestionCount: number;
	questionTime: number;
}

export interface StoredInterview {
	interviewId: string;
	interviewName: string;
	roleName: string;
	minExperience: number;
	maxExperience: number;
	jdType: 'text' | 'link';
	jd: string;
	sampleQuestions: string[];
	interviewConfig: StoredInterviewConfig;
	slug: string;
	interviewLink: string | null;
	competencyData: CompetencyItem[];
	metaData: Record<string, unknown>;
	status: 'draft' | 'published' | 'completed';
	createdAt: string;
	updatedAt: string;
	codingSection: CodingSection[];
}

/** Scores are stored under the documented names and renamed on the way out for the `zeko` style. */
export interface Scores {
	interviewScore: number;
	communicationScore: number;
	codingScore: number;
}

export interface StoredCandidate {
	interviewId: string;
	email: string;
	name: string;
	phone?: string;
	resumeLink?: string;
	metaData: Record<string, unknown>;
	status: CandidateState;
	startTime?: string;
	endTime?: string;
	invitedAt: string;
	scores: Scores | null;
	reportLink: string | null;
	completedAt: string | null;
}

export interface RequestLogEntry {
	method: string;
	path: string;
	/** Matched route as `METHOD /pattern`, e.g. `POST /api/v1/interview/:id/access-links`; null when none matched. */
	route: string | null;
	query: Record<string, unknown>;
	body: unknown;
	/** HTTP status answered; null when the connection was dropped on purpose. */
	status: number | null;
	at: string;
	durationMs: number;
	/** Id of the injected fault that shaped this answer, if any. */
	faultId?: string;
}

export interface WebhookDelivery {
	eventId: string;
	interviewId: string;
	url: string;
	/** HTTP status of the receiver; null when it could not be reached. */
	status: number | null;
	error?: string;
	at: string;
	durationMs: number;
	payload: unknown;
	/** The exact bytes sent, so that a redelivery repeats them. */
	body: string;
	/** True for a repeat of an earlier delivery of the same event. */
	redelivery: boolean;
}

/** A candidate as the stand-in ATS lists them: what Invite's Map Automatically reads. */
export interface AtsCandidate {
	email: string;
	name?: string;
	phone?: string;
	resumeLink?: string;
}

/** A request a workflow sent to the stand-in ATS to write something back (a result, a status). */
export interface AtsWrite {
	method: string;
	path: string;
	body: unknown;
	at: string;
	idempotencyKey?: string;
}

export interface TokenLedger {
	/** Sequence number of the last token issued. */
	issued: number;
	/** Tokens with a sequence number up to this are revoked. */
	revokedThrough: number;
	/** Authenticated requests still allowed before every token so far is revoked; null when none pending. */
	expireAfterRequests: number | null;
}

const candidateKey = (interviewId: string, email: string) => `${interviewId}\n${email.toLowerCase()}`;

/** One `POST /openai/v1/chat/completions` the stand-in chat model answered (openai.ts). */
export interface ChatModelExchange {
	at: string;
	stream: boolean;
	lastUserMessage: string;
	/** The names of the tools the client offered. */
	tools: string[];
	intent: Intent;
	reply: { content: string | null; toolCalls?: Array<{ id: string; name: string; arguments: string }> };
}

export class SandboxState {
	interviews = new Map<string, StoredInterview>();

	/** The interview, or the API's 404 answer. */
	requireInterview(interviewId: string): StoredInterview {
		const interview = this.interviews.get(interviewId);
		if (!interview) throw interviewNotFound(interviewId);
		return interview;
	}

	/** Insertion order is invitation order: re-inviting an e-mail keeps its place. */
	private candidates = new Map<string, StoredCandidate>();

	/** The same candidates by interview (same keys, same order), so a page of one interview does not scan them all. */
	private candidatesByInterview = new Map<string, Map<string, StoredCandidate>>();

	/** `candidatesOf` lists, kept until a candidate is saved, so reading a long list page by page costs a page each. */
	private candidateLists = new Map<string, StoredCandidate[]>();

	/** Rows the results endpoint serves after an interview's candidates, as given (`POST /__sandbox/interviews/:id/results/rows`). */
	extraResultRows = new Map<string, unknown[]>();

	requests: RequestLogEntry[] = [];

	deliveries: WebhookDelivery[] = [];

	tokens: TokenLedger = { issued: 0, revokedThrough: 0, expireAfterRequests: null };

	/** Whose link each access-links token is, so the candidate's page knows who opened it. */
	accessTokens = new Map<string, { interviewId: string; email: string }>();

	/** The stand-in ATS: candidates it lists, and what workflows wrote back to it. */
	ats: { candidates: AtsCandidate[]; writes: AtsWrite[] } = { candidates: [], writes: [] };

	/** The stand-in chat model: what it was asked and what it answered, oldest first. */
	chatModel: { exchanges: ChatModelExchange[] } = { exchanges: [] };

	constructor(
		public config: SandboxConfig,
		public faults: FaultTable,
	) {}

	/** Empties interviews, candidates, logs and faults. Issued tokens stay valid; config is left as it is. */
	clear() {
		this.interviews.clear();
		this.candidates.clear();
		this.candidatesByInterview.clear();
		this.candidateLists.clear();
		this.extraResultRows.clear();
		this.requests = [];
		this.deliveries = [];
		this.faults.clear();
		this.tokens.expireAfterRequests = null;
		this.accessTokens.clear();
		this.ats = { candidates: [], writes: [] };
		this.chatModel = { exchanges: [] };
	}

	findCandidate(interviewId: string, email: string): StoredCandidate | undefined {
		return this.candidates.get(candidateKey(interviewId, email));
	}

	saveCandidate(candidate: StoredCandidate) {
		const key = candidateKey(candidate.interviewId, candidate.email);
		this.candidates.set(key, candidate);
		let ofInterview = this.candidatesByInterview.get(candidate.interviewId);
		if (!ofInterview) this.candidatesByInterview.set(candidate.interviewId, (ofInterview = new Map()));
		ofInterview.set(key, candidate);
		this.candidateLists.delete(candidate.interviewId);
		this.candidateLists.delete(`${candidate.interviewId}\nnot cancelled`);
	}

	/** The candidates of an interview in invitation order. The list is shared: callers must not change it. */
	candidatesOf(interviewId: string): readonly StoredCandidate[] {
		return this.keptList(interviewId, () => [...(this.candidatesByInterview.get(interviewId)?.values() ?? [])]);
	}

	/** The same without cancelled candidates: the rows of the results endpoint. Shared, like `candidatesOf`. */
	notCancelledCandidatesOf(interviewId: string): readonly StoredCandidate[] {
		return this.keptList(`${interviewId}\nnot cancelled`, () =>
			this.candidatesOf(interviewId).filter((candidate) => candidate.status !== 'cancelled'),
		);
	}

	private keptList(key: string, build: () => StoredCandidate[]): StoredCandidate[] {
		let list = this.candidateLists.get(key);
		if (!list) {
			list = build();
			this.candidateLists.set(key, list);
		}
		return list;
	}

	allCandidates(): StoredCandidate[] {
		return [...this.candidates.values()];
	}
}
