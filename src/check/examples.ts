/**
 * A valid request for each operation, built on the records of the world: what the per-operation
 * checks send when they need the target to accept a request (served, envelope, value sets) or to
 * refuse one that differs from it by exactly one thing (a missing REQUIRED parameter, an
 * out-of-set value, an unknown id).
 *
 * Operations that use up their record (delete, undelete, votes, flags) get a fresh one each time.
 */
import type { InterpretationId } from '../../specs/interpretations.ts';
import type { OperationId } from '../../specs/model/index.ts';
import type { CheckContext } from './check.ts';
import { skip } from './check.ts';
import { pngImage } from './images.ts';
import type { CallOptions } from './target.ts';
import { flagForAppeal, latestVersion, make, makePost } from './world.ts';

export interface Example {
  readonly path?: Record<string, number>;
  readonly fields?: Record<string, NonNullable<CallOptions['fields']>[string]>;
  /**
   * `success`: a conformant target answers 2xx. `answered`: the document does not let the request
   * succeed for certain (INT-forum-post-topic); only a documented status and the envelope are expected.
   */
  readonly expect: 'success' | 'answered';
  /**
   * A 404 to this request does not show the route is missing: the document lets it mean something
   * else (a revert without a version id: the version is not found, INT-version-ids-hidden).
   */
  readonly notFoundMayMean?: InterpretationId;
}

type Maker = (ctx: CheckContext) => Promise<Example>;

const shared = {
  post: (ctx: CheckContext) => ctx.world.get('post', () => makePost(ctx)),
  otherPost: (ctx: CheckContext) => ctx.world.get('post2', () => makePost(ctx)),
  mutablePost: (ctx: CheckContext) => ctx.world.get('post-mutable', () => makePost(ctx)),
  comment: async (ctx: CheckContext) => ctx.world.get('comment', async () => make.comment(ctx, (await shared.post(ctx)).id)),
  dmail: (ctx: CheckContext) => ctx.world.get('dmail', () => make.dmail(ctx)),
  artist: (ctx: CheckContext) => ctx.world.get('artist', () => make.artist(ctx)),
  note: async (ctx: CheckContext) => ctx.world.get('note', async () => make.note(ctx, (await shared.post(ctx)).id)),
  pool: (ctx: CheckContext) => ctx.world.get('pool', () => make.pool(ctx)),
  wikiPage: (ctx: CheckContext) => ctx.world.get('wiki', () => make.wikiPage(ctx)),
  topic: (ctx: CheckContext) => ctx.world.get('topic', () => make.forumTopic(ctx)),
  forumPost: async (ctx: CheckContext) => ctx.world.get('forum-post', async () => make.forumPost(ctx, await shared.topic(ctx))),
  commentary: async (ctx: CheckContext) => ctx.world.get('commentary', async () => make.commentary(ctx, (await shared.post(ctx)).id)),
  upload: (ctx: CheckContext) =>
    ctx.world.get('upload', async () => {
      const reply = await ctx.target.call('uploads.list', { fields: { uploader_name: ctx.accounts.actor.name } });
      await shared.post(ctx);
      const again = reply.list()?.length ? reply : await ctx.target.call('uploads.list', { fields: { uploader_name: ctx.accounts.actor.name } });
      const id = again.list()?.map((r) => Number(r.id)).find((n) => Number.isSafeInteger(n) && n > 0);
      if (id === undefined) skip('no upload of the checking account can be listed to show it (INT-record-fields)');
      return id;
    }),
  userId: (ctx: CheckContext) =>
    ctx.world.get('user', async () => {
      const reply = await ctx.target.call('users.list', { fields: { name: ctx.accounts.member.name } });
      const id = reply.list()?.map((r) => Number(r.id)).find((n) => Number.isSafeInteger(n) && n > 0);
      if (id === undefined) skip('the checking account cannot be found through users.list to show it');
      return id;
    }),
};

const ok = (e: Omit<Example, 'expect'> = {}): Example => ({ ...e, expect: 'success' });

/**
 * A revert whose version ids cannot be learnt (INT-version-ids-hidden): sent for an existing record
 * without version_id. A served route refuses it (420/424, or 404 for the version not found: a 404 is
 * then only a warning naming the reading, since it cannot tell a missing route from a missing version).
 */
const withoutVersion = (id: number): Example => ({ path: { id }, fields: {}, expect: 'answered', notFoundMayMean: 'INT-version-ids-hidden' });
const firstValue = (ctx: CheckContext, opId: OperationId, field: string) =>
  ctx.target.paramName(ctx.target.operation(opId), field).values![0]!;

/** A valid request for every operation of the model: a missing one fails to compile. */
const EXAMPLES: Record<OperationId, Maker> = {
  'posts.list': async () => ok(),
  'posts.show': async (ctx) => ok({ path: { id: (await shared.post(ctx)).id } }),
  'posts.update': async (ctx) => {
    const post = await shared.mutablePost(ctx);
    return ok({ path: { id: post.id }, fields: { tag_string: `${post.tag} ${ctx.unique('updated').toLowerCase()}` } });
  },
  'posts.revert': async (ctx) => {
    const post = await shared.mutablePost(ctx);
    return ok({ path: { id: post.id }, fields: { version_id: await latestVersion(ctx, 'posts', 'post_id', post.id) } });
  },
  'posts.copy_notes': async (ctx) => {
    await shared.note(ctx);
    return ok({ path: { id: (await shared.post(ctx)).id }, fields: { other_post_id: (await shared.otherPost(ctx)).id } });
  },
  'post_votes.create': async (ctx) => ok({ path: { post_id: (await makePost(ctx)).id }, fields: { score: firstValue(ctx, 'post_votes.create', 'score') } }),
  'post_flags.list': async () => ok(),
  'post_flags.create': async (ctx) => ok({ fields: { post_id: (await makePost(ctx)).id, reason: ctx.unique('flag reason') } }),
  'post_appeals.list': async () => ok(),
  'post_appeals.create': async (ctx) => {
    const post = await makePost(ctx);
    await flagForAppeal(ctx, post.id);
    return ok({ fields: { post_id: post.id, reason: ctx.unique('appeal reason') } });
  },
  'post_versions.list': async () => ok(),
  'uploads.list': async () => ok(),
  'uploads.show': async (ctx) => ok({ path: { id: await shared.upload(ctx) } }),
  'uploads.create': async (ctx) =>
    ok({
      fields: {
        file: { file: pngImage(ctx.random), filename: 'conform.png', type: 'image/png' },
        rating: firstValue(ctx, 'uploads.create', 'rating'),
        tag_string: ctx.unique('tag').toLowerCase(),
      },
    }),
  'comments.list': async () => ok(),
  'comments.create': async (ctx) => ok({ fields: { post_id: (await shared.post(ctx)).id, body: ctx.unique('comment') } }),
  'comments.update': async (ctx) => ok({ path: { id: await shared.comment(ctx) }, fields: { body: ctx.unique('edited comment') } }),
  'comments.show': async (ctx) => ok({ path: { id: await shared.comment(ctx) } }),
  'comments.delete': async (ctx) => ok({ path: { id: await make.comment(ctx, (await shared.post(ctx)).id) } }),
  'dmails.list': async () => ok(),
  'dmails.show': async (ctx) => ok({ path: { id: await shared.dmail(ctx) } }),
  'dmails.create': async (ctx) => {
    const to = ctx.accounts.otherMember ?? ctx.accounts.member;
    const title = ctx.unique('dmail');
    return ok({ fields: { to_name: to.name, title, body: `${title} body` } });
  },
  'dmails.delete': async (ctx) => ok({ path: { id: await make.dmail(ctx) } }),
  'artists.list': async () => ok(),
  'artists.show': async (ctx) => ok({ path: { id: await shared.artist(ctx) } }),
  'artists.create': async (ctx) => ok({ fields: { name: ctx.unique('artist').toLowerCase() } }),
  'artists.update': async (ctx) => ok({ path: { id: await shared.artist(ctx) }, fields: { group_name: ctx.unique('group').toLowerCase() } }),
  'artists.delete': async (ctx) => ok({ path: { id: await make.artist(ctx) } }),
  'artists.banned': async () => ok(),
  'artists.revert': async (ctx) => {
    const id = await shared.artist(ctx);
    if (!ctx.target.exists('artist_versions.list')) return withoutVersion(id);
    return ok({ path: { id }, fields: { version_id: await latestVersion(ctx, 'artists', 'artist_id', id) } });
  },
  'artist_versions.list': async () => ok(),
  'notes.list': async () => ok(),
  'notes.show': async (ctx) => ok({ path: { id: await shared.note(ctx) } }),
  'notes.create': async (ctx) =>
    // Inside the 8x8 images the checks upload: a server may refuse notes outside the image (INT-note-geometry).
    ok({ fields: { post_id: (await shared.post(ctx)).id, x: 1, y: 1, width: 4, height: 4, body: ctx.unique('note') } }),
  'notes.update': async (ctx) => ok({ path: { id: await shared.note(ctx) }, fields: { body: ctx.unique('edited note') } }),
  'notes.delete': async (ctx) => ok({ path: { id: await make.note(ctx, (await shared.post(ctx)).id) } }),
  'notes.revert': async (ctx) => {
    const id = await shared.note(ctx);
    return ok({ path: { id }, fields: { version_id: await latestVersion(ctx, 'notes', 'note_id', id) } });
  },
  'note_versions.list': async () => ok(),
  'users.list': async () => ok(),
  'users.show': async (ctx) => ok({ path: { id: await shared.userId(ctx) } }),
  'pools.list': async () => ok(),
  'pools.show': async (ctx) => ok({ path: { id: await shared.pool(ctx) } }),
  'pools.create': async (ctx) => {
    const name = ctx.unique('pool');
    return ok({ fields: { name, description: `${name} description` } });
  },
  'pools.update': async (ctx) => ok({ path: { id: await shared.pool(ctx) }, fields: { description: ctx.unique('pool description') } }),
  'pools.delete': async (ctx) => ok({ path: { id: await make.pool(ctx) } }),
  'pools.undelete': async (ctx) => {
    const id = await make.pool(ctx);
    await ctx.target.call('pools.delete', { path: { id } });
    return ok({ path: { id } });
  },
  'pools.revert': async (ctx) => {
    const id = await shared.pool(ctx);
    return ok({ path: { id }, fields: { version_id: await latestVersion(ctx, 'pools', 'pool_id', id) } });
  },
  'pool_versions.list': async () => ok(),
  'tags.list': async () => ok(),
  'tag_aliases.list': async () => ok(),
  'tag_implications.list': async () => ok(),
  'related_tag.list': async (ctx) => ok({ fields: { query: (await shared.post(ctx)).tag } }),
  'wiki_pages.list': async () => ok(),
  'wiki_pages.show': async (ctx) => ok({ path: { id: await shared.wikiPage(ctx) } }),
  'wiki_pages.create': async (ctx) => {
    const title = ctx.unique('wiki').toLowerCase();
    return ok({ fields: { title, body: `${title} body` } });
  },
  'wiki_pages.update': async (ctx) => ok({ path: { id: await shared.wikiPage(ctx) }, fields: { body: ctx.unique('wiki body') } }),
  'wiki_pages.revert': async (ctx) => withoutVersion(await shared.wikiPage(ctx)),
  'forum_topics.list': async () => ok(),
  'forum_topics.show': async (ctx) => ok({ path: { id: await shared.topic(ctx) } }),
  'forum_topics.create': async (ctx) => {
    const title = ctx.unique('topic');
    return ok({ fields: { title, body: `${title} first post` } });
  },
  'forum_topics.update': async (ctx) => ok({ path: { id: await shared.topic(ctx) }, fields: { title: ctx.unique('renamed topic') } }),
  'forum_topics.delete': async (ctx) => ok({ path: { id: await make.forumTopic(ctx) } }),
  'forum_topics.undelete': async (ctx) => {
    const id = await make.forumTopic(ctx);
    await ctx.target.call('forum_topics.delete', { path: { id } });
    return ok({ path: { id } });
  },
  'forum_posts.list': async () => ok(),
  'forum_posts.create': async (ctx) => ({ fields: { body: ctx.unique('forum post') }, expect: 'answered' }),
  'forum_posts.update': async (ctx) => ok({ path: { id: await shared.forumPost(ctx) }, fields: { body: ctx.unique('edited forum post') } }),
  'forum_posts.delete': async (ctx) => ok({ path: { id: await make.forumPost(ctx, await make.forumTopic(ctx)) } }),
  'forum_posts.undelete': async (ctx) => {
    const id = await make.forumPost(ctx, await make.forumTopic(ctx));
    await ctx.target.call('forum_posts.delete', { path: { id } });
    return ok({ path: { id } });
  },
  'artist_commentaries.list': async () => ok(),
  'artist_commentaries.create_or_update': async (ctx) =>
    ok({ fields: { post_id: (await shared.post(ctx)).id, original_title: ctx.unique('commentary') } }),
  'artist_commentaries.revert': async (ctx) => {
    const postId = await shared.commentary(ctx);
    return ok({ path: { id: postId }, fields: { version_id: await latestVersion(ctx, 'artist_commentaries', 'post_id', postId) } });
  },
  'artist_commentary_versions.list': async () => ok(),
};

export async function exampleFor(ctx: CheckContext, opId: OperationId): Promise<Example> {
  return EXAMPLES[opId](ctx);
}
