/**
 * Stage 4, levels: under the legal variation `levels`, operations the document gives no user level for
 * are reserved to a level (../variations.ts RESERVED_LEVELS); a caller below it gets 403.
 */
import type { FastifyRequest } from 'fastify';
import { denied } from '../refusals.ts';
import type { Variations } from '../variations.ts';
import { RESERVED_LEVELS } from '../variations.ts';
import { reached, stateOf } from './state.ts';

export function levelsStage(options: { readonly variations: Variations }) {
  const { variations } = options;
  return async function levels(req: FastifyRequest): Promise<void> {
    const state = stateOf(req);
    const { op } = state.route;
    const reserved = RESERVED_LEVELS[op.id];
    if (reserved !== undefined && variations.active('levels') && (reached(state.user, 'caller')?.level ?? 0) < reserved) {
      throw denied(`${op.id} needs level ${reserved}`);
    }
  };
}
