/** Failure lists, exit status, the summary table, failure details and proto-report.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROPERTIES } from './properties.ts';
import type { Hello } from './protocol.ts';
import type { PropertyResult } from './runner.ts';

/**
 * Parses a failure list: one property id per line, `#` starts a comment, blank lines are
 * ignored. Throws with the line number for an id that is not a property of the suite.
 */
export function parseFailureList(text: string, source = 'failure list'): Set<string> {
  const ids = new Set<string>();
  text.split(/\r?\n/).forEach((line, i) => {
    const id = line.replace(/#.*/, '').trim();
    if (!id) return;
    if (!PROPERTIES.some((p) => p.id === id)) {
      throw new Error(`${source}:${i + 1}: ${JSON.stringify(id)} is not a property (known: ${PROPERTIES.map((p) => p.id).join(', ')})`);
    }
    ids.add(id);
  });
  return ids;
}

/** Marks expected failures and listed properties that now pass. */
export function applyFailureList(results: PropertyResult[], listed: ReadonlySet<string>): void {
  for (const r of results) {
    if (!listed.has(r.id)) continue;
    if (r.status === 'fail' || r.status === 'warn') r.expectedFailure = true;
    else if (r.status === 'pass') r.unexpectedPass = true;
  }
}

/** True when the run must exit 1: an unexpected failure, or a listed failure that now passes. */
export function failed(results: readonly PropertyResult[]): boolean {
  return results.some((r) => (r.status === 'fail' && !r.expectedFailure) || r.unexpectedPass);
}

function pad(cells: string[][]): string {
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  return cells.map((row) => row.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

function statusText(r: PropertyResult): string {
  if (r.unexpectedPass) return 'PASS (listed as failing)';
  if (r.expectedFailure) return `${r.status} (expected)`;
  return r.status;
}

export function summaryTable(results: readonly PropertyResult[]): string {
  const rows = [['property', 'requirement', 'level', 'status', 'cases'], ...results.map((r) => [r.id, r.requirement, r.level, statusText(r), String(r.cases)])];
  const count = (s: string): number => results.filter((r) => r.status === s).length;
  return `${pad(rows)}\n\n${count('pass')} pass, ${count('fail')} fail, ${count('warn')} warn, ${count('skip')} skip`;
}

export function failureDetails(results: readonly PropertyResult[], reproduce: (r: PropertyResult) => string): string {
  const out: string[] = [];
  for (const r of results) {
    if (r.unexpectedPass) {
      out.push(`${r.id} [${r.requirement}, ${r.level}] passes but is listed in the failure list; remove it from the list.`);
      continue;
    }
    if (r.status !== 'fail' && r.status !== 'warn') continue;
    out.push(`${r.status.toUpperCase()} ${r.id} [${r.requirement}, ${r.level}]${r.expectedFailure ? ' (expected by the failure list)' : ''}`);
    out.push(`  ${r.title}`);
    if (r.message) out.push(`  ${r.message}`);
    if (r.counterexample) {
      out.push(`  counterexample: ${JSON.stringify(r.counterexample.value)}`);
      if (r.counterexample.hex !== undefined) out.push(`  bytes (hex): ${r.counterexample.hex || '(empty)'}`);
    }
    out.push(`  seed: ${r.seed}${r.path ? `  path: ${r.path}` : ''}`);
    out.push(`  reproduce: ${reproduce(r)}`);
  }
  return out.join('\n');
}

export interface ReportFile {
  /** The schema the run tested (file or documented format) and its root message. */
  readonly schema?: { readonly file: string; readonly rootMessage: string };
  readonly testee: { readonly name: string; readonly version: string; readonly ops: readonly string[]; readonly command: string };
  readonly seed: number;
  readonly runs: number;
  readonly properties: readonly {
    id: string;
    requirement: string;
    level: string;
    status: string;
    expectedFailure: boolean;
    unexpectedPass: boolean;
    cases: number;
    message?: string;
    counterexample: unknown;
    path?: string;
  }[];
}

export function writeReport(dir: string, hello: Hello, command: string, seed: number, runs: number, results: readonly PropertyResult[], info?: { schema: string; rootMessage: string }): string {
  const report: ReportFile = {
    ...(info ? { schema: { file: info.schema, rootMessage: info.rootMessage } } : {}),
    testee: { name: hello.name, version: hello.version, ops: hello.ops, command },
    seed,
    runs,
    properties: results.map((r) => ({
      id: r.id,
      requirement: r.requirement,
      level: r.level,
      status: r.status,
      expectedFailure: !!r.expectedFailure,
      unexpectedPass: !!r.unexpectedPass,
      cases: r.cases,
      ...(r.message ? { message: r.message } : {}),
      counterexample: r.counterexample ?? null,
      ...(r.path ? { path: r.path } : {}),
    })),
  };
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'proto-report.json');
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

/** Rows: properties; columns: testees. */
export function matrixTable(columns: readonly { name: string; results: readonly PropertyResult[] | null; note?: string }[]): string {
  const rows = [['property', 'requirement', 'level', ...columns.map((c) => c.name)]];
  for (const p of PROPERTIES) {
    const first = columns.find((c) => c.results)?.results?.find((r) => r.id === p.id);
    rows.push([
      p.id,
      p.requirement,
      first?.level ?? '',
      ...columns.map((c) => (c.results ? (c.results.find((r) => r.id === p.id)?.status ?? '-') : 'skip')),
    ]);
  }
  const notes = columns.filter((c) => c.note).map((c) => `${c.name}: ${c.note}`);
  return `${pad(rows)}${notes.length ? `\n\n${notes.join('\n')}` : ''}`;
}
