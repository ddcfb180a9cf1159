/** Three projects: `npm test` runs unit + integration; `npm run test:e2e` runs e2e (real n8n). */
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.dev.json', isolatedModules: true }];

const project = (name, extra = {}) => ({
	displayName: name,
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': tsJest },
	testMatch: [`<rootDir>/test/${name}/**/*.test.ts`],
	...extra,
});

module.exports = {
	projects: [
		project('unit'),
		project('integration', { testTimeout: 30_000 }),
		project('e2e', { testTimeout: 600_000, maxWorkers: 1 }),
	],
};
