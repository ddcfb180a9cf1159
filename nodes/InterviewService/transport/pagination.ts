/**
 * Page walking for the two list endpoints. The spec shows no total count, no page fields and no
 * maximum page size, so we assume 1-based `page` and `limit` (documented in README) and trust
 * only what we see:
 * - a server that silently caps `limit` below what we asked is detected from the first page, and
 *   the walk goes on with that page size, so nothing is lost;
 * - a server that ignores `page` returns items we already have; that stops the walk with an error
 *   instead of looping or repeating items;
 * - a hard page ceiling bounds the walk whatever the server does.
 */

/** The page size we ask for. The sandbox's maximum; the real service's is not documented. */
export const MAX_PAGE_SIZE = 100;
/** No walk goes further than this many pages. */
export const MAX_PAGES = 10_000;

export class PaginationError extends Error {}

export interface PageWalkOptions<T> {
	/** Stop once this many items are collected; omit for all. */
	limit?: number;
	pageSize?: number;
	/** Identity of an item, to detect a server that ignores `page`. */
	keyOf: (item: T) => string;
}

export async function collectPages<T>(
	fetchPage: (page: number, limit: number) => Promise<T[]>,
	{ limit, pageSize = MAX_PAGE_SIZE, keyOf }: PageWalkOptions<T>,
): Promise<T[]> {
	const asked = limit === undefined ? pageSize : Math.max(1, Math.min(limit, pageSize));
	const collected: T[] = [];
	const seen = new Set<string>();
	let expected = asked;

	for (let page = 1; page <= MAX_PAGES; page++) {
		const items = await fetchPage(page, asked);
		if (items.length === 0) return collected;

		const fresh = items.filter((item) => !seen.has(keyOf(item)));
		if (fresh.length === 0) {
			throw new PaginationError(
				`Page ${page} repeated items already received on an earlier page: the server seems to ignore the "page" parameter, so not every item can be read`,
			);
		}
		for (const item of fresh) {
			seen.add(keyOf(item));
			collected.push(item);
			if (limit !== undefined && collected.length >= limit) return collected;
		}

		if (page === 1 && items.length < asked) {
			// Either the whole list, or a server that caps `limit`: the next page tells.
			expected = items.length;
		} else if (items.length < expected) {
			return collected;
		}
	}
	throw new PaginationError(`Stopped after ${MAX_PAGES} pages`);
}
