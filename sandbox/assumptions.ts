/**
 * Every point the spec marks "not shown", and what the sandbox assumes for it, in one place;
 * docs/assumptions.md lists them in the same order. Every exported value here is read by the
 * sandbox (limits, defaults, messages). Choices that are behaviour rather than a value (orders,
 * replace-vs-merge, 404s) are comments, written in code where the routes do them, and pinned by
 * the integration tests in test/integration/sandbox.
 */
import type { InterviewConfig } from '../nodes/shared/contract/interview';

// ── Running ────────────────────────────────────────────────────────────────────────────────

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

/** Demo client, always accepted unless other clients are configured. */
export const DEMO_CLIENT = { clientId: 'demo-client', apiKey: 'demo-api-key' } as const;

/** Limits: "payload sizes: not shown". Larger bodies get 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

// ── Authentication ─────────────────────────────────────────────────────────────────────────

/** `expiresIn` is in seconds; default when the request omits it ("unit, default: not shown"). */
export const DEFAULT_TOKEN_TTL_SECONDS = 3600;
/** A larger `expiresIn` is silently capped to this ("maximum: not shown"). */
export const MAX_TOKEN_TTL_SECONDS = 86_400;
/** Tokens are HS256 JWTs; revocation happens only through the control API (`/__sandbox/tokens/expire`). */
export const TOKEN_ALGORITHM = 'HS256';
// The two `/api/v1/auth/` endpoints need no bearer token ("not shown"). No scopes: a token opens every endpoint.
/** `presignedUrl` of the link endpoint: this path on the sandbox, with the JWT as `token`. */
export const PRESIGNED_PATH = '/auth/presigned';

// ── Lists ──────────────────────────────────────────────────────────────────────────────────

/** `page` is 1-based; absent means 1. No total count or page fields are returned. */
export const FIRST_PAGE = 1;
/** `limit` when absent ("defaults: not shown"). */
export const DEFAULT_PAGE_SIZE = 20;
/** A larger `limit` is silently capped to this, not rejected ("maximum page size: not shown"). */
export const MAX_PAGE_SIZE = 100;
// get-interviews: newest first (createdAt descending, ties by interviewId ascending).
// results: candidates in the order they were first invited ("ordering: not shown").
// `search` is a case-insensitive substring match over interviewName and every metaData value
// (results: name, email, phone, metaData).

// ── Interviews ─────────────────────────────────────────────────────────────────────────────

/**
 * Every interview holds a full `interviewConfig`: these defaults, overlaid by what was sent
 * ("defaults: not shown"). A count of 0 means "not allowed"; the sandbox does not enforce them.
 * `webhookUrl` has no default: it is absent until set, so a config read back can be sent again as it is.
 */
export const DEFAULT_INTERVIEW_CONFIG: Required<Omit<InterviewConfig, 'webhookUrl'>> & { webhookUrl?: string } = {
	redirectUrl: 'https://example.com/thank-you',
	allowAccess: 'scheduledCandidates',
	allowLateAttempts: false,
	allowContinueFromMiddle: true,
	allowContinueFromMiddleCount: 1,
	allowReattempt: false,
	allowReattemptCount: 0,
	allowInterviewOnMobile: false,
	allowScreenLeaveCount: 3,
	allowTabSwitchCount: 3,
};

// Status transitions ("into/out of published, into completed: not shown"):
// - create: `published: true` → `published`, otherwise `draft`;
// - settings PUT and update PATCH: `published: true` → `published`, `false` → `draft`, absent → unchanged;
// - nothing moves an interview into `completed`; only seeding can set it.
// PUT settings **replaces** `interviewConfig` (defaults + what was sent) and `metaData` when they are
// sent; a body `interviewId` that differs from the path id is rejected with 422. PATCH update merges
// the given top-level fields; `metaData` and `competencyData` are replaced as a whole. Update and
// access-links of an unknown id answer 404 "Interview not found" ("error statuses: not shown").
// Create: `interviewConfig` and `metaData` are optional ("whether required: not shown").

/** Interview ids look like the real service's (24 hex characters, a Mongo ObjectId). */
export const INTERVIEW_ID_BYTES = 12;
/** Candidate-facing link of an interview: `<baseUrl>/interview/<slug>`, set from creation on. */
export const INTERVIEW_LINK_PATH = '/interview/';

// Competencies generated on create, from `roleName` (or `interviewName`) and `sampleQuestions`.
// `time` and `questionTime` are minutes ("unit: not shown").
export const DIFFICULTY_BY_MAX_EXPERIENCE = [
	{ below: 2, difficulty: 'easy' },
	{ below: 6, difficulty: 'medium' },
	{ below: Infinity, difficulty: 'hard' },
] as const;

// ── Candidates and results ─────────────────────────────────────────────────────────────────

/**
 * Candidate states ("not shown"): `scheduled` (invited through access-links), `cancelled`,
 * `completed`. Re-inviting an e-mail updates its details and window and makes a cancelled one
 * `scheduled` again; a completed one keeps its result. E-mails are compared case-insensitively.
 * Access-links without `candidates` answer 200 with an empty list.
 */
export const CANDIDATE_STATES = ['scheduled', 'cancelled', 'completed'] as const;
export type CandidateState = (typeof CANDIDATE_STATES)[number];

/** Cancel affects only `scheduled` candidates; other or unknown e-mails are left out of the answer. */
export const CANCELLABLE_STATE: CandidateState = 'scheduled';

/**
 * Results list every non-cancelled candidate; not-yet-completed ones carry `scores: null` and
 * `reportLink: null`. No candidates → 200 `[]`. Candidates but none completed → 422 with this message/code.
 */
export const RESULTS_NOT_READY = { message: 'Results are not ready yet', code: 'RESULTS_NOT_READY' } as const;

/** Scores are numbers from 0 to 100 ("scale and range: not shown"). */
export const SCORE_RANGE = { min: 0, max: 100 } as const;
/** Generated scores (completion without scores) fall in this plausible band, derived from the e-mail. */
export const GENERATED_SCORE_RANGE = { min: 45, max: 98 } as const;

/**
 * Score naming: `documented` as the spec (interviewScore, communicationScore, codingScore), or
 * `zeko` as the real service also answers (overallScore, communicationScore, technicalScore).
 */
export const SCORE_STYLES = ['documented', 'zeko'] as const;
export type ScoreStyle = (typeof SCORE_STYLES)[number];
export const DEFAULT_SCORE_STYLE: ScoreStyle = 'documented';

/** Report of a completed candidate: `<baseUrl>/reports/<resultId>`. */
export const REPORT_PATH = '/reports/';

// ── Events ─────────────────────────────────────────────────────────────────────────────────

/**
 * When a candidate completes, the sandbox POSTs one JSON event to `interviewConfig.webhookUrl`
 * ("event kinds, payloads, signing and retries: not shown"):
 * `{ event, eventId: "evt_<uuid>", interviewId, candidate: { name, email }, scores, reportLink, completedAt }`.
 * Scores use the configured score style. No signature, no retries; one attempt with a timeout.
 */
export const COMPLETION_EVENT = 'interview.completed';
export const WEBHOOK_TIMEOUT_MS = 5000;
// No signature on a delivery ("signing: not shown").

/**
 * Payload dialects ("payloads: not shown"; senders differ), chosen with `webhookStyle`:
 * - `flat` (default): the event above;
 * - `typed`: `{ type: "candidateInterviewCompleted", deliveryId, createdAt, data: { interviewId, candidate, scores, reportLink, completedAt } }`,
 *   the event name the real service's public docs use, in a nested camelCase envelope;
 * - `event`: `{ event: "interview_completed", data: { interview_id, candidate_email, candidate_name, scores, report_link, completed_at } }`,
 *   an `{event, data}` envelope in snake_case with no delivery id (a receiver can only hash the body).
 */
export const WEBHOOK_STYLES = ['flat', 'typed', 'event'] as const;
export type WebhookStyle = (typeof WEBHOOK_STYLES)[number];
export const DEFAULT_WEBHOOK_STYLE: WebhookStyle = 'flat';
export const TYPED_COMPLETION_EVENT = 'candidateInterviewCompleted';
export const SNAKE_COMPLETION_EVENT = 'interview_completed';

/**
 * Redelivery, the at-least-once fault (`webhookRedelivery`): `none` (default: one POST);
 * `twice` (the same body again once the first answer is in); `concurrent` (two copies at once);
 * `onError` (once more after a non-2xx answer or no answer). A repeat re-POSTs the very same bytes.
 * `POST /__sandbox/webhooks/redeliver` repeats one delivery on demand.
 */
export const WEBHOOK_REDELIVERIES = ['none', 'twice', 'concurrent', 'onError'] as const;
export type WebhookRedelivery = (typeof WEBHOOK_REDELIVERIES)[number];
export const DEFAULT_WEBHOOK_REDELIVERY: WebhookRedelivery = 'none';

/**
 * Candidates the service will not take (a blocked domain, a candidate it holds in another state),
 * in one of four dialects. Three refuse the whole access-links or cancel request with a 422, which
 * applies none of it: `rejectRequest` with `error` null, so the answer does not say which candidate
 * it was; `rejectNamingEmail` with `error` `[{ email, message }]`, one per refused candidate;
 * `rejectNamingPlace` with `error` `[{ path, message }]`, the candidate's place in the request as
 * validation libraries give it (`candidates.3.email`, `candidateEmails.3`). `omitCandidate` takes the
 * request and leaves the refused candidate out of its answer. None by default.
 */
export const REFUSAL_DIALECTS = ['rejectRequest', 'rejectNamingEmail', 'rejectNamingPlace', 'omitCandidate'] as const;
export type RefusalDialect = (typeof REFUSAL_DIALECTS)[number];

// ── Errors ─────────────────────────────────────────────────────────────────────────────────

/**
 * Messages ("texts beyond the status codes: not shown"). The `error` value is an array of
 * `{ path, message }` for 422 input errors, `{ code, ... }` otherwise.
 */
export const MESSAGES = {
	validation: 'Input validation failed',
	missingToken: 'Missing or invalid Authorization header',
	invalidToken: 'Invalid or expired token',
	invalidCredentials: 'Invalid client credentials',
	interviewNotFound: 'Interview not found',
	routeNotFound: 'Route not found',
	bodyTooLarge: 'Request body is too large',
	unsupportedMediaType: 'Content-Type must be application/json',
	internal: 'Internal server error',
} as const;

/** What a refusal that names the candidate says of each: refused by e-mail, or by domain. */
export const REFUSAL_REASONS = {
	email: 'This candidate is blocked',
	domain: (domain: string) => `Candidates from ${domain} are blocked`,
} as const;
