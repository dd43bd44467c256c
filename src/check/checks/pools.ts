/** `pools/*`: pool[post_ids] sets the pool's posts; a pool is deleted and undeleted; the fields read back as written. */
import type { Variant } from '../../../specs/model/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { make, makePost } from '../world.ts';
import { field, idOf, show, succeed, text, withMarkup } from './support/calls.ts';
import { deletedAndUndeleted, findable } from './support/deletion.ts';
import { CREATE_FORMATS, expectReadBack, updateAndReadBack, updateEachAlone } from './support/read-back.ts';

export const pool_post_ids_set_its_posts = defineCheck({
  id: 'pools/post-ids', fn: 'pool_post_ids_set_its_posts', resource: 'pools',
  description: 'pool[post_ids] takes space-separated post ids and sets the pool\'s posts; an empty one empties the pool', requirements: ['IB-4-pools-post-ids'], readOnly: false,
  async run(ctx) {
    const id = await make.pool(ctx);
    const [a, b, c] = [(await makePost(ctx)).id, (await makePost(ctx)).id, (await makePost(ctx)).id];
    // In an order neither ascending nor descending, then again without the first: what was left out is gone.
    for (const posts of [[b, c, a], [c, b]]) {
      await succeed(ctx, 'pools.update', { path: { id }, fields: { post_ids: posts.join(' ') } }, 'setting the pool\'s posts');
      const value = text(field(await show(ctx, 'pools.show', id), 'post_ids', 'pool'));
      const shown = value.split(/[\s,[\]]+/).filter(Boolean).map(Number);
      if ([...shown].sort().join() !== [...posts].sort().join()) fail(`post_ids is "${value}" after setting it to "${posts.join(' ')}"`, { expected: posts.join(' '), actual: value });
      if (shown.join() !== posts.join()) fail(`post_ids is "${value}" after setting it to "${posts.join(' ')}": the posts are all there, in another order`, { expected: posts.join(' '), actual: value, interpretation: 'INT-pool-order' });
    }
    // An update that does not send post_ids keeps the pool's posts (INT-update-keeps).
    await updateEachAlone(ctx, 'pools.update', { id, show: 'pools.show' }, { name: ctx.unique('pool with posts'), description: withMarkup(ctx.unique('described with posts')) }, `pool ${id}`);
    // An empty post_ids is a list of no posts, sent like any other: the pool is emptied.
    await succeed(ctx, 'pools.update', { path: { id }, fields: { post_ids: '' } }, 'emptying the pool');
    const left = text(field(await show(ctx, 'pools.show', id), 'post_ids', 'pool'));
    if (left.split(/[\s,[\]]+/).filter(Boolean).length > 0) fail(`post_ids is "${left}" after setting it to the empty list`, { expected: '(no posts)', actual: left });
  },
});

export const pool_delete_and_undelete = defineCheck({
  id: 'pools/delete-undelete', fn: 'pool_delete_and_undelete', resource: 'pools',
  ...deletedAndUndeleted('a pool', findable.pool, ['pools.delete', 'pools.undelete'], 'IB-3-pools-delete-undelete'),
});

export function pool_fields_are_stored_as_sent(variant: Variant): Check {
  return defineCheck({
    id: 'pools/fields', fn: 'pool_fields_are_stored_as_sent', resource: 'pools',
    description: 'pool[name], pool[description], pool[is_active] (1 and 0) and pool[category] (A, each value) read back as written; an update of each field alone keeps the others', requirements: ['IB-4-pools-fields'], readOnly: false,
    async run(ctx) {
      const categories = variant === 'A' ? ctx.target.paramName(ctx.target.operation('pools.update'), 'category').values! : [];
      // Created through the XML path and then the JSON path: a create through either is the same create.
      let id = 0;
      for (const format of CREATE_FORMATS) {
        const name = ctx.unique('pool');
        const created = { name, description: withMarkup(`${name} described`), ...(categories[1] ? { category: categories[1] } : {}) };
        id = await idOf(ctx, await succeed(ctx, 'pools.create', { fields: created, format }, `creating a pool (${format})`), 'pool', { list: 'pools.list', fields: { name_matches: name } });
        await expectReadBack(ctx, { id, show: 'pools.show' }, created, `pool ${id} as created (${format})`);
      }
      for (const is_active of ['0', '1']) {
        const updated = { name: ctx.unique('renamed pool'), description: ctx.unique('new description'), is_active, ...(categories[0] ? { category: is_active === '0' ? categories[0] : categories[1]! } : {}) };
        await updateAndReadBack(ctx, 'pools.update', { id, show: 'pools.show' }, updated, `pool ${id}`);
      }
      // Each field alone, the others kept: is_active=0 first, so the updates after it must keep the 0.
      await updateEachAlone(ctx, 'pools.update', { id, show: 'pools.show' }, { is_active: '0', name: ctx.unique('name alone'), description: ctx.unique('description alone'), ...(categories[0] ? { category: categories[0] } : {}) }, `pool ${id}`);
    },
  });
}

export function checks(variant: Variant): Check[] {
  return [pool_post_ids_set_its_posts, pool_delete_and_undelete, pool_fields_are_stored_as_sent(variant)];
}
