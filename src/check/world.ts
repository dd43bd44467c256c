/**
 * The records checks act on, created through the documented interface itself with the run prefix:
 * posts (through uploads), a comment, a dmail, an artist, a note, a pool, a wiki page, a forum
 * topic and its post, an artist commentary (A). Each is made once per suite file, on first use.
 *
 * Ids come from the create response's envelope (INT-created-id) or, failing that, from a search
 * of the list for the values just set.
 */
import type { OperationId, ResourceId } from '../../specs/model/index.ts';
import { versionListing } from '../../specs/model/index.ts';
import type { Account } from './accounts.ts';
import type { CheckContext } from './check.ts';
import { fail, skip } from './check.ts';
import { recordId } from './formats.ts';
import { pngImage } from './images.ts';
import { schedule } from './schedule.ts';
import type { Reply } from './target.ts';

export interface Made {
  readonly id: number;
  readonly reply: Reply;
}

/** Statuses a service refuses a create with by a rule of its own: 420 Invalid Record, 422 Locked (INT-business-rules). */
const RULE_REFUSALS: readonly number[] = [420, 422];

/**
 * A create refused by a rule of the service the document does not list (how often an account may flag
 * or appeal, how old it must be): not established, with the service's reason (INT-business-rules).
 * A create of the document's own rules (a missing parameter, a duplicate) is judged by its check.
 */
export function skipRuleRefusal(reply: Reply, what: string): void {
  if (reply.ok || !reply.op || reply.op.kind !== 'create' || !RULE_REFUSALS.includes(reply.status)) return;
  const e = reply.envelope();
  const reason = e.ok ? e.envelope.reason : reply.text().replace(/\s+/g, ' ').trim().slice(0, 200);
  skip(`${what} was refused with ${reply.status}${reason ? ` ("${reason}")` : ''}: a rule of the service that the document does not list (INT-business-rules). Accounts that meet it (older, more privileged, not at a daily limit) let this check run`);
}

/** Fails the check with the exchange when a set-up request does not succeed. */
export function expectCreated(reply: Reply, what: string): void {
  skipRuleRefusal(reply, `creating ${what}`);
  if (!reply.ok) {
    const e = reply.envelope();
    // A 404 where the document does not show the route (notes create) rests on the reading of its path.
    const reading = reply.status === 404 && reply.op && !reply.op.shown ? reply.op.interpretation : undefined;
    fail(`could not create ${what}: status ${reply.status}${e.ok ? `, reason "${e.envelope.reason}"` : ''}`, { reply, ...(reading ? { interpretation: reading } : {}) });
  }
}

/** "a forum topic" -> "the forum topic": what a step made, named again. */
const definite = (what: string) => what.replace(/^(?:an?|the) /, 'the ').replace(/^(?!the )/, 'the ');

async function findBy(ctx: CheckContext, listOp: OperationId, fields: Record<string, string | number>, what: string): Promise<number> {
  const reply = await ctx.target.call(listOp, { fields });
  const list = reply.list();
  if (!reply.ok || !list) fail(`could not find ${definite(what)} just created through ${listOp}`, { reply });
  const id = recordId(list[0]);
  if (id === undefined) skip(`${definite(what)} just created is not found through ${listOp}, or its records have no id (INT-record-fields)`);
  return id;
}

async function idOf(ctx: CheckContext, reply: Reply, listOp: OperationId, fields: Record<string, string | number>, what: string): Promise<number> {
  expectCreated(reply, what);
  return reply.createdId() ?? findBy(ctx, listOp, fields, what);
}

/** A new post, made through an upload with a file: returns the post id. */
export async function makePost(ctx: CheckContext, extraTags = ''): Promise<{ id: number; tag: string }> {
  return ctx.world.setup('post', 'a post made through an upload with a file', () => uploadPost(ctx, extraTags));
}

/**
 * `count` new posts, each made as makePost makes one, `ctx.concurrency` at a time: for a check that needs
 * many posts to exist. The first failure ends it (the posts in the making are awaited) and is thrown.
 */
export async function makePosts(ctx: CheckContext, count: number): Promise<void> {
  let failure: { readonly error: unknown } | undefined;
  await schedule(Array.from({ length: count }), ctx.concurrency, () => 'main', async () => {
    if (!failure) await makePost(ctx).catch((error: unknown) => void (failure ??= { error }));
  });
  if (failure) throw failure.error;
}

async function uploadPost(ctx: CheckContext, extraTags: string): Promise<{ id: number; tag: string }> {
  const tag = ctx.unique('tag').toLowerCase();
  const reply = await ctx.target.call('uploads.create', {
    fields: {
      file: { file: pngImage(ctx.random), filename: `${tag}.png`, type: 'image/png' },
      rating: ctx.target.operation('uploads.create').params.find((p) => p.name.endsWith('[rating]'))!.values![0],
      tag_string: `${tag} ${extraTags}`.trim(),
    },
  });
  expectCreated(reply, 'an upload');
  const found = await ctx.target.call('posts.list', { fields: { tags: tag } });
  const posts = found.list();
  if (!found.ok || !posts) fail('the post made from an upload cannot be listed by its tag', { reply: found });
  const id = recordId(posts[0]);
  if (id === undefined) fail(`an accepted upload did not become a post found by its tag "${tag}"`, { reply: found });
  return { id, tag };
}

/**
 * A post made appealable the way a client of the service family would: flagged first (the family appeals
 * only flagged or deleted posts, INT-business-rules). A flag refused for being a second one is fine.
 */
export async function flagForAppeal(ctx: CheckContext, postId: number, as?: Account): Promise<void> {
  const reply = await ctx.target.call('post_flags.create', { fields: { post_id: postId, reason: ctx.unique('flagged to appeal') }, ...(as ? { as } : {}) });
  ctx.note(reply);
}

/** The id of the newest version of a record, from the resource's version listing. */
export async function latestVersion(ctx: CheckContext, resource: ResourceId, field: string, id: number): Promise<number> {
  return ctx.world.setup(`versions-${resource}`, `the newest version id of a ${resource} record`, () => newestVersion(ctx, resource, field, id));
}

async function newestVersion(ctx: CheckContext, resource: ResourceId, field: string, id: number): Promise<number> {
  const listing = versionListing(resource);
  if (!listing || !ctx.target.exists(listing)) skip(`version ids of ${resource} cannot be listed in ${ctx.variant} (INT-version-ids-hidden)`);
  const reply = await ctx.target.call(listing, { fields: { [field]: id } });
  const list = reply.list();
  if (!reply.ok || !list) fail(`${listing} did not list the versions of ${resource} ${id}`, { reply });
  const ids = list.map(recordId).filter((x): x is number => x !== undefined);
  if (ids.length === 0) fail(`${listing} lists no version of ${resource} ${id} after it was created`, { reply });
  return Math.max(...ids);
}

const makers = {
  post: (ctx: CheckContext) => uploadPost(ctx, '').then((p) => p.id),
  comment: async (ctx: CheckContext, postId: number) => {
    const body = ctx.unique('comment');
    const reply = await ctx.target.call('comments.create', { fields: { post_id: postId, body } });
    return idOf(ctx, reply, 'comments.list', { body_matches: body }, 'a comment');
  },
  dmail: async (ctx: CheckContext) => {
    const title = ctx.unique('dmail');
    const to = ctx.accounts.otherMember ?? ctx.accounts.member;
    const reply = await ctx.target.call('dmails.create', { fields: { to_name: to.name, title, body: `${title} body` } });
    return idOf(ctx, reply, 'dmails.list', { message_matches: title }, 'a dmail');
  },
  artist: async (ctx: CheckContext) => {
    const name = ctx.unique('artist').toLowerCase();
    const reply = await ctx.target.call('artists.create', { fields: { name } });
    return idOf(ctx, reply, 'artists.list', { name: `name:${name}` }, 'an artist');
  },
  note: async (ctx: CheckContext, postId: number) => {
    const body = ctx.unique('note');
    const reply = await ctx.target.call('notes.create', { fields: { post_id: postId, x: 1, y: 2, width: 3, height: 4, body } });
    return idOf(ctx, reply, 'notes.list', { body_matches: body }, 'a note');
  },
  pool: async (ctx: CheckContext) => {
    const name = ctx.unique('pool');
    const reply = await ctx.target.call('pools.create', { fields: { name, description: `${name} description` } });
    return idOf(ctx, reply, 'pools.list', { name_matches: name }, 'a pool');
  },
  wikiPage: async (ctx: CheckContext) => {
    const title = ctx.unique('wiki').toLowerCase();
    const reply = await ctx.target.call('wiki_pages.create', { fields: { title, body: `${title} body` } });
    return idOf(ctx, reply, 'wiki_pages.list', { title }, 'a wiki page');
  },
  forumTopic: async (ctx: CheckContext) => {
    const title = ctx.unique('topic');
    const reply = await ctx.target.call('forum_topics.create', { fields: { title, body: `${title} first post` } });
    return idOf(ctx, reply, 'forum_topics.list', { title }, 'a forum topic');
  },
  forumPost: async (ctx: CheckContext, topicId: number) => findBy(ctx, 'forum_posts.list', { topic_id: topicId }, 'the first post of a forum topic'),
  commentary: async (ctx: CheckContext, postId: number) => {
    const reply = await ctx.target.call('artist_commentaries.create_or_update', {
      fields: { post_id: postId, original_title: ctx.unique('commentary') },
    });
    expectCreated(reply, 'an artist commentary');
    return postId;
  },
};

const WHAT: Record<keyof typeof makers, string> = {
  post: 'a post made through an upload with a file',
  comment: 'a comment',
  dmail: 'a dmail',
  artist: 'an artist',
  note: 'a note',
  pool: 'a pool',
  wikiPage: 'a wiki page',
  forumTopic: 'a forum topic',
  forumPost: 'the first post of a forum topic',
  commentary: 'an artist commentary',
};

/**
 * The records checks act on. Each is a set-up step: when making one fails, that is one root cause,
 * and every check that needs one is blocked by it.
 */
export const make = Object.fromEntries(
  Object.entries(makers).map(([kind, maker]) => [
    kind,
    (ctx: CheckContext, ...args: never[]) => ctx.world.setup(kind === 'post' ? 'post' : kind, WHAT[kind as keyof typeof makers], () => (maker as (c: CheckContext, ...a: never[]) => Promise<number>)(ctx, ...args)),
  ]),
) as typeof makers;
