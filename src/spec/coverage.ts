/**
 * Effect coverage: for every parameter of every operation of a variant, whether a check observes what
 * the document says it does (`conform spec --coverage`, and the table of specs/REQUIREMENTS.md). Read from
 * the catalogue (the requirements that name a parameter: Requirement.params) and the registered checks.
 */
import type { ResolvedParam, Variant } from '../../specs/model/index.ts';
import { effectText, operationsFor, versionListing } from '../../specs/model/index.ts';
import { requirementIds, requirementsFor } from '../../specs/requirements/index.ts';
import { appliesTo } from '../check/check.ts';
import { effectPlan, shortName } from '../check/checks/effects.ts';
import { allChecks } from '../check/registry.ts';

/**
 * `effect` (both ways): a check makes records a filter must list and records it must leave out, or reads
 * back what a write set; `accepted only`: checks only show the parameter accepted or refused (its value
 * set, REQUIRED); `not checkable`: the document states no observable effect, or gives no way to make the
 * records it needs (`because` says which); `not checked`: none of these.
 */
export type EffectState = 'effect' | 'accepted only' | 'not checkable' | 'not checked';

export interface ParamCoverage {
  readonly operation: string;
  readonly param: string;
  readonly state: EffectState;
  /** Why a parameter is not checkable. */
  readonly because?: string;
  /** The checks that observe its effect (or show it accepted). */
  readonly checks: readonly string[];
  /** What the parameter does, in the model's words. */
  readonly effect?: string;
  /**
   * The situations its effect check reaches beyond one value asked alone (from the check's plan): each
   * other filter it is asked together with, records of two accounts, a decoy value that extends the
   * searched one, several values in one list.
   */
  readonly situations: readonly string[];
}

/** The situations of a parameter's effect check, read from its plan (src/check/checks/effects.ts). */
export function situationsOf(op: ReturnType<typeof operationsFor>[number], p: ResolvedParam): string[] {
  const out: string[] = [];
  if (p.effect?.kind === 'filter' && p.effect.match === 'names') out.push('several names, unsorted');
  const plan = effectPlan(op, p);
  if (!plan) return out;
  if (plan.fact === 'creator' || plan.fact === 'recipient') out.push('records of two accounts');
  if (plan.prefixDecoy) out.push('a decoy extending the value');
  if (plan.severalTags) out.push('several tags, in both orders');
  const together = plan.queries.filter((q) => Object.keys(q.fields).length > 1).flatMap((q) => Object.keys(q.fields).filter((n) => n !== p.name).map(shortName));
  if (together.length > 0) out.push(`together with ${together.join(', ')}`);
  return out;
}

export function parameterCoverage(variant: Variant): ParamCoverage[] {
  const checks = allChecks(variant).filter((c) => appliesTo(c, variant));
  const reqs = requirementsFor(variant);
  const provers = (ids: ReadonlySet<string>) => checks.filter((c) => c.requirements.some((r) => ids.has(r))).map((c) => c.id);
  const out: ParamCoverage[] = [];
  for (const op of operationsFor(variant)) {
    for (const p of op.params.filter((x) => x.location !== 'path')) {
      const key = `${op.id} ${p.name}`;
      const effect = { ...(p.effect ? { effect: effectText(p.effect) } : {}), situations: situationsOf(op, p) };
      const observing = provers(new Set(reqs.filter((r) => r.params?.includes(key)).map((r) => r.id)));
      if (observing.length > 0) {
        out.push({ operation: op.id, param: p.name, state: 'effect', checks: observing, ...effect });
        continue;
      }
      if (p.effect?.kind === 'unstated') {
        out.push({ operation: op.id, param: p.name, state: 'not checkable', because: p.effect.why, checks: [], ...effect });
        continue;
      }
      // A revert's version_id where the variant lists no versions of the resource: no valid id can be learnt.
      const listing = versionListing(op.resource);
      if (op.kind === 'revert' && p.name === 'version_id' && !(listing && operationsFor(variant).some((o) => o.id === listing))) {
        const because = `${variant} lists no versions of ${op.resource}, so no valid version id can be learnt (INT-version-ids-hidden)`;
        out.push({ operation: op.id, param: p.name, state: 'not checkable', because, checks: provers(new Set(acceptance(op.id, p, variant))), ...effect });
        continue;
      }
      const accepting = provers(new Set(acceptance(op.id, p, variant)));
      out.push({ operation: op.id, param: p.name, state: accepting.length > 0 ? 'accepted only' : 'not checked', checks: accepting, ...effect });
    }
  }
  return out;
}

/** The requirements that show a parameter accepted or refused: its value set and its REQUIRED mark. */
function acceptance(opId: Parameters<typeof requirementIds.values>[0], p: ResolvedParam, variant: Variant): string[] {
  const out: string[] = [];
  if (p.required) out.push(requirementIds.required(opId, p.name));
  if (p.values) out.push(requirementIds.values(opId, p.name), requirementIds.values(opId, p.name, variant));
  return out;
}

/** Counts per state. */
export function coverageCounts(rows: readonly ParamCoverage[]): Record<EffectState, number> {
  const counts: Record<EffectState, number> = { effect: 0, 'accepted only': 0, 'not checkable': 0, 'not checked': 0 };
  for (const r of rows) counts[r.state]++;
  return counts;
}

/** The coverage as a Markdown table, one row per parameter. */
export function renderCoverage(variant: Variant, rows: readonly ParamCoverage[] = parameterCoverage(variant)): string {
  const c = coverageCounts(rows);
  const lines = [
    `Variant ${variant}: ${rows.length} parameters: ${c.effect} effect observed both ways, ${c['accepted only']} accepted only, ${c['not checkable']} not checkable, ${c['not checked']} not checked.`,
    '',
    '| Operation | Parameter | State | Checks / because | Situations |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.operation} | \`${r.param}\` | ${r.state} | ${(r.because ?? r.checks.slice(0, 3).join(', ') + (r.checks.length > 3 ? `, +${r.checks.length - 3}` : '')).replace(/\|/g, '\\|')} | ${r.situations.join('; ') || '-'} |`),
  ];
  return `${lines.join('\n')}\n`;
}
