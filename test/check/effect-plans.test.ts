/**
 * The effect checks' plans (src/check/checks/effects.ts effectPlan), read from the recipes and the model
 * without a server: every generated filter check on records a recipe makes compares two records that
 * differ only in the fact under test, so a server that searches another field, the other end of a
 * relation or a prefix cannot pass it; an exact comparison has a decoy that extends the searched value;
 * and the filter is asked together with another filter of the list wherever the list has one.
 */
import { describe, expect, it } from 'vitest';
import type { Variant } from '../../specs/model/index.ts';
import { operationsFor } from '../../specs/model/index.ts';
import { checks, effectPlan, factOf, ownable, perRecord } from '../../src/check/checks/effects.ts';
import { recipeFor } from '../../src/check/checks/support/recipes.ts';

describe.each(['A', 'B'] as const)('effect plans, variant %s', (variant: Variant) => {
  const generated = new Set(checks(variant).map((c) => c.id));
  const planned = operationsFor(variant).flatMap((op) =>
    op.params.map((p) => ({ op, p, plan: effectPlan(op, p), id: `effects/${op.id}/${/^search\[([a-z_]+)\]$/.exec(p.name)?.[1] ?? p.name}` })).filter((x) => x.plan !== undefined),
  );

  it('plans every generated filter check whose records a recipe makes with the fact it selects by', () => {
    const expected = operationsFor(variant).flatMap((op) =>
      op.params
        .filter((p) => p.effect?.kind === 'filter' && !op.id.endsWith('_versions.list') && p.effect.match !== 'names' && p.effect.match !== 'pattern')
        .filter((p) => { const f = factOf(p.effect); return f !== undefined && recipeFor(op.id)?.varies.includes(f); })
        .map((p) => `${op.id} ${p.name}`),
    );
    expect(planned.map((x) => `${x.op.id} ${x.p.name}`).sort()).toEqual(expected.sort());
    expect(planned.length).toBeGreaterThan(20);
    for (const x of planned) expect(generated, x.id).toContain(x.id);
  });

  it('leaves out a record that differs from the listed one only in the fact under test', () => {
    for (const { op, p, plan } of planned) {
      const recipe = recipeFor(op.id)!;
      const searchable = new Set(op.params.map((x) => factOf(x.effect)).filter((f) => f !== undefined));
      for (const q of plan!.queries) {
        for (const i of q.include) for (const j of q.exclude) {
          const [a, b] = [plan!.records[i]!, plan!.records[j]!];
          expect(a[plan!.fact], `${op.id} ${p.name}`).not.toEqual(b[plan!.fact]);
          const differing = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((f) => a[f] !== b[f]);
          expect(differing, `${op.id} ${p.name}: records ${i} and ${j} differ in more than ${plan!.fact}`).toEqual([plan!.fact]);
          // What a recipe makes anew for each record (a post, a word) is set, and set alike, unless the service forbids it.
          for (const f of recipe.varies.filter((x) => x !== plan!.fact && perRecord(x) && !(recipe.apart && x in recipe.apart) && (x === 'post' || searchable.has(x)))) {
            expect(a[f], `${op.id} ${p.name}: ${f} is left to the recipe, which makes it anew`).toBe('s');
            expect(b[f], `${op.id} ${p.name}: ${f}`).toBe('s');
          }
          // The accounts of both records (the creator, a dmail's other end) are one.
          for (const f of recipe.varies.filter((x) => (x === 'creator' || x === 'recipient') && x !== plan!.fact)) expect([a[f], b[f]], `${op.id} ${p.name}: ${f}`).toEqual(['s', 's']);
        }
      }
    }
  });

  it('gives an exact comparison a decoy whose value extends the searched one', () => {
    for (const { op, p, plan } of planned) {
      const effect = p.effect!;
      if (effect.kind !== 'filter') continue;
      const exact = effect.match === 'exact' || (effect.match === 'name' && (plan!.fact === 'creator' || plan!.fact === 'recipient'));
      expect(plan!.prefixDecoy, `${op.id} ${p.name}`).toBe(exact);
      if (exact) expect(plan!.queries.some((q) => q.fields[p.name]?.sym === 'x' && q.exclude.some((j) => plan!.records[j]![plan!.fact] === 'y')), `${op.id} ${p.name}`).toBe(true);
    }
  });

  it('asks every filter both ways, and together with each other filter of its list on a fact both records share', () => {
    for (const { op, p, plan } of planned) {
      for (const sym of ['x', 'y']) expect(plan!.queries.some((q) => Object.keys(q.fields).length === 1 && q.fields[p.name]?.sym === sym && q.exclude.length > 0), `${op.id} ${p.name} alone (${sym})`).toBe(true);
      // Another filter on a fact both records share (or the same fact by another parameter): it selects both, so only p tells them apart.
      const shared = (f: string) => f === plan!.fact || plan!.records.every((r) => r[f] === 's');
      const others = op.params.filter((x) => x.name !== p.name && x.effect?.kind === 'filter' && x.effect.match !== 'names' && x.effect.match !== 'pattern' && factOf(x.effect) !== undefined && shared(factOf(x.effect)!));
      if (others.length > 0) expect(plan!.queries.some((q) => Object.keys(q.fields).length >= 2 && q.exclude.length > 0), `${op.id} ${p.name} with another filter`).toBe(true);
      // A server that drops p only in the company of one other filter: every such pair is asked.
      const onShared = others.filter((x) => factOf(x.effect) !== plan!.fact);
      for (const other of onShared) {
        expect(plan!.queries.some((q) => Object.keys(q.fields).length === 2 && q.fields[p.name]?.sym === 'x' && q.fields[other.name]?.sym === 's' && q.exclude.length > 0), `${op.id} ${p.name} with ${other.name}`).toBe(true);
      }
    }
  });
});

describe.each(['A', 'B'] as const)('several values in one search, variant %s', (variant: Variant) => {
  it('asks a search by the tags of a record\'s post with two tags, and only such searches', () => {
    const plans = operationsFor(variant).flatMap((op) => op.params.map((p) => ({ op, p, plan: effectPlan(op, p) })).filter((x) => x.plan !== undefined));
    const tagSearches = plans.filter((x) => x.p.effect?.kind === 'filter' && x.p.effect.subject === 'post-tags');
    expect(tagSearches.length).toBeGreaterThan(0);
    for (const x of plans) expect(x.plan!.severalTags, `${x.op.id} ${x.p.name}`).toBe(tagSearches.includes(x));
  });

  it('asks a *_matches search of a text of several words (bodies, titles, descriptions, a pool\'s name) with two words, and no search of any other name', () => {
    const plans = operationsFor(variant).flatMap((op) => op.params.map((p) => ({ op, p, plan: effectPlan(op, p) })).filter((x) => x.plan !== undefined));
    const twoWords = plans.filter((x) => x.plan!.twoWords).map((x) => `${x.op.id} ${x.p.name}`);
    // The searches of prose each list has in both variants.
    for (const name of ['comments.list search[body_matches]', 'notes.list search[body_matches]', 'forum_topics.list search[title_matches]', 'dmails.list search[message_matches]', 'pools.list search[description_matches]', 'pools.list search[name_matches]']) expect(twoWords).toContain(name);
    for (const x of plans) {
      const e = x.p.effect;
      if (e?.kind === 'filter' && e.subject === 'text' && /name/.test(e.field ?? '')) expect(x.plan!.twoWords, `${x.op.id} ${x.p.name}`).toBe((recipeFor(x.op.id)?.severalWords ?? []).includes(e.field ?? ''));
      if (x.plan!.twoWords) expect(e?.kind === 'filter' && e.match === 'matches', `${x.op.id} ${x.p.name}`).toBe(true);
    }
  });
});

describe.each(['A', 'B'] as const)('filters on facts no two records share, variant %s', (variant: Variant) => {
  it('asks each filter with record 0\'s own value of such a fact and the value of its own fact that record 0 lacks: nothing listed', () => {
    let asked = 0;
    for (const op of operationsFor(variant)) {
      const recipe = recipeFor(op.id);
      for (const p of op.params) {
        const plan = effectPlan(op, p);
        if (!plan || !recipe?.apart) continue;
        for (const other of op.params.filter((x) => x.name !== p.name && x.effect?.kind === 'filter' && x.effect.match !== 'names' && x.effect.match !== 'pattern')) {
          const f = factOf(other.effect);
          if (f === undefined || f === plan.fact || !(f in recipe.apart) || !ownable(f)) continue;
          asked++;
          expect(plan.queries.some((q) => q.fields[p.name]?.sym === 'y' && q.fields[other.name]?.sym === 'o' && q.include.length === 0 && q.exclude.includes(0)), `${op.id} ${p.name} with ${other.name}`).toBe(true);
        }
      }
    }
    expect(asked).toBeGreaterThan(0);
  });
});
