/**
 * The parts of n8n 2.41's editor the scenarios use, found the way a user finds them: by the
 * labels, options and buttons they read. n8n gives its inputs no accessible names, so a parameter
 * is found through its label's text; test ids only mark containers (panels, list items).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

import { PACKAGE_NAME } from '../../../harness/n8n';
import { REPO_ROOT } from '../../../harness/paths';
import { pollUntil } from '../../../harness/process';
import { EXAMPLE_CREDENTIAL } from '../../../scripts/lib/examples';

/** The credential of every scenario that runs a node: the examples' one, imported at the session's start. */
export const CREDENTIAL_NAME = EXAMPLE_CREDENTIAL.name;

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The input of the parameter labelled `label` (exactly, with a required star or the Fixed /
 * Expression switch after it, as n8n renders them inside the label).
 */
export function parameter(scope: Locator, label: string): Locator {
	return scope
		.locator('label')
		.filter({ hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*\\*?\\s*(?:Fixed|$)`) })
		.locator('xpath=ancestor::div[.//input or .//textarea][1]')
		.locator('input, textarea')
		.first();
}

/** An option of the open drop-down, by its name (n8n also puts the description in the option). */
export function option(page: Page, name: string): Locator {
	return page.getByRole('option').filter({ has: page.getByText(name, { exact: true }) });
}

/**
 * A collection's add button, by what it says: a button when the collection has one option, else a
 * drop-down whose placeholder says it.
 */
export function addButton(scope: Locator, label: string): Locator {
	return scope.getByText(label, { exact: true }).or(scope.getByPlaceholder(label, { exact: true }));
}

/** Picks `name` in the options parameter labelled `label`. */
export async function chooseOption(page: Page, scope: Locator, label: string, name: string): Promise<void> {
	await parameter(scope, label).click();
	await option(page, name).click();
}

/** The node's parameter panel (NDV), once open. */
export function nodePanel(page: Page): Locator {
	return page.getByTestId('ndv');
}

export function outputPanel(page: Page): Locator {
	return nodePanel(page).getByTestId('output-panel');
}

/**
 * Switches the output panel to its JSON view and waits until that, as shown (white space folded),
 * satisfies `accept` and has stopped changing: the editor draws a long JSON in steps, and a read in
 * between would hold only its first lines.
 */
export async function waitForOutputJson(page: Page, accept: (json: string) => boolean, what: string): Promise<string> {
	const output = outputPanel(page);
	await output.getByText('JSON', { exact: true }).click();
	let previous = '';
	return await waitForText(
		async () => {
			const [before, shown] = [previous, (await output.innerText()).replace(/\s+/g, ' ')];
			previous = shown;
			return shown === before ? shown : '';
		},
		(json) => json !== '' && accept(json),
		`${what} (the same in two reads in a row)`,
	);
}

export async function selectCredential(page: Page, name = CREDENTIAL_NAME): Promise<void> {
	await nodePanel(page).getByTestId('node-credentials-select').click();
	await option(page, name).click();
}

/** The interview picker's list ("From list"), open. */
export function pickerItems(page: Page): Locator {
	return page.getByTestId('rlc-item');
}

/** Opens the Interview picker, searches `search` and picks the interview whose entry starts with `name`. */
export async function pickInterview(page: Page, name: string, search = name): Promise<void> {
	await nodePanel(page).getByPlaceholder('Select an interview...').click();
	await page.getByPlaceholder('Search...').fill(search);
	await pickerItems(page).filter({ hasText: new RegExp(`^${escapeRegExp(name)}`) }).first().click();
}

/**
 * The first paint of the editor after `page.goto`: the editor's bundles are large, and on a shared
 * two-core machine under load the canvas took over 30 s (a step's usual bound) to show.
 */
export const PAGE_LOAD_TIMEOUT_MS = 90_000;

/** A new, empty workflow in the editor. */
export async function openNewWorkflow(page: Page, n8nUrl: string): Promise<void> {
	await page.goto(`${n8nUrl}/workflow/new`);
	await page.getByRole('button', { name: 'Open nodes panel' }).waitFor({ timeout: PAGE_LOAD_TIMEOUT_MS });
}

/** Opens a saved workflow and waits (bounded) until the canvas shows the node named `name`. */
export async function openWorkflow(page: Page, n8nUrl: string, workflowId: string, name: string): Promise<void> {
	await page.goto(`${n8nUrl}/workflow/${workflowId}`);
	await canvasNode(page, name).waitFor({ timeout: PAGE_LOAD_TIMEOUT_MS });
}

export function nodesPanel(page: Page): Locator {
	return page.getByTestId('node-creator');
}

/** In the open nodes panel: search "Interview" and open the app's entry, which lists its triggers and actions. */
export async function openInterviewServiceEntry(page: Page): Promise<Locator> {
	const panel = nodesPanel(page);
	await panel.getByPlaceholder('Search nodes...').fill('Interview');
	await panel.getByText('Interview Service', { exact: true }).click();
	return panel;
}

/** Adds our node with the action (or trigger) `action` from the open nodes panel; its parameter panel opens. */
export async function addInterviewServiceNode(page: Page, action: string): Promise<Locator> {
	const panel = await openInterviewServiceEntry(page);
	const actions = panel.getByText(/^Actions \(\d+\)$/);
	// A new workflow's panel lists triggers first and folds the actions away.
	if (!/^On /.test(action) && !(await panel.getByText(action, { exact: true }).isVisible())) await actions.click();
	await panel.getByText(action, { exact: true }).click();
	const ndv = nodePanel(page);
	await ndv.waitFor();
	return ndv;
}

export function canvasNode(page: Page, name: string): Locator {
	return page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
}

/** The canvas node of our action node (when the workflow has one). */
export function actionCanvasNode(page: Page): Locator {
	return page.locator(`[data-test-id="canvas-node"][data-node-type="${ACTION_NODE_TYPE}"]`);
}

/** Closes the parameter panel (its ✕, which has no accessible name) and waits until the canvas shows again. */
export async function closeNodePanel(page: Page): Promise<void> {
	await nodePanel(page).getByTestId('ndv-close-button').click();
	await nodePanel(page).waitFor({ state: 'hidden' });
}

/** Waits until `read` (a text on the page) satisfies `accept`; bounded, polling what the page shows. */
export async function waitForText(read: () => Promise<string>, accept: (text: string) => boolean, what: string, timeoutMs = 30_000): Promise<string> {
	let last = '';
	try {
		return await pollUntil(
			async () => {
				last = await read();
				return accept(last) ? last : undefined;
			},
			timeoutMs,
			what,
		);
	} catch (error) {
		const lines = last.split('\n');
		const shown = lines.length > 12 ? [...lines.slice(0, 10), `… and ${lines.length - 10} more lines (${lines.length} in all)`] : lines;
		throw new Error(`${(error as Error).message}; last seen:\n${shown.join('\n')}`);
	}
}

export const ACTION_NODE_TYPE = `${PACKAGE_NAME}.interviewService`;

/** Pictures a scenario takes of what it checks on screen, kept for a reader (not emptied per run, not committed). */
export const SHOTS_DIR = path.join(REPO_ROOT, '.tmp', 'browser-shots');

/** Saves the page as `.tmp/browser-shots/<name>.png`; answers the path from the repository's root. */
export async function shot(page: Page, name: string): Promise<string> {
	mkdirSync(SHOTS_DIR, { recursive: true });
	const file = path.join(SHOTS_DIR, `${name}.png`);
	await page.screenshot({ path: file });
	return path.relative(REPO_ROOT, file);
}

/** The labels and item counts of a canvas node's outputs, as the canvas shows them (white space folded). */
export async function outputHandleTexts(node: Locator): Promise<string[]> {
	return (await node.getByTestId('canvas-node-output-handle').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}
