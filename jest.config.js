/**
 * `npm test` runs unit + integration; `npm run test:e2e` runs e2e (real n8n 2.41.1);
 * `npm run test:e2e:n8n1` runs the credential, action-node, trigger, Results Trigger budget and MCP server e2e files in the last n8n 1.x;
 * `npm run test:scale` runs the queue-mode e2e (Postgres + Redis + main + 2 workers);
 * `npm run test:browser` drives n8n 2.41.1's editor in headless Chromium (one n8n for the suite).
 */
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.dev.json' }];

const project = (name, overrides = {}) => ({
	displayName: name,
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': tsJest },
	testMatch: [`<rootDir>/test/${name}/**/*.test.ts`],
	setupFilesAfterEnv: [`<rootDir>/test/helpers/timeouts/${name}.ts`],
	modulePathIgnorePatterns: ['<rootDir>/.tmp/'],
	...overrides,
});

module.exports = {
	projects: [
		project('unit'),
		project('integration', {
			// n8n's log stays quiet for what a test makes fail on purpose, and shows beside a failed test.
			testEnvironment: '<rootDir>/test/helpers/failedTestLogEnvironment.ts',
			setupFilesAfterEnv: ['<rootDir>/test/helpers/timeouts/integration.ts', '<rootDir>/test/helpers/n8nLogKeptPerTest.ts'],
		}),
		project('e2e'),
		project('e2e-n8n1', {
			testMatch: ['<rootDir>/test/e2e/credentials.e2e.test.ts', '<rootDir>/test/e2e/interviewService.e2e.test.ts', '<rootDir>/test/e2e/errorOutput.e2e.test.ts', '<rootDir>/test/e2e/errorMatrix.e2e.test.ts', '<rootDir>/test/e2e/invitedHistory.e2e.test.ts', '<rootDir>/test/e2e/inviteStopAndCrash.e2e.test.ts', '<rootDir>/test/e2e/trigger.e2e.test.ts', '<rootDir>/test/e2e/triggerDeliveries.e2e.test.ts', '<rootDir>/test/e2e/triggerCrash.e2e.test.ts', '<rootDir>/test/e2e/mcpServer.e2e.test.ts', '<rootDir>/test/e2e/resultsTriggerDurableScheduler.e2e.test.ts'],
			setupFiles: ['<rootDir>/test/helpers/n8n1x.ts'],
			setupFilesAfterEnv: ['<rootDir>/test/helpers/timeouts/e2e.ts'],
		}),
		project('scale', { setupFilesAfterEnv: ['<rootDir>/test/helpers/timeouts/e2e.ts'] }),
		project('browser', {
			globalSetup: '<rootDir>/test/browser/helpers/globalSetup.ts',
			globalTeardown: '<rootDir>/test/browser/helpers/globalTeardown.ts',
		}),
	],
};
