// Preloaded into every `n8n execute` of bench/n8n.ts when BENCH_ALLOC=1: what each node allocates in its run (V8's
// sampling heap profiler, counting objects already collected too) and how full the young generation was when it
// started (V8's new space: used, and used + available). A young-generation collection is scheduled once that space is 80% full (Node 24, `--minor-gc-task-trigger`),
// so these two tell whether a node is the one that crosses the mark. Prints one stderr line at exit.
// Starting the sampling collects the heap, and the sampling slows the run: times measured with it are not comparable
// with those measured without.
const inspector = require('node:inspector');
const v8 = require('node:v8');

const { WorkflowExecute } = require(process.env.BENCH_N8N_CORE);
/** Only the measured nodes: sampling another node before them would change the heap they start with. */
const measured = new Set(JSON.parse(process.env.BENCH_ALLOC_NODES));

const session = new inspector.Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
const youngSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');

/** Bytes of every sample in the profile's call tree. */
function sampled(node) {
	let bytes = node.selfSize;
	for (const child of node.children) bytes += sampled(child);
	return bytes;
}

const runs = [];
const runNode = WorkflowExecute.prototype.runNode;
WorkflowExecute.prototype.runNode = async function (workflow, executionData, ...rest) {
	if (!measured.has(executionData.node.name)) return await runNode.call(this, workflow, executionData, ...rest);
	const young = youngSpace();
	await post('HeapProfiler.enable');
	await post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
	try {
		return await runNode.call(this, workflow, executionData, ...rest);
	} finally {
		const { profile } = await post('HeapProfiler.stopSampling');
		runs.push({ node: executionData.node.name, allocatedBytes: sampled(profile.head), youngUsedAtStartBytes: young.space_used_size, youngSizeBytes: young.space_used_size + young.space_available_size });
	}
};

process.on('exit', () => process.stderr.write(`BENCH_ALLOCATIONS=${JSON.stringify(runs)}\n`));
