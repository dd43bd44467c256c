/**
 * `searches/*`: GET parameters are read from the query string, and each search parameter is given a
 * record that must be listed and one that must not be (filters checked both ways).
 */
import type { OperationId, Variant } from '../../../specs/model/index.ts';
import type { RequirementId } from '../../../specs/requirements/index.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { pngImage } from '../images.ts';
import { make, makePost } from '../world.ts';
import { idOf, listIds, succeed } from './support/calls.ts';
import { expectDisjoint, expectSelects } from './support/selection.ts';
import { uploadRatings } from './support/uploading.ts';

export const get_parameters_are_read_from_the_query = defineCheck({
  id: 'searches/query-params', fn: 'get_parameters_are_read_from_the_query', resource: 'protocol',
  description: 'GET parameters in the query string select records', requirements: ['IB-2-query-params'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    const body = ctx.unique('findme');
    const id = await make.comment(ctx, post.id);
    await succeed(ctx, 'comments.update', { path: { id }, fields: { body } }, 'the comment update');
    const found = await listIds(ctx, 'comments.list', { body_matches: body });
    const all = await listIds(ctx, 'comments.list', {});
    if (!found.includes(id)) fail(`search[body_matches] in the query string does not find comment ${id}`, { expected: `comment ${id}`, actual: JSON.stringify(found) });
    if (all.length > 1 && found.length === all.length) fail('search[body_matches] in the query string selects every comment', { expected: 'only the matching comment', actual: `${found.length} comments` });
  },
});

/** A search parameter given a record that must be listed and one that must not. */
export function filter_selects_both_ways(id: string, resource: string, requirement: RequirementId, description: string, run: (ctx: CheckContext) => Promise<void>): Check {
  return defineCheck({ id: `searches/${id}`, fn: 'filter_selects_both_ways', resource, description, requirements: [requirement], readOnly: false, run });
}

export function checks(variant: Variant): Check[] {
  const byPost = (kind: 'post_flags' | 'post_appeals') =>
    filter_selects_both_ways(`${kind}.post_id`, kind, `IB-4-${kind}-search-post_id`, `search[post_id] on ${kind} lists the ${kind === 'post_flags' ? 'flags' : 'appeals'} of that post and no other`, async (ctx) => {
      const [p1, p2] = [await makePost(ctx), await makePost(ctx)];
      const made: number[] = [];
      for (const p of [p1, p2]) made.push(await idOf(ctx, await succeed(ctx, `${kind}.create`, { fields: { post_id: p.id, reason: ctx.unique('reason') } }, `a ${kind} entry`), kind));
      expectSelects(await listIds(ctx, `${kind}.list`, { post_id: p1.id }), [made[0]!], [made[1]!], `search[post_id]=${p1.id}`);
    });
  /** Versions of two records: each record's filter lists versions, and none of the other's. */
  const versions = (listing: OperationId, param: string, requirement: RequirementId, two: (ctx: CheckContext) => Promise<[number, number]>) =>
    filter_selects_both_ways(`${listing}.${param}`, listing.split('.')[0]!, requirement, `search[${param}] on ${listing.split('.')[0]} lists the versions of that record only`, async (ctx) => {
      const [a, b] = await two(ctx);
      expectDisjoint(await listIds(ctx, listing, { [param]: a }), await listIds(ctx, listing, { [param]: b }), `search[${param}]=${a} and =${b}`);
    });
  const edited = async (ctx: CheckContext, kind: 'note' | 'pool' | 'artist', update: (ctx: CheckContext, id: number) => Promise<unknown>): Promise<number> => {
    const id = kind === 'note' ? await make.note(ctx, (await makePost(ctx)).id) : await make[kind](ctx);
    await update(ctx, id);
    return id;
  };
  const out: Check[] = [
    get_parameters_are_read_from_the_query,
    byPost('post_flags'),
    byPost('post_appeals'),
    filter_selects_both_ways('uploads.uploader_name', 'uploads', 'IB-4-uploads-search-uploader_name', 'search[uploader_name] lists the uploads of that user and not another\'s', async (ctx) => {
      const other = ctx.accounts.usable.find((a) => a.name !== ctx.accounts.actor.name);
      if (!other) skip('a second account is needed to upload as someone else');
      const upload = async (as: typeof other | undefined) =>
        idOf(ctx, await succeed(ctx, 'uploads.create', { ...(as ? { as } : {}), fields: { file: { file: pngImage(ctx.random), filename: 'u.png', type: 'image/png' }, rating: uploadRatings(ctx)[0]!, tag_string: ctx.unique('by').toLowerCase() } }, 'an upload'), 'upload');
      const mine = await upload(undefined);
      const theirs = await upload(other);
      expectSelects(await listIds(ctx, 'uploads.list', { uploader_name: ctx.accounts.actor.name }), [mine], [theirs], `search[uploader_name]=${ctx.accounts.actor.name}`);
    }),
    filter_selects_both_ways('dmails.to_name', 'dmails', 'IB-4-dmails-search-to_name', 'search[to_name] lists the dmails sent to that user and not those sent to another', async (ctx) => {
      const members = ctx.accounts.usable.filter((a) => a.name !== ctx.accounts.actor.name);
      if (members.length < 2) skip('two accounts besides the sender are needed');
      const [to1, to2] = members as [(typeof members)[0], (typeof members)[0]];
      const send = async (to: typeof to1) => {
        const title = ctx.unique('to');
        return idOf(ctx, await succeed(ctx, 'dmails.create', { fields: { to_name: to.name, title, body: 'to_name' } }, 'a dmail'), 'dmail', { list: 'dmails.list', fields: { message_matches: title } });
      };
      const d1 = await send(to1);
      const d2 = await send(to2);
      expectSelects(await listIds(ctx, 'dmails.list', { to_name: to1.name }), [d1], [d2], `search[to_name]=${to1.name}`);
    }),
    filter_selects_both_ways('forum_topics.title', 'forum_topics', 'IB-4-forum_topics-search-title', 'search[title] lists the topic of exactly that title, not one whose title only contains it', async (ctx) => {
      const title = ctx.unique('exact topic');
      const create = async (t: string) => idOf(ctx, await succeed(ctx, 'forum_topics.create', { fields: { title: t, body: `${t} body` } }, 'a topic'), 'forum topic', { list: 'forum_topics.list', fields: { title_matches: t } });
      const exact = await create(title);
      const longer = await create(`${title} continued`);
      expectSelects(await listIds(ctx, 'forum_topics.list', { title }), [exact], [longer], `search[title]=${title}`);
    }),
    filter_selects_both_ways('forum_posts.topic_id', 'forum_posts', 'IB-4-forum_posts-search-topic_id', 'search[topic_id] lists the posts of that topic only', async (ctx) => {
      const [t1, t2] = [await make.forumTopic(ctx), await make.forumTopic(ctx)];
      expectDisjoint(await listIds(ctx, 'forum_posts.list', { topic_id: t1 }), await listIds(ctx, 'forum_posts.list', { topic_id: t2 }), `search[topic_id]=${t1} and =${t2}`);
    }),
    versions('post_versions.list', 'post_id', 'IB-4-post_versions-search-post_id', async (ctx) => {
      const [a, b] = [await makePost(ctx), await makePost(ctx)];
      for (const p of [a, b]) await succeed(ctx, 'posts.update', { path: { id: p.id }, fields: { tag_string: `${p.tag} ${ctx.unique('v').toLowerCase()}` } }, 'a post update');
      return [a.id, b.id];
    }),
    versions('note_versions.list', 'note_id', 'IB-4-note_versions-search-note_id', async (ctx) => {
      const update = (c: CheckContext, id: number) => succeed(c, 'notes.update', { path: { id }, fields: { body: c.unique('v') } }, 'a note update');
      return [await edited(ctx, 'note', update), await edited(ctx, 'note', update)];
    }),
    versions('pool_versions.list', 'pool_id', 'IB-4-pool_versions-search-pool_id', async (ctx) => {
      const update = (c: CheckContext, id: number) => succeed(c, 'pools.update', { path: { id }, fields: { description: c.unique('v') } }, 'a pool update');
      return [await edited(ctx, 'pool', update), await edited(ctx, 'pool', update)];
    }),
  ];
  if (variant === 'A') {
    out.push(
      filter_selects_both_ways('pools.category', 'pools', 'IB-4-pools-search-category-A', 'search[category] lists the pools of that category and not the other', async (ctx) => {
        const [series, collection] = ctx.target.paramName(ctx.target.operation('pools.list'), 'category').values! as [string, string];
        const create = async (category: string) => {
          const name = ctx.unique(category);
          return idOf(ctx, await succeed(ctx, 'pools.create', { fields: { name, description: category, category } }, `a ${category} pool`), 'pool', { list: 'pools.list', fields: { name_matches: name } });
        };
        const s = await create(series);
        const c = await create(collection);
        expectSelects(await listIds(ctx, 'pools.list', { category: series }), [s], [c], `search[category]=${series}`);
        expectSelects(await listIds(ctx, 'pools.list', { category: collection }), [c], [s], `search[category]=${collection}`);
      }),
      versions('artist_versions.list', 'artist_id', 'IB-4-artist_versions-search-artist_id-A', async (ctx) => {
        const update = (c: CheckContext, id: number) => succeed(c, 'artists.update', { path: { id }, fields: { group_name: c.unique('v').toLowerCase() } }, 'an artist update');
        return [await edited(ctx, 'artist', update), await edited(ctx, 'artist', update)];
      }),
      versions('artist_commentary_versions.list', 'post_id', 'IB-4-artist_commentary_versions-search-post_id-A', async (ctx) => {
        const [a, b] = [await makePost(ctx), await makePost(ctx)];
        for (const p of [a, b]) await make.commentary(ctx, p.id);
        return [a.id, b.id];
      }),
    );
  }
  return out;
}
