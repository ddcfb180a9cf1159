/**
 * Scenario 1, the credential: "Interview Service API" created through n8n's credential form. n8n
 * tests a credential each time it is saved; the banner shows what the test found.
 */
import type { Locator } from 'playwright-core';

import { useEditor } from './helpers/editor';
import { parameter, waitForText } from './helpers/panels';

const { scenario } = useEditor();

const TESTED_OK = 'Connection tested successfully';
const NOT_CONNECTED = 'Couldn’t connect with these settings';

/**
 * Saves the open credential and waits until the banner of n8n's test of it says `expected` (the
 * banner of the save before stays up until the new test is done).
 */
async function saveAndExpect(modal: Locator, expected: string): Promise<string> {
	await modal.getByRole('button', { name: 'Save' }).click();
	return await waitForText(
		async () => {
			// The service's message sits under n8n's headline, folded away behind "More details".
			const details = modal.getByText('More details');
			if (await details.isVisible()) await details.click();
			return await modal.innerText();
		},
		(text) => text.includes(expected),
		`the credential test's banner showing "${expected}"`,
	);
}

it(
	'Test succeeds with the right key, shows the service\'s message with a wrong key, and names the Base URL when it is wrong',
	scenario(async ({ page, session }) => {
		await page.goto(`${session.n8nUrl}/home/credentials`);
		await page.getByRole('button', { name: 'Create credential' }).first().click();
		await page.getByPlaceholder('Search for app...').fill('Interview Service');
		await page.getByRole('option', { name: 'Interview Service API' }).click();
		await page.getByRole('button', { name: 'Continue' }).click();
		const modal = page.getByRole('dialog').filter({ has: page.getByText('Interview Service API', { exact: true }) });

		await parameter(modal, 'Base URL').fill(session.sandboxUrl);
		await parameter(modal, 'Client ID').fill('demo-client');
		await parameter(modal, 'API Key').fill('not-the-demo-key');
		const wrongKey = await saveAndExpect(modal, 'Interview Service token exchange failed (HTTP 401): Invalid client credentials');
		expect(wrongKey).toContain(NOT_CONNECTED);
		expect(wrongKey).not.toContain('not-the-demo-key');

		await parameter(modal, 'API Key').fill('demo-api-key');
		await saveAndExpect(modal, TESTED_OK);

		// The two Base URL mistakes a new user makes: the API's path left in, the scheme left out.
		await parameter(modal, 'Base URL').fill(`${session.sandboxUrl}/api/v1`);
		await saveAndExpect(
			modal,
			'Interview Service token exchange failed (HTTP 404): Route not found. The Base URL ends in /api/v1: leave that out, the nodes add it',
		);
		await parameter(modal, 'Base URL').fill(session.sandboxUrl.replace(/^https?:\/\//, ''));
		await saveAndExpect(
			modal,
			'Interview Service token exchange failed: the Base URL must start with https:// (or http:// for a local service), e.g. https://api.example.com',
		);

		await parameter(modal, 'Base URL').fill(session.sandboxUrl);
		await saveAndExpect(modal, TESTED_OK);
	}),
);
