/**
 * The generative phase of a run (`conform check --fuzz N`): for each operation, N requests generated
 * with fast-check from the operation's OpenAPI description (see ./arbitraries.ts), each judged by
 * the rules a single exchange can show:
 *   - `fuzz/<op>/contract` (MUST): a documented status, a body that parses in the requested format
 *     (for GET errors only the status: INT-get-errors), and for state-changing calls the outcome
 *     envelope agreeing with the status (a bodiless 204 in A: INT-204-envelope);
 *   - `fuzz/<op>/no-server-error` (SHOULD): no 5xx and no dropped connection (IB-7-no-server-error).
 * A failing request is shrunk to a minimal one and reported with the fast-check seed and a curl
 * command. Both properties run the same generated sequence (same seed) over one cache of answers, so
 * an operation costs about N requests plus the shrinking.
 *
 * Writes touch only what the run made: free strings of POST, PUT and DELETE carry the run prefix,
 * ids of writes are the example's record or ids no record can have, and the phase runs after every
 * certification check, on records of its own. A 421/429 is throttling: waited out, never judged.
 */
import fc from 'fast-check';
import type { Format, OperationId, ResolvedOperation, Variant } from '../../specs/model/index.ts';
import { AUTH_PARAMS, operationsFor } from '../../specs/model/index.ts';
import type { CheckContext } from '../check/check.ts';
import { CheckFailure, fail, skip } from '../check/check.ts';
import { openApiOperations } from '../check/checks/support/openapi-operations.ts';
import { expectDocumentedStatus, expectEnvelope, expectParses } from '../check/checks/support/reply-contract.ts';
import type { Example } from '../check/examples.ts';
import { exampleFor } from '../check/examples.ts';
import type { FormValue, HttpRequest, HttpResponse } from '../check/http.ts';
import { TransportError } from '../check/http.ts';
import { pngImage } from '../check/images.ts';
import { Reply, fieldOf, retryAfterMs } from '../check/target.ts';
import { curlCommand, withReproduction } from '../report/curl.ts';
import {
  anyInteger, anyString, awkwardString, enumValue, hugeInteger, impossibleId, longToken, negativeInteger, plainInteger, plainString, presence, readId, safeId, unicodeString,
} from './arbitraries.ts';


/** One generated request: format, path ids and parameters (absent, once, or twice). */
export interface FuzzInput {
  readonly format: Format;
  readonly path: Readonly<Record<string, string>>;
  readonly params: Readonly<Record<string, readonly FormValue[] | undefined>>;
}

export type FindingKind = 'contract' | 'server-error';

/** A failing request, shrunk. */
export interface Finding {
  readonly kind: FindingKind;
  readonly failure: CheckFailure;
  /** The minimal request: the parameters as sent (authentication left out), in order. */
  readonly input: FuzzInput;
  readonly seed: number;
  readonly path: string;
  /** The stratum of the failing request (`limit: negative`, `anything`, ...). */
  readonly stratum: string;
  /** Which request of the stratum failed first (1-based), and the shrinking steps that followed. */
  readonly run: number;
  readonly shrinks: number;
}

export interface FuzzOutcome {
  readonly opId: OperationId;
  readonly seed: number;
  /** Generated requests judged (without the shrinking). */
  readonly runs: number;
  readonly requests: number;
  readonly throttled: number;
  /** The time budget ran out before N requests. */
  readonly interrupted: boolean;
  readonly findings: Partial<Record<FindingKind, Finding>>;
}

export interface FuzzOptions {
  readonly runs: number;
  /** The run's seed (--seed): each operation's fast-check seeds are derived from it and the operation id. */
  readonly seed: number;
  /** Longest time for one operation, generation and shrinking included (default 120 s, or what the run's deadline leaves). */
  readonly budgetMs?: number;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The fast-check seed of one operation in a run of seed `seed`. */
export function operationSeed(seed: number, opId: string): number {
  return (seed ^ hash(opId)) | 0;
}

interface ParamDesc {
  readonly name: string;
  readonly type?: string;
  readonly enum?: readonly string[];
  readonly file: boolean;
}

/** The parameters of an operation as the published OpenAPI description gives them (files from the model). */
function describeParams(variant: Variant, op: ResolvedOperation): ParamDesc[] {
  const published = openApiOperations(variant).find((o) => o.id === op.id);
  if (!published) throw new Error(`operation ${op.id} is not in the OpenAPI description of ${variant}`);
  return published.params.map((p) => ({
    name: p.name,
    ...(p.type ? { type: p.type } : {}),
    ...(p.enum ? { enum: p.enum } : {}),
    file: op.params.some((m) => m.name === p.name && m.type === 'file'),
  }));
}

/** How the values of one parameter are generated: plausibly, anyhow, and in each weird category. */
interface ParamGen {
  readonly name: string;
  /** Absent: the parameter is left out of the other strata (a write's id with no record of the run to name). */
  readonly plausible?: fc.Arbitrary<FormValue>;
  readonly any: fc.Arbitrary<FormValue>;
  readonly weird: readonly (readonly [string, fc.Arbitrary<FormValue>])[];
}

/**
 * A stratum of the generated requests: every parameter plausible (or missing) but one, which takes a
 * value of one weird category (or is sent twice); or, for the last stratum, everything anyhow.
 */
export interface Stratum {
  readonly label: string;
  readonly arbitrary: fc.Arbitrary<FuzzInput>;
}

/**
 * The strata of one operation's requests, built around its example (the run's own record to act on):
 * one per parameter and weird category, then one where every value is drawn anyhow. The N requests
 * of an operation are spread over them, every stratum getting at least one.
 */
export function strata(ctx: CheckContext, op: ResolvedOperation, params: readonly ParamDesc[], example: Example): Stratum[] {
  const writes = op.stateChanging;
  const own = (name: string): string | undefined => {
    const v = example.fields?.[fieldOf(name)];
    return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
  };
  // Free strings of writes carry the run prefix: whatever they create or rename is the run's.
  const text = (a: fc.Arbitrary<string>): fc.Arbitrary<string> => (writes ? a.map((v) => `${ctx.prefix}${v}`) : a);
  const gens: ParamGen[] = params.map((p) => {
    if (p.file) {
      const given = example.fields?.[fieldOf(p.name)];
      const file: FormValue = typeof given === 'object' && given !== null ? given : { file: pngImage(ctx.random), filename: 'conform.png', type: 'image/png' };
      return { name: p.name, plausible: fc.constant(file), any: fc.oneof(fc.constant(file), anyString), weird: [['not a file', anyString]] };
    }
    if (p.enum) return { name: p.name, plausible: fc.constantFrom(...p.enum), any: enumValue(p.enum), weird: [['out of set', anyString]] };
    if (p.type === 'integer' && writes && /(^|[_[])id\]?$/.test(p.name)) {
      // A write given an arbitrary id could act on someone else's record: ids of writes are the run's own or impossible.
      const mine = own(p.name);
      return { name: p.name, ...(mine !== undefined ? { plausible: fc.constant(mine) } : {}), any: safeId(mine), weird: [['impossible id', impossibleId]] };
    }
    if (p.type === 'integer') {
      return {
        name: p.name, plausible: plainInteger, any: anyInteger,
        weird: [['negative', negativeInteger], ['huge', hugeInteger], ['not a number', fc.oneof(plainString, awkwardString)]],
      };
    }
    return {
      name: p.name, plausible: text(plainString), any: text(anyString),
      weird: [['long', text(longToken)], ['non-ASCII', text(unicodeString)], ['awkward', text(awkwardString)]],
    };
  });
  const pathParams = op.params.filter((x) => x.location === 'path').map((x) => {
    const mine = example.path?.[x.name] !== undefined ? String(example.path[x.name]) : undefined;
    const other = writes ? impossibleId : readId(undefined);
    return { name: x.name, plausible: mine !== undefined ? fc.constant(mine) : other, any: writes ? safeId(mine) : readId(mine), other };
  });
  const format = fc.constantFrom<Format>('json', 'xml');
  const plausiblePath = () => fc.record(Object.fromEntries(pathParams.map((x) => [x.name, x.plausible])));
  // The other parameters of a stratum are plausible, sent once or left out: one weird thing at a time.
  const plausibleParams = (except: string) =>
    Object.fromEntries(gens.filter((g) => g.name !== except && g.plausible).map((g) => [g.name, fc.option(g.plausible!.map((v) => [v]), { nil: undefined, freq: 4 })]));
  const out: Stratum[] = [];
  for (const x of pathParams) {
    out.push({
      label: `{${x.name}}: ${writes ? 'an impossible id' : 'another id'}`,
      arbitrary: fc.record({ format, path: fc.record(Object.fromEntries(pathParams.map((y) => [y.name, y === x ? y.other : y.plausible]))), params: fc.record(plausibleParams('')) }),
    });
  }
  for (const g of gens) {
    const variants: [string, fc.Arbitrary<FormValue[]>][] = [...g.weird.map(([label, a]) => [label, a.map((v) => [v])] as [string, fc.Arbitrary<FormValue[]>]), ['repeated', fc.tuple(g.plausible ?? g.any, g.plausible ?? g.any)]];
    for (const [label, values] of variants) {
      out.push({ label: `${g.name}: ${label}`, arbitrary: fc.record({ format, path: plausiblePath(), params: fc.record({ ...plausibleParams(g.name), [g.name]: values }) }) });
    }
  }
  out.push({
    label: 'anything',
    arbitrary: fc.record({
      format,
      path: fc.record(Object.fromEntries(pathParams.map((x) => [x.name, x.any]))),
      params: fc.record(Object.fromEntries(gens.map((g) => [g.name, presence(g.any)]))),
    }),
  });
  return out;
}

/** How N requests are spread: each stratum gets its share (at least one), the last ("anything") the rest. */
export function allocate(runs: number, count: number): number[] {
  const weird = count - 1;
  if (weird === 0) return [runs];
  const each = Math.max(1, Math.floor(runs / (2 * weird)));
  const out: number[] = [];
  let left = runs;
  for (let i = 0; i < weird; i++) {
    const n = Math.min(each, left);
    out.push(n);
    left -= n;
  }
  out.push(left);
  return out;
}

/** The wire parameters of an input, in a stable order (the operation's), duplicates kept. */
export function pairsOf(input: FuzzInput): [string, FormValue][] {
  const pairs: [string, FormValue][] = [];
  for (const [name, values] of Object.entries(input.params)) for (const v of values ?? []) pairs.push([name, v]);
  return pairs;
}

/** Throttled for longer than the run allows: the request is not judged. */
class Throttled extends Error {
  override readonly name = 'Throttled';
}

const THROTTLED = new Set([421, 429]);

/** Sends one generated request as the run's actor, waiting out throttling within the run's deadline. */
async function sendInput(ctx: CheckContext, op: ResolvedOperation, input: FuzzInput, counters: { requests: number; throttled: number }): Promise<Reply> {
  let path = op.path;
  for (const [name, value] of Object.entries(input.path)) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const pairs = pairsOf(input);
  const actor = ctx.accounts.actor;
  pairs.push([AUTH_PARAMS.login, actor.name], [AUTH_PARAMS.apiKey, actor.api_key]);
  let url = `${ctx.target.baseUrl.replace(/\/$/, '')}${path}.${input.format}`;
  const request: HttpRequest =
    op.method === 'GET'
      ? { method: 'GET', url: `${url}?${new URLSearchParams(pairs.filter((p): p is [string, string] => typeof p[1] === 'string')).toString()}` }
      : { method: op.method, url, form: pairs };
  url = request.url;
  const t = ctx.target.throttling;
  let waited = 0;
  let backoff = t.firstBackoffMs;
  for (;;) {
    counters.requests++;
    const http: HttpResponse = await ctx.target.http.send(request);
    if (!THROTTLED.has(http.status)) return new Reply(op, input.format, http);
    const wait = retryAfterMs(http.headers['retry-after']) ?? backoff;
    const left = Math.min(t.maxWaitMs - waited, t.deadline > 0 ? t.deadline - Date.now() : Infinity);
    if (wait > left) throw new Throttled(`throttled (${http.status}) beyond the run's budget`);
    counters.throttled++;
    await ctx.target.http.pause(wait);
    waited += wait;
    backoff = Math.min(backoff * 2, 8_000);
  }
}

/** The judgement of one exchange: the failure of the rule of kind `kind`, if any. */
export function judge(reply: Reply, variant: Variant, kind: FindingKind): CheckFailure | undefined {
  try {
    if (kind === 'server-error') {
      if (reply.status >= 500) {
        fail(`answered ${reply.status} to a generated request`, { reply, requirement: 'IB-7-no-server-error', expected: 'a 2xx, or a documented 4xx refusal', actual: String(reply.status) });
      }
      return undefined;
    }
    expectDocumentedStatus(reply, variant);
    if (reply.status === 204) return undefined; // INT-204-envelope (A); B failed above
    if (reply.op?.stateChanging) {
      expectParses(reply);
      expectEnvelope(reply);
    } else if (reply.ok) {
      expectParses(reply); // INT-get-errors: for GET errors only the status is checked
    }
    return undefined;
  } catch (err) {
    if (err instanceof CheckFailure) return err;
    throw err;
  }
}

/** Text of an input's parameters as a reader wants them: `limit=-1 tags=aaaa (201 chars)`. */
export function describeInput(op: ResolvedOperation, input: FuzzInput): string {
  const show = (v: FormValue) => {
    if (typeof v !== 'string') return `<file ${v.filename}>`;
    const text = JSON.stringify(v.length > 40 ? `${v.slice(0, 24)}...` : v);
    return v.length > 40 ? `${text} (${v.length} chars)` : text;
  };
  const parts = [`.${input.format}`, ...Object.entries(input.path).map(([k, v]) => `{${k}}=${show(v)}`), ...pairsOf(input).map(([k, v]) => `${k}=${show(v)}`)];
  return `${op.method} ${op.path}${parts.join(' ')}`;
}

/**
 * Fuzzes one operation: both properties over the same generated sequence, each failure shrunk to a
 * minimal request. Deterministic for a seed (given a target that answers the same requests alike).
 */
export async function fuzzOperation(ctx: CheckContext, opId: OperationId, options: FuzzOptions): Promise<FuzzOutcome> {
  const op = ctx.target.operation(opId);
  const example = await exampleFor(ctx, opId);
  const layers = strata(ctx, op, describeParams(ctx.variant, op), example);
  const shares = allocate(options.runs, layers.length);
  const seed = operationSeed(options.seed, opId);
  const counters = { requests: 0, throttled: 0 };
  const answers = new Map<string, Promise<Reply | Throttled>>();
  const answer = (input: FuzzInput): Promise<Reply | Throttled> => {
    const key = JSON.stringify({ ...input, params: pairsOf(input).map(([k, v]) => [k, typeof v === 'string' ? v : v.filename]) });
    let p = answers.get(key);
    if (!p) {
      p = sendInput(ctx, op, input, counters).catch((err: unknown) => {
        if (err instanceof Throttled) return err;
        throw err;
      });
      answers.set(key, p);
    }
    return p;
  };
  const left = ctx.target.throttling.deadline > 0 ? ctx.target.throttling.deadline - Date.now() : Infinity;
  const budgetMs = Math.max(1_000, Math.min(options.budgetMs ?? 120_000, left));
  const findings: Partial<Record<FindingKind, Finding>> = {};
  let runs = 0;
  let interrupted = false;
  const deadline = Date.now() + budgetMs;
  const judgedByKind = { contract: 0, 'server-error': 0 };
  for (const kind of ['contract', 'server-error'] as const) {
    for (const [i, layer] of layers.entries()) {
      const numRuns = shares[i]!;
      if (numRuns === 0 || findings[kind]) continue;
      if (Date.now() > deadline) {
        interrupted = true;
        break;
      }
      const property = fc.asyncProperty(layer.arbitrary, async (input) => {
        let reply: Reply | Throttled;
        try {
          reply = await answer(input);
        } catch (err) {
          if (!(err instanceof TransportError)) throw err;
          // A target that stopped answering altogether (GAVE_UP) tells nothing of this input.
          if (kind !== 'server-error' || err.code === 'GAVE_UP') return;
          throw new CheckFailure(`no response to a generated request: ${err.message}`, {
            requirement: 'IB-7-no-server-error', expected: 'a response', actual: err.message, exchange: err.exchange, operation: op.id,
          });
        }
        if (reply instanceof Throttled) return;
        const failure = judge(reply, ctx.variant, kind);
        if (failure) throw failure;
      });
      const layerSeed = (seed + i) | 0;
      const details = await fc.check(property, { numRuns, seed: layerSeed, interruptAfterTimeLimit: Math.max(1, deadline - Date.now()), markInterruptAsFailure: false });
      judgedByKind[kind] += details.numRuns;
      if (details.interrupted) interrupted = true;
      if (details.failed && details.counterexample) {
        const failure = details.errorInstance instanceof CheckFailure ? details.errorInstance : new CheckFailure(String(details.errorInstance));
        findings[kind] = {
          kind, failure, input: details.counterexample[0], seed: details.seed, path: details.counterexamplePath ?? '', stratum: layer.label,
          run: Number((details.counterexamplePath ?? '0').split(':')[0]) + 1, shrinks: details.numShrinks,
        };
      }
    }
  }
  runs = Math.max(judgedByKind.contract, judgedByKind['server-error']);
  return { opId, seed, runs, requests: counters.requests, throttled: counters.throttled, interrupted, findings };
}

/** The failure a finding becomes in the report: the minimal request, the seed, and a curl command. */
function report(op: ResolvedOperation, finding: Finding, options: FuzzOptions): never {
  const exchange = finding.failure.detail.exchange;
  const curl = exchange ? curlCommand(exchange).command : undefined;
  throw new CheckFailure(
    withReproduction(
      `${finding.failure.message} — minimal request: ${describeInput(op, finding.input)} ` +
        `(stratum "${finding.stratum}", its request ${finding.run}, shrunk in ${finding.shrinks} steps; fast-check seed ${finding.seed}, path ${finding.path}; ` +
        `the run's --seed ${options.seed} with --fuzz ${options.runs} generates it again)`,
      curl,
    ),
    { ...finding.failure.detail, operation: op.id },
  );
}

function outcomeOf(ctx: CheckContext, opId: OperationId, options: FuzzOptions): Promise<FuzzOutcome> {
  return ctx.world.get(`fuzz:${opId}`, () => fuzzOperation(ctx, opId, options));
}

function finish(outcome: FuzzOutcome, op: ResolvedOperation, kind: FindingKind, options: FuzzOptions): void {
  const finding = outcome.findings[kind];
  if (finding) report(op, finding, options);
  if (outcome.runs === 0) skip(outcome.throttled > 0 ? 'throttled: no generated request was answered within the budget' : 'no generated request was judged within the time budget');
}

/** Runs one fuzz check of an operation (src/check/checks/fuzz.ts declares them): its kind of finding fails it. */
export async function runFuzzCheck(ctx: CheckContext, opId: OperationId, kind: FindingKind, options: FuzzOptions): Promise<void> {
  const op = operationsFor(ctx.variant).find((o) => o.id === opId)!;
  finish(await outcomeOf(ctx, opId, options), op, kind, options);
}
