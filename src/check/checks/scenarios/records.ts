/** Records made for lifecycle checks, each with the search that finds it again. */
import type { OperationId } from '../../../../specs/model/index.ts';
import type { CheckContext } from '../../check.ts';
import { skip } from '../../check.ts';
import { makePost } from '../../world.ts';
import type { Findable } from './common.ts';
import { listIds, succeed } from './common.ts';

async function create(ctx: CheckContext, op: OperationId, fields: Record<string, string | number>, find: Omit<Findable, 'id'>, what: string): Promise<Findable> {
  const reply = await succeed(ctx, op, { fields }, `creating ${what}`);
  const id = reply.createdId() ?? (await listIds(ctx, find.list, find.search))[0];
  if (id === undefined) skip(`the new ${what} cannot be found through ${find.list}`);
  return { id, ...find };
}

export const findable = {
  comment: async (ctx: CheckContext) => {
    const body = ctx.unique('comment');
    return create(ctx, 'comments.create', { post_id: (await makePost(ctx)).id, body }, { show: 'comments.show', list: 'comments.list', search: { body_matches: body } }, 'a comment');
  },
  dmail: async (ctx: CheckContext) => {
    const title = ctx.unique('dmail');
    const to = ctx.accounts.otherMember ?? ctx.accounts.member;
    return create(ctx, 'dmails.create', { to_name: to.name, title, body: `${title} body` }, { show: 'dmails.show', list: 'dmails.list', search: { message_matches: title } }, 'a dmail');
  },
  note: async (ctx: CheckContext) => {
    const body = ctx.unique('note');
    return create(ctx, 'notes.create', { post_id: (await makePost(ctx)).id, x: 1, y: 1, width: 5, height: 5, body }, { show: 'notes.show', list: 'notes.list', search: { body_matches: body } }, 'a note');
  },
  artist: async (ctx: CheckContext) => {
    const name = ctx.unique('artist').toLowerCase();
    return create(ctx, 'artists.create', { name }, { show: 'artists.show', list: 'artists.list', search: { name: `name:${name}` } }, 'an artist');
  },
  pool: async (ctx: CheckContext) => {
    const name = ctx.unique('pool');
    return create(ctx, 'pools.create', { name, description: name }, { show: 'pools.show', list: 'pools.list', search: { name_matches: name } }, 'a pool');
  },
  topic: async (ctx: CheckContext) => {
    const title = ctx.unique('topic');
    return create(ctx, 'forum_topics.create', { title, body: `${title} first post` }, { show: 'forum_topics.show', list: 'forum_topics.list', search: { title } }, 'a forum topic');
  },
  /** The original post of a new topic (forum posts have no show operation). */
  forumPost: async (ctx: CheckContext) => {
    const topic = await findable.topic(ctx);
    const ids = await listIds(ctx, 'forum_posts.list', { topic_id: topic.id });
    if (ids.length === 0) skip('a new topic has no forum post to act on');
    return { id: ids[0]!, list: 'forum_posts.list', search: { topic_id: topic.id } } satisfies Findable;
  },
};
