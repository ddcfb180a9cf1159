/**
 * Every figure README gives comes from docs/performance.md, where each run is shown with its date and
 * n8n version: README quotes, it does not measure. A figure changed in one and not the other fails here.
 */
import { asOneLine, readDoc, sectionOf } from './docText';

/** Dates, versions and numbers with their unit, as written: `2026-11-25`, `2.41.1`, `1,902 ms`, `0.04×`, `10 requests`. */
const FIGURE = /(?<![\w.,–-])(?:\d{4}-\d{2}-\d{2}|\d+(?:[.,]\d+)*(?:\s(?:ms|s|MB|requests|rounds)(?!\w)|×)?)/g;

/** The measured figures, those with a unit of time, size or ratio, wherever they stand. */
const MEASURE = /(?<![\w.,–-])\d+(?:[.,]\d+)*(?:\s(?:ms|MB)(?!\w)|×)/g;

export const figuresIn = (text: string, pattern: RegExp): string[] => [...new Set(text.match(pattern) ?? [])];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `figure` stands in `text` as a figure of its own (not the tail or head of a longer one). */
export const standsIn = (figure: string, text: string): boolean =>
	new RegExp(`(?<![\\w.,])${escape(figure)}(?![\\d]|[.,]\\d)`).test(asOneLine(text));

describe("README's figures come from docs/performance.md", () => {
	const readme = readDoc('README.md');
	const performance = readDoc('docs/performance.md');

	it('finds the figures of a text, and tells a figure that stands in a text from one that does not', () => {
		expect(figuresIn('Invite 1,000 (2026-11-25, n8n 2.41.1): 69 ms in 10 requests, 0.04×, p95', FIGURE)).toEqual(['1,000', '2026-11-25', '2.41.1', '69 ms', '10 requests', '0.04×']);
		expect(standsIn('69 ms', '| 69 ms (10 requests) |')).toBe(true);
		expect(standsIn('69 ms', '| 169 ms |')).toBe(false);
		expect(standsIn('1.8×', '1.83×')).toBe(false);
		expect(standsIn('1000 requests', '1,902 ms (1000\nrequests)')).toBe(true);
	});

	it("every figure of README's Performance section is in docs/performance.md", () => {
		const figures = figuresIn(asOneLine(sectionOf(readme, 'Performance')), FIGURE);
		// The section quotes measured figures with their dates; a section without them would pass for nothing.
		expect(figures.filter((figure) => /ms|×/.test(figure)).length).toBeGreaterThanOrEqual(6);
		expect(figures.filter((figure) => /^\d{4}-\d{2}-\d{2}$/.test(figure)).length).toBeGreaterThanOrEqual(1);
		expect(figures.filter((figure) => !standsIn(figure, performance))).toEqual([]);
	});

	it.each(['README.md', 'CHANGELOG.md'])('every measured figure (ms, MB, ×) anywhere in %s is in docs/performance.md', (file) => {
		const figures = figuresIn(asOneLine(readDoc(file)), MEASURE);
		expect(figures.filter((figure) => !standsIn(figure, performance))).toEqual([]);
	});
});
