/**
 * `conform merge`: several reports of traffic (proxies behind one load balancer, audits of several
 * captures) as one. Judgements are summed by id (exchanges judged, exchanges that broke it), as are
 * the traffic figures; the verdict is made anew from the sums, as the tally makes it for one source.
 * So the same exchanges judged by one proxy or split over three give the same merged result.
 */
import { countResults, requirementBasis } from '../report/model.ts';
import type { ReportedResult, Source } from '../report/model.ts';
import { establish, verdictOf } from '../report/verdict.ts';
import type { ProxyReport, Traffic } from './tally.ts';
import type { NoAnswerWhy } from './tally.ts';
import { NO_ANSWER_WHYS, operationCoverage, trafficCoverage } from './tally.ts';

/** The traffic section as reports of any version write it (older ones lack the categories). */
type OlderTraffic = Omit<Traffic, 'judged' | 'noAnswer' | 'aborted' | 'clientLeft'> & Partial<Pick<Traffic, 'judged' | 'noAnswer' | 'aborted' | 'clientLeft'>>;

const KEPT_EXCHANGES = 3;
const COUNTED = /^\d+ of \d+ exchanges: /;

export interface MergeInput {
  readonly name: string;
  readonly report: ProxyReport;
}

/** Why reports cannot be merged (not traffic, mixed variants), or undefined. */
export function mergeProblem(inputs: readonly { readonly name: string; readonly report: { readonly variant: string; readonly traffic?: unknown } }[]): string | undefined {
  const notTraffic = inputs.find((i) => i.report.traffic === undefined);
  if (notTraffic) return `${notTraffic.name} is not a report of traffic (conform proxy, audit or merge): only those are summed`;
  const variants = [...new Set(inputs.map((i) => i.report.variant))];
  if (variants.length > 1) return `the reports are of different variants (${inputs.map((i) => `${i.name}: ${i.report.variant}`).join(', ')})`;
  return undefined;
}

function sumBy(maps: readonly Readonly<Record<string, number>>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of maps) for (const [k, v] of Object.entries(m)) out.set(k, (out.get(k) ?? 0) + v);
  return out;
}

/** One report whose judgements, counts and traffic are the sums of the inputs' (check mergeProblem first). */
export function mergeReports(inputs: readonly MergeInput[], strict: boolean): ProxyReport {
  const variant = inputs[0]!.report.variant;
  const byId = new Map<string, ReportedResult[]>();
  for (const { report } of inputs) for (const r of report.results) (byId.get(r.check) ?? byId.set(r.check, []).get(r.check)!).push(r);
  const results: ReportedResult[] = [...byId.keys()].sort().map((id) => {
    const parts = byId.get(id)!;
    const requests = parts.reduce((n, r) => n + r.requests, 0);
    // Reports without the count: a failing judgement broke at least one exchange.
    const failures = parts.reduce((n, r) => n + (r.failures ?? (r.status === 'pass' ? 0 : 1)), 0);
    const first = parts.find((r) => r.status !== 'pass');
    const { exchanges: _e, requests: _r, failures: _f, durationMs: _d, message, ...rest } = first ?? parts[0]!;
    return {
      ...rest,
      status: first ? first.status : 'pass',
      ...(first && message !== undefined ? { message: `${failures} of ${requests} exchanges: ${message.replace(COUNTED, '')}` } : {}),
      exchanges: parts.flatMap((r) => (r.status === 'pass' ? [] : r.exchanges)).slice(0, KEPT_EXCHANGES),
      requests,
      failures,
      durationMs: parts.reduce((n, r) => n + r.durationMs, 0),
    };
  });
  const traffics: readonly OlderTraffic[] = inputs.map((i) => i.report.traffic);
  const byOperation = sumBy(traffics.map((t) => t.byOperation));
  const sum = (k: keyof Pick<Traffic, 'exchanges' | 'unvalidated' | 'unmatched' | 'throttled' | 'transportErrors'>) => traffics.reduce((n, t) => n + t[k], 0);
  const unique = (values: readonly string[]) => [...new Set(values.filter(Boolean))].join(', ');
  // Reports of older versions lack the categories: what they counted is judged or, of the transport errors, `other`.
  const judged = traffics.reduce((n, t) => n + (t.judged ?? Math.max(0, t.exchanges - t.unvalidated - t.unmatched - t.throttled - t.transportErrors)), 0);
  const noAnswer = Object.fromEntries(NO_ANSWER_WHYS.map((k) => [k, traffics.reduce((n, t) => n + (t.noAnswer?.[k] ?? (k === 'other' ? t.transportErrors : 0)), 0)])) as Record<NoAnswerWhy, number>;
  const traffic: Traffic = {
    listen: unique(traffics.map((t) => t.listen)),
    upstream: unique(traffics.map((t) => t.upstream)),
    exchanges: sum('exchanges'),
    maxBodyBytes: Math.max(...traffics.map((t) => t.maxBodyBytes)),
    unvalidated: sum('unvalidated'),
    unmatched: sum('unmatched'),
    throttled: sum('throttled'),
    transportErrors: sum('transportErrors'),
    judged,
    noAnswer,
    aborted: { beforeAnswer: traffics.reduce((n, t) => n + (t.aborted?.beforeAnswer ?? 0), 0), afterAnswer: traffics.reduce((n, t) => n + (t.aborted?.afterAnswer ?? 0), 0) },
    clientLeft: traffics.reduce((n, t) => n + (t.clientLeft ?? 0), 0),
    operations: operationCoverage(variant, byOperation),
    byOperation: Object.fromEntries([...byOperation].sort(([a], [b]) => a.localeCompare(b))),
  };
  const errors = inputs.flatMap((i) => i.report.errors.map((e) => `${i.name}: ${e}`));
  const established = establish(variant, results);
  const starts = inputs.map((i) => Date.parse(i.report.startedAt));
  const ends = inputs.map((i) => Date.parse(i.report.startedAt) + i.report.durationMs);
  const sources: Source[] = inputs.map((i) => ({ name: i.name, exchanges: i.report.traffic.exchanges, verdict: i.report.verdict }));
  return {
    schema: 'conform-report/1',
    tool: { name: 'conform', version: inputs[0]!.report.tool.version },
    variant,
    target: unique(inputs.map((i) => i.report.target)),
    embedded: false,
    seed: 0,
    prefix: '',
    strict,
    readOnly: false,
    only: [],
    startedAt: new Date(Math.min(...starts)).toISOString(),
    durationMs: Math.max(...ends) - Math.min(...starts),
    requests: traffic.exchanges,
    verdict: verdictOf({ results, errors, strict, established }),
    established,
    counts: countResults(results),
    coverage: trafficCoverage(variant, results),
    errors,
    requirements: requirementBasis(results),
    traffic,
    sources,
    results,
  };
}
