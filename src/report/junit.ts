/**
 * JUnit XML of a report, for CI test views: one testsuite per resource, one testcase per check named
 * by check and requirement ids.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { CheckResult } from '../check/result.ts';
import { oneLine } from './curl.ts';
import type { BaselineEntry, Report, ReportedResult } from './model.ts';
import { verdictLine, verdictWord } from './verdict.ts';

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
 * A blocked check is an `error` (it could not run) naming its root cause once; failures accepted by
 * the baseline, and checks their root cause's acceptance covers, are `skipped` (with the entry's
 * reason); run errors, a baseline that must be updated, an interrupted run and an incomplete or
 * no-violations verdict (traffic that did not establish every MUST requirement) are testcases of their own, so CI shows every reason a run did not pass.
 */
export function renderJUnit(report: Report): string {
  const byResource = new Map<string, ReportedResult[]>();
  for (const r of report.results) (byResource.get(r.resource) ?? byResource.set(r.resource, []).get(r.resource)!).push(r);
  const roots = new Map(report.results.filter((r) => r.blocks !== undefined).map((r) => [r.check, r]));
  const failing = (r: ReportedResult) => r.status === 'fail' && !r.baselined;
  const erring = (r: ReportedResult) => r.status === 'blocked' && !r.baselined;
  const skipped = (r: ReportedResult) => r.status === 'skip' || (r.baselined !== undefined && (r.status === 'fail' || r.status === 'blocked'));
  // The message attribute is one line (XML readers turn line breaks in attributes into spaces).
  const attr = (text: string) => x(oneLine(text));
  const blockedBy = (r: ReportedResult) => {
    const root = roots.get(r.blockedBy ?? '');
    return `blocked by root cause ${r.blockedBy ?? '?'}${root?.message ? `: ${root.message}` : ''}`;
  };
  const suites: Record<string, unknown>[] = [...byResource].map(([resource, results]) => ({
    '@_name': x(`conform ${report.variant}: ${resource}`),
    '@_tests': results.length,
    '@_failures': results.filter(failing).length,
    '@_errors': results.filter(erring).length,
    '@_skipped': results.filter(skipped).length,
    '@_time': (results.reduce((s, r) => s + r.durationMs, 0) / 1000).toFixed(3),
    testcase: results.map((r) => ({
      '@_classname': x(`${report.variant}.${resource}`),
      '@_name': x(`${r.check} [${r.requirements.join(' ')}]`),
      '@_time': (r.durationMs / 1000).toFixed(3),
      ...(failing(r)
        ? { failure: { '@_message': attr(r.message ?? 'failed'), '@_type': x(r.failedRequirement ?? r.requirements[0] ?? 'check'), '#text': x(detailText(r)) } }
        : {}),
      ...(erring(r) ? { error: { '@_message': attr(blockedBy(r)), '@_type': x(r.blockedBy ?? 'blocked') } } : {}),
      ...(r.baselined && (r.status === 'fail' || r.status === 'blocked')
        ? {
            skipped: { '@_message': attr(`known failure, accepted by the baseline (${entryName(r.baselined)}): ${r.baselined.reason}`) },
            'system-out': x(r.status === 'fail' ? `FAIL (baselined): ${detailText(r)}` : `BLOCKED (baselined): ${blockedBy(r)}`),
          }
        : {}),
      ...(r.status === 'skip' ? { skipped: { '@_message': attr(r.message ?? '') } } : {}),
      ...(r.blocks ? { 'system-out': x(`root cause: blocks ${r.blocks.length} checks: ${r.blocks.join(', ')}${(r.steps ?? []).map((s) => `\nstep ${s.id} (${s.blocks} checks): ${s.message}`).join('')}`) } : {}),
      ...(r.status === 'warn' ? { 'system-out': x(`WARN (${r.interpretation ? `rests on the reading ${r.interpretation}` : 'SHOULD'}): ${detailText(r)}${r.blocks ? `\nroot cause: blocks ${r.blocks.length} checks` : ''}`) } : {}),
    })),
  }));
  const extra: { name: string; message: string; text: string; as: 'failure' | 'skipped' }[] = [
    ...report.errors.map((e, i) => ({ name: `run error ${i + 1}`, message: e, text: e, as: 'failure' as const })),
    ...(report.baseline?.nowPassing ?? []).map(({ entry, checks }) => ({
      name: `baseline: ${entryName(entry)} now passes`,
      message: `listed in ${report.baseline!.file} as a known failure, but it passes: remove the entry (or run with --update-baseline)`,
      text: `passing: ${checks.join(', ')}`,
      as: 'failure' as const,
    })),
    ...(report.baseline?.expired ?? []).map(({ entry, checks }) => ({
      name: `baseline: ${entryName(entry)} expired`,
      message: `the entry in ${report.baseline!.file} expired on ${entry.expires}: fix the failure or extend the date`,
      text: checks.length ? `no longer accepted: ${checks.join(', ')}` : 'it accepts no failure of this run: remove it',
      as: 'failure' as const,
    })),
    ...(report.interrupted
      ? [{ name: `interrupted by ${report.interrupted.signal}`, message: `the run was interrupted by ${report.interrupted.signal}: ${report.interrupted.notRun.length} checks did not run`, text: report.interrupted.notRun.join('\n'), as: 'skipped' as const }]
      : []),
    ...(report.verdict === 'incomplete' || report.verdict === 'no-violations'
      ? [
          {
            name: `verdict: ${verdictWord(report.verdict)}`,
            message: verdictLine(report),
            text: (report.established?.notEstablished ?? []).map((g) => `${g.why}: ${g.requirements.join(' ')}`).join('\n'),
            as: 'skipped' as const,
          },
        ]
      : []),
  ];
  if (extra.length > 0) {
    suites.push({
      '@_name': `conform ${report.variant}: run`,
      '@_tests': extra.length,
      '@_failures': extra.filter((e) => e.as === 'failure').length,
      '@_errors': 0,
      '@_skipped': extra.filter((e) => e.as === 'skipped').length,
      '@_time': '0.000',
      testcase: extra.map((e) => ({
        '@_classname': `${report.variant}.run`,
        '@_name': x(e.name),
        '@_time': '0.000',
        ...(e.as === 'failure'
          ? { failure: { '@_message': attr(e.message), '@_type': 'run', '#text': x(e.text) } }
          : { skipped: { '@_message': attr(e.message) }, ...(e.text ? { 'system-out': x(e.text) } : {}) }),
      })),
    });
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml.build({
    testsuites: {
      '@_name': x(`conform check --variant ${report.variant}`),
      '@_tests': report.counts.total + extra.length,
      '@_failures': report.results.filter(failing).length + extra.filter((e) => e.as === 'failure').length,
      '@_errors': report.results.filter(erring).length,
      '@_skipped': report.results.filter(skipped).length + extra.filter((e) => e.as === 'skipped').length,
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
