import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { faultyCommand } from './helpers.ts';
import { runCli } from '../support/cli.ts';

/** A temporary directory of the running test, removed when it ends. */
function tmp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'conform-proto-cli-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('conform proto (protobufjs in process)', () => {
  it('exits 0, prints progress to stderr and a summary table to stdout, and writes the report', async () => {
    const dir = tmp();
    const r = await runCli('proto', '--runs', '25', '--seed', '7', '--report', dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/conform proto: testee protobufjs .* seed 7, runs 25/);
    expect(r.stderr).toMatch(/conform proto: roundtrip\s+pass/);
    expect(r.stdout).toMatch(/^property\s+requirement\s+level\s+status\s+cases$/m);
    expect(r.stdout).toMatch(/^oneof-last-wins\s+PB-2-oneof-last-wins\s+Required\s+pass\s+25$/m);
    const report = JSON.parse(readFileSync(join(dir, 'proto-report.json'), 'utf8')) as {
      testee: { name: string };
      seed: number;
      runs: number;
      properties: { id: string; requirement: string; level: string; status: string; counterexample: unknown }[];
    };
    expect(report.testee.name).toBe('protobufjs');
    expect(report.seed).toBe(7);
    expect(report.runs).toBe(25);
    expect(report.properties.find((p) => p.id === 'packed-emit')).toMatchObject({ requirement: 'PB-2-packed-emit', level: 'Recommended', status: 'pass', counterexample: null });
  });

  it('rejects bad usage with exit 2 and a clear message', async () => {
    expect((await runCli('proto', '--runs', 'many')).stderr).toMatch(/--runs must be a positive integer/);
    expect((await runCli('proto', '--runs', '0')).code).toBe(2);
    expect((await runCli('proto', '--property', 'nope')).stderr).toMatch(/unknown property "nope"/);
    expect((await runCli('proto', '--path', '1:2')).stderr).toMatch(/--path replays one counterexample/);
    expect((await runCli('proto', '--failure-list', '/nonexistent/list.txt')).code).toBe(2);
    const dir = tmp();
    writeFileSync(join(dir, 'list.txt'), '# expected failures\nroundtrip\nno-such-property\n');
    const bad = await runCli('proto', '--failure-list', join(dir, 'list.txt'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/list\.txt:3: "no-such-property" is not a property/);
  });

  it('a failure list makes listed failures expected, and a listed property that passes is an error', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'expected.txt'), 'oneof-single   # this encoder writes two members\n');
    const expected = await runCli('proto', '--testee', await faultyCommand('two-oneof-members'), '--runs', '30', '--seed', '5', '--property', 'oneof-single,roundtrip', '--failure-list', join(dir, 'expected.txt'));
    expect(expected.stdout).toMatch(/^oneof-single\s+\S+\s+Required\s+fail \(expected\)/m);
    expect(expected.code).toBe(0);
    const stale = await runCli('proto', '--runs', '10', '--seed', '5', '--property', 'oneof-single', '--failure-list', join(dir, 'expected.txt'));
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/oneof-single .*passes but is listed in the failure list/);
  });
});
