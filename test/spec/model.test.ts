import { describe, expect, expectTypeOf, it } from 'vitest';
import { INTERPRETATIONS } from '../../specs/interpretations.ts';
import type { OperationSpec, ParamSpec, Variant } from '../../specs/model/index.ts';
import {
  OPERATIONS,
  RESOURCES,
  RESOURCE_IDS,
  VALUE_SETS,
  absentOperations,
  operationFor,
  operationsFor,
  pathParamNames,
  statusCodesFor,
  userLevelsFor,
} from '../../specs/model/index.ts';

describe('spec model', () => {
  it('has the 19 resources of section 2, each with its path root', () => {
    expect(RESOURCES).toHaveLength(19);
    expect(RESOURCES.map((r) => r.id)).toEqual([...RESOURCE_IDS]);
    expect(RESOURCES.filter((r) => 'only' in r).map((r) => r.id)).toEqual(['tags', 'artist_commentaries']);
  });

  it('has 72 operations: 71 with a method and path, and notes create whose path is a reading', () => {
    expect(OPERATIONS).toHaveLength(72);
    expect(OPERATIONS.filter((o) => o.shown)).toHaveLength(71);
    const hidden = OPERATIONS.filter((o) => !o.shown);
    expect(hidden.map((o) => [o.id, o.interpretation])).toEqual([['notes.create', 'INT-notes-create-path']]);
    expect(new Set(OPERATIONS.map((o) => o.id)).size).toBe(72);
    expect(new Set(OPERATIONS.map((o) => `${o.method} ${o.path}`)).size).toBe(72);
  });

  it('resolves 72 operations for A and 64 for B; the 8 others are absent from B', () => {
    expect(operationsFor('A')).toHaveLength(72);
    expect(operationsFor('B')).toHaveLength(64);
    expect(absentOperations('B')).toHaveLength(8);
    expect(absentOperations('A')).toHaveLength(0);
  });

  it('places parameters by request convention 3: query for GET, body otherwise, path for placeholders', () => {
    for (const op of operationsFor('A')) {
      for (const p of op.params) {
        if (pathParamNames(op.path).includes(p.name)) expect(p.location).toBe('path');
        else expect(p.location).toBe(op.method === 'GET' ? 'query' : 'body');
      }
    }
  });

  it('uses bracket names exactly as the document writes them', () => {
    const names = OPERATIONS.flatMap((o) => o.params.map((p) => p.name));
    for (const name of names) expect(name).toMatch(/^[a-z_]+(\[[a-z_]+\])*$/);
    expect(names).toContain('forum_topic[original_post_attributes][body]');
  });

  it('resolves post[rating] per variant', () => {
    const rating = (v: Variant) => operationFor('posts.update', v).params.find((p) => p.name === 'post[rating]')?.values;
    expect(rating('A')).toEqual(['s', 'q', 'e']);
    expect(rating('B')).toEqual(['safe', 'questionable', 'explicit']);
  });

  it('gives status codes and user levels per variant', () => {
    expect(statusCodesFor('A')).toEqual([200, 204, 403, 404, 420, 421, 422, 423, 424, 500, 503]);
    expect(statusCodesFor('B')).toEqual([200, 403, 404, 420, 421, 422, 423, 424, 500, 503]);
    expect(userLevelsFor('A').map((l) => l.level)).toEqual([20, 30, 31, 32, 40, 50]);
    expect(userLevelsFor('B').map((l) => l.level)).toEqual([20, 30, 31, 32, 33, 35, 40, 50]);
  });

  it('lists the tag category values with their labels (0 general, 1 artist, 3 copyright, 4 character)', () => {
    expect(VALUE_SETS['tag-category'].values).toEqual(['0', '1', '3', '4']);
    expect(VALUE_SETS['tag-category'].labels).toEqual({ '0': 'general', '1': 'artist', '3': 'copyright', '4': 'character' });
  });

  it('has interpretation ids that are unique and well formed', () => {
    const ids = INTERPRETATIONS.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const i of INTERPRETATIONS) {
      expect(i.id).toMatch(/^INT-[a-z0-9-]+$/);
      for (const text of [i.question, i.reading, i.why, i.checks]) expect(text.length).toBeGreaterThan(10);
    }
  });

  it('makes misspelled variant marks and unknown value sets fail to compile', () => {
    // These assertions are checked by the type checker (`npm run lint`): each @ts-expect-error must
    // stand on a line that really is an error, or the type check fails.
    // @ts-expect-error 'C' is not a variant
    const badMark: ParamSpec = { name: 'x', type: 'string', description: 'x', only: 'C' };
    // @ts-expect-error 'AB' is not a variant
    const badOpMark: Pick<OperationSpec, 'only'> = { only: 'AB' };
    // @ts-expect-error no such value set
    const badSet: ParamSpec = { name: 'x', type: 'string', description: 'x', values: 'post-rating-C' };
    // @ts-expect-error no such resource
    const badResource: Pick<OperationSpec, 'resource'> = { resource: 'galleries' };
    expect([badMark, badOpMark, badSet, badResource]).toHaveLength(4);
    expectTypeOf<Variant>().toEqualTypeOf<'A' | 'B'>();
  });
});
