/** Three projects: `npm test` runs unit + integration; `npm run test:e2e` runs e2e (real n8n). */
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.dev.json' }];

const project = (name) => ({
	displayName: name,
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': tsJest },
	testMatch: [`<rootDir>/test/${name}/**/*.test.ts`],
	setupFilesAfterEnv: [`<rootDir>/test/helpers/timeouts/${name}.ts`],
});

module.exports = {
	projects: [project('unit'), project('integration'), project('e2e')],
};
