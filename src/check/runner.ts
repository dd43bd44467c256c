/**
 * Runs the conformance suites in a child process (./suites-process.ts) and collects one result per
 * check from it, as they come. The child reads the run's settings from CONFORM_* variables and sends
 * results back over the IPC channel. A child of its own keeps a hostile target's damage (memory, open
 * sockets) away from the `conform` process that writes the reports; the two peaks are reported together.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { moduleBeside, nodeArgsFor, REPO_ROOT } from '../paths.ts';
import type { RunConfig } from './config.ts';
import { configToEnv } from './config.ts';
import type { SuiteMessage, SuitesStart } from './suites-process.ts';
import type { CheckResult } from './result.ts';
import { tieringFlagsForChild } from '../tiering.ts';

export interface RunOutcome {
  readonly results: CheckResult[];
  /** Errors outside any check (a suite that could not start, an unhandled rejection). */
  readonly errors: string[];
  /** Peak resident memory of the suites' process, in bytes. */
  readonly peakRssBytes: number;
  /** Requests sent by caller over the passes so far (the next pass starts its ledger from them). */
  readonly spent?: Readonly<Record<string, number>>;
}

/** What a run tells its caller as it goes, and how the caller steers it. */
export interface RunHooks {
  /** Each check's result, as it comes. */
  readonly onResult?: (r: CheckResult) => void;
  /** What the run waits on (a throttling target). */
  readonly onNotice?: (message: string) => void;
  /** Aborted when the run is interrupted. */
  readonly signal?: AbortSignal;
  /** A process started ahead of the run: it runs the first pass. */
  readonly started?: SuitesProcess;
}

/** The suites' program of this tree: compiled JavaScript in the package, the TypeScript source under tsx. */
const SUITES_PROCESS = moduleBeside(import.meta.url, './suites-process.ts');
const STDERR_KEPT = 16 * 1024;

/**
 * A suites' process: started, loading its modules, then waiting for the settings of the pass it is to
 * run. One started ahead of its run is given to `runSuites` (`started`), or `dispose()`d.
 */
export class SuitesProcess {
  readonly child: ChildProcess;
  /** Resolves when the child has loaded its modules and waits for its settings. */
  readonly ready: Promise<void>;
  /** How the child ended; resolves whenever it ends, also before it was used. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The end of its standard error, for a child that stops before its end. */
  stderr = '';
  #used = false;

  constructor() {
    // Small young-generation spaces: the suites allocate short-lived response buffers, and a hostile
    // target's large bodies would otherwise grow the heap faster than it is collected. Tiered up as this
    // process is (../tiering.ts).
    this.child = spawn(process.execPath, ['--max-semi-space-size=2', ...tieringFlagsForChild(), ...nodeArgsFor(SUITES_PROCESS)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => resolve({ code, signal }));
      // Could not be started at all: ended as far as the run is concerned.
      this.child.once('error', () => resolve({ code: null, signal: null }));
    });
    this.ready = new Promise((resolve) => {
      const onMessage = (m: SuiteMessage) => {
        if (m.type !== 'ready') return;
        this.child.off('message', onMessage);
        resolve();
      };
      this.child.on('message', onMessage);
    });
    // The suites' process never outlives this one.
    process.once('exit', this.stop);
    void this.exited.then(() => process.off('exit', this.stop));
  }

  /** Stops the child (when it still runs). */
  readonly stop = (): void => {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
  };

  /** Hands the child to one pass; a process runs one pass only. */
  take(): this {
    if (this.#used) throw new Error('a suites process runs one pass only');
    this.#used = true;
    return this;
  }

  /** Stops the child unless a pass took it (a run that ended before its checks). */
  dispose(): void {
    if (!this.#used) this.stop();
  }
}

/**
 * Runs every selected check: the main pass, then (with --fuzz N) the generative phase, then (with
 * --include-quota) the quota tier, each alone. When `signal` is aborted (the run is interrupted), the
 * suites' process is stopped at once and the results so far are returned.
 */
export async function runSuites(config: RunConfig, hooks: RunHooks = {}): Promise<RunOutcome> {
  const { signal, started } = hooks;
  const phases: RunConfig['phase'][] = ['main', ...((config.fuzz ?? 0) > 0 ? (['fuzz'] as const) : []), ...(config.includeQuota ? (['quota'] as const) : [])];
  const passes: RunOutcome[] = [];
  try {
    for (const phase of phases) {
      if (signal?.aborted) break;
      const suites = passes.length === 0 && started ? started.take() : new SuitesProcess().take();
      const spent = passes.at(-1)?.spent ?? config.spent;
      passes.push(await runPass(suites, { ...config, phase, ...(spent ? { spent } : {}) }, hooks));
    }
  } finally {
    started?.dispose();
  }
  if (passes.length === 0) return { results: [], errors: [], peakRssBytes: 0 };
  return {
    results: passes.flatMap((p) => p.results),
    errors: passes.flatMap((p) => p.errors),
    peakRssBytes: Math.max(...passes.map((p) => p.peakRssBytes)),
    ...(passes.at(-1)!.spent ? { spent: passes.at(-1)!.spent } : {}),
  };
}

async function runPass(suites: SuitesProcess, config: RunConfig, { onResult, onNotice, signal }: RunHooks): Promise<RunOutcome> {
  const results: CheckResult[] = [];
  const errors: string[] = [];
  let peakRssBytes = 0;
  let spent: Readonly<Record<string, number>> | undefined;
  let ended = false;
  const { child } = suites;
  const onMessage = (m: SuiteMessage): void => {
    if (m.type === 'batch') {
      for (const one of m.messages) onMessage(one);
    } else if (m.type === 'result') {
      results.push(m.result);
      onResult?.(m.result);
    } else if (m.type === 'notice') {
      onNotice?.(m.message);
    } else if (m.type === 'error') {
      errors.push(m.message);
    } else if (m.type === 'end') {
      ended = true;
      peakRssBytes = m.peakRssBytes;
      spent = m.spent;
    }
  };
  child.on('message', onMessage);
  // Stopped when the run is interrupted; it also ends by itself when this process goes away without a
  // word (its IPC channel closes).
  signal?.addEventListener('abort', suites.stop, { once: true });
  if (signal?.aborted) suites.stop();
  try {
    const start: SuitesStart = { type: 'start', env: configToEnv(config) };
    // Ready, or ended before it was: an ended child is reported below.
    await Promise.race([suites.ready.then(() => child.connected && child.send(start)), suites.exited]);
    const { code, signal: killedBy } = await suites.exited;
    // Stopped on purpose: the run was interrupted, which its report says; not an error of the run.
    if (!ended && !signal?.aborted) {
      const tail = suites.stderr.trim().split('\n').slice(-5).join(' | ');
      errors.push(`the suites stopped before the end (${killedBy ?? `exit code ${code}`})${tail ? `: ${tail}` : ''}`);
    }
    return { results, errors, peakRssBytes, ...(spent ? { spent } : {}) };
  } finally {
    signal?.removeEventListener('abort', suites.stop);
    child.off('message', onMessage);
  }
}
