/**
 * Operation and requirement ids are typed from the model's `as const` tables: a name the model does
 * not have fails to compile (`npm run lint` runs tsc over this file; each @ts-expect-error below is
 * itself an error once the line it marks compiles).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OperationId } from '../../specs/model/index.ts';
import { isOperationId, operation, operationIdOf, OPERATIONS, versionListing } from '../../specs/model/index.ts';
import type { RequirementId } from '../../specs/requirements/index.ts';
import { hasRequirement, REQUIREMENTS, requirementIds } from '../../specs/requirements/index.ts';

describe('typed ids', () => {
  it('accept the ids of the model and refuse others at compile time', () => {
    const known: OperationId = 'posts.list';
    // @ts-expect-error: not an operation of the model
    const unknown: OperationId = 'posts.lists';
    const req: RequirementId = 'IB-2-format-json';
    // @ts-expect-error: not a requirement of the catalogue
    const badReq: RequirementId = 'IB-2-format-jsn';
    const derived: RequirementId = requirementIds.served('wiki_pages.show');
    // @ts-expect-error: the derived id names an operation the model lacks
    const badDerived: RequirementId = 'IB-4-wiki_pages-shows-served';
    expect([known, unknown, req, badReq, derived, badDerived]).toHaveLength(6);
    expectTypeOf(OPERATIONS[0]!.id).toEqualTypeOf<OperationId>();
  });

  it('agree with the tables at run time', () => {
    for (const op of OPERATIONS) expect(isOperationId(op.id)).toBe(true);
    expect(isOperationId('posts.lists')).toBe(false);
    expect(operationIdOf('posts', 'list')).toBe('posts.list');
    expect(operationIdOf('posts', 'lists')).toBeUndefined();
    expect(versionListing('notes')).toBe('note_versions.list');
    expect(versionListing('comments')).toBeUndefined();
    expect(operation('pools.revert').method).toBe('PUT');
    for (const r of REQUIREMENTS) expect(hasRequirement(r.id)).toBe(true);
    expect(hasRequirement('IB-2-format-jsn')).toBe(false);
  });
});
