/**
 * `npm pack` of this package, i.e. exactly the files a user downloads from the registry.
 * The build is not repeated here (`--ignore-scripts` skips `prepack`): `npm run test:e2e` builds first.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { runBounded } from './process';
import { REPO_ROOT } from './paths';

interface PackedFile {
	path: string;
}

interface PackManifest {
	n8n: { credentials: string[]; nodes: string[] };
}

/** Entry files named in package.json's `n8n` section, which n8n loads. */
export function n8nEntryFiles(): string[] {
	const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as PackManifest;
	return [...manifest.n8n.credentials, ...manifest.n8n.nodes];
}

export async function packPackage(destination = mkdtempSync(path.join(tmpdir(), 'interview-service-pack-'))): Promise<string> {
	const missing = n8nEntryFiles().filter((file) => !existsSync(path.join(REPO_ROOT, file)));
	if (missing.length > 0) {
		throw new Error(`not built (run \`npm run build\` first); missing: ${missing.join(', ')}`);
	}
	const result = await runBounded(
		'npm',
		['pack', '--ignore-scripts', '--json', '--pack-destination', destination],
		{ cwd: REPO_ROOT, timeoutMs: 120_000 },
	);
	if (result.code !== 0) throw new Error(`npm pack failed (${result.code}):\n${result.stderr}`);
	const [packed] = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as Array<{
		filename: string;
		files: PackedFile[];
	}>;
	const inTarball = new Set(packed.files.map((file) => file.path));
	const notPacked = n8nEntryFiles().filter((file) => !inTarball.has(file));
	if (notPacked.length > 0) throw new Error(`the tarball lacks ${notPacked.join(', ')}`);
	return path.join(destination, packed.filename);
}
