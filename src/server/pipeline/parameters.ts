/**
 * Stage 5, parameters: the path ids (an id that is not one is an unknown record, 404), then every
 * documented parameter of the operation in this variant, typed and checked against its value set
 * (../params.ts, driven by the model). The crash faults break here, on the input they name.
 */
import type { FastifyRequest } from 'fastify';
import { crashes } from '../faults.ts';
import type { Faults } from '../fault-types.ts';
import { validateParams } from '../params.ts';
import { missing, notFound } from '../refusals.ts';
import type { Variations } from '../variations.ts';
import { reached, stateOf } from './state.ts';

export function parametersStage(options: { readonly faults: Faults; readonly variations: Variations }) {
  const { faults, variations } = options;
  return async function parameters(req: FastifyRequest): Promise<void> {
    const state = stateOf(req);
    const { op } = state.route;
    let input = reached(state.input, 'input');
    // Fault xml-writes-lose-optional: a state-changing request through an .xml path keeps only its REQUIRED parameters.
    if (faults.active('xml-writes-lose-optional') && state.route.format === 'xml' && op.method !== 'GET') {
      const kept = new Set(op.params.filter((p) => p.required).map((p) => p.name));
      input = { ...input, fields: Object.fromEntries(Object.entries(input.fields).filter(([name]) => kept.has(name))) };
    }
    // Fault xml-lists-ignore-search: a list through an .xml path ignores its search[...] parameters.
    if (faults.active('xml-lists-ignore-search') && state.route.format === 'xml' && op.kind === 'list') {
      input = { ...input, fields: Object.fromEntries(Object.entries(input.fields).filter(([name]) => !name.startsWith('search['))) };
    }
    const path: Record<string, number> = {};
    for (const p of op.params) {
      if (p.location !== 'path') continue;
      const raw = (req.params as Record<string, string>)[p.name] ?? '';
      if (!/^\d{1,9}$/.test(raw)) throw notFound(op.resource, raw);
      path[p.name] = Number(raw);
    }
    if (op.kind === 'revert' && variations.active('revert-404')) {
      const given = input.fields.version_id;
      if (given === undefined || given === '') throw missing('no such version');
    }
    state.path = path;
    state.params = validateParams(op, input, faults, { ignoreOutOfSet: variations.active('values-ignored'), missingTextEmpty: variations.active('required-defaults') });
    const crash = crashes(op.resource, input.fields, faults);
    if (crash !== undefined) throw new Error(`deliberate crash: ${crash}`);
  };
}
