/**
 * The requirement catalogue: every testable statement of the HTTP document, with a stable id,
 * section, level and the variants it applies to. General requirements are written out in
 * ./general.ts; per-operation ones are derived from the spec model in ./derived.ts.
 */
import type { OperationId, Variant } from '../model/index.ts';
import { OPERATIONS, VARIANTS, operationsFor, pathParamNames } from '../model/index.ts';
import { derivedRequirements } from './derived.ts';
import type { GeneralRequirement, GeneralRequirementId } from './general.ts';
import type { DerivedRequirementId } from './derived.ts';
import { GENERAL_REQUIREMENTS } from './general.ts';
import type { Requirement as RequirementOf } from './types.ts';

export type { DerivedRequirementId } from './derived.ts';
export type { GeneralRequirementId } from './general.ts';

/**
 * The id of a requirement of the catalogue, typed: a check, a failure or a fault that cites an id the
 * catalogue cannot have fails to compile (derived ids are checked down to the operation).
 */
export type RequirementId = GeneralRequirementId | DerivedRequirementId;

/** A requirement of the catalogue. */
export type Requirement = RequirementOf<RequirementId>;
export { requirementIds, opSlug, paramSlug } from './derived.ts';

function carriedOperations(req: GeneralRequirement, variants: readonly Variant[]): OperationId[] {
  const c = req.carrier;
  if ('operations' in c && c.operations) return [...c.operations];
  if (!('every' in c)) return [];
  const ops = OPERATIONS.filter((op) => variants.some((v) => operationsFor(v).some((o) => o.id === op.id)));
  switch (c.every) {
    case 'operation':
      return ops.map((o) => o.id);
    case 'get':
      return ops.filter((o) => o.method === 'GET').map((o) => o.id);
    case 'state-changing':
      return ops.filter((o) => o.method !== 'GET').map((o) => o.id);
    case 'with-id':
      return ops.filter((o) => pathParamNames(o.path).length > 0).map((o) => o.id);
    case 'with-params':
      return ops.filter((o) => o.params.length > 0).map((o) => o.id);
  }
}

function fromGeneral(req: GeneralRequirement<GeneralRequirementId>): Requirement {
  const variants = req.variants ?? VARIANTS;
  return {
    id: req.id,
    section: req.section,
    level: req.level,
    variants,
    statement: req.statement,
    ...(req.quote ? { quote: req.quote } : {}),
    basis: req.quote ? 'text' : 'interpretation',
    ...(req.interpretations ? { interpretations: req.interpretations } : {}),
    operations: carriedOperations(req, variants),
    ...('scenario' in req.carrier ? { scenario: req.carrier.scenario } : {}),
    ...(req.params ? { params: req.params } : {}),
  };
}

const DERIVED = derivedRequirements();

/**
 * A general requirement whose id a derived one has too (a search or a sort key the catalogue words
 * itself) keeps its words and level, and gains the parameters the derived one names.
 */
const GENERAL: readonly Requirement[] = GENERAL_REQUIREMENTS.map(fromGeneral).map((r) => {
  const params = DERIVED.filter((d) => d.id === r.id).flatMap((d) => d.params ?? []);
  return params.length > 0 ? { ...r, params: [...new Set([...(r.params ?? []), ...params])] } : r;
});
const WRITTEN = new Set(GENERAL.map((r) => r.id));

/** Derived requirements whose id a general one already states are left out (the general one holds them). */
export const REQUIREMENTS: readonly Requirement[] = [...DERIVED.filter((r) => !WRITTEN.has(r.id)), ...GENERAL];

const byId: ReadonlyMap<string, Requirement> = new Map(REQUIREMENTS.map((r) => [r.id, r]));

export function requirement(id: string): Requirement {
  const r = byId.get(id);
  if (!r) throw new Error(`unknown requirement ${id}`);
  return r;
}

export function hasRequirement(id: string): id is RequirementId {
  return byId.has(id);
}

export function requirementsFor(variant: Variant): readonly Requirement[] {
  return REQUIREMENTS.filter((r) => r.variants.includes(variant));
}

/** Requirement ids an operation carries in `variant` (the OpenAPI `x-conform-requirements`). */
export function requirementsOfOperation(opId: OperationId, variant: Variant): RequirementId[] {
  return requirementsFor(variant)
    .filter((r) => r.operations.includes(opId))
    .map((r) => r.id);
}
