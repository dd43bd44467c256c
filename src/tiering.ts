/**
 * How this process's engine tiers code up, for runs of seconds to minutes rather than V8's defaults,
 * which suit programs that run for hours:
 *
 * - WebAssembly is compiled by V8's baseline compiler (Liftoff) only. Two modules run in conform's
 *   processes: the embedded database engine (PostgreSQL, a large module, in the process that serves) and
 *   undici's HTTP parser (in every process that sends requests). By default V8 also recompiles the
 *   functions it finds hot with its optimising compiler (TurboFan), in background threads, which costs
 *   more CPU and memory than the optimised code wins back. Measured (bench/check-full.ts, a full run of
 *   A on a quiet machine): embedded, 7.1-7.8 s and 566-579 MiB peak with tiering, 5.9-6.0 s and 488-490
 *   MiB with Liftoff only; against a running server, the `conform` process peaks at 128 MiB with tiering
 *   (the parser's recompilation alone adds ~30 MiB for a moment), 99 MiB without; the suites' process 108
 *   vs 93 MiB.
 * - JavaScript is optimised by TurboFan after three times V8's default interrupt budget of bytecode
 *   executed: only what stays hot for a while. By default, about a sixth of the CPU samples of a full
 *   embedded run of A (perf, every thread) were TurboFan's background compilations. With the larger
 *   budget: 9.00-10.40 CPU-s and 6.7 s wall on average, against 10.21-11.41 CPU-s and 7.2 s by default
 *   (five runs each, interleaved: `/usr/bin/time` over bin/conform.js check).
 *
 * Set as early as possible: the WebAssembly flag before the first module is compiled (it applies to every
 * module compiled after it), the budget before most functions run. CONFORM_V8_TIERING=1 keeps V8's
 * defaults (for comparison, or a long-lived server).
 */
import v8 from 'node:v8';

/** The flags, as arguments of a Node process (before the program). */
const FLAGS = ['--liftoff-only', '--interrupt-budget=200000'] as const;

function keepDefaults(): boolean {
  return process.env.CONFORM_V8_TIERING === '1';
}

let set = false;

/** Sets this process's tiering (see above), unless CONFORM_V8_TIERING=1; once. */
export function tierForShortRuns(): void {
  if (set || keepDefaults()) return;
  set = true;
  for (const flag of FLAGS) v8.setFlagsFromString(flag);
}

/** The arguments that give a child Node process the same tiering as this one. */
export function tieringFlagsForChild(): string[] {
  return keepDefaults() ? [] : [...FLAGS];
}
