import { MAX_PAGES, PaginationError, collectPages } from '../../../../../nodes/InterviewService/transport/pagination';

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
	it('reads every item with the largest page size and one closing request', async () => {
		const server = fakeServer(250);
		const result = await collectPages(server.fetchPage, { keyOf });
		expect(result).toEqual(server.items);
		expect(server.calls).toEqual([
			{ page: 1, limit: 100 },
			{ page: 2, limit: 100 },
			{ page: 3, limit: 100 },
		]);
	});

	it('loses nothing when the server silently caps limit below what was asked', async () => {
		const server = fakeServer(95, { cap: 20 });
		const result = await collectPages(server.fetchPage, { keyOf });
		expect(result.map(keyOf)).toEqual(server.items.map(keyOf));
		// 20, 20, 20, 20, 15 (short page ends the walk)
		expect(server.calls).toHaveLength(5);
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
		expect(server.calls).toHaveLength(2);
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

	it('is bounded by a page ceiling whatever the server does', async () => {
		let n = 0;
		const endless = async (_page: number, limit: number) => Array.from({ length: limit }, () => ({ id: `x${n++}` }));
		await expect(collectPages(endless, { keyOf, pageSize: 1 })).rejects.toThrow(`Stopped after ${MAX_PAGES} pages`);
	});
});
