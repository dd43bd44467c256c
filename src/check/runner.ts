/**
 * Runs the conformance suites in a child process (./suites-process.ts) and collects one result per
 * check from it, as they come. The child reads the run's settings from CONFORM_* variables and sends
 * results back over the IPC channel. A child of its own keeps a hostile target's damage (memory, open
 * sockets) away from the `conform` process that writes the reports; the two peaks are reported together.
 */
import { spawn } from 'node:child_process';
import { moduleBeside, nodeArgsFor, REPO_ROOT } from '../paths.ts';
import type { RunConfig } from './config.ts';
import { configToEnv } from './config.ts';
import type { SuiteMessage } from './suites-process.ts';
import type { CheckResult } from './result.ts';
import { wasmFlagsForChild } from '../wasm.ts';

export interface RunOutcome {
  readonly results: CheckResult[];
  /** Errors outside any check (a suite that could not start, an unhandled rejection). */
  readonly errors: string[];
  /** Peak resident memory of the suites' process, in bytes. */
  readonly peakRssBytes: number;
}

/** The suites' program of this tree: compiled JavaScript in the package, the TypeScript source under tsx. */
const SUITES_PROCESS = moduleBeside(import.meta.url, './suites-process.ts');
const STDERR_KEPT = 16 * 1024;

/**
 * Runs every selected check: the main pass, then (with --fuzz N) the generative phase, then (with
 * --include-quota) the quota tier, each alone. When `signal` is aborted (the run is interrupted), the
 * suites' process is stopped at once and the results so far are returned.
 */
export async function runSuites(config: RunConfig, onResult: (r: CheckResult) => void = () => {}, signal?: AbortSignal): Promise<RunOutcome> {
  const phases: RunConfig['phase'][] = ['main', ...((config.fuzz ?? 0) > 0 ? (['fuzz'] as const) : []), ...(config.includeQuota ? (['quota'] as const) : [])];
  const passes: RunOutcome[] = [];
  for (const phase of phases) {
    if (signal?.aborted) break;
    passes.push(await runPass({ ...config, phase }, onResult, signal));
  }
  if (passes.length === 0) return { results: [], errors: [], peakRssBytes: 0 };
  return {
    results: passes.flatMap((p) => p.results),
    errors: passes.flatMap((p) => p.errors),
    peakRssBytes: Math.max(...passes.map((p) => p.peakRssBytes)),
  };
}

function runPass(config: RunConfig, onResult: (r: CheckResult) => void, signal: AbortSignal | undefined): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    const results: CheckResult[] = [];
    const errors: string[] = [];
    let peakRssBytes = 0;
    let ended = false;
    let stderr = '';
    // Small young-generation spaces: the suites allocate short-lived response buffers, and a hostile
    // target's large bodies would otherwise grow the heap faster than it is collected. undici's parser
    // compiled by Liftoff only (../wasm.ts).
    const child = spawn(process.execPath, ['--max-semi-space-size=2', ...wasmFlagsForChild(), ...nodeArgsFor(SUITES_PROCESS)], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...configToEnv(config) },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    child.on('message', (m: SuiteMessage) => {
      if (m.type === 'result') {
        results.push(m.result);
        onResult(m.result);
      } else if (m.type === 'error') {
        errors.push(m.message);
      } else if (m.type === 'end') {
        ended = true;
        peakRssBytes = m.peakRssBytes;
      }
    });
    // The suites' process never outlives this one: stopped when the run is interrupted (`signal`), and on
    // exit; it also ends by itself when this process goes away without a word (its IPC channel closes).
    const stopChild = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    };
    signal?.addEventListener('abort', stopChild, { once: true });
    process.once('exit', stopChild);
    child.on('error', reject);
    child.on('exit', (code, killedBy) => {
      signal?.removeEventListener('abort', stopChild);
      process.off('exit', stopChild);
      // Stopped on purpose: the run was interrupted, which its report says; not an error of the run.
      if (!ended && !signal?.aborted) {
        const tail = stderr.trim().split('\n').slice(-5).join(' | ');
        errors.push(`the suites stopped before the end (${killedBy ?? `exit code ${code}`})${tail ? `: ${tail}` : ''}`);
      }
      resolve({ results, errors, peakRssBytes });
    });
    if (signal?.aborted) stopChild();
  });
}
