/**
 * The import rules of the package (run by `npm run lint:imports`):
 * - a node folder imports only itself, nodes/shared/ and packages; nodes/shared/ imports no node folder;
 * - no import circles in nodes/, credentials/ or sandbox/.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
	forbidden: [
		{
			name: 'no-cross-node-import',
			comment: 'A node folder may import only its own files and nodes/shared/ (see CONTRIBUTING.md, Layout).',
			severity: 'error',
			from: { path: '^nodes/(InterviewService|InterviewServiceTrigger|InterviewServiceResultsTrigger)/' },
			to: { path: '^nodes/(InterviewService|InterviewServiceTrigger|InterviewServiceResultsTrigger)/', pathNot: '^nodes/$1/' },
		},
		{
			name: 'shared-imports-no-node-folder',
			comment: 'nodes/shared/ is the floor below the nodes: it imports none of them.',
			severity: 'error',
			from: { path: '^nodes/shared/' },
			to: { path: '^nodes/(?!shared/)' },
		},
		{
			name: 'no-circular',
			comment: 'An import circle in node code, the credential or the sandbox.',
			severity: 'error',
			from: { path: '^(nodes|credentials|sandbox)/' },
			to: { circular: true },
		},
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		tsPreCompilationDeps: true,
		tsConfig: { fileName: 'tsconfig.dev.json' },
	},
};
