/**
 * `n8n-node lint` (@n8n/node-cli) over exactly the package's source, with the CLI's default,
 * Cloud-eligible config: `eslint.config.mjs` is the file `n8n-node cloud-support enable` writes,
 * and package.json has `n8n.strict: true`, so the CLI also checks that the config is unchanged.
 *
 * The CLI runs `eslint .` in the folder it is started in, and the default config lints every
 * `**\/*.ts` there. Our tests, sandbox, harness, benchmarks and scripts are never shipped and may
 * use `process`, `child_process` or timers, which n8n Cloud forbids in node code. So the CLI runs in
 * `.tmp/n8n-node-lint/`, a copy of what n8n reviews (package.json, the config, tsconfig.json,
 * nodes/, credentials/, icons/) sharing this clone's node_modules. The rest of the repository is
 * linted by `eslint -c eslint.strict.config.mjs .` (see `npm run lint`).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from '../harness/paths';

const root = REPO_ROOT;
const stage = path.join(root, '.tmp', 'n8n-node-lint');
const REVIEWED = ['package.json', 'eslint.config.mjs', 'tsconfig.json', 'nodes', 'credentials', 'icons'];

rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
for (const entry of REVIEWED) cpSync(path.join(root, entry), path.join(stage, entry), { recursive: true });
symlinkSync(path.join(root, 'node_modules'), path.join(stage, 'node_modules'), 'dir');

const lint = spawnSync(path.join(root, 'node_modules', '.bin', 'n8n-node'), ['lint'], { cwd: stage, stdio: 'inherit' });
// A second package.json under the clone would confuse tools that scan it (jest's module map).
rmSync(stage, { recursive: true, force: true });
process.exit(lint.status ?? 1);
