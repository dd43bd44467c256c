/**
 * The run report as report.json records it (its JSON Schema is specs/report.schema.json), and how a
 * run's results become one: counts, coverage, root causes, the verdict. Every output is rendered from
 * this model (./html.ts, ./markdown.ts, ./badge.ts, ./junit.ts), never from live state.
 */
import type { Variant } from '../../specs/model/index.ts';
import { requirement, requirementsFor } from '../../specs/requirements/index.ts';
import type { Check, RootCause } from '../check/check.ts';
import type { CheckResult } from '../check/result.ts';

export const REPORT_SCHEMA = 'conform-report/1';

/**
 * conformant: every MUST requirement of the variant was established by a passing check of this run
 * (or its failure is accepted by the baseline), and nothing failed. non-conformant: a check failed at
 * the enforced level, the run had errors, or the baseline is out of date. incomplete: nothing failed,
 * but MUST requirements were not established (see `established`), or the run was interrupted.
 * no-violations: of traffic only (proxy, audit, merge): exchanges were judged and none broke a
 * requirement, but the traffic did not establish every MUST requirement of the variant, so it is no
 * certification; the report says how many it exercised.
 */
export type Verdict = 'conformant' | 'non-conformant' | 'incomplete' | 'no-violations';

/** Why a requirement was not established by a run (see src/report/verdict.ts, NOT_ESTABLISHED). */
export type NotEstablishedKind =
  | 'interrupted'
  | 'deadline'
  | 'blocked'
  | 'failed-other'
  | 'missing'
  | 'accounts'
  | 'source'
  | 'throttled'
  | 'rules'
  | 'skipped'
  | 'read-only'
  | 'only'
  | 'tier'
  | 'no-check'
  | 'not-exercised'
  | 'rerun';

/** Requirements of one level: how many this run established, how many it found broken or accepted broken. */
export interface LevelEstablished {
  readonly established: number;
  /** Failures accepted by the baseline (not established, not counted against the verdict). */
  readonly accepted: number;
  readonly broken: number;
  readonly total: number;
}

/** MUST requirements left unestablished for one reason, and the checks that left them so. */
export interface NotEstablishedGroup {
  readonly kind: NotEstablishedKind;
  /** The reason, in words. */
  readonly why: string;
  readonly requirements: readonly string[];
  readonly checks: readonly string[];
}

/**
 * What a run established, requirement by requirement. `variant`: measured against every requirement
 * of the variant (`conform check`); `traffic`: against what the traffic exercised (`conform proxy`).
 */
export interface Established {
  readonly scope: 'variant' | 'traffic';
  readonly must: LevelEstablished;
  readonly should: LevelEstablished;
  /** MUST requirements not established, grouped by why. */
  readonly notEstablished: readonly NotEstablishedGroup[];
}

/** A run stopped by a signal: its name, and the checks that did not run. */
export interface Interrupted {
  readonly signal: string;
  readonly notRun: readonly string[];
}

/** The accounts a run needs, by role, and how many of each the accounts file gave. */
export interface AccountsCheck {
  readonly roles: readonly { readonly role: string; readonly needed: number; readonly present: number }[];
}

/**
 * The catalogue's coverage of a variant: requirements at least one declared check proves, whatever a
 * run selected. What a run established is `Established`.
 */
export interface Coverage {
  /** Requirements of the variant with at least one check / all of them, by level. */
  readonly must: { readonly covered: number; readonly total: number };
  readonly should: { readonly covered: number; readonly total: number };
  readonly uncovered: readonly string[];
}

/** An entry of the baseline of known failures (see src/report/baseline.ts). */
export interface BaselineEntry {
  readonly check?: string;
  readonly requirement?: string;
  readonly reason: string;
  /** Last day (YYYY-MM-DD) the entry accepts failures. */
  readonly expires?: string;
}

/** A check result as report.json records it. */
export interface ReportedResult extends CheckResult {
  /**
   * The baseline entry that accepted this failure (or, for a blocked check, the failure of its root
   * cause): it does not fail the run.
   */
  readonly baselined?: BaselineEntry;
}

/** What the baseline did to a run. */
export interface BaselineOutcome {
  readonly file: string;
  readonly entries: number;
  /** Failures accepted by an unexpired entry. */
  readonly accepted: number;
  /** The file must be updated (an entry now passes, or has expired): the run fails. */
  readonly outdated: boolean;
  readonly nowPassing: readonly { readonly entry: BaselineEntry; readonly checks: readonly string[] }[];
  readonly expired: readonly { readonly entry: BaselineEntry; readonly checks: readonly string[] }[];
  /** Entries that named no check of this run. */
  readonly unused: readonly BaselineEntry[];
  /** --update-baseline rewrote the file. */
  readonly updated: boolean;
}

export interface Counts {
  readonly pass: number;
  readonly fail: number;
  readonly warn: number;
  readonly skip: number;
  /** Checks a failed set-up step kept from running (see the root-cause rows, `setup/*`). */
  readonly blocked: number;
  readonly total: number;
  /** Failures accepted by the baseline (a subset of fail); present when a baseline was given. */
  readonly baselined?: number;
}

export interface Report {
  readonly schema: typeof REPORT_SCHEMA;
  readonly tool: { readonly name: 'conform'; readonly version: string };
  readonly variant: Variant;
  readonly target: string;
  readonly embedded: boolean;
  /** The container image the target ran from (--image): its name and (once it started) its image id. */
  readonly image?: { readonly name: string; readonly digest?: string; readonly repoDigests?: readonly string[] };
  /** The deliberate violation switched on in the embedded server (--fault). */
  readonly fault?: string;
  readonly seed: number;
  /** Checks in flight at once (--concurrency); absent in reports of older versions. */
  readonly concurrency?: number;
  readonly prefix: string;
  readonly strict: boolean;
  readonly readOnly: boolean;
  readonly only: readonly string[];
  /** The account that performed the actions the document gives no level for (INT-levels). */
  readonly actor?: { readonly name: string; readonly role: string; readonly level: number };
  /** Legal variations switched on in the embedded reference server. */
  readonly variations?: readonly string[];
  /** Base URL of the checker's file server as the target was given it. */
  readonly sourceUrlBase?: string;
  /** The basis of each requirement the run's checks cite (see requirementBasis). */
  readonly requirements?: Readonly<Record<string, RequirementBasis>>;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly requests: number;
  /** Peak resident memory of the checking process (the suites run in its threads), in bytes. */
  readonly peakRssBytes?: number;
  readonly verdict: Verdict;
  /** What the run established (absent in reports of older versions). */
  readonly established?: Established;
  /** The run was stopped by SIGINT or SIGTERM. */
  readonly interrupted?: Interrupted;
  /** The accounts file checked against the roles the variant needs. */
  readonly accounts?: AccountsCheck;
  readonly counts: Counts;
  readonly coverage: Coverage;
  readonly errors: readonly string[];
  readonly baseline?: BaselineOutcome;
  /** `conform check --rerun-failed`: the earlier report whose failed checks this run reran. */
  readonly rerun?: Rerun;
  /** `conform merge` and `conform audit` of several files: the sources summed into this report. */
  readonly sources?: readonly Source[];
  readonly results: readonly ReportedResult[];
}

/** The report a --rerun-failed run took its checks from, and the checks it reran. */
export interface Rerun {
  readonly from: string;
  /** When the earlier run started (its `startedAt`). */
  readonly fromStartedAt: string;
  readonly checks: readonly string[];
}

/** One source of a merged report: a report file or a HAR file, and its share of the traffic. */
export interface Source {
  readonly name: string;
  readonly exchanges: number;
  readonly verdict?: Verdict;
  /** A HAR file that ended inside its entries (a recording cut short): what was recovered of it. */
  readonly cutShort?: string;
}

export interface RequirementBasis {
  readonly level: 'MUST' | 'SHOULD';
  readonly basis: 'text' | 'interpretation';
  /** Mutation coverage: distinct faults of the reference server that break it (each caught by a check). */
  readonly faults?: number;
  readonly quote?: string;
  readonly interpretations?: readonly string[];
}

/** The basis (text or interpretation) of every requirement the results cite. */
export function requirementBasis(results: readonly CheckResult[], faults?: ReadonlyMap<string, number>): Record<string, RequirementBasis> {
  const ids = [...new Set(results.flatMap((r) => [...r.requirements, ...(r.failedRequirement ? [r.failedRequirement] : [])]))].sort();
  return Object.fromEntries(
    ids.map((id) => {
      const r = requirement(id);
      return [id, { level: r.level, basis: r.basis, ...(faults ? { faults: faults.get(id) ?? 0 } : {}), ...(r.quote ? { quote: r.quote } : {}), ...(r.interpretations ? { interpretations: [...r.interpretations] } : {}) }];
    }),
  );
}

/** Requirement coverage of a variant by the declared checks (before selection). */
export function coverage(variant: Variant, checks: readonly Check[]): Coverage {
  const proven = new Set(checks.flatMap((c) => c.requirements));
  const reqs = requirementsFor(variant);
  const count = (level: 'MUST' | 'SHOULD') => {
    const of = reqs.filter((r) => r.level === level);
    return { covered: of.filter((r) => proven.has(r.id)).length, total: of.length };
  };
  return { must: count('MUST'), should: count('SHOULD'), uncovered: reqs.filter((r) => !proven.has(r.id)).map((r) => r.id) };
}

/**
 * Folds the root causes the blocked results carry into rows of their own, each listing the checks it
 * blocked; a blocked result keeps only the id of its row. Set-up steps that failed on the same defect of
 * the answers (one requirement, one reason: a body that is not JSON, a status outside the table, the same
 * refusal) are one row, `setup/<kind>+<kind>...`, listing the steps (`steps`); any other failed step is a
 * row of its own, `setup/<kind>`. A root row fails at the level of the requirement its set-up request broke.
 */
export function withRootCauses(results: readonly CheckResult[], strict: boolean): CheckResult[] {
  interface Group { roots: Map<string, { root: RootCause; blocks: string[] }>; level: CheckResult['level']; resource: string; requirements: readonly string[] }
  const groups = new Map<string, Group>();
  const keyOf = (root: RootCause) => (root.cause ? `cause:${root.requirement ?? ''}:${root.cause.reason}` : `step:${root.id}`);
  for (const r of results) {
    if (r.status !== 'blocked' || !r.root) continue;
    const key = keyOf(r.root);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { roots: new Map(), level: r.level, resource: r.resource, requirements: r.requirements }));
    const step = group.roots.get(r.root.id);
    if (step) step.blocks.push(r.check);
    else group.roots.set(r.root.id, { root: r.root, blocks: [r.check] });
  }
  // Each step's row id: its own, or its group's when the group has several steps.
  const rowOf = new Map<string, string>();
  const rows: CheckResult[] = [];
  for (const { roots, level: blockedLevel, resource, requirements } of groups.values()) {
    const steps = [...roots.values()].sort((a, b) => (a.root.id < b.root.id ? -1 : 1));
    const first = steps[0]!.root;
    const id = steps.length === 1 ? first.id : `setup/${steps.map((s) => s.root.id.replace(/^setup\//, '')).join('+')}`;
    for (const s of steps) rowOf.set(s.root.id, id);
    const root = steps.length === 1 ? first : steps.reduce((a, b) => (b.blocks.length > a.blocks.length ? b : a)).root;
    const cited = root.requirement ? [root.requirement] : requirements;
    const level = root.requirement ? requirement(root.requirement).level : blockedLevel;
    const status = level === 'MUST' || strict ? (root.interpretation && !strict ? 'warn' : 'fail') : 'warn';
    const blocks = steps.flatMap((s) => s.blocks);
    rows.push({
      check: id,
      fn: steps.length === 1 ? first.fn : 'set_up_steps_with_one_cause',
      description: steps.length === 1 ? first.description : `set-up: ${steps.length} steps that failed for one cause (${steps.map((s) => s.root.description.replace(/^set-up: /, '').replace(/, for the checks that need one$/, '')).join('; ')})`,
      requirements: cited,
      level,
      resource: root.operation ? root.operation.split('.')[0]! : resource,
      ...(root.operation && steps.length === 1 ? { operation: root.operation } : {}),
      status,
      message: steps.length === 1 ? first.message : `${root.cause!.reason}: ${steps.length} set-up steps failed on it (${steps.map((s) => s.root.id.replace(/^setup\//, '')).join(', ')})`,
      ...(root.expected !== undefined ? { expected: root.expected } : {}),
      ...(root.actual !== undefined ? { actual: root.actual } : {}),
      ...(root.interpretation ? { interpretation: root.interpretation } : {}),
      exchanges: steps.length === 1 ? first.exchanges : steps.flatMap((s) => s.root.exchanges.slice(0, 1)),
      requests: 0,
      durationMs: 0,
      blocks,
      ...(steps.length > 1 ? { steps: steps.map((s) => ({ id: s.root.id, description: s.root.description, message: s.root.message, blocks: s.blocks.length })) } : {}),
    });
  }
  const out: CheckResult[] = [];
  for (const r of results) {
    if (r.status !== 'blocked' || !r.root) {
      out.push(r);
      continue;
    }
    const { root, ...rest } = r;
    const row = rowOf.get(root.id)!;
    out.push(row === root.id ? rest : { ...rest, blockedBy: row, message: `blocked by ${row} (its step ${root.id}): ${root.message}` });
  }
  return [...out, ...rows];
}

export function countResults(results: readonly ReportedResult[], withBaseline = false): Counts {
  const counts = { pass: 0, fail: 0, warn: 0, skip: 0, blocked: 0, total: results.length };
  for (const r of results) counts[r.status]++;
  return withBaseline ? { ...counts, baselined: results.filter((r) => r.status === 'fail' && r.baselined).length } : counts;
}
