/**
 * What n8n's queue mode needs besides n8n: Redis (the job queue) and Postgres (the database every
 * n8n process shares). Debian's `redis-server` and `postgresql`, installed with apt-get when
 * missing (as root, as in CI), run here as our own processes on free loopback ports with their
 * data in a temporary folder; apt's service start is not used.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { freePort, runBounded, spawnGroup, stopGroup, tail, waitForLine } from './process';

const REDIS_BIN = '/usr/bin/redis-server';
const POSTGRES_ROOT = '/usr/lib/postgresql';
/** initdb and postgres refuse to run as root: as root they run as Debian's `postgres` user. */
const POSTGRES_USER = 'postgres';
export const DATABASE = { name: 'n8n', user: 'n8n' };

const START_TIMEOUT_MS = 60_000;
const APT_TIMEOUT_MS = 15 * 60_000;

function log(message: string) {
	process.stderr.write(`[queue] ${message}\n`);
}

const isRoot = () => process.getuid?.() === 0;

/** `/usr/lib/postgresql/<newest version>/bin`, or undefined when Postgres is not installed. */
function postgresBinDir(): string | undefined {
	if (!existsSync(POSTGRES_ROOT)) return undefined;
	const versions = readdirSync(POSTGRES_ROOT)
		.filter((entry) => existsSync(path.join(POSTGRES_ROOT, entry, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length > 0 ? path.join(POSTGRES_ROOT, versions[0], 'bin') : undefined;
}

async function mustRun(command: string, args: string[], options: { cwd?: string; timeoutMs?: number } = {}) {
	const result = await runBounded(command, args, {
		cwd: options.cwd ?? tmpdir(),
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		timeoutMs: options.timeoutMs ?? 120_000,
	});
	if (result.code !== 0) {
		throw new Error(`${command} ${args.join(' ')} exited with ${result.code}:\n${tail(result.stdout)}\n${tail(result.stderr)}`);
	}
	return result;
}

/** Installs Debian's redis-server and postgresql when either is missing (root only, as in CI). */
export async function ensureQueueServices(): Promise<{ postgresBin: string }> {
	if (!existsSync(REDIS_BIN) || postgresBinDir() === undefined) {
		if (!isRoot()) {
			throw new Error('queue mode needs redis-server and postgresql: `sudo apt-get install -y redis-server postgresql`');
		}
		log('installing redis-server and postgresql with apt-get (their service start is blocked here; we start them ourselves)');
		await mustRun('apt-get', ['update'], { timeoutMs: APT_TIMEOUT_MS });
		await mustRun('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server', 'postgresql'], {
			timeoutMs: APT_TIMEOUT_MS,
		});
	}
	const postgresBin = postgresBinDir();
	if (!existsSync(REDIS_BIN) || postgresBin === undefined) throw new Error('redis-server or postgresql is still missing after apt-get');
	return { postgresBin };
}

/** A command as the Postgres owner: `runuser -u postgres --` when we are root. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
	return isRoot() ? ['runuser', ['-u', POSTGRES_USER, '--', command, ...args]] : [command, args];
}

export interface QueueServices {
	redis: { host: string; port: number };
	postgres: { host: string; port: number; database: string; user: string };
	/** The environment n8n main and workers need for queue mode on these services. */
	n8nEnv: NodeJS.ProcessEnv;
	stop(): Promise<void>;
}

/**
 * Starts Redis and Postgres (with an `n8n` database owned by user `n8n`, trust auth on loopback).
 * `stop()` ends both and removes their data; it is safe to call twice.
 */
export async function startQueueServices(): Promise<QueueServices> {
	const { postgresBin } = await ensureQueueServices();
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
			REDIS_BIN,
			['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', redisDir],
			{ cwd: redisDir, stdio: ['ignore', 'pipe', 'pipe'] },
		);
		stops.push(async () => await stopGroup(redis, 10_000));
		await waitForLine(redis, (line) => line.includes('Ready to accept connections'), START_TIMEOUT_MS, 'redis-server');

		const postgresPort = await freePort();
		const postgresDir = path.join(root, 'postgres');
		mkdirSync(postgresDir, { mode: 0o700 });
		if (isRoot()) {
			// The temporary root is root's; the postgres user must reach its own folder inside it.
			await mustRun('chmod', ['755', root]);
			await mustRun('chown', [POSTGRES_USER, postgresDir]);
		}
		const dataDir = path.join(postgresDir, 'data');
		const [initdb, initdbArgs] = asPostgresUser(path.join(postgresBin, 'initdb'), [
			'-D',
			dataDir,
			'-U',
			DATABASE.user,
			'--auth=trust',
			'--encoding=UTF8',
			'--locale=C',
		]);
		await mustRun(initdb, initdbArgs, { cwd: postgresDir });
		const [postgresCommand, postgresArgs] = asPostgresUser(path.join(postgresBin, 'postgres'), [
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
		]);
		const postgres = spawnGroup(postgresCommand, postgresArgs, { cwd: postgresDir, stdio: ['ignore', 'pipe', 'pipe'] });
		// SIGTERM is Postgres's "smart" shutdown (waits for clients); n8n is stopped before this anyway.
		stops.push(async () => await stopGroup(postgres, 15_000));
		await waitForLine(postgres, (line) => line.includes('database system is ready to accept connections'), START_TIMEOUT_MS, 'postgres');
		await mustRun(path.join(postgresBin, 'createdb'), [
			'-h',
			'127.0.0.1',
			'-p',
			String(postgresPort),
			'-U',
			DATABASE.user,
			DATABASE.name,
		]);
		log(`redis on 127.0.0.1:${redisPort}, postgres (${path.basename(path.dirname(postgresBin))}) on 127.0.0.1:${postgresPort}`);

		return {
			redis: { host: '127.0.0.1', port: redisPort },
			postgres: { host: '127.0.0.1', port: postgresPort, database: DATABASE.name, user: DATABASE.user },
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
