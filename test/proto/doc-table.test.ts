/**
 * docs/peer-format.md lists each property with its requirement and level: the levels are the catalogue's
 * (specs/peer/requirements.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUIREMENTS } from '../../specs/peer/requirements.ts';

const DOC = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'peer-format.md'), 'utf8');

describe('the property table of docs/peer-format.md', () => {
  const rows = [...DOC.matchAll(/^\| ([a-z0-9-]+) \| (PB-[\w-]+) \| (Required|Recommended) \|/gm)].map((m) => ({ property: m[1]!, requirement: m[2]!, level: m[3]! }));

  it('gives each row the level of its requirement in the catalogue', () => {
    expect(rows.length).toBeGreaterThan(10);
    const level = new Map(REQUIREMENTS.map((r) => [r.id, r.level]));
    expect(rows.filter((r) => level.get(r.requirement) !== r.level).map((r) => `${r.property}: ${r.level}, catalogue ${String(level.get(r.requirement))}`)).toEqual([]);
  });
});
