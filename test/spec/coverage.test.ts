/**
 * `conform spec --coverage`: every parameter's state, and the situations its effect check reaches, read
 * from the check's own plan (so the column cannot say more than the check asks).
 */
import { describe, expect, it } from 'vitest';
import { operationsFor } from '../../specs/model/index.ts';
import { effectPlan } from '../../src/check/checks/effects.ts';
import { parameterCoverage, renderCoverage } from '../../src/spec/coverage.ts';

describe('spec --coverage', () => {
  it('names the filters a filter is asked together with, and records of two accounts', () => {
    const rows = parameterCoverage('A');
    const row = (op: string, p: string) => rows.find((r) => r.operation === op && r.param === p)!;
    expect(row('post_flags.list', 'search[post_id]').situations).toContain('together with creator_id, creator_name');
    expect(row('dmails.list', 'search[from_name]').situations).toEqual(expect.arrayContaining(['records of two accounts', 'a decoy extending the value']));
    expect(row('tags.list', 'search[name]').situations).toContain('several names, unsorted');
    expect(row('posts.list', 'limit').situations).toEqual([]);
  });

  it('says "together with" exactly where the effect plan asks two filters at once', () => {
    const rows = parameterCoverage('B');
    for (const op of operationsFor('B')) {
      for (const p of op.params) {
        const plan = effectPlan(op, p);
        const together = plan?.queries.some((q) => Object.keys(q.fields).length > 1) ?? false;
        const row = rows.find((r) => r.operation === op.id && r.param === p.name);
        if (row) expect(row.situations.some((s) => s.startsWith('together with')), `${op.id} ${p.name}`).toBe(together);
      }
    }
  });

  it('renders a column of situations', () => {
    const table = renderCoverage('A');
    expect(table).toContain('| Operation | Parameter | State | Checks / because | Situations |');
    expect(table).toMatch(/\| post_flags\.list \| `search\[post_id\]` \| effect \| [^|]+ \| together with creator_id, creator_name \|/);
  });
});
