/**
 * Headless Chromium for driving n8n's editor (the browser suite, test/browser/): Debian's
 * `chromium` through playwright-core, since Playwright's own browser download needs the internet.
 */
import { accessSync, constants } from 'node:fs';
import { chromium, selectors, type Browser, type Page } from 'playwright-core';

import type { Owner } from './owner';

/** Headless flags for a server or container: no GPU, no sandbox as root, no calls to Google's hosts. */
const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** The size n8n's editor was checked at: every panel and the canvas fit. */
export const EDITOR_VIEWPORT = { width: 1400, height: 900 };

/** Where the browser is: $CHROMIUM, else Debian's `chromium`. */
export function chromiumPath(): string {
	const executable = process.env.CHROMIUM || '/usr/bin/chromium';
	try {
		accessSync(executable, constants.X_OK);
	} catch {
		throw new Error(`no Chromium at ${executable}: install it (as root: apt-get install -y chromium) or set CHROMIUM to a Chromium or Chrome binary`);
	}
	return executable;
}

let testIdsSet = false;

export async function launchChromium(): Promise<Browser> {
	if (!testIdsSet) {
		// n8n's editor marks its parts with data-test-id, which getByTestId then finds.
		selectors.setTestIdAttribute('data-test-id');
		testIdsSet = true;
	}
	return await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

/** Signs in through the editor's own form, as a user does, and waits until the editor has left the form. */
export async function signInToEditor(page: Page, url: string, owner: Owner): Promise<void> {
	await page.goto(`${url}/signin`);
	await page.getByLabel('Email').fill(owner.email);
	await page.getByLabel('Password').fill(owner.password);
	await page.getByRole('button', { name: 'Sign in' }).click();
	await page.waitForURL((target) => !target.pathname.startsWith('/signin'));
}
