/**
 * Run before each test file (vitest.config.ts, setupFiles): tags the processes the file starts (see
 * ./processes.ts) and, after the file's own hooks, asserts that none of them is left running. A leaked
 * process is killed and the file fails, naming it.
 */
import { afterAll, expect } from 'vitest';
import { newTag, reapTagged, TAG_VARIABLE } from './processes.ts';
import { scaled } from './time.ts';

const tag = newTag();
process.env[TAG_VARIABLE] = tag;

// Registered before the file's hooks; vitest runs after-hooks in the reverse order (sequence.hooks
// 'stack'), so this runs last, when the file has stopped what it started.
afterAll(async () => {
  // Processes told to stop get a moment to exit; the wait ends as soon as none is left.
  const left = await reapTagged(TAG_VARIABLE, tag, scaled(5_000));
  expect(left.map((p) => `${p.pid}: ${p.command}`), 'processes this test file started and left running (now killed)').toEqual([]);
}, scaled(30_000));
