/** `conform spec --explain`: every requirement of the catalogue explains itself, with its checks and faults. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REQUIREMENTS } from '../../specs/requirements/index.ts';
import { explainRequirement, similarRequirements } from '../../src/spec/explain.ts';
import { checksByRequirement } from '../../src/spec/requirements-doc.ts';

describe('conform spec --explain', () => {
  const checks = checksByRequirement();

  it.each(REQUIREMENTS.map((r) => [r.id]))('explains %s', (id) => {
    const text = explainRequirement(id);
    expect(text.startsWith(`${id}  `)).toBe(true);
    expect(text).toMatch(/^basis: (text|interpretation)$/m);
    const mine = checks.get(id) ?? [];
    // Every requirement is proven by a check, named with the file and line that declares it.
    expect(mine.length, `${id} has no check`).toBeGreaterThan(0);
    for (const c of mine) expect(text).toContain(`${c.id}  ${c.fn}  ${c.source}`);
    for (const c of mine) expect(c.source, c.id).toMatch(/^src\/.+\.ts:\d+$/);
    expect(text).toMatch(/^faults that break it \(\d+;/m);
  });

  it('names the same .ts files and lines from the bundled command, which runs without Node\'s source maps', async () => {
    const ids = ['IB-7-no-server-error', 'IB-4-posts-list-served', REQUIREMENTS.at(-1)!.id];
    const bin = join(import.meta.dirname, '..', '..', 'bin', 'conform.js');
    for (const id of ids) {
      const { stdout } = await promisify(execFile)(process.execPath, [bin, 'spec', '--explain', id]);
      const named = [...stdout.matchAll(/^ {2}(\S+) {2}\S+ {2}(\S+)/gm)].map((m) => `${m[1]} ${m[2]}`);
      expect(named.length, id).toBeGreaterThan(0);
      expect(named).toEqual((checks.get(id) ?? []).map((c) => `${c.id} ${c.source}`));
    }
  });

  it('suggests near ids for an unknown one', () => {
    const near = similarRequirements('IB-4-notes-nope');
    expect(near.length).toBeGreaterThan(0);
    for (const id of near) expect(id.startsWith('IB-4-notes-')).toBe(true);
    expect(() => explainRequirement('IB-9-nothing')).toThrow(/unknown requirement/);
  });
});
