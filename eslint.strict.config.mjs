// Our stricter rules for the whole repository (`npm run lint:strict`): n8n's community-node rules,
// plus our import allow-list for node code. eslint.config.mjs is n8n's default (see scripts/n8n-node-lint.ts).
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

const n8nNodesBaseRules = (configName) => n8nNodesBase.configs[configName].rules;

/** Node and credential code may import only these (n8n's verification rules). */
const runtimeImportRule = [
	'error',
	{
		patterns: [
			{
				regex: '^(?!(n8n-workflow|zod|crypto|node:crypto)$)(?!\\.{1,2}/)',
				message:
					'Node and credential code may import only n8n-workflow, zod, crypto and relative files (n8n verification rules).',
			},
		],
	},
];

export default [
	{
		ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.tmp/**', 'bench/results/**', '**/*.js', '**/*.mjs', 'package-lock.json'],
	},
	...tseslint.configs.recommended.map((config) => ({ ...config, files: ['**/*.ts'] })),
	{
		files: ['**/*.ts'],
		languageOptions: { parser: tseslint.parser, parserOptions: { sourceType: 'module' } },
		rules: {
			// `const { dropped, ...kept } = object` is how we omit a key.
			'@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
		},
	},
	{
		files: ['package.json'],
		languageOptions: { parser: tseslint.parser, parserOptions: { extraFileExtensions: ['.json'] } },
	},
	{
		...n8nCommunityNodesPlugin.configs.recommended,
		files: ['package.json', 'nodes/**/*.ts', 'credentials/**/*.ts'],
	},
	{
		files: ['package.json'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: n8nNodesBaseRules('community'),
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBaseRules('credentials'),
			// Documented as "only applicable to nodes in the main repository": it wants a docs slug of
			// n8n's own site. A community credential links to its own README (a URL), as the starter does.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBaseRules('nodes'),
			// These two predate NodeConnectionTypes and demand the string 'main', which the newer
			// @n8n/community-nodes/node-connection-type-literal rule forbids. No code can satisfy
			// both; the newer, official rule wins.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		rules: { 'no-restricted-imports': runtimeImportRule },
	},
	{
		// Test, sandbox and harness code: no inline silencing anywhere, and unused disables are errors.
		linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'error' },
	},
];
