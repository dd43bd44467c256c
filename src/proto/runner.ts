/**
 * Runs the properties against one testee. For speed every property first draws its `runs`
 * values with the seed and checks them all at once (requests pipeline through the testee);
 * when one fails, fast-check re-runs the property with the same seed to shrink the
 * counterexample, reusing the answers already known. The seed and the fast-check path of the
 * shrunk counterexample reproduce it: `conform proto --seed S --property ID --path P`.
 */
import fc from 'fast-check';
import { requirement, type Level } from '../../specs/peer/requirements.ts';
import { stringify } from './json.ts';
import { Failure, Ops, PROPERTIES, Skip, type PropertyDef, type SuiteContext } from './properties.ts';
import type { Hello } from './protocol.ts';
import { TesteeError, type TesteeClient } from './testee.ts';

export type Status = 'pass' | 'fail' | 'warn' | 'skip';

export interface PropertyResult {
  readonly id: string;
  readonly requirement: string;
  readonly level: Level;
  readonly title: string;
  status: Status;
  readonly cases: number;
  readonly skippedCases: number;
  readonly message?: string;
  readonly counterexample?: { readonly value: unknown; readonly hex?: string };
  readonly seed: number;
  readonly path?: string;
  /** Listed in the failure list and failing as expected. */
  expectedFailure?: boolean;
  /** Listed in the failure list but passing now: an error. */
  unexpectedPass?: boolean;
  readonly ms: number;
}

export interface RunOptions {
  readonly runs: number;
  readonly seed: number;
  /** fast-check path to replay (with a single property). */
  readonly path?: string;
  readonly only?: readonly string[];
  readonly enforceRecommended?: boolean;
  readonly onProgress?: (line: string) => void;
  /** Gets a live client (restarting a crashed testee between properties). */
  readonly client: () => Promise<TesteeClient>;
}

type Verdict = { ok: true } | { ok: false; message: string; hex?: string } | { skip: string };

async function evaluate(p: PropertyDef, value: unknown, ops: Ops, ctx: SuiteContext): Promise<Verdict> {
  try {
    await p.check(value, ops, ctx);
    return { ok: true };
  } catch (e) {
    if (e instanceof Skip) return { skip: e.message };
    if (e instanceof Failure) return { ok: false, message: e.message, ...(e.hex !== undefined ? { hex: e.hex } : {}) };
    if (e instanceof TesteeError) throw e;
    return { ok: false, message: `check failed: ${(e as Error).message}` };
  }
}

export async function runProperty(p: PropertyDef, hello: Hello, ctx: SuiteContext, opts: RunOptions): Promise<PropertyResult> {
  const req = requirement(p.requirement);
  const started = performance.now();
  const base = { id: p.id, requirement: p.requirement, level: req.level, title: p.title, seed: opts.seed };
  const done = (r: Omit<PropertyResult, 'ms' | keyof typeof base> & Partial<PropertyResult>): PropertyResult => ({
    ...base,
    ...r,
    ms: Math.round(performance.now() - started),
  });
  const missing = p.needs.filter((op) => !hello.ops.includes(op));
  if (missing.length) return done({ status: 'skip', cases: 0, skippedCases: 0, message: `the testee does not offer ${missing.join(', ')}` });

  let client: TesteeClient;
  try {
    client = await opts.client();
  } catch (e) {
    return done({ status: 'fail', cases: 0, skippedCases: 0, message: `testee unavailable: ${(e as Error).message}` });
  }
  const ops = new Ops((body) => client.call(body));
  const cache = new Map<string, Verdict>();
  const verdictOf = async (value: unknown): Promise<Verdict> => {
    const key = stringify(value);
    let v = cache.get(key);
    if (!v) {
      v = await evaluate(p, value, ops, ctx);
      cache.set(key, v);
    }
    return v;
  };
  const arbitrary = p.arbitrary(ctx);
  const examples = p.examples?.(ctx) ?? [];

  try {
    let firstFailure: unknown;
    let skipped = 0;
    let skipReason = '';
    if (!opts.path) {
      const values = [...examples, ...fc.sample(arbitrary, { seed: opts.seed, numRuns: opts.runs })];
      const verdicts = await Promise.all(values.map((v) => verdictOf(v)));
      verdicts.forEach((v, i) => {
        if ('skip' in v) {
          skipped++;
          skipReason = v.skip;
        } else if (!v.ok && firstFailure === undefined) firstFailure = values[i];
      });
      if (firstFailure === undefined) {
        if (skipped === values.length) return done({ status: 'skip', cases: values.length, skippedCases: skipped, message: `the testee skipped every case: ${skipReason}` });
        return done({ status: 'pass', cases: values.length, skippedCases: skipped });
      }
    }
    // Shrink (or replay --path) with fast-check, reusing known answers.
    const result = await fc.check(
      fc.asyncProperty(arbitrary, async (value) => {
        const v = await verdictOf(value);
        return !('ok' in v) || v.ok;
      }),
      { seed: opts.seed, numRuns: opts.runs, examples: examples.map((e) => [e]), ...(opts.path ? { path: opts.path } : {}) },
    );
    const counter = result.failed && result.counterexample ? result.counterexample[0] : firstFailure;
    if (counter === undefined) return done({ status: 'pass', cases: result.numRuns, skippedCases: 0 });
    const verdict = await verdictOf(counter);
    const failed = verdict as { message: string; hex?: string };
    return done({
      status: req.level === 'Required' || opts.enforceRecommended ? 'fail' : 'warn',
      cases: result.numRuns + result.numShrinks,
      skippedCases: skipped,
      message: failed.message,
      counterexample: { value: JSON.parse(stringify(counter)) as unknown, ...(failed.hex !== undefined ? { hex: failed.hex } : {}) },
      ...(result.failed && result.counterexamplePath ? { path: result.counterexamplePath } : {}),
    });
  } catch (e) {
    if (e instanceof TesteeError) return done({ status: 'fail', cases: 0, skippedCases: 0, message: `testee failure: ${e.message}` });
    throw e;
  }
}

export async function runSuite(hello: Hello, ctx: SuiteContext, opts: RunOptions): Promise<PropertyResult[]> {
  const selected = opts.only?.length ? PROPERTIES.filter((p) => opts.only!.includes(p.id)) : PROPERTIES;
  const results: PropertyResult[] = [];
  for (const p of selected) {
    const r = await runProperty(p, hello, ctx, opts);
    opts.onProgress?.(`${p.id.padEnd(20)} ${r.status.padEnd(4)} ${String(r.cases).padStart(5)} cases ${String(r.ms).padStart(6)} ms${r.status === 'pass' || r.status === 'skip' ? '' : `  ${r.requirement}`}`);
    results.push(r);
  }
  return results;
}
