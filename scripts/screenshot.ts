/**
 * README screenshot (not part of CI): with the demo running (`npm start`), logs in through the
 * editor's sign-in form in headless Chromium, opens an example (default: example 1) and saves the
 * canvas to docs/example-<name>.png. Needs Debian's chromium (`apt-get install -y chromium`).
 *
 * `tsx scripts/screenshot.ts [atsInvitations|resultsExport|...] [node name]`: with a node name, the
 * node's parameter panel is opened too. N8N_URL (default http://127.0.0.1:5678), CHROMIUM
 * (default /usr/bin/chromium), SCREENSHOT (output file).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

import { REPO_ROOT } from '../harness/paths';
import { DEMO_OWNER } from './lib/demoN8n';
import { EXAMPLES, type ExampleName } from './lib/examples';

/** Headless flags for this kind of machine: no GPU, no sandbox as root, no calls to Google's hosts. */
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

async function main() {
	const url = process.env.N8N_URL ?? 'http://127.0.0.1:5678';
	const name = (process.argv[2] ?? 'atsInvitations') as ExampleName;
	const example = EXAMPLES[name];
	if (!example) throw new Error(`unknown example "${name}"; one of ${Object.keys(EXAMPLES).join(', ')}`);
	const nodeName = process.argv[3];
	const suffix = nodeName ? `-${nodeName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : '';
	const output =
		process.env.SCREENSHOT ?? path.join(REPO_ROOT, 'docs', `example-${path.basename(example.file, '.json')}${suffix}.png`);
	const profile = mkdtempSync(path.join(tmpdir(), 'interview-service-chromium-'));
	const browser = await chromium.launchPersistentContext(profile, {
		executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
		args: CHROMIUM_ARGS,
		headless: true,
		viewport: { width: 1440, height: 900 },
		deviceScaleFactor: 1,
	});
	try {
		const page = await browser.newPage();
		await page.goto(`${url}/signin`);
		await page.locator('input[name="emailOrLdapLoginId"], input[name="email"], input[type="email"]').first().fill(DEMO_OWNER.email);
		await page.locator('input[name="password"]').first().fill(DEMO_OWNER.password);
		await page.keyboard.press('Enter');
		await page.waitForURL((target) => !target.pathname.startsWith('/signin'), { timeout: 30_000 });

		await page.goto(`${url}/workflow/${example.id}`);
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });
		// Icons load after the nodes; then "fit view" (shortcut 1) frames the whole workflow.
		await page.waitForLoadState('networkidle');
		await page.keyboard.press('Escape');
		await page.locator('body').click({ position: { x: 5, y: 400 } });
		await page.keyboard.press('1');
		await page.waitForTimeout(1_500);
		if (nodeName) {
			await page.locator('[data-test-id="canvas-node"]', { hasText: nodeName }).first().dblclick();
			await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 30_000 });
			await page.waitForTimeout(1_500);
		}
		await page.screenshot({ path: output });
		process.stdout.write(`saved ${output}\n`);
	} finally {
		await browser.close();
		rmSync(profile, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`screenshot failed: ${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
