// Page walks for the two list endpoints. The spec shows no count and no page size: a server capping `limit` is detected
// from the first pages, one ignoring `page` stops the walk with an error, and a page ceiling bounds every walk.

/** The page size we ask for. The sandbox's maximum; the real service's is not documented. */
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGES = 10_000;
/** Pages read at the same time once the page size is known. */
export const PAGE_CONCURRENCY = 4;

export class PaginationError extends Error {}

interface PageWalkOptions<T> {
	/** Stop once this many items are collected; omit for all. */
	limit?: number;
	pageSize?: number;
	/** Identity of an item, to catch a server ignoring `page`; an item without one (an odd record) is always kept. */
	keyOf: (item: T) => string | undefined;
	/** Most pages in flight at once after the first full page; 1 reads one after the other. */
	concurrency?: number;
}

// Pages one by one until the page size is known, then the pages in flight double with each full page up to `concurrency`:
// a short list costs at most one request past its end. A short page ends the walk; a page of only known items is an error.
export async function collectPages<T>(
	fetchPage: (page: number, limit: number) => Promise<T[]>,
	{ limit, pageSize = MAX_PAGE_SIZE, keyOf, concurrency = PAGE_CONCURRENCY }: PageWalkOptions<T>,
): Promise<T[]> {
	const asked = limit === undefined ? pageSize : Math.max(1, Math.min(limit, pageSize));
	const collected: T[] = [];
	const seen = new Set<string>();
	let expected = asked;
	let pageSizeKnown = false;

	/** Takes one page's items; answers whether the walk goes on. */
	const take = (page: number, items: T[]): boolean => {
		if (items.length === 0) return false;
		const keys = items.map(keyOf);
		const fresh: number[] = [];
		for (let index = 0; index < keys.length; index++) if (keys[index] === undefined || !seen.has(keys[index]!)) fresh.push(index);
		if (keys.some((key) => key !== undefined) && fresh.every((index) => keys[index] === undefined)) {
			throw new PaginationError(
				`Page ${page} repeated items already received on an earlier page: the server seems to ignore the "page" parameter, so not every item can be read`,
			);
		}
		for (const index of fresh) {
			if (keys[index] !== undefined) seen.add(keys[index]);
			collected.push(items[index]);
			if (limit !== undefined && collected.length >= limit) return false;
		}
		if (page === 1 && items.length < asked) {
			// Either the whole list, or a server that caps `limit`: the next page tells.
			expected = items.length;
			return true;
		}
		if (items.length < expected) return false;
		pageSizeKnown = true;
		return true;
	};

	let page = 1;
	// At most two pages: past page 1, take either ends the walk or knows the page size.
	while (!pageSizeKnown) {
		if (!take(page, await fetchPage(page, asked))) return collected;
		page++;
	}

	const inFlight = new Map<number, Promise<T[]>>();
	let next = page;
	let window = 1;
	/** Pages worth asking for at once: the window, and no more than the limit can still use. */
	const width = () => (limit === undefined ? window : Math.min(window, Math.ceil((limit - collected.length) / expected)));
	try {
		for (; page <= MAX_PAGES; page++) {
			while (next <= MAX_PAGES && inFlight.size < Math.max(1, width())) {
				const request = fetchPage(next, asked);
				// Handled here so that a failure while an earlier page is awaited is not "unhandled"; awaited below.
				request.catch(() => undefined);
				inFlight.set(next++, request);
			}
			const items = await inFlight.get(page)!;
			inFlight.delete(page);
			if (!take(page, items)) return collected;
			window = Math.min(concurrency, window * 2);
		}
	} finally {
		await Promise.allSettled(inFlight.values());
	}
	throw new PaginationError(`Stopped after ${MAX_PAGES} pages`);
}
