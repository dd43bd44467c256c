/**
 * Runs the properties against one testee. For speed every property first checks its `runs`
 * values (drawn by fast-check with the seed, exactly the values `fc.check` draws) as a stream:
 * up to WINDOW cases are in flight at once, so requests pipeline through the testee while the
 * next values are generated. When a case fails, fast-check re-runs the property with the same
 * seed to shrink the counterexample; the cases already known are answered from the first pass
 * (by position) and shrink candidates from a cache. The seed and the fast-check path of the
 * shrunk counterexample reproduce it: `conform proto --seed S --property ID --path P`.
 */
import fc from 'fast-check';
import { requirement, type Level } from '../../specs/peer/requirements.ts';
import { stringify } from './json.ts';
import { Failure, Ops, PROPERTIES, Skip, type PeerCodec, type PropertyDef, type SuiteContext } from './properties.ts';
import type { Answer, Hello, RequestBody } from './protocol.ts';
import { TesteeError, type TesteeClient } from './testee.ts';
import { fromBase64, toBase64, toHex } from './wire.ts';

/** Cases in flight at most during the first pass; generation resumes when half are done. */
const WINDOW = 512;
const RESUME = WINDOW / 2;

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

/** A refusal the testee answered (`error`, `parse_error`): the properties judge it as the codec's refusal. */
class Refused extends Error {
  override readonly name = 'Refused';
}

/**
 * A testee that speaks the testee protocol (a program, or a codec in process), as the codec the
 * properties exercise: an answer `skipped` is a Skip, `error` and `parse_error` are refusals, and an
 * answer that is neither what was asked nor a refusal fails the property.
 */
export function testeeCodec(client: TesteeClient): PeerCodec {
  const ask = async (body: RequestBody): Promise<Answer> => {
    const a = await client.call(body);
    if (typeof a.skipped === 'string') throw new Skip(a.skipped);
    return a;
  };
  const bytesOf = (text: string, op: string): Uint8Array => {
    try {
      return fromBase64(text);
    } catch (e) {
      throw new Failure(`${op} answer: ${(e as Error).message}`);
    }
  };
  return {
    async encode(type, json) {
      const a = await ask({ op: 'encode', type, json });
      if (typeof a.bytes === 'string') return bytesOf(a.bytes, 'encode');
      if (typeof a.error === 'string') throw new Refused(a.error);
      throw new Failure(`encode answer has neither bytes nor error: ${JSON.stringify(a).slice(0, 200)}`);
    },
    async decode(type, bytes) {
      const a = await ask({ op: 'decode', type, bytes: toBase64(bytes) });
      if (typeof a.parse_error === 'string') throw new Refused(a.parse_error);
      if (a.json === undefined) throw new Failure(`decode answer has neither json nor parse_error: ${JSON.stringify(a).slice(0, 200)}`, toHex(bytes));
      return a.json;
    },
    async reencode(type, bytes) {
      const a = await ask({ op: 'reencode', type, bytes: toBase64(bytes) });
      if (typeof a.bytes === 'string') return bytesOf(a.bytes, 'reencode');
      throw new Refused(a.parse_error ?? a.error ?? JSON.stringify(a));
    },
  };
}

type Verdict = { ok: true } | { ok: false; message: string; hex?: string; requirement?: string } | { skip: string };

async function evaluate(p: PropertyDef, value: unknown, ops: Ops, ctx: SuiteContext): Promise<Verdict> {
  try {
    await p.check(value, ops, ctx);
    return { ok: true };
  } catch (e) {
    if (e instanceof Skip) return { skip: e.message };
    if (e instanceof Failure) return { ok: false, message: e.message, ...(e.hex !== undefined ? { hex: e.hex } : {}), ...(e.requirement !== undefined ? { requirement: e.requirement } : {}) };
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
  const nothing = p.inapplicable?.(ctx);
  if (nothing) return done({ status: 'skip', cases: 0, skippedCases: 0, message: nothing });

  let client: TesteeClient;
  try {
    client = await opts.client();
  } catch (e) {
    return done({ status: 'fail', cases: 0, skippedCases: 0, message: `testee unavailable: ${(e as Error).message}` });
  }
  const ops = new Ops(testeeCodec(client), ctx.schema);
  const arbitrary = p.arbitrary(ctx);
  const examples = p.examples?.(ctx) ?? [];
  // Examples come first and count in fast-check's numRuns; `runs` values are generated after them.
  const numRuns = opts.runs + examples.length;

  try {
    let known: FirstPass | undefined;
    if (!opts.path) {
      known = await firstPass(p, arbitrary, examples, numRuns, opts.seed, ops, ctx);
      if (known.failure === undefined) {
        if (known.skipped === known.cases) return done({ status: 'skip', cases: known.cases, skippedCases: known.skipped, message: `the testee skipped every case: ${known.skipReason}` });
        return done({ status: 'pass', cases: known.cases, skippedCases: known.skipped });
      }
    }
    // Shrink (or replay --path) with fast-check. The same seed draws the same values in the same
    // order, so the first cases are the ones the first pass checked: their verdicts are reused.
    const failure = known?.failure;
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
    if (failure) cache.set(stringify(failure.value), failure.verdict);
    let call = 0;
    let replayKnown = failure !== undefined;
    const result = await fc.check(
      fc.asyncProperty(arbitrary, async (value) => {
        const i = call++;
        if (replayKnown && failure) {
          if (i < failure.index) return true; // passed (or was skipped) in the first pass
          replayKnown = false;
          // The value the first pass failed on; if the sequence differs after all, check everything.
          if (i !== failure.index || stringify(value) !== stringify(failure.value)) cache.clear();
        }
        const v = await verdictOf(value);
        // A failure under another requirement than the first one found does not count: shrinking
        // keeps to the requirement the first pass found broken (a Required one is not lost to a
        // Recommended difference of a smaller value).
        return !('ok' in v) || v.ok || (failure !== undefined && requirementOf(v) !== requirementOf(failure.verdict));
      }),
      { seed: opts.seed, numRuns, examples: examples.map((e) => [e]), ...(opts.path ? { path: opts.path } : {}) },
    );
    const counter = result.failed && result.counterexample ? result.counterexample[0] : failure?.value;
    if (counter === undefined) return done({ status: 'pass', cases: result.numRuns, skippedCases: 0 });
    const verdict = await verdictOf(counter);
    const failed = verdict as { message: string; hex?: string; requirement?: string };
    // A failure may name the requirement it breaks (an encoder's invalid bytes, a classified difference).
    const broken = failed.requirement ? requirement(failed.requirement) : req;
    return done({
      requirement: broken.id,
      level: broken.level,
      status: broken.level === 'Required' || opts.enforceRecommended ? 'fail' : 'warn',
      cases: result.numRuns + result.numShrinks,
      skippedCases: known?.skipped ?? 0,
      message: failed.message,
      counterexample: { value: JSON.parse(stringify(counter)) as unknown, ...(failed.hex !== undefined ? { hex: failed.hex } : {}) },
      ...(result.failed && result.counterexamplePath ? { path: result.counterexamplePath } : {}),
    });
  } catch (e) {
    if (e instanceof TesteeError) return done({ status: 'fail', cases: 0, skippedCases: 0, message: `testee failure: ${e.message}` });
    throw e;
  }
}

function requirementOf(v: Verdict): string | undefined {
  return 'ok' in v && !v.ok ? v.requirement : undefined;
}

interface FirstPass {
  /** Cases checked. */
  cases: number;
  skipped: number;
  skipReason: string;
  /** The first failing case in fast-check's order, with its position. */
  failure?: { index: number; value: unknown; verdict: Verdict };
}

/**
 * Checks the values fast-check draws for (seed, numRuns, examples), many at a time. fast-check
 * only generates here (the predicate always holds, so nothing is shrunk); the checks run
 * concurrently, at most WINDOW at once. After the first failure no new cases are started.
 */
async function firstPass(p: PropertyDef, arbitrary: fc.Arbitrary<unknown>, examples: unknown[], numRuns: number, seed: number, ops: Ops, ctx: SuiteContext): Promise<FirstPass> {
  const pass: FirstPass = { cases: 0, skipped: 0, skipReason: '' };
  let inFlight = 0;
  let error: unknown;
  let resume: (() => void) | undefined;
  let drained: (() => void) | undefined;
  const settled = (): void => {
    inFlight--;
    if (resume && (inFlight <= RESUME || error !== undefined)) {
      const r = resume;
      resume = undefined;
      r();
    }
    if (drained && inFlight === 0) drained();
  };
  const record = (index: number, value: unknown, v: Verdict): void => {
    if ('skip' in v) {
      pass.skipped++;
      pass.skipReason = v.skip;
    } else if (!v.ok && (pass.failure === undefined || index < pass.failure.index)) pass.failure = { index, value, verdict: v };
    settled();
  };
  let next = 0;
  await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      const index = next++;
      if (pass.failure !== undefined || error !== undefined) return true;
      pass.cases++;
      inFlight++;
      evaluate(p, value, ops, ctx).then(
        (v) => record(index, value, v),
        (e: unknown) => {
          error ??= e;
          settled();
        },
      );
      if (inFlight >= WINDOW) await new Promise<void>((r) => (resume = r));
      return true;
    }),
    { seed, numRuns, examples: examples.map((e) => [e]) },
  );
  if (inFlight > 0) await new Promise<void>((r) => (drained = r));
  if (error !== undefined) throw error;
  return pass;
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
