/**
 * The floor node (InterviewServiceFloor.node.ts) as a community package of its own, packed for the harness to
 * install beside ours: transpiled here, so it is never part of the build, the published package or nodes/.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';

import { runBounded } from '../../harness/process';

export const FLOOR_PACKAGE = 'n8n-nodes-interview-service-floor';
export const FLOOR_NODE_TYPE = `${FLOOR_PACKAGE}.interviewServiceFloor`;

/** A .tgz laid out as `npm pack` makes one (everything under `package/`). */
export async function packFloorNode(): Promise<string> {
	const folder = mkdtempSync(path.join(tmpdir(), 'interview-service-floor-'));
	const root = path.join(folder, 'package');
	mkdirSync(path.join(root, 'dist'), { recursive: true });
	const source = readFileSync(path.join(__dirname, 'InterviewServiceFloor.node.ts'), 'utf8');
	const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2021 } });
	writeFileSync(path.join(root, 'dist', 'InterviewServiceFloor.node.js'), outputText);
	const manifest = {
		name: FLOOR_PACKAGE,
		version: '0.0.0',
		private: true,
		keywords: ['n8n-community-node-package'],
		n8n: { n8nNodesApiVersion: 1, nodes: ['dist/InterviewServiceFloor.node.js'] },
	};
	writeFileSync(path.join(root, 'package.json'), JSON.stringify(manifest, null, 2));
	const tgz = path.join(folder, 'floor.tgz');
	const packed = await runBounded('tar', ['-czf', tgz, '-C', folder, 'package'], { cwd: folder, timeoutMs: 60_000 });
	if (packed.code !== 0) throw new Error(`packing the floor node failed:\n${packed.stderr}`);
	return tgz;
}
