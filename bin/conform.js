#!/usr/bin/env node
// Entry point of the `conform` command: runs the compiled engine in dist/ (plain JavaScript; made by
// `npm run build`, which `npm ci` runs in a clone, and shipped in the package).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(`conform: ${entry.pathname} is missing; in a clone of the repository, run: npm run build\n`);
  process.exit(2);
}
// Stack traces name the TypeScript sources and their lines (dist/ carries source maps).
process.setSourceMapsEnabled(true);
const { main } = await import(entry.href);
process.exitCode = await main(process.argv);
