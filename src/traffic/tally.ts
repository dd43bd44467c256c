/**
 * What `conform proxy` saw (or `conform audit` read from HAR files), folded into the results of a normal `conform-report/1`: one result per
 * operation and judgement (`proxy/<operation>/<assertion>`), passing when every exchange of it did,
 * and the traffic figures (`traffic`): exchanges, operations exercised, what was not judged and why.
 * The verdict is that of the traffic (see ../report/verdict.ts): non-conformant on a violation,
 * incomplete when nothing was judged, conformant only when the traffic established every MUST
 * requirement of the variant, and otherwise `no-violations`, which names how many it exercised.
 *
 * Every exchange is counted once, in one category (`exchangeCategories`): judged, outside the
 * description, throttled, over --max-body, without an upstream answer (and why), or aborted by its
 * client before its answer was complete.
 */
import type { Variant } from '../../specs/model/index.ts';
import { operationsFor } from '../../specs/model/index.ts';
import { requirement, requirementsFor } from '../../specs/requirements/index.ts';
import type { CheckFailure } from '../check/check.ts';
import type { Exchange } from '../check/http.ts';
import type { CheckResult } from '../check/result.ts';
import type { Coverage, Report, Source } from '../report/model.ts';
import { countResults, requirementBasis } from '../report/model.ts';
import { establish, verdictOf } from '../report/verdict.ts';
import { VERSION } from '../version.ts';
import type { Assertion, Judgement, Matched, Seen } from './validate.ts';
import { ASSERTIONS } from './validate.ts';

const KEPT_EXCHANGES = 3;

/** The traffic figures of a proxy run (report.json `traffic`, see specs/report.schema.json). */
export interface Traffic {
  readonly listen: string;
  readonly upstream: string;
  readonly exchanges: number;
  readonly maxBodyBytes: number;
  readonly unvalidated: number;
  readonly unmatched: number;
  readonly throttled: number;
  readonly transportErrors: number;
  /** Exchanges whose answer was complete and judged (inside the description, not throttled, within --max-body). */
  readonly judged: number;
  /** Why the exchanges of `transportErrors` got no (complete) answer. */
  readonly noAnswer: Readonly<Record<NoAnswerWhy, number>>;
  /** Exchanges whose client closed its connection before the upstream's answer was complete (not judged). */
  readonly aborted: { readonly beforeAnswer: number; readonly afterAnswer: number };
  /** Of the judged: exchanges whose client left before the whole answer reached it (the upstream's answer was complete). */
  readonly clientLeft: number;
  readonly operations: { readonly total: number; readonly exercised: number; readonly notExercised: readonly string[] };
  readonly byOperation: Readonly<Record<string, number>>;
}

export type ProxyReport = Report & { readonly traffic: Traffic };

/**
 * Why an exchange got no (complete) answer from the upstream: the connection was refused, a timeout
 * (--timeout) passed, the connection was reset or closed early, the proxy stopped before the answer was
 * complete (the --drain grace ended, a second signal), or another transport error.
 */
export type NoAnswerWhy = 'refused' | 'timeout' | 'reset' | 'stopped' | 'other';
export const NO_ANSWER_WHYS: readonly NoAnswerWhy[] = ['refused', 'timeout', 'reset', 'stopped', 'other'];

/** The reason of a transport error, from its code (ECONNREFUSED, UND_ERR_HEADERS_TIMEOUT, ...) or its message. */
export function noAnswerWhy(codeOrMessage: string): NoAnswerWhy {
  if (/ECONNREFUSED|refused/i.test(codeOrMessage)) return 'refused';
  if (/TIMEOUT|timed? ?out/i.test(codeOrMessage)) return 'timeout';
  if (/ECONNRESET|EPIPE|UND_ERR_SOCKET|reset|other side closed|socket hang up|closed/i.test(codeOrMessage)) return 'reset';
  if (/stopped|--drain/i.test(codeOrMessage)) return 'stopped';
  return 'other';
}

/** The categories of `traffic`, each exchange in exactly one; their sum is `exchanges`. */
export function exchangeCategories(t: Traffic): Record<'judged' | 'unmatched' | 'throttled' | 'unvalidated' | 'noAnswer' | 'abortedBeforeAnswer' | 'abortedAfterAnswer', number> {
  return {
    judged: t.judged,
    unmatched: t.unmatched,
    throttled: t.throttled,
    unvalidated: t.unvalidated,
    noAnswer: t.transportErrors,
    abortedBeforeAnswer: t.aborted.beforeAnswer,
    abortedAfterAnswer: t.aborted.afterAnswer,
  };
}

/** One line of the categories, as the commands print them. */
export function categoriesLine(t: Traffic): string {
  const why = NO_ANSWER_WHYS.filter((k) => t.noAnswer[k] > 0).map((k) => `${t.noAnswer[k]} ${k}`);
  return [
    `${t.exchanges} exchanges: ${t.judged} judged`,
    `${t.unmatched} outside the description`,
    `${t.throttled} throttled`,
    `${t.unvalidated} over --max-body or without a recorded body (not judged)`,
    `${t.transportErrors} without an upstream answer${why.length ? ` (${why.join(', ')})` : ''}`,
    `${t.aborted.beforeAnswer + t.aborted.afterAnswer} aborted by the client (${t.aborted.beforeAnswer} before the answer, ${t.aborted.afterAnswer} during it)`,
  ].join('; ');
}

interface Entry {
  readonly assertion: Assertion;
  readonly op: Matched & { kind: 'operation' | 'other-variant' };
  exchanges: number;
  failures: number;
  first?: CheckFailure;
  readonly shown: Exchange[];
  durationMs: number;
}

/** The requirements of the variant that judgements of the traffic cite. */
export function trafficCoverage(variant: Variant, results: readonly CheckResult[]): Coverage {
  const proven = new Set(results.flatMap((r) => r.requirements));
  const reqs = requirementsFor(variant);
  const count = (level: 'MUST' | 'SHOULD') => {
    const of = reqs.filter((r) => r.level === level);
    return { covered: of.filter((r) => proven.has(r.id)).length, total: of.length };
  };
  return { must: count('MUST'), should: count('SHOULD'), uncovered: reqs.filter((r) => !proven.has(r.id)).map((r) => r.id) };
}

/** Operation coverage of traffic: the variant's operations it exercised. */
export function operationCoverage(variant: Variant, byOperation: ReadonlyMap<string, number>): Traffic['operations'] {
  const all = operationsFor(variant).map((o) => o.id);
  const exercised = all.filter((id) => byOperation.has(id));
  return { total: all.length, exercised: exercised.length, notExercised: all.filter((id) => !byOperation.has(id)) };
}

export class Tally {
  exchanges = 0;
  /** Bodies over --max-body, streamed through unvalidated. */
  unvalidated = 0;
  /** Requests to paths no operation of either variant has. */
  unmatched = 0;
  /** 421/429 answers: throttling, not judged. */
  throttled = 0;
  transportErrors = 0;
  /** Exchanges judged whole (see Traffic.judged). */
  judged = 0;
  readonly noAnswer: Record<NoAnswerWhy, number> = { refused: 0, timeout: 0, reset: 0, stopped: 0, other: 0 };
  readonly abortedCounts = { beforeAnswer: 0, afterAnswer: 0 };
  /** Judged exchanges whose client left before the whole answer reached it. */
  clientLeft = 0;
  private readonly transportSamples: string[] = [];
  private readonly errors: string[] = [];
  private readonly entries = new Map<string, Entry>();
  private readonly byOperation = new Map<string, number>();
  /** Result ids by operation and assertion, made once. */
  private readonly ids = new Map<string, Partial<Record<Assertion, string>>>();
  readonly startedAt = new Date();

  /** `prefix`: of the result ids, `proxy/<operation>/<judgement>` or `audit/...`. */
  constructor(
    readonly variant: Variant,
    readonly prefix: 'proxy' | 'audit' = 'proxy',
  ) {}

  /**
   * An answered exchange, in one category: outside the description, throttled (421, 429), over
   * --max-body or without a recorded body (`seen.body` undefined: only its status and headers are
   * judged), or judged.
   */
  record(matched: Matched, seen: Seen, judgements: readonly Judgement[]): void {
    this.exchanges++;
    if (matched.kind === 'unmatched') {
      this.unmatched++;
      return;
    }
    this.byOperation.set(matched.op.id, (this.byOperation.get(matched.op.id) ?? 0) + 1);
    if (seen.status === 421 || seen.status === 429) this.throttled++;
    else if (seen.body === undefined) this.unvalidated++;
    else this.judged++;
    let ids = this.ids.get(matched.op.id);
    if (!ids) this.ids.set(matched.op.id, (ids = {}));
    for (const j of judgements) {
      const id = (ids[j.assertion] ??= `${this.prefix}/${matched.op.id}/${j.assertion}`);
      let e = this.entries.get(id);
      if (!e) this.entries.set(id, (e = { assertion: j.assertion, op: matched, exchanges: 0, failures: 0, shown: [], durationMs: 0 }));
      e.exchanges++;
      e.durationMs += seen.durationMs;
      if (j.failure) {
        e.failures++;
        e.first ??= j.failure;
        if (e.shown.length < KEPT_EXCHANGES) e.shown.push(j.failure.detail.exchange ?? seen.exchange);
      }
    }
  }

  /** An exchange outside the API (another origin, a path of no operation): counted, not judged. */
  outside(): void {
    this.exchanges++;
    this.unmatched++;
  }

  /** An exchange the upstream did not answer (whole), and why. */
  transport(message: string, why: NoAnswerWhy = noAnswerWhy(message)): void {
    this.exchanges++;
    this.noAnswer[why]++;
    this.transportErrors++;
    if (why === 'stopped') return;
    if (this.transportSamples.length < 5) this.transportSamples.push(message);
  }

  /** Exchanges the upstream failed to answer (refused, timed out, reset, ...), those the proxy ended on stopping aside. */
  upstreamFailures(): number {
    return this.transportErrors - this.noAnswer.stopped;
  }

  /** An exchange whose client closed its connection before the upstream's answer was complete. */
  aborted(when: 'before-answer' | 'after-answer'): void {
    this.exchanges++;
    if (when === 'before-answer') this.abortedCounts.beforeAnswer++;
    else this.abortedCounts.afterAnswer++;
  }

  error(message: string): void {
    if (this.errors.length < 20) this.errors.push(message);
  }

  /** One result per operation and judgement that the traffic exercised. */
  results(strict: boolean): CheckResult[] {
    const out: CheckResult[] = [];
    for (const [id, e] of [...this.entries].sort(([a], [b]) => a.localeCompare(b))) {
      const spec = ASSERTIONS[e.assertion];
      const requirements = spec.requirements(e.op.op, this.variant);
      const level = requirement(requirements[0]!).level;
      const f = e.first;
      const cited = f?.detail.requirement;
      const status = !f ? 'pass' : f.detail.interpretation && !strict ? 'warn' : level === 'MUST' || strict ? 'fail' : 'warn';
      out.push({
        check: id,
        fn: spec.fn,
        description: `${e.op.op.method} ${e.op.op.path}: ${spec.description}`,
        requirements: cited && !requirements.includes(cited) ? [...requirements, cited] : requirements,
        ...(cited ? { failedRequirement: cited } : {}),
        level,
        resource: e.op.op.resource,
        operation: e.op.op.id,
        status,
        ...(f
          ? {
              message: `${e.failures} of ${e.exchanges} exchanges: ${f.message}`,
              ...(f.detail.expected !== undefined ? { expected: f.detail.expected } : {}),
              ...(f.detail.actual !== undefined ? { actual: f.detail.actual } : {}),
              ...(f.detail.interpretation ? { interpretation: f.detail.interpretation } : {}),
            }
          : {}),
        exchanges: e.shown,
        requests: e.exchanges,
        failures: e.failures,
        durationMs: Math.round(e.durationMs),
      });
    }
    return out;
  }

  traffic(listen: string, upstream: string, maxBodyBytes: number): Traffic {
    return {
      listen,
      upstream,
      exchanges: this.exchanges,
      maxBodyBytes,
      unvalidated: this.unvalidated,
      unmatched: this.unmatched,
      throttled: this.throttled,
      transportErrors: this.transportErrors,
      judged: this.judged,
      noAnswer: { ...this.noAnswer },
      aborted: { ...this.abortedCounts },
      clientLeft: this.clientLeft,
      operations: operationCoverage(this.variant, this.byOperation),
      byOperation: Object.fromEntries([...this.byOperation].sort(([a], [b]) => a.localeCompare(b))),
    };
  }

  /** The report of the traffic seen so far: a normal conform-report/1 with `traffic`. */
  report(options: { listen: string; upstream: string; maxBodyBytes: number; strict: boolean; sources?: readonly Source[]; target?: string }): ProxyReport {
    const results = this.results(options.strict);
    const errors = [
      ...this.errors,
      // Exchanges the proxy itself ended when it stopped are counted (noAnswer.stopped), not charged to the upstream.
      ...(this.upstreamFailures() > 0 ? [`${this.upstreamFailures()} requests got no answer from the upstream (first: ${this.transportSamples.join('; ')})`] : []),
    ];
    const coverage = trafficCoverage(this.variant, results);
    // Measured against what the traffic exercised: no exchange judged at all is no verdict (incomplete).
    const established = establish(this.variant, results);
    return {
      schema: 'conform-report/1',
      tool: { name: 'conform', version: VERSION },
      variant: this.variant,
      target: options.target ?? options.upstream,
      embedded: false,
      seed: 0,
      prefix: '',
      strict: options.strict,
      readOnly: false,
      only: [],
      startedAt: this.startedAt.toISOString(),
      durationMs: Date.now() - this.startedAt.getTime(),
      requests: this.exchanges,
      verdict: verdictOf({ results, errors, strict: options.strict, established }),
      established,
      counts: countResults(results),
      coverage,
      errors,
      requirements: requirementBasis(results),
      traffic: this.traffic(options.listen, options.upstream, options.maxBodyBytes),
      ...(options.sources ? { sources: options.sources } : {}),
      results,
    };
  }
}
