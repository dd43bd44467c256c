/**
 * The verdict of traffic (proxy, audit, merge) names its scope: CONFORMANT only when the traffic
 * established every MUST requirement of the variant; NO VIOLATIONS, with how many it exercised, when
 * it judged exchanges and found nothing broken; INCOMPLETE when it judged nothing. Every report
 * (report.json, junit.xml, summary.md, report.html, badge.svg) says the same word, and the exit code
 * is 0 for no violation unless --require-coverage asks for every MUST requirement (then 3).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requirementsFor } from '../../specs/requirements/index.ts';
import { EXIT } from '../../src/errors.ts';
import type { ReportedResult } from '../../src/report/model.ts';
import { countResults } from '../../src/report/model.ts';
import { establish, exitCodeOf, verdictLine, verdictOf } from '../../src/report/verdict.ts';
import type { ProxyReport, Traffic } from '../../src/traffic/tally.ts';
import { operationCoverage } from '../../src/traffic/tally.ts';
import { Scratch } from '../check/helpers.ts';
import { makeReport, result, verdictWords } from './fixture.ts';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

const MUST = requirementsFor('A').filter((r) => r.level === 'MUST');

/** Passing judgements of traffic proving `ids`, one each. */
const judgements = (ids: readonly string[]): ReportedResult[] => ids.map((id, i) => result(`audit/op${i}/status`, 'pass', { requirements: [id] }));

function traffic(exchanges: number): Traffic {
  return {
    listen: '', upstream: '', exchanges, maxBodyBytes: 1024, unvalidated: 0, unmatched: 0, throttled: 0, transportErrors: 0,
    judged: exchanges, noAnswer: { refused: 0, timeout: 0, reset: 0, stopped: 0, other: 0 }, aborted: { beforeAnswer: 0, afterAnswer: 0 }, clientLeft: 0,
    operations: operationCoverage('A', new Map()), byOperation: {},
  };
}

/** A report of traffic (as `conform audit` writes one) with these judgements. */
function trafficReport(results: readonly ReportedResult[]): ProxyReport {
  const established = establish('A', results);
  return {
    ...makeReport(results, { baseline: undefined, counts: countResults(results), established, verdict: verdictOf({ results, errors: [], strict: false, established }), requests: results.length }),
    traffic: traffic(results.length),
  } as ProxyReport;
}

function judged(results: readonly ReportedResult[]) {
  const established = establish('A', results);
  const verdict = verdictOf({ results, errors: [], strict: false, established });
  return { verdict, line: verdictLine({ verdict, established, counts: countResults(results), errors: [] }), exit: exitCodeOf(verdict), required: exitCodeOf(verdict, true) };
}

describe('the verdict of traffic', () => {
  it('partial coverage: NO VIOLATIONS with how many MUST requirements were exercised, exit 0 (3 with --require-coverage)', () => {
    const j = judged(judgements(MUST.slice(0, 3).map((r) => r.id)));
    expect(j.verdict).toBe('no-violations');
    expect(j.line).toBe(`NO VIOLATIONS (3 of ${MUST.length} MUST requirements exercised by the traffic, none broken; the other ${MUST.length - 3} were not: no certification of the variant)`);
    expect([j.exit, j.required]).toEqual([EXIT.ok, EXIT.incomplete]);
  });

  it('every MUST requirement established: CONFORMANT, exit 0 either way', () => {
    const j = judged(judgements(MUST.map((r) => r.id)));
    expect(j.verdict).toBe('conformant');
    expect(j.line).toBe(`CONFORMANT (the traffic established all ${MUST.length} MUST requirements; none broken)`);
    expect([j.exit, j.required]).toEqual([EXIT.ok, EXIT.ok]);
  });

  it('nothing judged: INCOMPLETE, exit 3; a violation: NON-CONFORMANT, exit 1, however much was covered', () => {
    expect(judged([])).toMatchObject({ verdict: 'incomplete', exit: EXIT.incomplete, required: EXIT.incomplete });
    const broken = [...judgements(MUST.slice(1).map((r) => r.id)), result('audit/x/status', 'fail', { requirements: [MUST[0]!.id] })];
    expect(judged(broken)).toMatchObject({ verdict: 'non-conformant', exit: EXIT.fail });
  });
});

describe('conform merge of traffic reports: the word and the exit code, report by report', { timeout: 60_000 }, () => {
  const write = (name: string, report: ProxyReport) => {
    const file = join(scratch.dir('traffic-verdict'), `${name}.json`);
    writeFileSync(file, JSON.stringify(report));
    return file;
  };

  it('partial coverage: NO VIOLATIONS in every report, exit 0; --require-coverage exit 3', async () => {
    const file = write('partial', trafficReport(judgements(MUST.slice(0, 5).map((r) => r.id))));
    const run = await scratch.conformInProcess(['merge', file]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^verdict: NO VIOLATIONS \\(5 of ${MUST.length} MUST requirements exercised by the traffic`, 'm'));
    expect(verdictWords(run.dir)).toEqual({ json: 'no-violations', junit: ['verdict: NO VIOLATIONS'], markdown: 'NO VIOLATIONS', html: 'NO VIOLATIONS', badge: `no violations 5/${MUST.length} MUST`, saysConformant: false });
    const required = await scratch.conformInProcess(['merge', file, '--require-coverage']);
    expect(required.code).toBe(EXIT.incomplete);
    expect(required.report!.verdict).toBe('no-violations');
  });

  it('full coverage (report data citing every MUST requirement): CONFORMANT in every report, exit 0 with --require-coverage', async () => {
    const ids = MUST.map((r) => r.id);
    // Split over two sources: the merged traffic covers what neither does alone.
    const half = Math.floor(ids.length / 2);
    const a = write('first', trafficReport(judgements(ids.slice(0, half))));
    const b = write('second', trafficReport(judgements(ids.slice(half)).map((r) => ({ ...r, check: r.check.replace('audit/', 'audit/b-') }))));
    const run = await scratch.conformInProcess(['merge', a, b, '--require-coverage']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^verdict: CONFORMANT \\(the traffic established all ${MUST.length} MUST requirements; none broken\\)$`, 'm'));
    expect(verdictWords(run.dir)).toEqual({ json: 'conformant', junit: [], markdown: 'CONFORMANT', html: 'CONFORMANT', badge: `conformant ${MUST.length}/${MUST.length} MUST`, saysConformant: true });
    expect(run.report!.sources!.map((s) => s.verdict)).toEqual(['no-violations', 'no-violations']);
  });

  it('empty traffic: INCOMPLETE in every report, exit 3', async () => {
    const file = write('empty', trafficReport([]));
    const run = await scratch.conformInProcess(['merge', file]);
    expect(run.code).toBe(EXIT.incomplete);
    expect(verdictWords(run.dir)).toEqual({ json: 'incomplete', junit: ['verdict: INCOMPLETE'], markdown: 'INCOMPLETE', html: 'INCOMPLETE', badge: `incomplete 0/${MUST.length} MUST`, saysConformant: false });
  });
});
