// Preloaded into every `n8n execute` of bench/n8n.ts (`node --require`): records each garbage-collection pause with its
// wall-clock start and prints them as one stderr line at exit, so the benchmark can tell which pauses fell inside a
// measured node's run. A young-generation collection of n8n's heap lands in whichever node crosses V8's threshold.
const { PerformanceObserver, performance } = require('node:perf_hooks');

const pauses = [];
const keep = (entries) => {
	for (const entry of entries) pauses.push([Math.round((performance.timeOrigin + entry.startTime) * 1000) / 1000, Math.round(entry.duration * 1000) / 1000]);
};
const observer = new PerformanceObserver((list) => keep(list.getEntries()));
observer.observe({ entryTypes: ['gc'] });
process.on('exit', () => {
	keep(observer.takeRecords());
	process.stderr.write(`BENCH_GC_PAUSES=${JSON.stringify(pauses)}\n`);
});
