/**
 * Where the time of one node run goes, from a `.cpuprofile` of an `n8n execute` process
 * (`BENCH_CPU_PROF=<dir> npm run bench:n8n`):
 *
 *   npx tsx bench/profile.ts <file.cpuprofile> [package-path-fragment] [window-ms]
 *
 * Only the samples from the package's (default `n8n-nodes-interview-service/dist`) `execute()` to
 * the last one with a named function of the package on the stack count: the node's run, not n8n's
 * start-up. With `window-ms` (the node time the benchmark printed for that run), the samples of that long from
 * the first instead: a node whose own code is brief (the helpers floor) has few samples with its functions.
 * Prints self time by
 * area (our package, n8n-workflow, n8n-core, HTTP client, Node internals, GC, idle) and the
 * functions with the most self time.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}

interface Profile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

const AREAS: Array<[string, RegExp]> = [
	['our package', /node_modules\/n8n-nodes-interview-service\//],
	['the helpers floor node', /node_modules\/n8n-nodes-interview-service-floor\//],
	['zod', /node_modules\/zod\//],
	['n8n-workflow (expressions, parameters)', /n8n-workflow/],
	['n8n-core', /n8n-core/],
	['n8n and @n8n/* (expression runtime, HTTP stack, credentials, db)', /node_modules\/n8n\/dist|@n8n\//],
	['HTTP client (axios, follow-redirects)', /axios|follow-redirects|proxy-from-env/],
	['database (sqlite, typeorm)', /sqlite|typeorm/],
	['other packages', /node_modules/],
	['Node internals', /^node:|^internal\//],
];

function areaOf(node: ProfileNode): string {
	const { url, functionName } = node.callFrame;
	if (functionName === '(garbage collector)') return 'GC';
	if (functionName === '(idle)') return 'idle (waiting for I/O)';
	if (functionName === '(program)') return 'V8 (program)';
	for (const [name, pattern] of AREAS) if (pattern.test(url)) return name;
	return url ? 'other' : 'V8 / native';
}

export function summarize(profile: Profile, fragment = 'n8n-nodes-interview-service/dist', windowMs?: number) {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	/** Whether a sample's stack holds a frame of the package that `matches`. */
	const stackHas = (matches: (frame: ProfileNode['callFrame']) => boolean) => {
		const known = new Map<number, boolean>();
		const check = (id: number): boolean => {
			let result = known.get(id);
			if (result === undefined) {
				const frame = byId.get(id)!.callFrame;
				result = (frame.url.includes(fragment) && matches(frame)) || (parent.has(id) && check(parent.get(id)!));
				known.set(id, result);
			}
			return result;
		};
		return check;
	};
	// From the node's execute() (n8n loads the package at start-up, running its code then too) to
	// the last sample with any named function of the package.
	// Our node's `execute` is the router function.
	const inExecute = stackHas((frame) => frame.functionName === 'execute' || frame.functionName === 'router');
	const inPackage = stackHas((frame) => frame.functionName !== '');
	const first = profile.samples.findIndex(inExecute);
	let last = -1;
	for (let i = profile.samples.length - 1; i >= 0; i--) {
		if (inPackage(profile.samples[i])) {
			last = i;
			break;
		}
	}
	if (first === -1) throw new Error(`no sample with a frame of ${fragment}`);
	if (windowMs !== undefined) {
		let elapsed = 0;
		for (last = first; last + 1 < profile.samples.length && elapsed < windowMs * 1000; last++) elapsed += profile.timeDeltas[last + 1] ?? 0;
	}
	const areas = new Map<string, number>();
	const functions = new Map<string, number>();
	let total = 0;
	for (let i = first; i <= last; i++) {
		const micros = profile.timeDeltas[i + 1] ?? 0;
		const node = byId.get(profile.samples[i])!;
		total += micros;
		const area = areaOf(node);
		areas.set(area, (areas.get(area) ?? 0) + micros);
		const { functionName, url, lineNumber } = node.callFrame;
		const where = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
		functions.set(where, (functions.get(where) ?? 0) + micros);
	}
	const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]);
	return { windowMs: total / 1000, areas: sorted(areas), functions: sorted(functions) };
}

if (require.main === module) {
	const [file, fragment, windowMs] = process.argv.slice(2);
	if (!file) {
		console.error('usage: tsx bench/profile.ts <file.cpuprofile> [package-path-fragment]');
		process.exit(2);
	}
	const { windowMs: sampledMs, areas, functions } = summarize(JSON.parse(readFileSync(file, 'utf8')) as Profile, fragment, windowMs === undefined ? undefined : Number(windowMs));
	const pct = (micros: number) => `${((micros / 1000 / sampledMs) * 100).toFixed(1).padStart(5)} %`;
	console.log(`Node run window: ${Math.round(sampledMs)} ms of samples`);
	for (const [area, micros] of areas) console.log(`  ${pct(micros)}  ${String(Math.round(micros / 1000)).padStart(6)} ms  ${area}`);
	console.log('Top self time:');
	for (const [where, micros] of functions.slice(0, Number(process.env.TOP ?? 25))) console.log(`  ${pct(micros)}  ${String(Math.round(micros / 1000)).padStart(6)} ms  ${where}`);
}
