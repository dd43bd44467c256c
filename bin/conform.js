#!/usr/bin/env node
// Entry point of the `conform` command. The engine is TypeScript, loaded through tsx.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
