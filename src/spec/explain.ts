/**
 * `conform spec --explain <requirement-id>`: everything the project knows about one requirement in one
 * place: its statement, level, variants and basis (the document's words, or the readings it rests on),
 * the checks that prove it (file:line), the faults of the reference server that break it, and the
 * operations that carry it.
 */
import { INTERPRETATIONS } from '../../specs/interpretations.ts';
import { VARIANTS } from '../../specs/model/index.ts';
import { REQUIREMENTS, hasRequirement, requirement } from '../../specs/requirements/index.ts';
import { allFaults, faultAppliesTo } from '../server/faults.ts';
import type { Check } from '../check/check.ts';
import { checksByRequirement } from './requirements-doc.ts';

/** Requirement ids close to an unknown one (same prefix), to suggest. */
export function similarRequirements(id: string, n = 5): string[] {
  const stem = id.toLowerCase().split('-').slice(0, 3).join('-');
  return REQUIREMENTS.map((r) => r.id).filter((x) => x.toLowerCase().startsWith(stem)).slice(0, n);
}

/** The registered checks by requirement, built once per process (it loads every check of both variants). */
let byRequirement: Map<string, Check[]> | undefined;

export function explainRequirement(id: string): string {
  if (!hasRequirement(id)) throw new Error(`unknown requirement ${id}`);
  const r = requirement(id);
  const lines: string[] = [];
  lines.push(`${r.id}  ${r.level}  variants ${r.variants.join(', ')}  section ${r.section}`);
  lines.push(`  ${r.statement}`);
  lines.push('');
  lines.push(`basis: ${r.basis}`);
  if (r.quote) lines.push(`  the document: "${r.quote}"`);
  for (const intId of r.interpretations ?? []) {
    const i = INTERPRETATIONS.find((x) => x.id === intId)!;
    lines.push(`  ${i.id} (section ${i.section}): ${i.reading}`);
    lines.push(`    what a check may demand: ${i.checks}`);
  }
  lines.push('');
  const checks = (byRequirement ??= checksByRequirement()).get(r.id) ?? [];
  lines.push(`checks (${checks.length}):`);
  for (const c of checks) lines.push(`  ${c.id}  ${c.fn}  ${c.source ?? '?'}${c.readOnly ? '  read-only' : ''}`);
  const faults = allFaults().filter((f) => f.requirements.includes(r.id));
  lines.push('');
  lines.push(`faults that break it (${faults.length}; each shown caught by test/check/mutation.test.ts):`);
  for (const f of faults) {
    const where = VARIANTS.filter((v) => faultAppliesTo(f, v)).join('');
    lines.push(`  ${f.id}${where.length === 1 ? ` [${where} only]` : ''}${f.caughtBy ? `  caught by ${f.caughtBy}` : ''}: ${f.summary}`);
  }
  if (r.operations.length > 0) {
    lines.push('');
    lines.push(`carried by ${r.operations.length} operation${r.operations.length === 1 ? '' : 's'} (OpenAPI x-conform-requirements): ${r.operations.join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}
