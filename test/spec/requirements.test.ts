import { describe, expect, it } from 'vitest';
import { INTERPRETATIONS } from '../../specs/interpretations.ts';
import { OPERATIONS, operationsFor } from '../../specs/model/index.ts';
import { REQUIREMENTS, requirement, requirementIds, requirementsFor } from '../../specs/requirements/index.ts';

describe('requirement catalogue', () => {
  it('has well over 100 requirements with unique, well-formed ids', () => {
    expect(REQUIREMENTS.length).toBeGreaterThan(200);
    expect(new Set(REQUIREMENTS.map((r) => r.id)).size).toBe(REQUIREMENTS.length);
    for (const r of REQUIREMENTS) {
      expect(r.id).toMatch(/^IB-[2-9]-[A-Za-z0-9_-]+$/);
      expect(r.id.startsWith(`IB-${r.section.split(',')[0]}-`), r.id).toBe(true);
      expect(['MUST', 'SHOULD']).toContain(r.level);
      expect(r.variants.length).toBeGreaterThan(0);
      expect(r.statement.length).toBeGreaterThan(10);
    }
  });

  it('has a served requirement for every operation, in exactly the operation\'s variants', () => {
    for (const op of OPERATIONS) {
      const r = requirement(requirementIds.served(op.id));
      expect(r.variants).toEqual(op.only ? [op.only] : ['A', 'B']);
      expect(r.level).toBe('MUST');
    }
  });

  it('has an absent requirement for every variant-only operation, in the other variant', () => {
    const marked = OPERATIONS.filter((o) => o.only);
    expect(marked).toHaveLength(8);
    for (const op of marked) expect(requirement(requirementIds.absent(op.id)).variants).toEqual([op.only === 'A' ? 'B' : 'A']);
  });

  it('has a requirement for every REQUIRED parameter of every operation', () => {
    let count = 0;
    for (const op of OPERATIONS) {
      for (const p of op.params.filter((x) => x.required)) {
        expect(requirement(requirementIds.required(op.id, p.name)).operations).toEqual([op.id]);
        count++;
      }
    }
    expect(count).toBe(29);
  });

  it('has a value-set requirement per variant where the sets differ (post[rating])', () => {
    expect(requirement('IB-4-posts-update-values-post-rating-A').variants).toEqual(['A']);
    expect(requirement('IB-4-posts-update-values-post-rating-B').variants).toEqual(['B']);
    expect(requirement('IB-4-post_votes-create-values-score').variants).toEqual(['A', 'B']);
  });

  it('makes the "Value sets" table MUST and parenthesised lists SHOULD', () => {
    expect(requirement('IB-4-uploads-create-values-upload-rating').level).toBe('MUST');
    expect(requirement('IB-4-tags-list-values-search-category').level).toBe('MUST');
    expect(requirement('IB-4-pools-list-values-search-is_active').level).toBe('SHOULD');
  });

  it('cites only interpretations that exist, and operations that exist in its variants', () => {
    const ints = new Set(INTERPRETATIONS.map((i) => i.id));
    for (const r of REQUIREMENTS) {
      for (const id of r.interpretations ?? []) expect(ints.has(id), `${r.id} cites ${id}`).toBe(true);
      for (const opId of r.operations) {
        expect(r.variants.some((v) => operationsFor(v).some((o) => o.id === opId)), `${r.id} carried by ${opId}`).toBe(true);
      }
    }
  });

  it('puts every interpretation to use: each is cited by a requirement or an operation', () => {
    const cited = new Set<string>([
      ...REQUIREMENTS.flatMap((r) => r.interpretations ?? []),
      ...OPERATIONS.flatMap((o) => (o.interpretation ? [o.interpretation] : [])),
    ]);
    const unused = INTERPRETATIONS.map((i) => i.id).filter((id) => !cited.has(id));
    // Readings that only govern the reference server, not any check.
    expect(unused.sort()).toEqual(['INT-paging', 'INT-post-files', 'INT-quota-builder', 'INT-unmarked-needed', 'INT-version-ids-hidden'].sort());
  });

  it('states the basis of every requirement: text with the document\'s words, or readings of the register', () => {
    for (const r of REQUIREMENTS) {
      if (r.basis === 'text') expect(r.quote, `${r.id} rests on the text but quotes none`).toBeTruthy();
      else expect(r.interpretations?.length ?? 0, `${r.id} rests on readings but names none`).toBeGreaterThan(0);
      // A requirement that rests on readings alone can never fail the verdict by itself.
      if (r.basis === 'interpretation') expect(r.level, `${r.id}`).toBe('SHOULD');
    }
    expect(REQUIREMENTS.filter((r) => r.basis === 'text').length).toBeGreaterThan(200);
  });

  it('applies variant-specific requirements to one variant only', () => {
    for (const id of ['IB-5-anonymous-A', 'IB-4-posts-list-raw-A', 'IB-2-user-levels-A']) expect(requirement(id).variants).toEqual(['A']);
    for (const id of ['IB-5-anonymous-B', 'IB-7-status-no-204-B', 'IB-2-user-levels-B']) expect(requirement(id).variants).toEqual(['B']);
    expect(requirementsFor('A').length).toBeGreaterThan(requirementsFor('B').length);
  });
});
