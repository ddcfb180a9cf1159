/**
 * One Chromium per test file, signed in once through n8n's sign-in form; each scenario gets a fresh
 * browser context with Playwright tracing on. A failing scenario keeps its last screen, its trace
 * and n8n's log under `.tmp/browser/<scenario>/` (CI uploads that folder), then fails with that path.
 */
import axios, { type AxiosInstance } from 'axios';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { EDITOR_VIEWPORT, launchChromium, signInToEditor } from '../../../harness/browser';
import { OWNER, type WorkflowImport } from '../../../harness/n8n';
import { expectOk, ownerSession } from '../../../harness/owner';
import { REPO_ROOT } from '../../../harness/paths';
import { ARTIFACTS_DIR, browserSession, type BrowserSession } from './session';

/** Longest wait for anything the editor shows; executions against the sandbox take a few seconds. */
const STEP_TIMEOUT_MS = 30_000;

export interface Editor {
	page: Page;
	session: BrowserSession;
	/** n8n's REST API as the signed-in owner, to set up what a scenario starts from (a workflow with input data). */
	rest: AxiosInstance;
	/** The sandbox's control API (`/__sandbox/...`): seed data, simulate completions, read its state. */
	sandbox: AxiosInstance;
}

/** Saves a scenario's starting workflow through n8n's REST API (`rest`), as the editor saves one; its new id. */
export async function saveWorkflow(rest: AxiosInstance, workflow: WorkflowImport): Promise<string> {
	const { name, nodes, connections } = workflow;
	const created = await rest.post('/workflows', { name, nodes, connections, settings: { executionOrder: 'v1' } });
	expectOk(created, 'create the workflow');
	return String(created.data.data.id);
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

function slug(text: string): string {
	return text
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.slice(0, 80)
		.replace(/^-|-$/g, '');
}

/** Keeps what shows why a scenario failed: the page as it was, Playwright's trace, n8n's log. */
async function keepFailure(context: BrowserContext, page: Page, session: BrowserSession, name: string): Promise<string> {
	const dir = path.join(ARTIFACTS_DIR, slug(name));
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	await page.screenshot({ path: path.join(dir, 'screen.png') }).catch(() => undefined);
	await context.tracing.stop({ path: path.join(dir, 'trace.zip') }).catch(() => undefined);
	try {
		copyFileSync(session.n8nLog, path.join(dir, 'n8n.log'));
	} catch {
		// The log is a help, not a requirement.
	}
	return dir;
}

export function useEditor() {
	let browser: Browser | undefined;
	let signedIn: StorageState | undefined;
	let rest: AxiosInstance | undefined;
	const session = browserSession();
	const sandbox = axios.create({ baseURL: `${session.sandboxUrl}/__sandbox`, timeout: STEP_TIMEOUT_MS });

	beforeAll(async () => {
		await sandbox.post('/reset', { seed: 'demo' });
		browser = await launchChromium();
		const context = await browser.newContext({ viewport: EDITOR_VIEWPORT });
		const page = await context.newPage();
		page.setDefaultTimeout(STEP_TIMEOUT_MS);
		await signInToEditor(page, session.n8nUrl, OWNER);
		signedIn = await context.storageState();
		await context.close();
		rest = axios.create({
			baseURL: `${session.n8nUrl}/rest`,
			headers: { 'browser-id': 'interview-service-browser' },
			timeout: STEP_TIMEOUT_MS,
			validateStatus: () => true,
		});
		await ownerSession(rest, OWNER, { existingOk: true });
	});

	afterAll(async () => {
		await browser?.close();
	});

	/** A test body run in a fresh signed-in page; on failure the page, trace and n8n log are kept. */
	const scenario = (body: (editor: Editor) => Promise<void>) => async () => {
		if (!browser || !signedIn || !rest) throw new Error('the browser did not start or sign in (see beforeAll)');
		const name = expect.getState().currentTestName ?? 'scenario';
		const context = await browser.newContext({ viewport: EDITOR_VIEWPORT, storageState: signedIn });
		await context.tracing.start({ screenshots: true, snapshots: true });
		const page = await context.newPage();
		page.setDefaultTimeout(STEP_TIMEOUT_MS);
		try {
			await body({ page, session, rest, sandbox });
			await context.tracing.stop();
		} catch (error) {
			const dir = await keepFailure(context, page, session, name);
			if (error instanceof Error) {
				error.message += `\n\nThe screen, Playwright's trace and n8n's log: ${path.relative(REPO_ROOT, dir)}/ (see CONTRIBUTING.md, "The browser suite")`;
			}
			throw error;
		} finally {
			await context.close();
		}
	};

	return { scenario };
}
