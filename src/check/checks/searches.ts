/**
 * `searches/*`: GET parameters are read from the query string. The effect of each search parameter is
 * checked both ways by the checks generated from the model (effects.ts).
 */
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { make, makePost } from '../world.ts';
import { listIds, succeed } from './support/calls.ts';

export const get_parameters_are_read_from_the_query = defineCheck({
  id: 'searches/query-params', fn: 'get_parameters_are_read_from_the_query', resource: 'protocol',
  description: 'GET parameters in the query string select records', requirements: ['IB-2-query-params'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    const body = ctx.unique('findme');
    const id = await make.comment(ctx, post.id);
    await succeed(ctx, 'comments.update', { path: { id }, fields: { body } }, 'the comment update');
    // A comment of its own that the search must leave out: the check never rests on what else is stored.
    const other = await make.comment(ctx, post.id);
    const found = await listIds(ctx, 'comments.list', { body_matches: body });
    if (!found.includes(id)) fail(`search[body_matches] in the query string does not find comment ${id}`, { expected: `comment ${id}`, actual: JSON.stringify(found) });
    if (found.includes(other)) fail(`search[body_matches] in the query string also selects comment ${other}, which does not match`, { expected: 'only the matching comment', actual: JSON.stringify(found) });
  },
});

export function checks(): Check[] {
  return [get_parameters_are_read_from_the_query];
}
