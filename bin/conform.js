#!/usr/bin/env node
// Entry point of the `conform` command: runs the bundled engine in dist/bundle/ (plain JavaScript; made by
// `npm run build`, which `npm ci` runs in a clone, and shipped in the package).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/bundle/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(`conform: ${entry.pathname} is missing; in a clone of the repository, run: npm run build\n`);
  process.exit(2);
}
// Source maps stay off (with them on, the process peaked ~15 MiB higher): the bundle's frames name dist/bundle/ files and
// lines. dist/ carries the maps: NODE_OPTIONS=--enable-source-maps makes stack traces name the TypeScript.
const { main } = await import(entry.href);
process.exitCode = await main(process.argv);
