/**
 * Run before each test file (vitest.config.ts, setupFiles): tags the processes the file starts (see
 * ./processes.ts) and, after the file's own hooks, asserts that none of them is left running. A leaked
 * process is killed and the file fails, naming it.
 */
import { appendFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';
import { resetTargetHealth } from '../../src/check/http.ts';
import { newTag, reapTagged, TAG_VARIABLE } from './processes.ts';
import { scaled } from './time.ts';

const tag = newTag();
process.env[TAG_VARIABLE] = tag;

// A worker runs file after file in one process (vitest.config.ts, isolate: false): what the engine keeps
// for the process's lifetime starts afresh for each file, as in a process of its own. The targets'
// health is the one such state: an origin that stopped answering in one file (a stuck server) must not
// be taken as down when a later file's server gets its port.
resetTargetHealth();

// With CONFORM_CPU_ACCOUNT set (bench/suite-cpu.ts), the CPU time this worker spends on the file (its
// tests in process; the processes it starts account for themselves) is appended there as the file ends.
const account = process.env.CONFORM_CPU_ACCOUNT;
const cpuAtStart = process.cpuUsage();
const startedAt = Date.now();
if (account) {
  afterAll(() => {
    const used = process.cpuUsage(cpuAtStart);
    const line = { kind: 'file', tag, file: expect.getState().testPath, cpuSeconds: (used.user + used.system) / 1e6, startedAt, ms: Date.now() - startedAt };
    appendFileSync(account, `${JSON.stringify(line)}\n`);
  });
}

// Registered before the file's hooks; vitest runs after-hooks in the reverse order (sequence.hooks
// 'stack'), so this runs last, when the file has stopped what it started.
afterAll(async () => {
  // Processes told to stop get a moment to exit; the wait ends as soon as none is left.
  const left = await reapTagged(TAG_VARIABLE, tag, scaled(5_000));
  expect(left.map((p) => `${p.pid}: ${p.command}`), 'processes this test file started and left running (now killed)').toEqual([]);
}, scaled(30_000));
