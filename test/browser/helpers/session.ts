/**
 * One sandbox and one real n8n (the pinned 2.41.1, this package installed as a community package)
 * for the whole browser suite: started by jest's globalSetup, stopped by its globalTeardown. Starting
 * n8n takes most of a minute on two cores, so the scenarios share it; each test file resets
 * the sandbox to its demo data and builds its own workflows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromiumPath } from '../../../harness/browser';
import { startN8n, type N8nInstance } from '../../../harness/n8n';
import { packPackage } from '../../../harness/pack';
import { REPO_ROOT } from '../../../harness/paths';
import { startSandboxProcess, type SandboxProcess } from '../../../harness/sandbox-process';
import { exampleCredential, standInOpenAiCredential } from '../../../scripts/lib/examples';

/** What the test files need to reach the running session; set by globalSetup in the environment jest's test files inherit. */
export interface BrowserSession {
	n8nUrl: string;
	sandboxUrl: string;
	/** n8n's log, copied next to a failed scenario's trace. */
	n8nLog: string;
	/** The only folder n8n may write files to (the CSV example). */
	exportDir: string;
}

const SESSION_VARIABLE = 'INTERVIEW_SERVICE_BROWSER_SESSION';

/** A failed scenario's screen, trace and n8n log, one folder per scenario; emptied at each run's start. */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, '.tmp', 'browser');

export function browserSession(): BrowserSession {
	const value = process.env[SESSION_VARIABLE];
	if (!value) throw new Error('no browser session: run the suite with `npm run test:browser` (jest --selectProjects browser)');
	return JSON.parse(value) as BrowserSession;
}

/** What globalTeardown stops; jest runs both hooks in its own process, so a module variable carries it. */
const started: { n8n?: N8nInstance; sandbox?: SandboxProcess; exportDir?: string } = {};

export async function stopBrowserSession(): Promise<void> {
	await started.n8n?.stop();
	await started.sandbox?.stop();
	if (started.exportDir) rmSync(started.exportDir, { recursive: true, force: true });
	delete process.env[SESSION_VARIABLE];
}

export async function startBrowserSession(): Promise<void> {
	// No Chromium: say so before spending a minute on n8n.
	chromiumPath();
	rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
	try {
		started.sandbox = await startSandboxProcess({ seed: 'demo' });
		started.exportDir = mkdtempSync(path.join(tmpdir(), 'interview-service-browser-export-'));
		const tgz = await packPackage();
		try {
			started.n8n = await startN8n({ tgz, env: { N8N_RESTRICT_FILE_ACCESS_TO: started.exportDir } });
		} finally {
			rmSync(path.dirname(tgz), { recursive: true, force: true });
		}
		await started.n8n.setupOwner();
		// As the demo imports them: the examples' credential, and the OpenAI one on the sandbox's stand-in chat model.
		await started.n8n.importCredentials([exampleCredential(started.sandbox.url), standInOpenAiCredential(started.sandbox.url)]);
	} catch (error) {
		await stopBrowserSession();
		throw error;
	}
	const session: BrowserSession = {
		n8nUrl: started.n8n.url,
		sandboxUrl: started.sandbox.url,
		n8nLog: started.n8n.logFile,
		exportDir: started.exportDir,
	};
	process.env[SESSION_VARIABLE] = JSON.stringify(session);
	process.stderr.write(`\n[browser] n8n ${started.n8n.runtime.n8nVersion} at ${session.n8nUrl}, sandbox at ${session.sandboxUrl}\n`);
}
