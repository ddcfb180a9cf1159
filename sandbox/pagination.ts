import { FIRST_PAGE } from './assumptions';
import type { SandboxConfig } from './state';

/** One page: 1-based `page`, `limit` silently capped at the configured maximum. */
export function pageOf<T>(items: readonly T[], query: { page?: number; limit?: number }, config: SandboxConfig): T[] {
	const limit = Math.min(query.limit ?? config.defaultPageSize, config.maxPageSize);
	const page = config.ignorePage ? FIRST_PAGE : (query.page ?? FIRST_PAGE);
	const start = (page - FIRST_PAGE) * limit;
	return items.slice(start, start + limit);
}
