/**
 * Per-operation requirements, derived from the spec model so their ids follow the model:
 *   IB-4-<op>-served             the operation is served in its variant(s)
 *   IB-4-<op>-absent             an (A only)/(B only) operation does not exist in the other variant
 *   IB-4-<op>-required-<param>   a REQUIRED parameter, when omitted, is refused
 *   IB-4-<op>-values-<param>     a value set: listed values accepted, others refused
 *                                (suffixed -A / -B where the variants' sets differ)
 *   IB-4-<root>-search-<name>    a list parameter's effect (ParamSpec.effect): records that match it are
 *   IB-4-<op>-<param>            listed, records that do not are left out (`search[name]` parameters,
 *   IB-4-<root>-sort-<variant>   then the others, then sort keys; suffixed -A / -B where the parameter
 *                                or its operation exists in one variant only)
 * `<op>` is the operation id with `.` as `-`; `<param>` is the parameter name with brackets as `-`.
 */
import type { OperationId, OperationSpec, ParamSpec, ValueSet, Variant } from '../model/index.ts';
import { OPERATIONS, VALUE_SETS, VARIANTS, effectText, inVariant, resolve } from '../model/index.ts';
import type { InterpretationId } from '../interpretations.ts';
import type { Requirement } from './types.ts';

/** `posts.list` -> `posts-list`, at the type level too. */
export type OpSlug<Id extends string> = Id extends `${infer R}.${infer O}` ? `${R}-${O}` : never;

/** The ids of the per-operation requirements derived here. */
export type DerivedRequirementId =
  | `IB-4-${OpSlug<OperationId>}-${'served' | 'absent'}`
  | `IB-4-${OpSlug<OperationId>}-${'required' | 'values'}-${string}`
  | `IB-4-${string}-${'search' | 'sort'}-${string}`
  | `IB-4-${OpSlug<OperationId>}-${string}`;

export function opSlug<Id extends OperationId>(opId: Id): OpSlug<Id> {
  return opId.replace('.', '-') as OpSlug<Id>;
}

export function paramSlug(name: string): string {
  return name.replace(/\]\[/g, '-').replace(/\[/g, '-').replace(/\]/g, '');
}

/** The variant a parameter or its operation is limited to, if any. */
function onlyOf(op: OperationSpec, p: ParamSpec): Variant | undefined {
  return op.only ?? p.only;
}

export const requirementIds = {
  /**
   * The effect of a list parameter: `IB-4-<root>-search-<name>` for `search[name]`, `IB-4-<root>-sort-<variant>`
   * for a sort key, `IB-4-<op>-<param>` otherwise (posts.list `tags`, `limit`, `page`).
   */
  effect: (op: OperationSpec<OperationId>, p: ParamSpec, variant: Variant): DerivedRequirementId => {
    const root = op.id.split('.')[0]!;
    if (p.sortKey) return `IB-4-${root}-sort-${variant}`;
    const only = onlyOf(op, p);
    const suffix = only ? `-${only}` : '';
    const inner = /^search\[([a-z_]+)\]$/.exec(p.name)?.[1];
    return inner ? `IB-4-${root}-search-${inner}${suffix}` : `IB-4-${opSlug(op.id)}-${paramSlug(p.name)}${suffix}`;
  },
  served: (opId: OperationId): DerivedRequirementId => `IB-4-${opSlug(opId)}-served`,
  absent: (opId: OperationId): DerivedRequirementId => `IB-4-${opSlug(opId)}-absent`,
  required: (opId: OperationId, param: string): DerivedRequirementId => `IB-4-${opSlug(opId)}-required-${paramSlug(param)}`,
  values: (opId: OperationId, param: string, variant?: Variant): DerivedRequirementId =>
    `IB-4-${opSlug(opId)}-values-${paramSlug(param)}${variant ? `-${variant}` : ''}`,
};

function variantsOf(item: { readonly only?: Variant }): Variant[] {
  return VARIANTS.filter((v) => inVariant(item, v));
}

function both(a: readonly Variant[], b: readonly Variant[]): Variant[] {
  return a.filter((v) => b.includes(v));
}

function request(op: OperationSpec): string {
  return `${op.method} ${op.path}.json`;
}

function valueRequirements(op: OperationSpec<OperationId>, p: ParamSpec): Requirement<DerivedRequirementId>[] {
  if (p.values === undefined) return [];
  const variants = both(variantsOf(op), variantsOf(p));
  const sets = variants.map((v) => resolve(p.values!, v));
  const differs = new Set(sets).size > 1;
  return variants.map((v, i) => ({ v, set: sets[i]! })).filter((x, i) => differs || i === 0).map(({ v, set }) => {
    const vs: ValueSet = VALUE_SETS[set];
    return {
      id: requirementIds.values(op.id, p.name, differs ? v : undefined),
      section: vs.table ? '4, 2' : '4',
      // The "Value sets" table states allowed values; the per-parameter lists of section 4 only describe them.
      level: vs.table ? 'MUST' : 'SHOULD',
      variants: differs ? [v] : variants,
      statement: `${request(op)}: \`${p.name}\` accepts ${vs.values.join(', ')} and refuses any other value.`,
      quote: `\`${p.name}\` (${p.description})${vs.table ? `; Value sets: ${vs.source}` : ''}`,
      basis: 'text',
      interpretations: ['INT-out-of-set-status'],
      operations: [op.id],
    } satisfies Requirement<DerivedRequirementId>;
  });
}

/** Effects a check can observe on records it makes: filters, the posts' tag search, sort keys, limit and page. */
export function observableEffect(p: ParamSpec): boolean {
  return p.effect !== undefined && ['filter', 'tags', 'sort', 'limit', 'page'].includes(p.effect.kind);
}

/** The readings an effect's observation rests on. */
function effectReadings(op: OperationSpec<OperationId>, p: ParamSpec): { interpretations?: readonly InterpretationId[] } {
  const e = p.effect!;
  const readings: InterpretationId[] = [];
  // A filter's records are looked for on the pages of a list other than posts (INT-list-pages).
  if (e.kind === 'filter' && op.id !== 'posts.list') readings.push('INT-list-pages');
  if (p.sortKey) readings.push('INT-sort-order');
  if (e.kind === 'filter' && e.match === 'matches') readings.push('INT-matches');
  // An exact comparison leaves out a value that only starts with the searched one; case is left open.
  if (e.kind === 'filter' && (e.match === 'exact' || e.match === 'name' || e.match === 'names')) readings.push('INT-exact-case');
  if (e.kind === 'filter' && e.reading) readings.push(e.reading);
  return readings.length > 0 ? { interpretations: readings } : {};
}

function effectRequirements(op: OperationSpec<OperationId>, p: ParamSpec): Requirement<DerivedRequirementId>[] {
  if (!observableEffect(p)) return [];
  const variants = both(variantsOf(op), variantsOf(p));
  const perVariant = p.sortKey ? variants.map((v) => [v]) : [variants];
  return perVariant.map((vs) => ({
    id: requirementIds.effect(op, p, vs[0]!),
    section: '4',
    level: 'MUST',
    variants: vs,
    statement: `${request(op)}: \`${p.name}\` (${p.description}). ${effectText(p.effect!)}`,
    quote: `${op.name}: \`${p.name}\` (${p.description})`,
    basis: 'text',
    ...effectReadings(op, p),
    operations: [op.id],
    scenario: 'effects',
    params: [`${op.id} ${p.name}`],
  }));
}

export function derivedRequirements(): Requirement<DerivedRequirementId>[] {
  const out: Requirement<DerivedRequirementId>[] = [];
  for (const op of OPERATIONS) {
    const opVariants = variantsOf(op);
    out.push({
      id: requirementIds.served(op.id),
      section: '4',
      level: 'MUST',
      variants: opVariants,
      statement: `${op.method} ${op.path}.json and .xml are served (${op.summary})`,
      quote: `${op.name} | ${op.shown ? request(op) : 'method and path: not shown'}`,
      basis: 'text',
      ...(op.interpretation ? { interpretations: [op.interpretation] } : {}),
      operations: [op.id],
    });
    if (op.only) {
      const other: Variant = op.only === 'A' ? 'B' : 'A';
      out.push({
        id: requirementIds.absent(op.id),
        section: '4',
        level: 'MUST',
        variants: [other],
        statement: `${request(op)} does not exist in ${other}: it never succeeds.`,
        quote: `${op.name} (${op.only} only)`,
        basis: 'text',
        interpretations: ['INT-cross-variant'],
        operations: [],
        scenario: 'cross-variant',
      });
    }
    for (const p of op.params) {
      if (p.required) {
        out.push({
          id: requirementIds.required(op.id, p.name),
          section: '4',
          // "must be sent" binds the client; the server's refusal is the register's reading (INT-missing-required-status).
          level: 'SHOULD',
          variants: both(opVariants, variantsOf(p)),
          statement: `${request(op)} without \`${p.name}\` is refused.`,
          quote: `\`${p.name}\` REQUIRED; Marked REQUIRED parameters must be sent.`,
          basis: 'text',
          interpretations: ['INT-missing-required-status'],
          operations: [op.id],
        });
      }
      out.push(...valueRequirements(op, p));
      out.push(...effectRequirements(op, p));
    }
  }
  return out;
}
