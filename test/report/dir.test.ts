/**
 * The report directory is made ready before a run: default directories of runs started in the same
 * second never collide, and one that cannot be made is a usage error, leaving nothing behind.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultReportsBase, prepareReportDir } from '../../src/report/dir.ts';
import { UsageError } from '../../src/errors.ts';

const base = mkdtempSync(join(tmpdir(), 'conform-reports-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('report directories', () => {
  it('default reports go to the clone\'s reports/, or to the working directory\'s from an installed package', () => {
    expect(defaultReportsBase('/src/conform')).toBe(join('/src/conform', 'reports'));
    expect(defaultReportsBase(join('/app', 'node_modules', 'imageboard-conform'))).toBe(resolve('reports'));
  });

  it('runs started at the same moment each get a directory of their own', async () => {
    const dirs = await Promise.all(Array.from({ length: 8 }, () => prepareReportDir(undefined, join(base, 'reports'))));
    const paths = dirs.map((d) => d.path);
    expect(new Set(paths).size).toBe(8);
    expect(readdirSync(join(base, 'reports')).length).toBe(8);
    // Named by the time, and told apart by a counter: reports/<timestamp>, <timestamp>-2, ...
    for (const p of paths) expect(p).toMatch(/reports\/\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d(-\d+)?$/);
    for (const d of dirs) expect(readdirSync(d.path)).toEqual([]); // the write test leaves nothing
  });

  it('a given directory is made; discard removes what was made as long as nothing was written', async () => {
    const deep = join(base, 'given', 'a', 'b');
    const dir = await prepareReportDir(deep);
    expect(existsSync(deep)).toBe(true);
    await dir.discard();
    expect(existsSync(join(base, 'given'))).toBe(false);
    const kept = await prepareReportDir(join(base, 'kept'));
    writeFileSync(join(kept.path, 'report.json'), '{}');
    await kept.discard();
    expect(existsSync(join(kept.path, 'report.json'))).toBe(true);
  });

  it('a directory that cannot be made is a usage error', async () => {
    writeFileSync(join(base, 'file'), '');
    await expect(prepareReportDir(join(base, 'file', 'report'))).rejects.toBeInstanceOf(UsageError);
    await expect(prepareReportDir(join(base, 'file', 'report'))).rejects.toThrow(/^--report .*file\/report: cannot create the report directory .*file\/report: /);
    // Where the default place cannot be made, the message says how to name another.
    await expect(prepareReportDir(undefined, join(base, 'file', 'reports'))).rejects.toThrow(/^cannot create the reports directory .*: .*; name a writable directory with --report DIR$/);
  });
});
