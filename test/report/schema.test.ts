import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.ts';
import { readReportFile, reportErrors, reportSchema } from '../../src/report/schema.ts';
import { makeReport, result } from './fixture.ts';

/** Every schema under `properties` must say what it is. */
function undocumented(node: unknown, path: string, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n, i) => undocumented(n, `${path}[${i}]`, out));
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.properties && typeof o.properties === 'object') {
      for (const [name, prop] of Object.entries(o.properties as Record<string, Record<string, unknown>>)) {
        if (typeof prop.description !== 'string' || prop.description.length < 3) out.push(`${path}.properties.${name}`);
      }
    }
    for (const [k, v] of Object.entries(o)) undocumented(v, `${path}.${k}`, out);
  }
  return out;
}

describe('report.json schema (specs/report.schema.json)', () => {
  it('is draft 2020-12, names version 1, and documents every property', () => {
    const schema = reportSchema();
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toMatch(/report-schema:1$/);
    expect((schema.properties as Record<string, { const?: string }>).schema!.const).toBe('conform-report/1');
    expect(typeof schema.description).toBe('string');
    expect(undocumented(schema, '#')).toEqual([]);
  });

  it('accepts a report with every status and a baseline; rejects a broken one, saying where', () => {
    expect(reportErrors(makeReport())).toEqual([]);
    const noBaseline = makeReport();
    delete (noBaseline as { baseline?: unknown }).baseline;
    expect(reportErrors(noBaseline)).toEqual([]);
    const bad = JSON.parse(JSON.stringify(makeReport()));
    bad.results[1].status = 'broken';
    bad.counts.pass = -1;
    bad.extra = true;
    const errors = reportErrors(bad);
    expect(errors.join('\n')).toMatch(/\/results\/1\/status/);
    expect(errors.join('\n')).toMatch(/\/counts\/pass/);
    expect(errors.join('\n')).toMatch(/extra/);
  });

  it('accepts an INCOMPLETE report with what it established, an interruption, the accounts and not-run checks', () => {
    const report = makeReport([result('a', 'pass'), result('b', 'skip', { notRun: 'interrupted', message: 'not run: the run was interrupted (SIGINT) before this check' })], {
      verdict: 'incomplete',
      image: { name: 'localhost/candidate' },
      established: {
        scope: 'variant',
        must: { established: 1, accepted: 0, broken: 0, total: 211 },
        should: { established: 0, accepted: 0, broken: 0, total: 34 },
        notEstablished: [{ kind: 'interrupted', why: 'not run: the run was interrupted (SIGINT)', requirements: ['IB-2-format-json'], checks: ['b'] }],
      },
      interrupted: { signal: 'SIGINT', notRun: ['b'] },
      accounts: { roles: [{ role: 'Member', needed: 2, present: 1 }] },
    });
    expect(reportErrors(JSON.parse(JSON.stringify(report)))).toEqual([]);
    const bad = JSON.parse(JSON.stringify(report));
    bad.established.notEstablished[0].kind = 'forgot';
    bad.results[1].notRun = 'later';
    expect(reportErrors(bad).join('\n')).toMatch(/\/established\/notEstablished\/0\/kind[\s\S]*\/results\/1\/notRun|\/results\/1\/notRun[\s\S]*\/established\/notEstablished\/0\/kind/);
  });

  it('readReportFile gives a UsageError for a missing, non-JSON, foreign or invalid file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-schema-'));
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    try {
      await expect(readReportFile(join(dir, 'missing.json'))).rejects.toThrow(/cannot read the report .*ENOENT/);
      await expect(readReportFile(file('a.json', '{not json'))).rejects.toThrow(/is not JSON/);
      await expect(readReportFile(file('b.json', '{"schema":"conform-report/9"}'))).rejects.toThrow(/conform-report\/9 report/);
      await expect(readReportFile(file('c.json', '{"schema":"conform-report/1"}'))).rejects.toBeInstanceOf(UsageError);
      const ok = await readReportFile(file('d.json', JSON.stringify(makeReport())));
      expect(ok.counts.total).toBe(6);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
