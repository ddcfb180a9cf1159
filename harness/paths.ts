import path from 'node:path';

/** The root of this repository (the package), for every dev tool that needs a path in it. */
export const REPO_ROOT = path.resolve(__dirname, '..');
