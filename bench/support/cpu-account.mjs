// Preloaded into every Node process of a test run by bench/suite-cpu.ts (NODE_OPTIONS=--import): when the
// process exits, one line of JSON with its CPU time (this process only, not its children), the test file's
// tag it inherited (test/support/processes.ts) and what it ran, appended to $CONFORM_CPU_ACCOUNT. Plain
// JavaScript, so that it loads in any Node process, with or without a TypeScript loader.
import { appendFileSync } from 'node:fs';

const file = process.env.CONFORM_CPU_ACCOUNT;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    const line = {
      kind: 'process',
      tag: process.env.CONFORM_TEST_TAG ?? null,
      pid: process.pid,
      cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
      argv: process.argv.slice(1, 3).join(' '),
    };
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // an account that cannot be written loses this line only
    }
  });
}
