/**
 * What a run established, and its verdict.
 *
 * A requirement of the variant is established by a run when every check of the certification that
 * proves it ran to the end and passed (a MUST check that warns on a reading of the interpretations
 * register counts: the document's text allows what the target did). It is broken when a check found
 * it broken, accepted when the only such failures are accepted by the baseline, and otherwise not
 * established, for the first reason NOT_ESTABLISHED names.
 *
 * The verdict: non-conformant when a check failed at the enforced level, the run had errors, or the
 * baseline is out of date; incomplete when nothing failed but a MUST requirement was not established
 * or the run was interrupted; conformant otherwise. Traffic (`conform proxy`, `audit`, `merge`: scope
 * `traffic`) is measured against the same requirements, but says what it showed: incomplete when
 * nothing at all was judged, conformant only when it established every MUST requirement of the
 * variant, and otherwise `no-violations`, with how many it exercised (never the bare CONFORMANT).
 */
import type { Level, Variant } from '../../specs/model/index.ts';
import { requirementsFor } from '../../specs/requirements/index.ts';
import type { BaselineOutcome, Established, Interrupted, LevelEstablished, NotEstablishedGroup, NotEstablishedKind, ReportedResult, Verdict } from './model.ts';
import { EXIT } from '../errors.ts';
import { brokenRequirements } from './status.ts';

/** A check a full certification of the variant runs, and why this run left it out (if it did). */
export interface PlannedCheck {
  readonly id: string;
  readonly requirements: readonly string[];
  /** --only did not select it; --read-only left it out; its opt-in tier (quota) was not asked for. */
  readonly left?: 'only' | 'read-only' | 'tier' | 'rerun';
}

/**
 * Why requirements were not established, in the order a requirement with several reasons is
 * attributed: the run's own limits first, then what happened on the target, then the selection.
 */
export const NOT_ESTABLISHED: Readonly<Record<NotEstablishedKind, string>> = {
  interrupted: 'not run: the run was interrupted',
  deadline: 'not run: the run reached its --deadline first',
  blocked: 'blocked: a set-up step their checks need failed',
  'failed-other': 'a check proving them failed on another requirement',
  missing: 'no result: their checks did not report (see the run errors)',
  accounts: 'skipped: the accounts file lacks an account their checks need',
  source: "skipped: the target did not fetch the checker's source URL (an SSRF guard, or no route to the file server: --source-host, --source-url-base)",
  throttled: 'skipped: the target was still throttling when the wait budget ran out',
  rules: 'skipped: the target refused a create by a rule of its own that the document does not list (INT-business-rules; each says which): accounts that meet it (older, more privileged, not yet at a daily limit) establish them',
  skipped: 'skipped: their checks could not be made non-vacuous on this target (each says why)',
  'read-only': 'left out by --read-only: their checks send POST, PUT or DELETE',
  only: 'left out by --only',
  tier: 'left out: an opt-in tier that was not asked for (--include-quota)',
  'no-check': 'no check of the catalogue proves them',
  'not-exercised': 'not exercised by the traffic',
  rerun: 'not rerun: --rerun-failed reran only the failed checks of an earlier report',
};

const ORDER = Object.keys(NOT_ESTABLISHED) as NotEstablishedKind[];
const SELECTION: ReadonlySet<NotEstablishedKind> = new Set(['only', 'read-only', 'tier', 'rerun']);
/** Requirements a run did not set out to establish: they leave its verdict alone. */
const OUT_OF_SCOPE: ReadonlySet<NotEstablishedKind> = new Set(['not-exercised', 'rerun']);

/**
 * Why a skipped check did not establish its requirements, from its reason. The checks say it in
 * words; these are the causes a user can act on.
 */
export function skipKind(r: Pick<ReportedResult, 'message' | 'notRun'>): NotEstablishedKind {
  if (r.notRun) return r.notRun;
  const m = r.message ?? '';
  if (/^throttled:/.test(m)) return 'throttled';
  if (/INT-source-download|file server for source downloads/.test(m)) return 'source';
  if (/INT-business-rules/.test(m)) return 'rules';
  if (/accounts file|accounts are needed|(second|another|higher-level) account|accounts besides/i.test(m)) return 'accounts';
  return 'skipped';
}

type State = { readonly kind: 'established' | 'broken' | 'accepted' } | { readonly kind: 'not'; readonly why: NotEstablishedKind; readonly checks: readonly string[] };

/** What one check of the plan leaves its requirements at: undefined when it establishes them. */
function checkState(r: ReportedResult | undefined, left: PlannedCheck['left']): NotEstablishedKind | 'accepted' | undefined {
  if (left) return left;
  if (!r) return 'missing';
  switch (r.status) {
    case 'pass':
      return undefined;
    case 'warn':
      // A MUST check warns only on a reading of the register: the text allows what the target did. (A
      // SHOULD warning breaks its requirement: see establish.)
      return r.level === 'MUST' ? undefined : 'failed-other';
    case 'fail':
      // A failure the baseline accepts is accepted for every requirement its check proves.
      return r.baselined ? 'accepted' : 'failed-other';
    case 'blocked':
      return r.baselined ? 'accepted' : 'blocked';
    case 'skip':
      return skipKind(r);
  }
}

/**
 * What a run established. `plan`: the checks of a full certification of the variant (scope
 * `variant`); without it, the run's own results are the plan (scope `traffic`).
 */
export function establish(variant: Variant, results: readonly ReportedResult[], plan?: readonly PlannedCheck[], interrupted?: Interrupted): Established {
  const byCheck = new Map(results.map((r) => [r.check, r]));
  const planned = plan ?? results.filter((r) => r.blocks === undefined).map((r) => ({ id: r.check, requirements: r.requirements }));
  const proving = new Map<string, PlannedCheck[]>();
  for (const c of planned) for (const id of c.requirements) (proving.get(id) ?? proving.set(id, []).get(id)!).push(c);
  const states = new Map<string, State>();
  const reqs = requirementsFor(variant);
  for (const req of reqs) {
    const broke = results.filter((r) => (r.status === 'fail' || (r.status === 'warn' && req.level === 'SHOULD')) && brokenRequirements(r).includes(req.id));
    if (broke.some((r) => !(r.status === 'fail' && r.baselined))) {
      states.set(req.id, { kind: 'broken' });
      continue;
    }
    const checks = proving.get(req.id) ?? [];
    if (checks.length === 0) {
      states.set(req.id, { kind: 'not', why: plan ? 'no-check' : 'not-exercised', checks: [] });
      continue;
    }
    const per = checks.map((c) => ({ id: c.id, state: checkState(byCheck.get(c.id), c.left) }));
    if (broke.length > 0 || per.some((p) => p.state === 'accepted')) {
      states.set(req.id, { kind: 'accepted' });
      continue;
    }
    const open = per.filter((p): p is { id: string; state: NotEstablishedKind } => p.state !== undefined && p.state !== 'accepted');
    if (open.length === 0) {
      states.set(req.id, { kind: 'established' });
      continue;
    }
    const why = ORDER.find((k) => open.some((p) => p.state === k))!;
    // Checks a selection left out are the selection itself, not worth listing one by one.
    states.set(req.id, { kind: 'not', why, checks: SELECTION.has(why) ? [] : open.filter((p) => p.state === why).map((p) => p.id) });
  }
  const count = (level: Level): LevelEstablished => {
    const of = reqs.filter((r) => r.level === level).map((r) => states.get(r.id)!);
    return {
      established: of.filter((s) => s.kind === 'established').length,
      accepted: of.filter((s) => s.kind === 'accepted').length,
      broken: of.filter((s) => s.kind === 'broken').length,
      total: of.length,
    };
  };
  const groups = new Map<NotEstablishedKind, { requirements: string[]; checks: Set<string> }>();
  for (const req of reqs.filter((r) => r.level === 'MUST')) {
    const s = states.get(req.id)!;
    if (s.kind !== 'not') continue;
    const g = groups.get(s.why) ?? groups.set(s.why, { requirements: [], checks: new Set() }).get(s.why)!;
    g.requirements.push(req.id);
    for (const c of s.checks) g.checks.add(c);
  }
  const notEstablished: NotEstablishedGroup[] = ORDER.filter((k) => groups.has(k)).map((kind) => ({
    kind,
    why: kind === 'interrupted' && interrupted ? `${NOT_ESTABLISHED.interrupted} (${interrupted.signal})` : NOT_ESTABLISHED[kind],
    requirements: groups.get(kind)!.requirements,
    checks: [...groups.get(kind)!.checks].sort(),
  }));
  return { scope: plan ? 'variant' : 'traffic', must: count('MUST'), should: count('SHOULD'), notEstablished };
}

/** MUST requirements the verdict counts as not established: all of them, or for traffic none but "nothing judged". */
function unestablished(e: Established): number {
  return e.notEstablished.filter((g) => !OUT_OF_SCOPE.has(g.kind)).reduce((n, g) => n + g.requirements.length, 0);
}

export interface VerdictInput {
  readonly results: readonly ReportedResult[];
  readonly errors: readonly string[];
  readonly strict: boolean;
  readonly established: Established;
  readonly baseline?: Pick<BaselineOutcome, 'outdated'>;
  readonly interrupted?: Interrupted;
}

/** Does a result fail the run? A failure (unless accepted), or a blocked check whose root cause fails it. */
export function failsRun(r: ReportedResult, rootStatus: ReadonlyMap<string, ReportedResult['status']>, strict: boolean): boolean {
  if (r.baselined) return false;
  if (r.status === 'fail') return true;
  // A check blocked by a root cause that is itself only a warning (it rests on a reading) fails nothing by itself.
  return r.status === 'blocked' && (strict || (r.level === 'MUST' && rootStatus.get(r.blockedBy ?? '') !== 'warn'));
}

/** Every MUST requirement of the variant established (or accepted broken by the baseline). */
function everyMust(e: Established): boolean {
  return e.must.established + e.must.accepted === e.must.total;
}

export function verdictOf(input: VerdictInput): Verdict {
  // Traffic that gave nothing to judge (none at all, or an upstream that never answered): no verdict.
  if (input.established.scope === 'traffic' && input.results.length === 0) return 'incomplete';
  const rootStatus = new Map(input.results.filter((r) => r.blocks).map((r) => [r.check, r.status]));
  if (input.results.some((r) => failsRun(r, rootStatus, input.strict)) || input.errors.length > 0 || input.baseline?.outdated) return 'non-conformant';
  if (input.interrupted) return 'incomplete';
  // Traffic shows what it exercised: a certification only when that is every MUST requirement.
  if (input.established.scope === 'traffic') return everyMust(input.established) ? 'conformant' : 'no-violations';
  return unestablished(input.established) > 0 ? 'incomplete' : 'conformant';
}

/** The verdict and the reasons behind it, in one line: `INCOMPLETE: 12 of 211 MUST requirements not established (...)`. */
export function verdictLine(report: {
  readonly verdict: Verdict;
  readonly established?: Established;
  readonly interrupted?: Interrupted;
  readonly baseline?: Pick<BaselineOutcome, 'outdated' | 'accepted'>;
  readonly counts: { readonly fail: number; readonly baselined?: number; readonly blocked: number };
  readonly errors: readonly string[];
}): string {
  const e = report.established;
  const word = verdictWord(report.verdict);
  if (report.verdict === 'non-conformant') {
    const why = [
      report.counts.fail - (report.counts.baselined ?? 0) > 0 ? `${report.counts.fail - (report.counts.baselined ?? 0)} failed` : '',
      report.counts.blocked > 0 ? `${report.counts.blocked} blocked` : '',
      report.errors.length > 0 ? `${report.errors.length} run ${report.errors.length === 1 ? 'error' : 'errors'}` : '',
      report.baseline?.outdated ? 'the baseline is out of date' : '',
      e && e.must.broken > 0 ? `${e.must.broken} MUST ${e.must.broken === 1 ? 'requirement' : 'requirements'} broken` : '',
    ].filter(Boolean);
    return `${word}${why.length ? ` (${why.join(', ')})` : ''}`;
  }
  const accepted = e && e.must.accepted > 0 ? `; ${e.must.accepted} MUST ${e.must.accepted === 1 ? 'requirement' : 'requirements'} broken, accepted by the baseline` : '';
  if (report.verdict === 'no-violations') {
    const exercised = e ? e.must.established + e.must.accepted : 0;
    return `${word}${e ? ` (${exercised} of ${e.must.total} MUST requirements exercised by the traffic, none broken${accepted}; the other ${e.must.total - exercised} were not: no certification of the variant)` : ''}`;
  }
  if (report.verdict === 'conformant') {
    if (e?.scope === 'traffic') return `${word} (the traffic established all ${e.must.total} MUST requirements; none broken${accepted})`;
    if (e?.notEstablished.some((g) => g.kind === 'rerun')) return `${word} (the rerun established ${e.must.established} of ${e.must.total} MUST requirements; none broken${accepted})`;
    return `${word}${e ? ` (all ${e.must.total} MUST requirements established${accepted})` : ''}`;
  }
  const n = e ? unestablished(e) : 0;
  const parts = [
    ...(report.interrupted ? [`interrupted by ${report.interrupted.signal}, ${report.interrupted.notRun.length} checks not run`] : []),
    ...(e && e.scope === 'traffic' && n === 0 && !report.interrupted ? ['no exchange was judged'] : []),
    ...(n > 0 ? [`${n} of ${e!.must.total} MUST requirements not established: ${e!.notEstablished.filter((g) => !OUT_OF_SCOPE.has(g.kind)).map((g) => `${g.requirements.length} ${g.why}`).join('; ')}`] : []),
  ];
  return `${word}${parts.length ? `: ${parts.join('; ')}` : ''}${accepted}`;
}

/**
 * The closing lines of a command that judged something (check, audit, merge, proxy): the verdict, any
 * lines `between`, then the report files written, one per line, and an empty line.
 */
export function closingLines(report: Parameters<typeof verdictLine>[0], files: readonly string[], between: readonly string[] = []): string[] {
  return [`verdict: ${verdictLine(report)}`, ...between, 'report:', ...files.map((f) => `  ${f}`), ''];
}

/** "MUST 208/211, SHOULD 30/34 established by this run" (the traffic, for a proxy). */
export function establishedLine(e: Established): string {
  const level = (name: string, l: LevelEstablished) => `${name} ${l.established}/${l.total}${l.accepted ? ` (+${l.accepted} accepted broken)` : ''}`;
  return `requirements established by ${e.scope === 'traffic' ? 'the traffic' : 'this run'}: ${level('MUST', e.must)}, ${level('SHOULD', e.should)}`;
}

/**
 * The exit code of a verdict: 0 conformant, 1 non-conformant, 3 incomplete (see EXIT); no-violations
 * (traffic) 0, or 3 when `requireCoverage` (--require-coverage) asks for every MUST requirement.
 */
export function exitCodeOf(verdict: Verdict, requireCoverage = false): number {
  if (verdict === 'no-violations') return requireCoverage ? EXIT.incomplete : EXIT.ok;
  return verdict === 'conformant' ? EXIT.ok : verdict === 'incomplete' ? EXIT.incomplete : EXIT.fail;
}

/** The verdict as reports print it: CONFORMANT, NON-CONFORMANT, INCOMPLETE, NO VIOLATIONS. */
export function verdictWord(verdict: Verdict): string {
  return verdict === 'no-violations' ? 'NO VIOLATIONS' : verdict.toUpperCase();
}
