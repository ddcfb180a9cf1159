/**
 * The packed package installs into real n8n as a community package with no runtime
 * dependencies, its types load, and the credential test works against the sandbox.
 */
import { readFileSync } from 'node:fs';

import { PACKAGE_NAME, type N8nInstance } from '../../harness/n8n';
import { CREDENTIAL_TYPE } from '../../harness/workflow';
import { TEST_TIMEOUT_MS, useE2e } from './helpers/context';

const { withLog } = useE2e({ importCredential: false });

const WRONG_KEY = 'wrong-key-e2e-7f3a9c';

describe('Interview Service package in real n8n', () => {
	it(
		'loads without errors',
		withLog(async ({ n8n }) => {
			const log = readFileSync(n8n.logFile, 'utf8');
			expect(log).not.toMatch(new RegExp(`Failed to load package "${PACKAGE_NAME}"`));
			expect(log).not.toMatch(/Cannot find module/);
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		'registers the credential type and the three node types, plus the tool variant of the action node',
		withLog(async ({ n8n }) => {
			const credentialTypes = await n8n.rest.get(`${n8n.url}/types/credentials.json`);
			expect(credentialTypes.status).toBe(200);
			const credential = (credentialTypes.data as Array<{ name: string; displayName: string }>).find(
				(type) => type.name === CREDENTIAL_TYPE,
			);
			expect(credential?.displayName).toBe('Interview Service API');

			const nodeTypes = await n8n.rest.get(`${n8n.url}/types/nodes.json`);
			expect(nodeTypes.status).toBe(200);
			const ours = (nodeTypes.data as Array<{ name: string }>)
				.map((type) => type.name)
				.filter((name) => name.startsWith(`${PACKAGE_NAME}.`));
			expect(ours).toEqual(
				expect.arrayContaining([
					`${PACKAGE_NAME}.interviewService`,
					`${PACKAGE_NAME}.interviewServiceTool`,
					`${PACKAGE_NAME}.interviewServiceTrigger`,
					`${PACKAGE_NAME}.interviewServiceResultsTrigger`,
				]),
			);
		}),
		TEST_TIMEOUT_MS,
	);

	/** The editor saves a credential, then tests it (n8n cannot test unsaved data that needs preAuthentication). */
	const saveAndTest = async (n8n: N8nInstance, data: Record<string, unknown>) => {
		const credential = { name: `Interview Service ${data.apiKey}`, type: CREDENTIAL_TYPE, data };
		const id = await n8n.createCredential(credential);
		return await n8n.rest.post('/credentials/test', { credentials: { id, ...credential } });
	};

	it(
		'passes the credential test against the sandbox',
		withLog(async ({ n8n, sandbox }) => {
			const response = await saveAndTest(n8n, {
				baseUrl: `${sandbox.url}/`,
				clientId: 'demo-client',
				apiKey: 'demo-api-key',
				expiresIn: 0,
			});
			expect(response.status).toBe(200);
			expect(response.data.data).toEqual({ status: 'OK', message: expect.any(String) });
		}),
		TEST_TIMEOUT_MS,
	);

	it(
		"fails a wrong key with the API's message and never shows the key",
		withLog(async ({ n8n, sandbox }) => {
			const response = await saveAndTest(n8n, {
				baseUrl: sandbox.url,
				clientId: 'demo-client',
				apiKey: WRONG_KEY,
				expiresIn: 0,
			});
			expect(response.status).toBe(200);
			expect(response.data.data.status).toBe('Error');
			expect(response.data.data.message).toContain('Invalid client credentials');
			expect(JSON.stringify(response.data)).not.toContain(WRONG_KEY);
			expect(readFileSync(n8n.logFile, 'utf8')).not.toContain(WRONG_KEY);
		}),
		TEST_TIMEOUT_MS,
	);
});
