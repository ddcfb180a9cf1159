/**
 * `npm start`: the local demo. Installs the pinned n8n and Node 24 on first run, starts the
 * sandbox with demo data and n8n with this package installed, the demo credential and the
 * example workflows imported, then prints how to log in. Ctrl+C stops everything.
 *
 * `--exit-when-ready` (or DEMO_EXIT_WHEN_READY=1) stops everything once it is ready (for CI).
 * SANDBOX_PORT (4010) and N8N_PORT (5678) choose the ports; INTERVIEW_SERVICE_DEMO_FOLDER the
 * n8n user folder (default: `demo` in the cache folder, kept between runs).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import axios from 'axios';

import { packPackage } from '../harness/pack';
import { spawnGroup, stopGroup, tail, waitForLine } from '../harness/process';
import { cacheRoot, ensureRuntime, N8N_VERSION } from '../harness/runtime';
import { REPO_ROOT } from '../harness/paths';
import { ATS_PREFIX } from '../sandbox/ats';
import { DEMO_REFUSED_CANDIDATE } from '../sandbox/demo-data';
import { OPENAI_PREFIX } from '../sandbox/openai';
import { assertPortFree, DEMO_OWNER, demoCli, installPackage, READY_BANNER, startDemoN8n, type DemoN8n } from './lib/demoN8n';
import {
	demoExamples,
	EXAMPLE_CREDENTIAL,
	EXAMPLES,
	EXAMPLES_DIR,
	exampleCredential,
	NOT_IN_DEMO,
	STAND_IN_OPENAI_CREDENTIAL,
	standInOpenAiCredential,
	type ExampleName,
} from './lib/examples';

const SANDBOX_READY = 'Interview Service sandbox listening on ';

function say(message: string) {
	process.stdout.write(`[demo] ${message}\n`);
}

function portFrom(variable: string, fallback: number): number {
	const value = process.env[variable];
	if (value === undefined || value === '') return fallback;
	const port = Number(value);
	if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`${variable} must be a port number, not "${value}"`);
	return port;
}

const stoppers: Array<() => Promise<void>> = [];
let stopping: Promise<void> | undefined;

/** Stops what was started, newest first; safe to call twice. */
async function stopAll(): Promise<void> {
	stopping ??= (async () => {
		for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
	})();
	await stopping;
}

async function startSandbox(port: number): Promise<string> {
	const child: ChildProcess = spawnGroup(
		path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
		['sandbox/main.ts', '--port', String(port), '--seed', 'demo'],
		{ cwd: REPO_ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	stoppers.push(async () => await stopGroup(child, 5_000));
	let output = '';
	child.stderr?.on('data', (chunk: Buffer) => (output = tail(output + chunk.toString(), 40)));
	try {
		const line = await waitForLine(child, (l) => l.startsWith(SANDBOX_READY), 60_000, 'sandbox');
		return line.slice(SANDBOX_READY.length).trim();
	} catch (error) {
		throw new Error(`${(error as Error).message}\n${output}`);
	}
}

/**
 * Every example, as the banner lists it (a Record, so that a new example without a line fails the type check),
 * and what the line adds after the workflow's URL.
 */
const EXAMPLE_LINES: Record<ExampleName, { label: string; note?: string }> = {
	atsInvitations: { label: '1. ATS → interview invitations (published):' },
	resultsExport: { label: '2. Scheduled results export (CSV):' },
	resultsExportSheets: { label: '   Google Sheets variant:' },
	completionCallback: { label: '3. Completion → ATS callback:' },
	aiAgentTools: { label: '4. AI recruiting assistant (agent tools):', note: "talks to the sandbox's stand-in chat model, not OpenAI" },
	atsSync: { label: '5. ATS sync every 15 minutes:' },
	mcpServer: { label: '6. MCP server for recruiting tools (published):' },
};

/** The example's line: its URL in n8n, or, when the demo does not import it, why and where its file is. */
function exampleLine(name: ExampleName, n8nUrl: string, width: number): string {
	const { label, note } = EXAMPLE_LINES[name];
	const notImported = NOT_IN_DEMO[name];
	const where = notImported
		? `not imported, it ${notImported}: import ${path.join(EXAMPLES_DIR, EXAMPLES[name].file)} into your own n8n`
		: `${n8nUrl}/workflow/${EXAMPLES[name].id}${note ? `  (${note})` : ''}`;
	return `    ${label.padEnd(width)}${where}`;
}

function banner(options: { n8n: DemoN8n; sandboxUrl: string; exportFile: string; userFolder: string }): string {
	const { n8n, sandboxUrl, exportFile, userFolder } = options;
	const webhook = `${n8n.url}/webhook/${EXAMPLES.atsInvitations.webhookPath}`;
	const mcpUrl = `${n8n.url}/mcp/${EXAMPLES.mcpServer.mcpPath}`;
	const width = Math.max(...Object.values(EXAMPLE_LINES).map(({ label }) => label.length)) + 2;
	const examples = (Object.keys(EXAMPLE_LINES) as ExampleName[]).map((name) => exampleLine(name, n8n.url, width));
	return [
		'',
		READY_BANNER,
		'',
		`  Editor URL:     ${n8n.url}`,
		`  Login:          ${DEMO_OWNER.email}  /  ${DEMO_OWNER.password}`,
		`  Sandbox URL:    ${sandboxUrl}  (the fake Interview Service, seeded with demo interviews and candidates)`,
		`  Demo API login: Client ID demo-client, API Key demo-api-key (already saved in n8n as the credential "${EXAMPLE_CREDENTIAL.name}")`,
		`  Stand-in ATS:   ${sandboxUrl}${ATS_PREFIX}  (what the examples read from "your ATS" and write back to it)`,
		`  Stand-in model: ${sandboxUrl}${OPENAI_PREFIX}  (OpenAI-compatible and scripted, no AI; saved in n8n as the credential "${STAND_IN_OPENAI_CREDENTIAL.name}")`,
		'',
		'  Example workflows (imported, each pointing at the sandbox, its stand-in ATS and its stand-in model):',
		...examples,
		'',
		'  Try this: open the editor and log in, then open example 2 and click "Execute workflow": it reads every',
		'  published interview, fetches the results and writes one CSV row per completed candidate to',
		`  ${exportFile}. Open example 5 and click "Execute workflow": it invites the stand-in ATS's candidates.`,
		'  Open example 4, click "Open chat" and ask "Which interviews are open?", then',
		'  "Invite Ada Lovelace, ada@example.com, to the backend interview."',
		'  Invite candidates the way an ATS would, through example 1 (published):',
		`    curl -s -X POST ${webhook} -H 'content-type: application/json' \\`,
		`      -d '[{"name":"Ada Lovelace","email":"ada@example.com"},{"name":"Alan Turing","email":"alan@example.com"}]'`,
		'  and see each candidate\'s preAuthLink in the answer, and the execution under "Executions".',
		`  A refused candidate: the sandbox refuses ${DEMO_REFUSED_CANDIDATE.email} ("This candidate is blocked"), and the`,
		'  stand-in ATS lists them: example 5\'s "Execute workflow" invites the others and puts them, alone, on the',
		'  Error branch "Not Invited", the message naming the candidate and the interview. Add them to the curl list',
		'  above to see the same failure in example 1\'s answer, with interviewId, email, name and the reason as message.',
		'  Open a preAuthLink in your browser to be that candidate: click Finish and the sandbox records the result',
		'  and calls the interview\'s webhook (publish example 3, or click its "Execute workflow", to see it arrive).',
		'  Give an MCP client (a desktop assistant, an IDE) the recruiting tools of example 6 (published), over Streamable HTTP:',
		`    MCP server URL: ${mcpUrl}`,
		`  or, for a client that only starts commands: npx mcp-remote ${mcpUrl}  (settings: docs/examples.md)`,
		`  Add a node: search "Interview Service" in the nodes panel. n8n's data and log: ${userFolder}`,
		'',
		'  Press Ctrl+C to stop n8n and the sandbox.',
		'',
	].join('\n');
}

async function main() {
	const exitWhenReady = process.argv.includes('--exit-when-ready') || ['1', 'true'].includes(process.env.DEMO_EXIT_WHEN_READY ?? '');
	const sandboxPort = portFrom('SANDBOX_PORT', 4010);
	const n8nPort = portFrom('N8N_PORT', 5678);
	const userFolder = process.env.INTERVIEW_SERVICE_DEMO_FOLDER ?? path.join(cacheRoot(), 'demo');
	const exportDir = path.join(userFolder, 'exports');
	const exportFile = path.join(exportDir, 'interview-results.csv');
	mkdirSync(exportDir, { recursive: true });
	await assertPortFree(sandboxPort, 'SANDBOX_PORT');
	await assertPortFree(n8nPort, 'N8N_PORT');

	say(`1/5 n8n ${N8N_VERSION} and Node 24 in ${cacheRoot()} (the first run installs them: 7 minutes and 3.1 GB when measured, see docs/demo.md)`);
	const runtime = await ensureRuntime();

	say(`2/5 starting the sandbox on 127.0.0.1:${sandboxPort} with demo data`);
	const sandboxUrl = await startSandbox(sandboxPort);
	// The stand-in ATS lists the refused candidate too, so that example 5 shows its Error branch at the first click.
	await axios.post(`${sandboxUrl}/__sandbox/seed`, { atsCandidates: [DEMO_REFUSED_CANDIDATE] }, { timeout: 10_000 });

	say(`3/5 packing this package and installing it into ${path.join(userFolder, '.n8n', 'nodes')}`);
	await installPackage(userFolder, await packPackage());

	say('4/5 importing the demo credentials and the example workflows');
	const cli = demoCli(runtime, userFolder, n8nPort, exportDir);
	await cli.importCredentials([exampleCredential(sandboxUrl), standInOpenAiCredential(sandboxUrl)]);
	await cli.importWorkflows(demoExamples({ exportFile, sandboxUrl }));

	say(`5/5 starting n8n on 127.0.0.1:${n8nPort} (log: ${path.join(userFolder, 'n8n.log')})`);
	const n8n = await startDemoN8n({ runtime, userFolder, port: n8nPort, exportDir });
	stoppers.push(n8n.stop);
	await n8n.signIn();
	// A demo folder may hold a copy of an example the demo does not import (the folder outlives the clone).
	for (const name of Object.keys(NOT_IN_DEMO) as ExampleName[]) await n8n.removeWorkflow(EXAMPLES[name].id);
	await n8n.activate(EXAMPLES.atsInvitations.id);
	await n8n.waitForWebhook(EXAMPLES.atsInvitations.webhookPath);
	await n8n.activate(EXAMPLES.mcpServer.id);
	await n8n.waitForWebhook(EXAMPLES.mcpServer.mcpPath, 'mcp');

	process.stdout.write(banner({ n8n, sandboxUrl, exportFile, userFolder }));
	if (exitWhenReady) {
		say('--exit-when-ready: stopping');
		await stopAll();
		return;
	}
	// Runs until a signal arrives (onSignal).
	setInterval(() => undefined, 60 * 60_000);
}

function onSignal(signal: NodeJS.Signals) {
	say(`${signal}: stopping n8n and the sandbox`);
	stopAll().then(
		() => process.exit(0),
		() => process.exit(1),
	);
}

process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

main().catch(async (error: unknown) => {
	process.stderr.write(`[demo] failed: ${error instanceof Error ? error.message : String(error)}\n`);
	await stopAll();
	process.exit(1);
});
