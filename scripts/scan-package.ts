/**
 * n8n's own scanner (`@n8n/scan-community-package`, what n8n runs before verifying a community
 * package) over this package, the two ways it scans a published one: the source (package.json,
 * nodes/, credentials/) and the packed tarball (compiled .js and the published package.json).
 * Its CLI only fetches packages from the registry, so this calls the analysis it exports.
 * Needs a build (`npm run lint` runs after `npm run build` in .ci/run; run `npm run build` first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { runBounded } from '../harness/process';
import { packPackage } from '../harness/pack';
import { REPO_ROOT } from '../harness/paths';

interface ScanResult {
	passed: boolean;
	message?: string;
	details?: string;
}

interface Scanner {
	analyzePackage(packageDir: string, filePatterns?: string[]): Promise<ScanResult>;
	SOURCE_FILE_PATTERNS: string[];
}

async function main(): Promise<number> {
	// The scanner ships no types: imported through a variable, so TypeScript takes the shape declared above.
	const scannerModule = '@n8n/scan-community-package/scanner/scanner.mjs';
	const scanner = (await import(scannerModule)) as Scanner;
	const work = mkdtempSync(path.join(tmpdir(), 'interview-service-scan-'));
	try {
		const tarball = await packPackage(work);
		const unpacked = await runBounded('tar', ['-xzf', tarball, '-C', work], { cwd: work, timeoutMs: 60_000 });
		if (unpacked.code !== 0) throw new Error(`could not unpack ${tarball}: ${unpacked.stderr}`);
		// npm pack puts every file under package/.
		const packageDir = path.join(work, 'package');

		const legs: Array<[string, Promise<ScanResult>]> = [
			['source', scanner.analyzePackage(REPO_ROOT, scanner.SOURCE_FILE_PATTERNS)],
			['tarball', scanner.analyzePackage(packageDir, ['**/*.js', 'package.json'])],
		];
		let failed = false;
		for (const [leg, pending] of legs) {
			const result = await pending;
			if (result.passed) {
				console.log(`n8n scanner, ${leg}: passed${result.message ? ` (${result.message})` : ''}`);
			} else {
				failed = true;
				console.error(`n8n scanner, ${leg}: ${result.message ?? 'failed'}\n${result.details ?? ''}`);
			}
		}
		return failed ? 1 : 0;
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

main().then(
	(code) => process.exit(code),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
