/**
 * 9. Get interview results. Every non-cancelled candidate in invitation order; pending ones with
 * `scores: null`. No candidates → `[]`; candidates but none completed → 422 "Results are not ready
 * yet".
 */
import type { FastifyInstance } from 'fastify';

import { endpoints } from '../../nodes/shared/contract/endpoints';
import { RESULTS_NOT_READY } from '../assumptions';
import type { SandboxContext } from '../route-context';
import type { StoredCandidate } from '../state';
import { ApiError } from '../http';
import { matchesSearch, resultView } from '../interviews-and-results';
import { pageOf } from '../pagination';
import { serveEndpoint } from './serve-endpoint';

export function registerResults(app: FastifyInstance, context: SandboxContext) {
	serveEndpoint(app, context, endpoints.listResults, ({ interview, query }) => {
		const candidates = context.state.notCancelledCandidatesOf(interview.interviewId);
		if (candidates.length > 0 && !candidates.some((candidate) => candidate.status === 'completed')) {
			throw new ApiError(422, RESULTS_NOT_READY.message, { code: RESULTS_NOT_READY.code });
		}
		// Without a search every candidate matches: no pass over them (a long list is read page by page).
		const found = query.search
			? candidates.filter((candidate) =>
					matchesSearch(query.search, [candidate.name, candidate.email, candidate.phone], candidate.metaData),
				)
			: candidates;
		const { config } = context.state;
		const view = (candidate: StoredCandidate) => resultView(candidate, config);
		// Rows added through the control API follow the candidates' own, as given, and page like them.
		const extra = context.state.extraResultRows.get(interview.interviewId) ?? [];
		const page = extra.length === 0 ? pageOf(found, query, config).map(view) : pageOf<unknown>([...found.map(view), ...extra], query, config);
		// The paging dialect of a service that answers a page past the end with an error, not `[]`.
		if (page.length === 0 && (query.page ?? 1) > 1 && config.resultsPastEnd !== 'empty') {
			const status = config.resultsPastEnd === '404' ? 404 : 422;
			throw new ApiError(status, status === 404 ? 'Page not found' : RESULTS_NOT_READY.message, { code: status === 404 ? 'PAGE_NOT_FOUND' : RESULTS_NOT_READY.code });
		}
		return { status: 200, message: 'Results fetched successfully', data: page };
	});
}
