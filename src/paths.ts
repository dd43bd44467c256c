import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository (package) root: specs/, fixtures/, suites/ and vitest.config.ts live here. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
