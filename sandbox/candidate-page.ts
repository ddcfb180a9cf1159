/**
 * The candidate's side: the interview link, and the pre-authenticated link Invite hands out
 * (`<interviewLink>?token=…`), open a page where a person plays the candidate. Finish records a
 * result and calls the interview's webhook through completeInterview, as the control API does.
 * Server-rendered HTML and a plain form, so it works in any browser and in tests over HTTP.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';

import { email as emailSchema } from '../nodes/shared/contract/common';

import { INTERVIEW_LINK_PATH } from './assumptions';
import { completeInterview } from './completion';
import { html, page, type SafeHtml } from './html';
import type { SandboxContext } from './route-context';
import { scoresInput } from './schemas';
import type { SandboxState, StoredCandidate, StoredInterview } from './state';

/** Where the page's form posts, after the interview's own link. */
export const FINISH_PATH = '/finish';

const SCORE_FIELDS = [
	{ name: 'interviewScore', label: 'Interview score' },
	{ name: 'communicationScore', label: 'Communication score' },
	{ name: 'codingScore', label: 'Coding score' },
] as const;

type Form = Partial<Record<string, string>>;

interface Visit {
	interview: StoredInterview;
	/** Set when the link carries a token from access-links. */
	token?: string;
	candidate?: StoredCandidate;
}

function interviewBySlug(state: SandboxState, slug: string): StoredInterview | undefined {
	for (const interview of state.interviews.values()) if (interview.slug === slug) return interview;
	return undefined;
}

/** Two questions: the interview's own sample questions first, then general ones. */
function questionsFor(interview: StoredInterview): string[] {
	const role = interview.roleName || interview.interviewName;
	const general = [`What drew you to the ${role} role?`, 'Tell us about a piece of work you are proud of.'];
	return [...interview.sampleQuestions.filter((question) => question.trim() !== ''), ...general].slice(0, 2);
}

const text = (value: string | undefined) => (value ?? '').trim();

function sendPage(reply: FastifyReply, status: number, title: string, body: SafeHtml) {
	return reply.code(status).type('text/html; charset=utf-8').send(page(title, body));
}

function notFound(reply: FastifyReply, why: string) {
	return sendPage(reply, 404, 'Link not valid', html`<h1>This link is not valid</h1><p>${why}</p>`);
}

/** Who opened the link; a string when the link cannot be used. */
function visitOf(state: SandboxState, slug: string, token: string | undefined): Visit | string {
	const interview = interviewBySlug(state, slug);
	if (!interview) return 'The sandbox has no interview at this address.';
	if (token === undefined || token === '') return { interview };
	const holder = state.accessTokens.get(token);
	if (holder?.interviewId !== interview.interviewId) {
		return 'The sandbox did not issue this link for this interview. Links are forgotten when the sandbox restarts or is reset: invite the candidate again.';
	}
	return { interview, token, candidate: state.findCandidate(interview.interviewId, holder.email) };
}

function interviewForm(visit: Visit, form: Form, error?: string): SafeHtml {
	const { interview, token, candidate } = visit;
	const action = `${INTERVIEW_LINK_PATH}${interview.slug}${FINISH_PATH}`;
	const who = candidate
		? html`<label for="name">Name</label><input id="name" name="name" value="${form.name ?? candidate.name}">
<label for="email">E-mail</label><input id="email" name="email" value="${candidate.email}" readonly>`
		: html`<label for="name">Name</label><input id="name" name="name" value="${form.name ?? ''}">
<label for="email">E-mail</label><input id="email" name="email" type="email" required value="${form.email ?? ''}">`;
	const questions = questionsFor(interview).map(
		(question, index) => html`<label for="answer${index + 1}">${index + 1}. ${question}</label>
<textarea id="answer${index + 1}" name="answer${index + 1}" rows="3">${form[`answer${index + 1}`] ?? ''}</textarea>`,
	);
	const scores = SCORE_FIELDS.map(
		({ name, label }) => html`<label for="${name}">${label}</label><input id="${name}" name="${name}" type="number" min="0" max="100" value="${form[name] ?? ''}">`,
	);
	return html`<h1>${interview.interviewName}</h1>
<p>You are the candidate${candidate ? html`, invited as <strong>${candidate.email}</strong>` : ''}. Answer the questions and click <strong>Finish</strong>:
the sandbox then records your result and calls the interview's webhook, as the Interview Service does when a candidate finishes.</p>
${interview.status === 'draft' ? html`<p class="note">This interview is a draft; the sandbox lets you take it anyway.</p>` : ''}
${candidate?.status === 'completed' ? html`<p class="note">You finished this interview on ${candidate.completedAt ?? 'an earlier day'}. Finishing again records a new result and calls the webhook again.</p>` : ''}
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<form method="post" action="${action}">
${token ? html`<input type="hidden" name="token" value="${token}">` : ''}
${who}
${questions}
<details><summary>Choose the scores (empty: the sandbox makes them up from the e-mail)</summary>${scores}</details>
<button type="submit">Finish</button>
</form>`;
}

function deliveryLine(outcome: Awaited<ReturnType<typeof completeInterview>>): SafeHtml {
	const { delivery } = outcome;
	if (!delivery) {
		return html`This interview has no webhook, so nobody was called. Activate a workflow whose Interview Service Trigger watches it
(or click <strong>Test this trigger</strong> in the editor), then finish again.`;
	}
	// Origin and path only: a trigger's webhook URL can carry a secret in its query.
	const url = new URL(delivery.url);
	const where = `${url.origin}${url.pathname}`;
	return delivery.status === null
		? html`Called the interview's webhook <code>${where}</code>: no answer (${delivery.error ?? 'unreachable'}).`
		: html`Called the interview's webhook <code>${where}</code>: it answered HTTP ${delivery.status}.`;
}

function finishedPage(visit: Visit, outcome: Awaited<ReturnType<typeof completeInterview>>): SafeHtml {
	const { interview, token } = visit;
	const { candidate, scores, reportLink } = outcome.result;
	const again = `${INTERVIEW_LINK_PATH}${interview.slug}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
	const rows = Object.entries(scores ?? {}).map(([name, value]) => html`<tr><th>${name}</th><td>${value}</td></tr>`);
	return html`<h1>Thank you, ${candidate.name}</h1>
<p>You finished <strong>${interview.interviewName}</strong>. What the Interview Service did:</p>
<ol>
<li>Recorded the result of <strong>${candidate.email}</strong> (Result → Get Many shows it):
<table>${rows}<tr><th>reportLink</th><td>${reportLink}</td></tr></table></li>
<li id="webhook">${deliveryLine(outcome)}</li>
</ol>
<p><a href="${again}">Take the interview again</a> · <a href="${interview.interviewConfig.redirectUrl}">Continue to the interview's redirect URL</a></p>`;
}

/** The form's scores: empty fields left out, the rest numbers from 0 to 100. */
function scoresOf(form: Form): z.infer<typeof scoresInput> | string {
	const given = SCORE_FIELDS.filter(({ name }) => text(form[name]) !== '').map(({ name }) => [name, Number(text(form[name]))]);
	const parsed = scoresInput.safeParse(Object.fromEntries(given));
	return parsed.success ? parsed.data : 'Scores must be numbers from 0 to 100, or empty.';
}

async function finish(context: SandboxContext, visit: Visit, form: Form, reply: FastifyReply) {
	const { interview, candidate } = visit;
	const again = (error: string) => sendPage(reply, 422, interview.interviewName, interviewForm(visit, form, error));
	const email = candidate?.email ?? text(form.email);
	if (!emailSchema.safeParse(email).success) return await again('Give a valid e-mail address.');
	const scores = scoresOf(form);
	if (typeof scores === 'string') return await again(scores);
	const name = text(form.name);
	const outcome = await completeInterview(context, interview, { email, name: name === '' ? undefined : name, scores });
	return await sendPage(reply, 200, 'Interview finished', finishedPage(visit, outcome));
}

function cancelled(visit: Visit): boolean {
	return visit.candidate?.status === 'cancelled';
}

const CANCELLED = html`<h1>This invitation was cancelled</h1><p>Invite the candidate again to give them a new link.</p>`;

export function registerCandidatePage(app: FastifyInstance, context: SandboxContext) {
	// Its own scope, so that only this form's body type is accepted here; the API stays JSON only.
	void app.register((scope, _options, done) => {
		scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, parsed) =>
			parsed(null, Object.fromEntries(new URLSearchParams(body.toString()))),
		);

		scope.get<{ Params: { slug: string }; Querystring: { token?: string } }>(`${INTERVIEW_LINK_PATH}:slug`, async (request, reply) => {
			const visit = visitOf(context.state, request.params.slug, request.query.token);
			if (typeof visit === 'string') return await notFound(reply, visit);
			if (cancelled(visit)) return await sendPage(reply, 410, 'Invitation cancelled', CANCELLED);
			return await sendPage(reply, 200, visit.interview.interviewName, interviewForm(visit, {}));
		});

		scope.post<{ Params: { slug: string }; Body: Form | undefined }>(`${INTERVIEW_LINK_PATH}:slug${FINISH_PATH}`, async (request, reply) => {
			const form = request.body ?? {};
			const visit = visitOf(context.state, request.params.slug, form.token);
			if (typeof visit === 'string') return await notFound(reply, visit);
			if (cancelled(visit)) return await sendPage(reply, 410, 'Invitation cancelled', CANCELLED);
			return await finish(context, visit, form, reply);
		});
		done();
	});
}
