/**
 * Child processes of a test file that are stopped when the file (or a test) ends, pass or fail: each is
 * started in its own process group, so stopping it also stops what it started.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { scaled } from './time.ts';

export class Children {
  private readonly live = new Set<ChildProcess>();

  /** `spawn`, in a new process group, remembered until it exits. */
  spawn(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
    const child = spawn(command, args, { ...options, detached: true });
    this.live.add(child);
    child.once('exit', () => this.live.delete(child));
    return child;
  }

  /**
   * Resolves with the first match of `ready` in the child's stdout; rejects (the child is then stopped)
   * if it exits first or no match comes within `timeoutMs` (scaled to the machine).
   */
  waitFor(child: ChildProcess, ready: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> {
    let out = '';
    let err = '';
    return new Promise<RegExpExecArray>((resolve, reject) => {
      const fail = (why: string) => {
        clearTimeout(timer);
        void stopChild(child);
        reject(new Error(`${why}; stdout: ${out}; stderr: ${err}`));
      };
      const timer = setTimeout(() => fail(`not ready within ${scaled(timeoutMs)} ms`), scaled(timeoutMs));
      child.stderr?.on('data', (c: Buffer) => (err += c.toString('utf8')));
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString('utf8');
        const m = ready.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m);
        }
      });
      child.once('exit', (code, signal) => fail(`exited (${code ?? signal}) before it was ready`));
    });
  }

  /** Stops every child still running (SIGTERM to its group, SIGKILL if it has not exited in time). */
  async stopAll(): Promise<void> {
    await Promise.all([...this.live].map((c) => stopChild(c)));
  }
}

/**
 * SIGTERM to the child's process group (the child's own if it has none); SIGKILL to the group if it has
 * not exited within `graceMs` (scaled). Resolves when the child has exited.
 */
export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  if (child.exitCode !== null || child.signalCode !== null) {
    // Whatever it left in its process group (none unless it was started in its own) goes too.
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // no such group
    }
    return Promise.resolve();
  }
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-pid, s);
    } catch {
      try {
        child.kill(s);
      } catch {
        // gone already
      }
    }
  };
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => signal('SIGKILL'), scaled(graceMs));
    child.once('exit', () => {
      clearTimeout(timer);
      // Whatever the child left in its group goes with it.
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // the group is gone
      }
      resolve();
    });
    signal('SIGTERM');
  });
}
