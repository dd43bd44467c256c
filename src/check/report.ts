/**
 * The run report: report.json (every other output is rendered from it; its JSON Schema is
 * specs/report.schema.json) and JUnit XML for CI.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Variant } from '../../specs/model/index.ts';
import { requirement, requirementsFor } from '../../specs/requirements/index.ts';
import type { Check, RootCause } from './check.ts';
import type { CheckResult } from './result.ts';

export const REPORT_SCHEMA = 'conform-report/1';

export type Verdict = 'conformant' | 'non-conformant';

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
  /** The baseline entry that accepted this failure: it does not fail the run. */
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
  /** The container image the target ran from (--image): its name and image id. */
  readonly image?: { readonly name: string; readonly digest: string; readonly repoDigests?: readonly string[] };
  /** The deliberate violation switched on in the embedded server (--fault). */
  readonly fault?: string;
  readonly seed: number;
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
  readonly counts: Counts;
  readonly coverage: Coverage;
  readonly errors: readonly string[];
  readonly baseline?: BaselineOutcome;
  readonly results: readonly ReportedResult[];
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
 * Non-conformant when a check failed (failures accepted by the baseline aside), a MUST check (or with
 * --strict any check) was blocked by a failed set-up step, or the run had errors.
 */
export function verdictOf(results: readonly ReportedResult[], errors: readonly string[], strict = false): Verdict {
  // A check blocked by a root cause that is itself only a warning (it rests on a reading) does not fail the run.
  const rootStatus = new Map(results.filter((r) => r.blocks).map((r) => [r.check, r.status]));
  const failing = (r: ReportedResult) =>
    (r.status === 'fail' && !r.baselined) || (r.status === 'blocked' && (strict || (r.level === 'MUST' && rootStatus.get(r.blockedBy ?? '') !== 'warn')));
  return results.some(failing) || errors.length > 0 ? 'non-conformant' : 'conformant';
}

/**
 * Folds the root causes the blocked results carry into rows of their own (`setup/<kind>`, one per
 * root, whichever suite met it first), each listing the checks it blocked; a blocked result keeps
 * only the id of its root. A root row fails at the level of the requirement its set-up request broke.
 */
export function withRootCauses(results: readonly CheckResult[], strict: boolean): CheckResult[] {
  const roots = new Map<string, { root: RootCause; blocks: string[]; level: CheckResult['level']; resource: string; requirements: readonly string[] }>();
  const out: CheckResult[] = [];
  for (const r of results) {
    if (r.status !== 'blocked' || !r.root) {
      out.push(r);
      continue;
    }
    const { root, ...rest } = r;
    const known = roots.get(root.id);
    if (known) known.blocks.push(r.check);
    else roots.set(root.id, { root, blocks: [r.check], level: r.level, resource: r.resource, requirements: r.requirements });
    out.push(rest);
  }
  for (const { root, blocks, level: blockedLevel, resource, requirements } of roots.values()) {
    const cited = root.requirement ? [root.requirement] : requirements;
    const level = root.requirement ? requirement(root.requirement).level : blockedLevel;
    const status = level === 'MUST' || strict ? (root.interpretation && !strict ? 'warn' : 'fail') : 'warn';
    out.push({
      check: root.id,
      fn: root.fn,
      description: root.description,
      requirements: cited,
      level,
      resource: root.operation ? root.operation.split('.')[0]! : resource,
      ...(root.operation ? { operation: root.operation } : {}),
      status,
      message: root.message,
      ...(root.expected !== undefined ? { expected: root.expected } : {}),
      ...(root.actual !== undefined ? { actual: root.actual } : {}),
      ...(root.interpretation ? { interpretation: root.interpretation } : {}),
      exchanges: root.exchanges,
      requests: 0,
      durationMs: 0,
      blocks,
    });
  }
  return out;
}


/** Does the run fail (exit 1)? A non-conformant verdict, or a baseline that must be updated. */
export function runFailed(report: Pick<Report, 'verdict' | 'baseline'>): boolean {
  return report.verdict === 'non-conformant' || report.baseline?.outdated === true;
}

export function countResults(results: readonly ReportedResult[], withBaseline = false): Counts {
  const counts = { pass: 0, fail: 0, warn: 0, skip: 0, blocked: 0, total: results.length };
  for (const r of results) counts[r.status]++;
  return withBaseline ? { ...counts, baselined: results.filter((r) => r.status === 'fail' && r.baselined).length } : counts;
}

const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });

/** Text from the target may hold characters XML 1.0 cannot carry at all: drop them. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const x = (text: string): string => text.replace(NOT_XML, '\uFFFD');

function entryName(e: BaselineEntry): string {
  return e.check !== undefined ? `check ${e.check}` : `requirement ${e.requirement ?? '?'}`;
}

/**
 * JUnit XML: one testsuite per resource, one testcase per check named by check and requirement ids.
 * Failures accepted by the baseline are `skipped` (with the entry's reason); run errors and a baseline
 * that must be updated are failing testcases of their own, so CI shows every reason a run failed.
 */
export function renderJUnit(report: Report): string {
  const byResource = new Map<string, ReportedResult[]>();
  for (const r of report.results) (byResource.get(r.resource) ?? byResource.set(r.resource, []).get(r.resource)!).push(r);
  const failing = (r: ReportedResult) => r.status === 'fail' && !r.baselined;
  const skipped = (r: ReportedResult) => r.status === 'skip' || r.status === 'blocked' || (r.status === 'fail' && r.baselined !== undefined);
  const suites: Record<string, unknown>[] = [...byResource].map(([resource, results]) => ({
    '@_name': x(`conform ${report.variant}: ${resource}`),
    '@_tests': results.length,
    '@_failures': results.filter(failing).length,
    '@_errors': 0,
    '@_skipped': results.filter(skipped).length,
    '@_time': (results.reduce((s, r) => s + r.durationMs, 0) / 1000).toFixed(3),
    testcase: results.map((r) => ({
      '@_classname': x(`${report.variant}.${resource}`),
      '@_name': x(`${r.check} [${r.requirements.join(' ')}]`),
      '@_time': (r.durationMs / 1000).toFixed(3),
      ...(failing(r)
        ? { failure: { '@_message': x(r.message ?? 'failed'), '@_type': x(r.failedRequirement ?? r.requirements[0] ?? 'check'), '#text': x(detailText(r)) } }
        : {}),
      ...(r.status === 'fail' && r.baselined
        ? {
            skipped: { '@_message': x(`known failure, accepted by the baseline (${entryName(r.baselined)}): ${r.baselined.reason}`) },
            'system-out': x(`FAIL (baselined): ${detailText(r)}`),
          }
        : {}),
      ...(r.status === 'skip' ? { skipped: { '@_message': x(r.message ?? '') } } : {}),
      ...(r.status === 'blocked' ? { skipped: { '@_message': x(`blocked by root cause ${r.blockedBy ?? '?'}: ${r.message ?? ''}`) } } : {}),
      ...(r.blocks ? { 'system-out': x(`root cause: blocks ${r.blocks.length} checks: ${r.blocks.join(', ')}`) } : {}),
      ...(r.status === 'warn' ? { 'system-out': x(`WARN (${r.interpretation ? `rests on the reading ${r.interpretation}` : 'SHOULD'}): ${detailText(r)}${r.blocks ? `\nroot cause: blocks ${r.blocks.length} checks` : ''}`) } : {}),
    })),
  }));
  const extra: { name: string; message: string; text: string }[] = [
    ...report.errors.map((e, i) => ({ name: `run error ${i + 1}`, message: e, text: e })),
    ...(report.baseline?.nowPassing ?? []).map(({ entry, checks }) => ({
      name: `baseline: ${entryName(entry)} now passes`,
      message: `listed in ${report.baseline!.file} as a known failure, but it passes: remove the entry (or run with --update-baseline)`,
      text: `passing: ${checks.join(', ')}`,
    })),
    ...(report.baseline?.expired ?? []).map(({ entry, checks }) => ({
      name: `baseline: ${entryName(entry)} expired`,
      message: `the entry in ${report.baseline!.file} expired on ${entry.expires}: fix the failure or extend the date`,
      text: checks.length ? `no longer accepted: ${checks.join(', ')}` : 'it accepts no failure of this run: remove it',
    })),
  ];
  if (extra.length > 0) {
    suites.push({
      '@_name': `conform ${report.variant}: run`,
      '@_tests': extra.length,
      '@_failures': extra.length,
      '@_errors': 0,
      '@_skipped': 0,
      '@_time': '0.000',
      testcase: extra.map((e) => ({
        '@_classname': `${report.variant}.run`,
        '@_name': x(e.name),
        '@_time': '0.000',
        failure: { '@_message': x(e.message), '@_type': 'run', '#text': x(e.text) },
      })),
    });
  }
  const failures = report.results.filter(failing).length + extra.length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml.build({
    testsuites: {
      '@_name': x(`conform check --variant ${report.variant}`),
      '@_tests': report.counts.total + extra.length,
      '@_failures': failures,
      '@_errors': 0,
      '@_skipped': report.results.filter(skipped).length,
      '@_time': (report.durationMs / 1000).toFixed(3),
      testsuite: suites,
    },
  })}`;
}

function detailText(r: CheckResult): string {
  const last = r.exchanges.at(-1);
  return [
    r.message,
    r.expected !== undefined ? `expected: ${r.expected}` : '',
    r.actual !== undefined ? `actual: ${r.actual}` : '',
    last ? `${last.request.method} ${last.request.url} -> ${last.response?.status ?? last.error}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The files a run writes in its report directory, in the order they are printed. */
export const REPORT_FILES = ['report.json', 'junit.xml', 'report.html', 'summary.md', 'badge.svg'] as const;

/** Writes report.json and every output rendered from it; returns their paths. */
export async function writeReport(dir: string, report: Report): Promise<string[]> {
  const [{ renderHtml }, { renderMarkdown }, { renderBadge }] = await Promise.all([
    import('../report/html.ts'),
    import('../report/markdown.ts'),
    import('../report/badge.ts'),
  ]);
  // Every output is rendered from report.json as written, never from live state.
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const written = JSON.parse(json) as Report;
  const contents: Record<(typeof REPORT_FILES)[number], string> = {
    'report.json': json,
    'junit.xml': renderJUnit(written),
    'report.html': renderHtml(written),
    'summary.md': renderMarkdown(written),
    'badge.svg': renderBadge(written),
  };
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const name of REPORT_FILES) {
    const file = join(dir, name);
    await writeFile(file, contents[name]);
    files.push(file);
  }
  return files;
}
