/**
 * The run report: report.json (every other output is rendered from it) and JUnit XML for CI.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Variant } from '../../specs/model/index.ts';
import { requirementsFor } from '../../specs/requirements/index.ts';
import type { Check } from './check.ts';
import type { CheckResult } from './result.ts';

export const REPORT_SCHEMA = 'conform-report/1';

export type Verdict = 'conformant' | 'non-conformant';

export interface Coverage {
  /** Requirements of the variant with at least one check / all of them, by level. */
  readonly must: { readonly covered: number; readonly total: number };
  readonly should: { readonly covered: number; readonly total: number };
  readonly uncovered: readonly string[];
}

export interface Report {
  readonly schema: typeof REPORT_SCHEMA;
  readonly tool: { readonly name: 'conform'; readonly version: string };
  readonly variant: Variant;
  readonly target: string;
  readonly embedded: boolean;
  readonly seed: number;
  readonly prefix: string;
  readonly strict: boolean;
  readonly readOnly: boolean;
  readonly only: readonly string[];
  readonly startedAt: string;
  readonly durationMs: number;
  readonly requests: number;
  readonly verdict: Verdict;
  readonly counts: { readonly pass: number; readonly fail: number; readonly warn: number; readonly skip: number; readonly total: number };
  readonly coverage: Coverage;
  readonly errors: readonly string[];
  readonly results: readonly CheckResult[];
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

export function verdictOf(results: readonly CheckResult[], errors: readonly string[]): Verdict {
  return results.some((r) => r.status === 'fail') || errors.length > 0 ? 'non-conformant' : 'conformant';
}

export function countResults(results: readonly CheckResult[]): Report['counts'] {
  const counts = { pass: 0, fail: 0, warn: 0, skip: 0, total: results.length };
  for (const r of results) counts[r.status]++;
  return counts;
}

const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });

export function renderJUnit(report: Report): string {
  const byResource = new Map<string, CheckResult[]>();
  for (const r of report.results) (byResource.get(r.resource) ?? byResource.set(r.resource, []).get(r.resource)!).push(r);
  const suites = [...byResource].map(([resource, results]) => ({
    '@_name': `conform ${report.variant}: ${resource}`,
    '@_tests': results.length,
    '@_failures': results.filter((r) => r.status === 'fail').length,
    '@_skipped': results.filter((r) => r.status === 'skip').length,
    '@_time': (results.reduce((s, r) => s + r.durationMs, 0) / 1000).toFixed(3),
    testcase: results.map((r) => ({
      '@_classname': `${report.variant}.${resource}`,
      '@_name': `${r.check} [${r.requirements.join(' ')}]`,
      '@_time': (r.durationMs / 1000).toFixed(3),
      ...(r.status === 'fail'
        ? { failure: { '@_message': r.message ?? 'failed', '@_type': r.failedRequirement ?? r.requirements[0] ?? 'check', '#text': detailText(r) } }
        : {}),
      ...(r.status === 'skip' ? { skipped: { '@_message': r.message ?? '' } } : {}),
      ...(r.status === 'warn' ? { 'system-out': `WARN (SHOULD): ${detailText(r)}` } : {}),
    })),
  }));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml.build({
    testsuites: {
      '@_name': `conform check --variant ${report.variant}`,
      '@_tests': report.counts.total,
      '@_failures': report.counts.fail,
      '@_skipped': report.counts.skip,
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

export async function writeReport(dir: string, report: Report): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files = [join(dir, 'report.json'), join(dir, 'junit.xml')];
  await writeFile(files[0]!, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(files[1]!, renderJUnit(report));
  return files;
}
