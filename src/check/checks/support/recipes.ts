/**
 * Recipes: how a check makes records of a listing with chosen facts (who made it, on which post, with
 * which text or value), through the documented operations only, so that a parameter's effect can be
 * observed on records the check made itself. A recipe that cannot vary a fact says so by leaving it out;
 * the effect checks then report the parameter as not checkable, with the reason.
 */
import type { OperationId } from '../../../../specs/model/index.ts';
import type { Account } from '../../accounts.ts';
import type { CheckContext } from '../../check.ts';
import { skip } from '../../check.ts';
import type { RecordFields } from '../../formats.ts';
import { recordId } from '../../formats.ts';
import { pngImage } from '../../images.ts';
import type { CallOptions } from '../../target.ts';
import { flagForAppeal, makePost } from '../../world.ts';
import { records, succeed, text } from './calls.ts';
import { recordsUntil } from './pages.ts';
import { uploadRatings } from './uploading.ts';

type Fields = NonNullable<CallOptions['fields']>;

/** What a made record is: the facts a recipe was asked for. */
export interface Facts {
  /** Who makes it (default: the actor). */
  readonly as?: Account;
  /** Who edits it once made, where a version maker edits it (default: who made it). */
  readonly editor?: Account;
  /** The post it belongs to. */
  readonly post?: { readonly id: number; readonly tag: string };
  /** Its text field (the filter's `field`) and the value written there: one unique word. */
  readonly text?: { readonly field: string; readonly value: string };
  /** More text fields and their words (field -> word): the fields two records of a check share. */
  readonly texts?: Readonly<Record<string, string>>;
  /** Records made before: the one made now is none of these, though it may carry the same words. */
  readonly except?: readonly number[];
  /** A value-set field and its value. */
  readonly value?: { readonly field: string; readonly value: string };
  /** A state and whether the record is in it. */
  readonly flag?: { readonly state: string; readonly on: boolean };
  /** The recipient (dmails). */
  readonly to?: Account;
  /** Who lists it (dmails: one of its owners); default: who made it. */
  readonly viewer?: Account;
}

export interface Recipe {
  readonly list: OperationId;
  /** Makes one record and returns its id as the listing shows it. */
  make(ctx: CheckContext, facts: Facts): Promise<number>;
  /** The facts this recipe can vary: `creator`, `recipient`, `post`, `text:<field>`, `value:<field>`, `flag:<state>`. */
  readonly varies: readonly string[];
  /**
   * Facts two records of one check cannot share, with the reason (a rule of the service family the API
   * gives no way around). Every other fact it varies, an effect check holds equal on the record it must
   * list and the one it must leave out (effectPlan in ../effects.ts).
   */
  readonly apart?: Readonly<Record<string, string>>;
  /** Name fields of its records that may hold several words (a pool's name), searched with two as prose is. */
  readonly severalWords?: readonly string[];
  /**
   * Writes text fields of record `id` (field -> word; a record with none a search reads, another field)
   * as account `as`, so that the record's updater can be another account than its creator; false when
   * the target refuses that account the edit (the service family's rules on who edits what).
   */
  rewrite?(ctx: CheckContext, id: number, as: Account, texts: Readonly<Record<string, string>>): Promise<boolean>;
}

/** Accounts of the run besides `than`, most privileged first. */
export function othersThan(ctx: CheckContext, than: Account): Account[] {
  return ctx.accounts.usable.filter((a) => a.name !== than.name).sort((a, b) => b.level - a.level);
}

/** The user id of an account, found the documented way: users.list with search[name]. */
export async function userIdOf(ctx: CheckContext, account: Account): Promise<number> {
  return ctx.world.get(`user-id:${account.name}`, async () => {
    const named = (list: RecordFields[]) => list.find((u) => text(u.name ?? '').toLowerCase() === account.name.toLowerCase());
    const list = records(await succeed(ctx, 'users.list', { fields: { name: account.name } }, `users.list name=${account.name}`), 'users.list');
    // Not through the search (whose effect a check may be observing): through the plain listing.
    const user = named(list) ?? (list.length === 1 ? list[0] : named(records(await succeed(ctx, 'users.list', { fields: {} }, 'users.list'), 'users.list')));
    const id = recordId(user);
    if (id === undefined) skip(`the user id of ${account.name} cannot be found through users.list search[name] (INT-record-fields)`);
    return id;
  });
}

/**
 * The id of a record just made, when its answer names none (INT-created-id): the one record of `list`,
 * searched with `search`, whose fields carry the unique `mark` (or the only record listed).
 */
export async function findMade(ctx: CheckContext, list: OperationId, search: Fields, mark: string, what: string, as?: Account, except: readonly number[] = []): Promise<number> {
  // On as many pages as it takes to come to the record (INT-list-pages); records made before it with the same words are not it.
  const carries = (r: RecordFields, m: string) => !except.includes(recordId(r) ?? -1) && carriesMark(r, m);
  const found = (read: readonly RecordFields[]) => read.some((r) => carries(r, mark));
  const listed = await recordsUntil(ctx, list, { fields: search, ...(as ? { as } : {}) }, `finding ${what} through ${list}`, found);
  let marked = listed.filter((r) => carries(r, mark));
  // Not found through the search (whose effect a check may be observing): the newest records of the plain listing.
  if (marked.length === 0) marked = (await recordsUntil(ctx, list, { ...(as ? { as } : {}) }, `finding ${what} through ${list}`, found)).filter((r) => carries(r, mark));
  const pick = marked.length === 1 ? marked[0] : listed.length === 1 && except.length === 0 ? listed[0] : undefined;
  const id = recordId(pick);
  if (id === undefined) skip(`${what} just made names no id in its answer and is not found alone through ${list} with ${JSON.stringify(search)} (INT-created-id)`);
  return id;
}

function carriesMark(r: RecordFields, mark: string): boolean {
  return Object.values(r).some((v) => v !== null && text(v).includes(mark));
}

async function created(ctx: CheckContext, op: OperationId, fields: Fields, what: string, find: { list: OperationId; search: Fields; mark: string }, as?: Account, except: readonly number[] = []): Promise<number> {
  const reply = await succeed(ctx, op, { fields, ...(as ? { as } : {}) }, what);
  return remember(ctx, find.list, reply.createdId() ?? (await findMade(ctx, find.list, find.search, find.mark, what, as, except)), find.search);
}

/** A record a recipe made, found by a search of its own unique value (findMade), which searchesOf then gives. */
async function foundMade(ctx: CheckContext, list: OperationId, search: Fields, mark: string, what: string, as?: Account, except: readonly number[] = []): Promise<number> {
  return remember(ctx, list, await findMade(ctx, list, search, mark, what, as, except), search);
}

function remember(ctx: CheckContext, list: OperationId, id: number, search: Fields, ...also: Fields[]): number {
  let made = searches.get(ctx.target);
  if (!made) searches.set(ctx.target, (made = new Map()));
  made.set(`${list} ${id}`, [search, ...also]);
  return id;
}

/** The searches that find each record a recipe made (the one that found it first), by target. */
const searches = new WeakMap<CheckContext['target'], Map<string, Fields[]>>();

/** Every search of `list` that finds the record `id` by a unique value of its own (its body, its topic's title), the first first. */
export function searchesOf(ctx: CheckContext, list: OperationId, id: number): readonly Fields[] {
  return searches.get(ctx.target)?.get(`${list} ${id}`) ?? [];
}

const post = async (ctx: CheckContext, facts: Facts) => facts.post ?? makePost(ctx);
const word = (ctx: CheckContext, facts: Facts, field: string, label: string) => (facts.text?.field === field ? facts.text.value : facts.texts?.[field] ?? ctx.unique(label).toLowerCase());

/** A post flag or appeal: on a post, by a user, with a reason. */
function postReport(kind: 'post_flags' | 'post_appeals'): Recipe {
  return {
    list: `${kind}.list`, varies: ['creator', 'post'],
    ...(kind === 'post_appeals' ? { apart: { post: 'the service family refuses a second appeal of a post under review (INT-business-rules)' } } : {}),
    async make(ctx, facts) {
      const p = await post(ctx, facts);
      if (kind === 'post_appeals') await flagForAppeal(ctx, p.id, facts.as);
      const reason = ctx.unique('reason');
      return created(ctx, `${kind}.create`, { post_id: p.id, reason }, `a ${kind} entry`, { list: `${kind}.list`, search: { post_id: p.id }, mark: reason }, facts.as, facts.except);
    },
  };
}

/** A comment or a note on a post. */
const comments: Recipe = {
  list: 'comments.list', varies: ['creator', 'post', 'text:body'],
  async make(ctx, facts) {
    const p = await post(ctx, facts);
    const body = word(ctx, facts, 'body', 'comment');
    return created(ctx, 'comments.create', { post_id: p.id, body }, 'a comment', { list: 'comments.list', search: { body_matches: body }, mark: body }, facts.as, facts.except);
  },
};

/** Writes a record's texts as `as` (another account than its creator): false when the target refuses it. */
async function rewriteAs(ctx: CheckContext, op: OperationId, id: number, as: Account, texts: Readonly<Record<string, string>>): Promise<boolean> {
  const reply = await ctx.target.call(op, { path: { id }, fields: texts, as });
  ctx.note(reply);
  return reply.ok;
}

const notes: Recipe = {
  list: 'notes.list', varies: ['creator', 'post', 'text:body'],
  async make(ctx, facts) {
    const p = await post(ctx, facts);
    const body = word(ctx, facts, 'body', 'note');
    return created(ctx, 'notes.create', { post_id: p.id, x: 1, y: 1, width: 2, height: 2, body }, 'a note', { list: 'notes.list', search: { body_matches: body }, mark: body }, facts.as, facts.except);
  },
  rewrite: (ctx, id, as, texts) => rewriteAs(ctx, 'notes.update', id, as, texts),
};

/** A dmail, as its recipient's copy when the viewer is the recipient (INT-dmail-copies). */
const dmails: Recipe = {
  list: 'dmails.list', varies: ['creator', 'recipient', 'text:title', 'flag:read'],
  async make(ctx, facts) {
    const from = facts.as ?? ctx.accounts.actor;
    const to = facts.to ?? othersThan(ctx, from).find((a) => a.role === 'Member') ?? othersThan(ctx, from)[0];
    if (!to) skip('a second account is needed to send a dmail');
    const title = word(ctx, facts, 'title', 'dmail');
    await succeed(ctx, 'dmails.create', { fields: { to_name: to.name, title, body: `${title} body` }, as: from }, 'a dmail');
    // Each owner sees a copy of its own (INT-dmail-copies): find the one the viewer lists.
    const id = await findMade(ctx, 'dmails.list', { message_matches: title }, title, 'a dmail', facts.viewer ?? from, facts.except);
    if (facts.flag?.state === 'read' && facts.flag.on) {
      // What makes a dmail read is not shown (INT-dmail-read): shown to its recipient, it is a read one
      // when the service then lists it as read; otherwise none can be made.
      await succeed(ctx, 'dmails.show', { path: { id }, as: to }, 'the dmail shown to its recipient');
      const read = ctx.target.paramName(ctx.target.operation('dmails.list'), 'read').values?.[0];
      const listed = read === undefined ? [] : records(await succeed(ctx, 'dmails.list', { fields: { read, message_matches: title }, as: to }, 'the dmails read'), 'dmails.list').map(recordId);
      if (!listed.includes(id)) skip('what makes a dmail read is not shown (INT-dmail-read), and a dmail shown to its recipient is not listed as read, so a read one cannot be made');
    }
    return id;
  },
};

const pools: Recipe = {
  list: 'pools.list', varies: ['creator', 'text:name', 'text:description', 'value:category', 'flag:is_active'],
  apart: { 'text:name': 'a pool name is unique (INT-already-exists)' },
  // The service family turns a pool name's spaces into underscores, and a search's alike (A pool.rb:45-48, 119-125 @cbf9d03).
  severalWords: ['name'],
  async make(ctx, facts) {
    const name = word(ctx, facts, 'name', 'pool');
    const description = word(ctx, facts, 'description', 'pooldesc');
    const fields: Fields = { name, description, ...(facts.value ? { [facts.value.field]: facts.value.value } : {}) };
    const id = await created(ctx, 'pools.create', fields, 'a pool', { list: 'pools.list', search: { name_matches: name }, mark: name }, facts.as, facts.except);
    if (facts.flag?.state === 'is_active') await succeed(ctx, 'pools.update', { path: { id }, fields: { is_active: facts.flag.on ? '1' : '0' }, ...(facts.as ? { as: facts.as } : {}) }, 'setting is_active of a pool');
    return id;
  },
  rewrite: (ctx, id, as, texts) => rewriteAs(ctx, 'pools.update', id, as, texts),
};

const wikiPages: Recipe = {
  list: 'wiki_pages.list', varies: ['creator', 'text:title', 'text:body', 'text:other_names'],
  apart: { 'text:title': 'a wiki page title is unique (INT-already-exists)' },
  async make(ctx, facts) {
    const title = word(ctx, facts, 'title', 'wiki');
    const body = word(ctx, facts, 'body', 'wikibody');
    const others = facts.text?.field === 'other_names' ? facts.text.value : facts.texts?.['other_names'];
    const other = others !== undefined ? { other_names: others } : {};
    return created(ctx, 'wiki_pages.create', { title, body, ...other }, 'a wiki page', { list: 'wiki_pages.list', search: { title }, mark: title }, facts.as, facts.except);
  },
  rewrite: (ctx, id, as, texts) => rewriteAs(ctx, 'wiki_pages.update', id, as, texts),
};

const forumTopics: Recipe = {
  list: 'forum_topics.list', varies: ['text:title', 'value:category_id'],
  async make(ctx, facts) {
    const title = word(ctx, facts, 'title', 'topic');
    const fields: Fields = { title, body: facts.texts?.['body'] ?? `${title} first post`, ...(facts.value ? { [facts.value.field]: facts.value.value } : {}) };
    return created(ctx, 'forum_topics.create', fields, 'a forum topic', { list: 'forum_topics.list', search: { title }, mark: title }, facts.as, facts.except);
  },
};

/** A forum post: the original post of a topic of its own, made with the facts' body and user. */
const forumPosts: Recipe = {
  list: 'forum_posts.list', varies: ['creator', 'text:body'],
  async make(ctx, facts) {
    const title = ctx.unique('topic').toLowerCase();
    const body = word(ctx, facts, 'body', 'forumpost');
    await succeed(ctx, 'forum_topics.create', { fields: { title, body }, ...(facts.as ? { as: facts.as } : {}) }, 'a forum topic with its first post');
    const id = await findMade(ctx, 'forum_posts.list', { body_matches: body }, body, 'the first post of a forum topic', facts.as, facts.except);
    // Found by its body, and by its topic's title (a search of another kind, which a filter may be dropped beside).
    return remember(ctx, 'forum_posts.list', id, { body_matches: body }, { topic_title_matches: title });
  },
};

/** An upload with a file, by a user. */
const uploads: Recipe = {
  list: 'uploads.list', varies: ['creator'],
  async make(ctx, facts) {
    const tag = ctx.unique('up').toLowerCase();
    const reply = await succeed(ctx, 'uploads.create', {
      fields: { file: { file: pngImage(ctx.random), filename: `${tag}.png`, type: 'image/png' }, rating: uploadRatings(ctx)[0]!, tag_string: tag },
      ...(facts.as ? { as: facts.as } : {}),
    }, 'an upload');
    return reply.createdId() ?? findMade(ctx, 'uploads.list', { uploader_name: (facts.as ?? ctx.accounts.actor).name }, tag, 'an upload', facts.as, facts.except);
  },
};

/** An artist (A: active and not banned when new). */
const artists: Recipe = {
  list: 'artists.list', varies: ['creator', 'flag:is_active', 'flag:is_banned', 'flag:empty'],
  async make(ctx, facts) {
    const name = ctx.unique('artist').toLowerCase();
    if (facts.flag && facts.flag.state !== 'empty' && facts.flag.on === (facts.flag.state === 'is_banned')) skip(`a new artist is active and not banned; the API gives no way to make one that is ${facts.flag.on ? '' : 'not '}${facts.flag.state.replace('is_', '')}`);
    const id = await created(ctx, 'artists.create', { name }, 'an artist', { list: 'artists.list', search: { name: `name:${name}` }, mark: name }, facts.as, facts.except);
    // An artist with posts: a post tagged with the artist's name (INT-artist-posts).
    if (facts.flag?.state === 'empty' && !facts.flag.on) await makePost(ctx, name);
    return id;
  },
  // An artist has no text a search reads by creator: the edit gives it a new group.
  rewrite: (ctx, id, as) => rewriteAs(ctx, 'artists.update', id, as, { group_name: ctx.unique('regrouped').toLowerCase() }),
};

/** The tag-string prefix that gives a new tag each category code (INT-tag-categories). */
export const CATEGORY_PREFIXES: Readonly<Record<string, string>> = { '0': 'general', '1': 'artist', '3': 'copyright', '4': 'character' };

/** A tag: one that a post carries, or that no post carries any more; with or without a wiki page. */
const tags: Recipe = {
  list: 'tags.list', varies: ['text:name', 'flag:nonempty', 'flag:has_wiki'],
  async make(ctx, facts) {
    const name = word(ctx, facts, 'name', 'tag');
    const p = await makePost(ctx, name);
    if (facts.flag?.state === 'nonempty' && !facts.flag.on) {
      await succeed(ctx, 'posts.update', { path: { id: p.id }, fields: { tag_string: p.tag } }, `removing ${name} from its post`);
    }
    if (facts.flag?.state === 'has_wiki' && facts.flag.on) await succeed(ctx, 'wiki_pages.create', { fields: { title: name, body: `${name} wiki` } }, `a wiki page for the tag ${name}`);
    return foundMade(ctx, 'tags.list', { name_matches: name }, name, 'a tag', undefined, facts.except);
  },
};

/** An artist commentary of a post, with an original or a translated text. */
const commentaries: Recipe = {
  list: 'artist_commentaries.list', varies: ['post', 'text:original_title', 'flag:original_present', 'flag:translated_present'],
  apart: { post: 'a post has one artist commentary: a second create_or_update changes it' },
  async make(ctx, facts) {
    const p = await post(ctx, facts);
    const words = word(ctx, facts, 'original_title', 'commentary');
    // original_present / translated_present: a commentary with only one of the two texts.
    const which = facts.flag && (facts.flag.state === 'original_present') !== facts.flag.on ? 'translated' : 'original';
    await succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: p.id, [`${which}_title`]: words, [`${which}_description`]: words } }, 'an artist commentary');
    return foundMade(ctx, 'artist_commentaries.list', { post_tags_match: p.tag }, words, 'an artist commentary', undefined, facts.except);
  },
};

const RECIPES: readonly Recipe[] = [
  postReport('post_flags'), postReport('post_appeals'), comments, notes, dmails, pools, wikiPages, forumTopics, forumPosts, uploads, artists, tags, commentaries,
];

export function recipeFor(list: OperationId): Recipe | undefined {
  return RECIPES.find((r) => r.list === list);
}
