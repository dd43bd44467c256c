/**
 * Every process a test starts is stopped when its test file ends, pass or fail. Each test file gets a
 * tag in the environment (CONFORM_TEST_TAG, set by test/support/setup-file.ts), which every process
 * started from it inherits, and its children in turn; a process that still carries the tag when the
 * file's hooks have run is a leak. The kernel keeps a process's starting environment in
 * /proc/PID/environ, so the tag is found however the process was started (execFile, spawn, a shell,
 * npm) and wherever it now hangs in the process tree (an orphan is adopted by init). Linux only; elsewhere
 * nothing is found and the guard asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';

export const TAG_VARIABLE = 'CONFORM_TEST_TAG';
export const RUN_VARIABLE = 'CONFORM_TEST_RUN';

export interface Tagged {
  readonly pid: number;
  readonly ppid: number;
  readonly command: string;
}

export function newTag(): string {
  return randomUUID();
}

/** The live processes whose starting environment has `name=value` (this process, and those `except` names, excepted). */
export function processesWith(name: string, value: string, except: (p: Tagged) => boolean = () => false): Tagged[] {
  const wanted = Buffer.from(`\0${name}=${value}\0`);
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: Tagged[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      // Entries end with a NUL byte: with one in front, every entry is NUL-delimited on both sides.
      const env = Buffer.concat([Buffer.from([0]), readFileSync(`/proc/${pid}/environ`)]);
      if (env.indexOf(wanted) < 0) continue;
      // A zombie (exited, not yet reaped by its parent) is no running process: its parent reaps it.
      const stat = /^\d+ \(.*\) (\S) (\d+) /s.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (!stat || stat[1] === 'Z') continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      const p = { pid, ppid: Number(stat[2]), command };
      if (!except(p)) found.push(p);
    } catch {
      // gone meanwhile, or another user's
    }
  }
  return found;
}

/**
 * Waits until no process carries `name=value` (processes being stopped get until `graceMs`, checked
 * every 50 ms); then kills the ones left and returns them, so the caller can fail.
 */
export async function reapTagged(name: string, value: string, graceMs: number, except?: (p: Tagged) => boolean): Promise<Tagged[]> {
  const deadline = Date.now() + graceMs;
  let left = processesWith(name, value, except);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = processesWith(name, value, except);
  }
  for (const p of left) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  return left;
}
