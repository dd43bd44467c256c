/**
 * How this process compiles WebAssembly: with V8's baseline compiler (Liftoff) only.
 *
 * Two WebAssembly modules run in conform's processes: the embedded database engine (PostgreSQL, a large
 * module, in the process that serves) and undici's HTTP parser (in every process that sends requests).
 * By default V8 also recompiles the functions it finds hot with its optimising compiler (TurboFan), in
 * background threads; for runs of seconds to minutes that costs more CPU and memory than the optimised
 * code wins back. Measured (bench/check-full.ts, a full run of A on a quiet machine):
 * - embedded: 7.1-7.8 s and 566-579 MiB peak with tiering, 5.9-6.0 s and 488-490 MiB with Liftoff only;
 * - against a running server: the `conform` process peaks at 128 MiB with tiering (the parser's
 *   recompilation alone adds ~30 MiB for a moment), 99 MiB without; the suites' process 108 vs 93 MiB.
 *
 * Set before the first module is compiled; it applies to every module this process compiles after it.
 * CONFORM_WASM_TIERING=1 keeps V8's default (for comparison, or a long-lived server).
 */
import v8 from 'node:v8';

/** The flag, for a Node process started by this one (as an argument before the program). */
export const BASELINE_WASM_FLAG = '--liftoff-only';

let set = false;

/** Switches this process to Liftoff only, unless CONFORM_WASM_TIERING=1; once. */
export function baselineWasmOnly(): void {
  if (set || process.env.CONFORM_WASM_TIERING === '1') return;
  set = true;
  v8.setFlagsFromString(BASELINE_WASM_FLAG);
}

/** The arguments that give a child Node process the same choice as this one. */
export function wasmFlagsForChild(): string[] {
  return process.env.CONFORM_WASM_TIERING === '1' ? [] : [BASELINE_WASM_FLAG];
}
