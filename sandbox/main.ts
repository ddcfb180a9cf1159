/**
 * CLI of the sandbox: `npx tsx sandbox/main.ts [--port 4010] [--seed demo] ...` (see README.md).
 * The first stdout line is always `Interview Service sandbox listening on <url>`.
 */
import { parseArgs } from 'node:util';

import {
	DEFAULT_HOST,
	DEFAULT_PORT,
	DEMO_CLIENT,
	SCORE_STYLES,
	type ScoreStyle,
	WEBHOOK_REDELIVERIES,
	WEBHOOK_STYLES,
	type WebhookRedelivery,
	type WebhookStyle,
} from './assumptions';
import { ATS_PREFIX } from './ats';
import { faultsList, SEEDS, type SeedName } from './schemas';
import { type SandboxOptions, startSandbox } from './server';

const USAGE = `Usage: tsx sandbox/main.ts [options]
  --port <n>            port (env SANDBOX_PORT, default ${DEFAULT_PORT}; 0 = any free port)
  --host <addr>         listen address (env SANDBOX_HOST, default ${DEFAULT_HOST})
  --clients id:key,...  accepted clients (env SANDBOX_CLIENTS, default demo-client:demo-api-key)
  --token-ttl <s>       default token lifetime in seconds (default 3600)
  --token-ttl-max <s>   cap of the token lifetime (default 86400)
  --page-size <n>       default page size (default 20)
  --max-page-size <n>   page size cap (default 100)
  --latency <ms>        artificial latency of every /api/v1 request (default 0)
  --score-style <s>     documented | zeko (default documented)
  --webhook-style <s>   flat | typed | event: payload dialect of webhook events (default flat)
  --webhook-redelivery <s>  none | twice | concurrent | onError (default none)
  --seed <s>            demo | none (env SANDBOX_SEED, default none)
  --faults <json>       JSON array of faults, as POST /__sandbox/faults takes them
  --help`;

class UsageError extends Error {}

function integer(name: string, value: string | undefined, min: number): number | undefined {
	if (value === undefined) return undefined;
	const parsed = Number(value);
	if (!Number.isInteger(parsed) || parsed < min) throw new UsageError(`--${name} must be a whole number of at least ${min}`);
	return parsed;
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
	if (value === undefined) return undefined;
	if (!allowed.includes(value as T)) throw new UsageError(`--${name} must be one of: ${allowed.join(', ')}`);
	return value as T;
}

function clientsFrom(value: string | undefined): Record<string, string> | undefined {
	if (!value) return undefined;
	const pairs = value.split(',').map((pair) => pair.trim().split(':'));
	if (pairs.some((pair) => pair.length !== 2 || !pair[0] || !pair[1])) {
		throw new UsageError('--clients must look like id:key,id2:key2');
	}
	return Object.fromEntries(pairs);
}

function faultsFrom(value: string | undefined): SandboxOptions['faults'] {
	if (!value) return undefined;
	let json: unknown;
	try {
		json = JSON.parse(value);
	} catch {
		throw new UsageError('--faults must be a JSON array');
	}
	const parsed = faultsList.safeParse(json);
	if (!parsed.success) throw new UsageError(`--faults: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
	return parsed.data;
}

export function optionsFromArgs(argv: string[], env: NodeJS.ProcessEnv): SandboxOptions | 'help' {
	const { values } = parseArgs({
		args: argv,
		options: {
			port: { type: 'string' },
			host: { type: 'string' },
			clients: { type: 'string' },
			'token-ttl': { type: 'string' },
			'token-ttl-max': { type: 'string' },
			'page-size': { type: 'string' },
			'max-page-size': { type: 'string' },
			latency: { type: 'string' },
			'score-style': { type: 'string' },
			'webhook-style': { type: 'string' },
			'webhook-redelivery': { type: 'string' },
			seed: { type: 'string' },
			faults: { type: 'string' },
			help: { type: 'boolean' },
		},
	});
	if (values.help) return 'help';
	return {
		port: integer('port', values.port ?? env.SANDBOX_PORT, 0) ?? DEFAULT_PORT,
		host: values.host ?? env.SANDBOX_HOST ?? DEFAULT_HOST,
		clients: clientsFrom(values.clients ?? env.SANDBOX_CLIENTS),
		tokenTtl: integer('token-ttl', values['token-ttl'], 1),
		tokenTtlMax: integer('token-ttl-max', values['token-ttl-max'], 1),
		defaultPageSize: integer('page-size', values['page-size'], 1),
		maxPageSize: integer('max-page-size', values['max-page-size'], 1),
		latencyMs: integer('latency', values.latency, 0),
		scoreStyle: oneOf<ScoreStyle>('score-style', values['score-style'], SCORE_STYLES),
		webhookStyle: oneOf<WebhookStyle>('webhook-style', values['webhook-style'], WEBHOOK_STYLES),
		webhookRedelivery: oneOf<WebhookRedelivery>('webhook-redelivery', values['webhook-redelivery'], WEBHOOK_REDELIVERIES),
		seed: oneOf<SeedName>('seed', values.seed ?? env.SANDBOX_SEED, SEEDS),
		faults: faultsFrom(values.faults),
	};
}

async function main() {
	let options: SandboxOptions | 'help';
	try {
		options = optionsFromArgs(process.argv.slice(2), process.env);
	} catch (error) {
		process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
		process.exit(2);
	}
	if (options === 'help') {
		process.stdout.write(`${USAGE}\n`);
		return;
	}

	const sandbox = await startSandbox(options);
	const clients = Object.entries(options.clients ?? { [DEMO_CLIENT.clientId]: DEMO_CLIENT.apiKey });
	process.stdout.write(
		[
			`Interview Service sandbox listening on ${sandbox.url}`,
			`  Credentials: Base URL ${sandbox.url}`,
			...clients.map(([clientId, apiKey]) => `               Client ID ${clientId}  API Key ${apiKey}`),
			`  Control API: ${sandbox.url}/__sandbox/ (see sandbox/README.md)`,
			`  Candidate's page: open an invitation's preAuthLink in a browser. Stand-in ATS: ${sandbox.url}${ATS_PREFIX}`,
			`  Seed: ${options.seed ?? 'none'}. Stop with Ctrl+C.`,
			'',
		].join('\n'),
	);

	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		process.stdout.write(`Received ${signal}, stopping the sandbox\n`);
		sandbox.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(`Sandbox failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	});
}
