/**
 * CI files of a `conform proto` run, like those of `conform check`: `junit.xml` with one
 * testcase per property and testee (the requirement id in its name) and `summary.md` with the
 * matrix of properties by testees.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLBuilder } from 'fast-xml-parser';
import { PROPERTIES } from './properties.ts';
import type { PropertyResult } from './runner.ts';

export interface ReportColumn {
  /** Testee name (protobufjs, bufbuild, ... or the name a testee program gives in hello). */
  readonly name: string;
  /** null when the testee did not run. */
  readonly results: readonly PropertyResult[] | null;
  readonly note?: string;
}

export interface RunInfo {
  /** The schema tested: a file path or the documented format. */
  readonly schema: string;
  readonly rootMessage: string;
  readonly seed: number;
  readonly runs: number;
}

const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const x = (text: string): string => text.replace(NOT_XML, '\uFFFD');

function failing(r: PropertyResult): boolean {
  return (r.status === 'fail' && !r.expectedFailure) || !!r.unexpectedPass;
}

function detail(r: PropertyResult): string {
  return [
    r.message ?? '',
    r.counterexample ? `counterexample: ${JSON.stringify(r.counterexample.value)}` : '',
    r.counterexample?.hex !== undefined ? `bytes (hex): ${r.counterexample.hex || '(empty)'}` : '',
    `seed: ${r.seed}${r.path ? `  path: ${r.path}` : ''}`,
  ]
    .filter(Boolean)
    .join('\n');
}

export function renderProtoJUnit(info: RunInfo, columns: readonly ReportColumn[]): string {
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  let ms = 0;
  const suites = columns.map((c) => {
    const results = c.results ?? [];
    const cases = c.results
      ? results.map((r) => {
          const body: Record<string, unknown> = {
            '@_classname': x(`proto.${c.name}`),
            '@_name': x(`${r.id} [${r.requirement}] (${c.name})`),
            '@_time': (r.ms / 1000).toFixed(3),
          };
          if (failing(r)) {
            body.failure = {
              '@_message': x(r.unexpectedPass ? 'passes but is listed in the failure list' : (r.message ?? 'failed')),
              '@_type': r.requirement,
              '#text': x(detail(r)),
            };
          } else if (r.status === 'skip') body.skipped = { '@_message': x(r.message ?? '') };
          else if (r.status === 'fail' || r.status === 'warn') body['system-out'] = x(`${r.status.toUpperCase()}${r.expectedFailure ? ' (expected by the failure list)' : ` (${r.level})`}: ${detail(r)}`);
          return body;
        })
      : PROPERTIES.map((p) => ({
          '@_classname': x(`proto.${c.name}`),
          '@_name': x(`${p.id} [${p.requirement}] (${c.name})`),
          '@_time': '0.000',
          skipped: { '@_message': x(c.note ?? 'the testee did not run') },
        }));
    const suiteFailures = results.filter(failing).length;
    const suiteSkipped = c.results ? results.filter((r) => r.status === 'skip').length : cases.length;
    const suiteMs = results.reduce((s, r) => s + r.ms, 0);
    tests += cases.length;
    failures += suiteFailures;
    skipped += suiteSkipped;
    ms += suiteMs;
    return {
      '@_name': x(`conform proto: ${c.name}`),
      '@_tests': cases.length,
      '@_failures': suiteFailures,
      '@_errors': 0,
      '@_skipped': suiteSkipped,
      '@_time': (suiteMs / 1000).toFixed(3),
      testcase: cases,
    };
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml.build({
    testsuites: {
      '@_name': x(`conform proto (${info.schema}, root ${info.rootMessage}, seed ${info.seed}, runs ${info.runs})`),
      '@_tests': tests,
      '@_failures': failures,
      '@_errors': 0,
      '@_skipped': skipped,
      '@_time': (ms / 1000).toFixed(3),
      testsuite: suites,
    },
  })}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function statusCell(r: PropertyResult | undefined): string {
  if (!r) return '-';
  if (r.unexpectedPass) return 'PASS (listed as failing)';
  if (r.expectedFailure) return `${r.status} (expected)`;
  return r.status === 'fail' ? '**fail**' : r.status;
}

export function renderProtoSummary(info: RunInfo, columns: readonly ReportColumn[]): string {
  const bad = columns.flatMap((c) => (c.results ?? []).filter(failing).map((r) => ({ c, r })));
  const lines = [
    `# conform proto: ${bad.length ? 'FAIL' : 'PASS'}`,
    '',
    `Schema: \`${info.schema}\`, root message \`${info.rootMessage}\`; seed ${info.seed}, ${info.runs} cases per property.`,
    '',
    `| property | requirement | level | ${columns.map((c) => cell(c.name)).join(' | ')} |`,
    `|---|---|---|${columns.map(() => '---|').join('')}`,
  ];
  for (const p of PROPERTIES) {
    const level = columns.flatMap((c) => c.results ?? []).find((r) => r.id === p.id)?.level ?? '';
    lines.push(`| ${p.id} | ${p.requirement} | ${level} | ${columns.map((c) => (c.results ? statusCell(c.results.find((r) => r.id === p.id)) : 'skip')).join(' | ')} |`);
  }
  const notes = columns.filter((c) => c.note);
  if (notes.length) lines.push('', ...notes.map((c) => `- ${cell(c.name)}: ${cell(c.note!)}`));
  if (bad.length) {
    lines.push('', '## Failures', '');
    for (const { c, r } of bad) lines.push(`- **${cell(c.name)}: ${r.id}** [${r.requirement}]: ${cell(r.unexpectedPass ? 'passes but is listed in the failure list' : (r.message ?? 'failed'))} (seed ${r.seed}${r.path ? `, path ${r.path}` : ''})`);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes DIR/junit.xml and DIR/summary.md; returns their paths. */
export function writeCiReports(dir: string, info: RunInfo, columns: readonly ReportColumn[]): string[] {
  mkdirSync(dir, { recursive: true });
  const junit = join(dir, 'junit.xml');
  const summary = join(dir, 'summary.md');
  writeFileSync(junit, renderProtoJUnit(info, columns));
  writeFileSync(summary, renderProtoSummary(info, columns));
  return [junit, summary];
}
