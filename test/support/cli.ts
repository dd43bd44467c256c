/**
 * The `conform` command run in the test's own process: the same `main` bin/conform.js runs, its output
 * captured. For the many small runs of a command whose subject is what it answers (a damaged input file,
 * a planted fault) rather than how it runs as a program; each file that uses it also runs the command
 * as a child process where that matters. A process of its own costs about a third of a CPU-second to start.
 * Runs take turns: the output is captured from the process's own streams.
 */
import { vi } from 'vitest';
import { main } from '../../src/cli/main.ts';

let turn: Promise<unknown> = Promise.resolve();

/** `conform ARGS` in this process: its exit code and what it wrote to standard output and error. */
export function runCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = turn.then(async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const code = await main(['node', 'conform', ...args]);
      return {
        code,
        stdout: out.mock.calls.map((c) => String(c[0])).join(''),
        stderr: err.mock.calls.map((c) => String(c[0])).join(''),
      };
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
  turn = run.catch(() => undefined);
  return run;
}
