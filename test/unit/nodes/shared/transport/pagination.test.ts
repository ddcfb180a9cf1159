import { MAX_PAGES, PAGE_CONCURRENCY, PaginationError, collectPages } from '../../../../../nodes/shared/transport/pagination';

/** A server over `total` items, 1-based pages, capping `limit` at `cap`, optionally ignoring `page`. */
function fakeServer(total: number, { cap = Infinity, ignorePage = false } = {}) {
	const items = Array.from({ length: total }, (_, i) => ({ id: `i${i}` }));
	const calls: Array<{ page: number; limit: number }> = [];
	const fetchPage = async (page: number, limit: number) => {
		calls.push({ page, limit });
		const size = Math.min(limit, cap);
		const start = ignorePage ? 0 : (page - 1) * size;
		return items.slice(start, start + size);
	};
	return { items, calls, fetchPage };
}
const keyOf = (item: { id: string }) => item.id;

describe('collectPages', () => {
	it('read one by one: every item with the largest page size and one closing request', async () => {
		const server = fakeServer(250);
		const result = await collectPages(server.fetchPage, { keyOf, concurrency: 1 });
		expect(result).toEqual(server.items);
		expect(server.calls).toEqual([
			{ page: 1, limit: 100 },
			{ page: 2, limit: 100 },
			{ page: 3, limit: 100 },
		]);
	});

	it('adaptive prefetch: a list that ends within three pages costs at most one request past its end', async () => {
		const server = fakeServer(250);
		const result = await collectPages(server.fetchPage, { keyOf });
		expect(result).toEqual(server.items);
		// Page 1 alone (full), then a window of one: page 2 (full), then two: pages 3 and 4; page 3 (short) ends the walk.
		expect(server.calls).toEqual([1, 2, 3, 4].map((page) => ({ page, limit: 100 })));
		expect(server.calls.length - 3).toBeLessThanOrEqual(1);
	});

	it('adaptive prefetch: the window doubles with every full page up to `concurrency`, so a long list is read that many pages at a time', async () => {
		const server = fakeServer(2_050);
		const inFlight: number[] = [];
		let now = 0;
		const result = await collectPages(
			async (page, limit) => {
				now++;
				inFlight.push(now);
				// A request takes a moment, as over a network: the pages asked together overlap.
				await new Promise((resolve) => setTimeout(resolve, 2));
				const items = await server.fetchPage(page, limit);
				now--;
				return items;
			},
			{ keyOf },
		);
		expect(result).toEqual(server.items);
		expect(Math.max(...inFlight)).toBe(PAGE_CONCURRENCY);
		// 21 pages hold the list; at most concurrency - 1 were asked past its end.
		expect(server.calls.length - 21).toBeLessThanOrEqual(PAGE_CONCURRENCY - 1);
	});

	it('loses nothing when the server silently caps limit below what was asked', async () => {
		const server = fakeServer(95, { cap: 20 });
		const result = await collectPages(server.fetchPage, { keyOf, concurrency: 1 });
		expect(result.map(keyOf)).toEqual(server.items.map(keyOf));
		// 20, 20, 20, 20, 15 (short page ends the walk)
		expect(server.calls).toHaveLength(5);
	});

	it('with a capped server, reads two pages one by one (the cap is only sure then), then concurrently', async () => {
		const server = fakeServer(1_000, { cap: 50 });
		const result = await collectPages(server.fetchPage, { keyOf });
		expect(result.map(keyOf)).toEqual(server.items.map(keyOf));
		const pages = server.calls.map((call) => call.page);
		expect(pages.slice(0, 2)).toEqual([1, 2]);
		// 20 full pages and the empty 21st, plus at most PAGE_CONCURRENCY - 1 asked past the end.
		expect(pages.length).toBeGreaterThanOrEqual(21);
		expect(pages.length).toBeLessThanOrEqual(21 + PAGE_CONCURRENCY - 1);
		expect(new Set(pages).size).toBe(pages.length);
	});

	it('keeps page order when later pages answer first, and never has more than concurrency pages in flight', async () => {
		const items = Array.from({ length: 730 }, (_, i) => ({ id: `i${i}` }));
		let inFlight = 0;
		let most = 0;
		const fetchPage = async (page: number, limit: number) => {
			inFlight++;
			most = Math.max(most, inFlight);
			// Later pages answer sooner.
			await new Promise((resolve) => setTimeout(resolve, Math.max(0, 20 - page * 2)));
			inFlight--;
			return items.slice((page - 1) * limit, page * limit);
		};
		const result = await collectPages(fetchPage, { keyOf, concurrency: 3 });
		expect(result).toEqual(items);
		expect(most).toBe(3);
	});

	it('fails with the failing page, after the pages still in flight have settled', async () => {
		let running = 0;
		const fetchPage = async (page: number, limit: number) => {
			running++;
			try {
				await new Promise((resolve) => setTimeout(resolve, page === 3 ? 1 : 15));
				if (page === 3) throw new Error('page 3 failed');
				return Array.from({ length: limit }, (_, i) => ({ id: `p${page}-${i}` }));
			} finally {
				running--;
			}
		};
		await expect(collectPages(fetchPage, { keyOf })).rejects.toThrow('page 3 failed');
		expect(running).toBe(0);
	});

	it('confirms a short first page with one more request, then stops', async () => {
		const server = fakeServer(7);
		expect(await collectPages(server.fetchPage, { keyOf })).toHaveLength(7);
		expect(server.calls).toHaveLength(2);
	});

	it('costs a single request for an empty list', async () => {
		const server = fakeServer(0);
		expect(await collectPages(server.fetchPage, { keyOf })).toEqual([]);
		expect(server.calls).toHaveLength(1);
	});

	it('stops as soon as Limit items are collected, asking only for what is needed', async () => {
		const server = fakeServer(500);
		const result = await collectPages(server.fetchPage, { keyOf, limit: 30 });
		expect(result.map(keyOf)).toEqual(server.items.slice(0, 30).map(keyOf));
		expect(server.calls).toEqual([{ page: 1, limit: 30 }]);
	});

	it('walks pages for a Limit above the page size and keeps the page size constant', async () => {
		const server = fakeServer(500);
		const result = await collectPages(server.fetchPage, { keyOf, limit: 150 });
		expect(result).toHaveLength(150);
		expect(server.calls.map((c) => c.limit)).toEqual([100, 100]);
	});

	it('fails clearly instead of looping when the server ignores page', async () => {
		const server = fakeServer(300, { ignorePage: true });
		await expect(collectPages(server.fetchPage, { keyOf })).rejects.toThrow(PaginationError);
		await expect(collectPages(fakeServer(300, { ignorePage: true }).fetchPage, { keyOf })).rejects.toThrow(
			/ignore the "page" parameter/,
		);
		// Page 1, then pages 2.. in flight; page 2 (a repeat of page 1) stops the walk.
		expect(server.calls.length).toBeLessThanOrEqual(1 + PAGE_CONCURRENCY);
		expect(server.calls.length).toBeGreaterThanOrEqual(2);
	});

	it('never repeats an item that shows up again on a later page', async () => {
		const pages = [
			[{ id: 'a' }, { id: 'b' }],
			[{ id: 'b' }, { id: 'c' }],
			[],
		];
		const result = await collectPages(async (page) => pages[page - 1] ?? [], { keyOf, pageSize: 2 });
		expect(result.map(keyOf)).toEqual(['a', 'b', 'c']);
	});

	it('keeps every item without an identity, on every page, and still catches a repeated page by the others', async () => {
		type Row = { id?: string; odd?: unknown };
		const keyOfRow = (item: Row) => item.id;
		const pages: Row[][] = [
			[{ id: 'a' }, { odd: 1 }],
			[{ odd: 1 }, { odd: 1 }],
			[{ odd: 1 }, { id: 'b' }],
			[],
		];
		const result = await collectPages(async (page) => pages[page - 1] ?? [], { keyOf: keyOfRow, pageSize: 2, concurrency: 1 });
		expect(result).toEqual([{ id: 'a' }, { odd: 1 }, { odd: 1 }, { odd: 1 }, { odd: 1 }, { id: 'b' }]);

		const repeating = async () => [{ id: 'a' }, { odd: 1 }];
		await expect(collectPages(repeating, { keyOf: keyOfRow, pageSize: 2 })).rejects.toThrow(PaginationError);
	});

	it('is bounded by a page ceiling whatever the server does', async () => {
		let n = 0;
		const endless = async (_page: number, limit: number) => Array.from({ length: limit }, () => ({ id: `x${n++}` }));
		await expect(collectPages(endless, { keyOf, pageSize: 1 })).rejects.toThrow(`Stopped after ${MAX_PAGES} pages`);
	});
});
