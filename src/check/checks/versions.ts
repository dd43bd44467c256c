/** `versions/*`: version histories and reverts (section 9) of posts, notes, pools, artists and artist commentaries. */
import type { OperationId, VersionedResourceId } from '../../../specs/model/index.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { recordId } from '../formats.ts';
import type { Account } from '../accounts.ts';
import { make, makePost } from '../world.ts';
import { recordsUntil } from './support/pages.ts';
import { othersThan } from './support/recipes.ts';
import { field, records, show, succeed, tagsOf, text } from './support/calls.ts';

/** The versions of a record, oldest first, as listed by the resource's version listing. */
async function versions(ctx: CheckContext, listing: OperationId, field: string, id: number) {
  const list = records(await succeed(ctx, listing, { fields: { [field]: id } }, `${listing} of ${id}`), listing);
  return list
    .map((r) => ({ id: recordId(r), record: r }))
    .filter((v): v is { id: number; record: (typeof list)[number] } => v.id !== undefined)
    .sort((a, b) => a.id - b.id);
}

export interface History {
  readonly resource: VersionedResourceId;
  readonly listing: OperationId;
  readonly revert: OperationId;
  readonly show: OperationId;
  /** Search field of the listing that selects one record's versions. */
  readonly by: string;
  /** The field compared before and after the revert. */
  readonly field: string;
  readonly make: (ctx: CheckContext) => Promise<number>;
  /** Changes the record's field, as `as` (default: the actor). */
  readonly change: (ctx: CheckContext, id: number, value: string, as?: Account) => Promise<unknown>;
  readonly value: (ctx: CheckContext) => string;
  /** The id of the revert path, when it is not the record's own (artist commentary: the post id). */
  readonly showId?: (id: number) => number;
}

const by = (as: Account | undefined) => (as ? { as } : {});

/**
 * The account that changes a record after the actor: another updater adds a version even where a
 * service folds one updater's changes into their newest version (INT-version-merging).
 */
function otherUpdater(ctx: CheckContext): Account {
  return othersThan(ctx, ctx.accounts.actor)[0] ?? ctx.accounts.actor;
}

const HISTORIES: readonly History[] = [
  {
    resource: 'posts', listing: 'post_versions.list', revert: 'posts.revert', show: 'posts.show', by: 'post_id', field: 'tag_string',
    make: async (ctx) => (await makePost(ctx)).id,
    change: (ctx, id, v, as) => succeed(ctx, 'posts.update', { path: { id }, fields: { tag_string: v }, ...by(as) }, 'the post update'),
    value: (ctx) => `${ctx.unique('v').toLowerCase()} ${ctx.unique('w').toLowerCase()}`,
  },
  {
    resource: 'notes', listing: 'note_versions.list', revert: 'notes.revert', show: 'notes.show', by: 'note_id', field: 'body',
    make: async (ctx) => make.note(ctx, (await makePost(ctx)).id),
    change: (ctx, id, v, as) => succeed(ctx, 'notes.update', { path: { id }, fields: { body: v }, ...by(as) }, 'the note update'),
    value: (ctx) => ctx.unique('note body'),
  },
  {
    resource: 'pools', listing: 'pool_versions.list', revert: 'pools.revert', show: 'pools.show', by: 'pool_id', field: 'description',
    make: (ctx) => make.pool(ctx),
    change: (ctx, id, v, as) => succeed(ctx, 'pools.update', { path: { id }, fields: { description: v }, ...by(as) }, 'the pool update'),
    value: (ctx) => ctx.unique('pool description'),
  },
  {
    resource: 'artists', listing: 'artist_versions.list', revert: 'artists.revert', show: 'artists.show', by: 'artist_id', field: 'group_name',
    make: (ctx) => make.artist(ctx),
    change: (ctx, id, v, as) => succeed(ctx, 'artists.update', { path: { id }, fields: { group_name: v }, ...by(as) }, 'the artist update'),
    value: (ctx) => ctx.unique('group').toLowerCase(),
  },
  {
    resource: 'artist_commentaries', listing: 'artist_commentary_versions.list', revert: 'artist_commentaries.revert', show: 'artist_commentaries.list',
    by: 'post_id', field: 'original_title',
    make: async (ctx) => {
      const post = await makePost(ctx);
      await succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: post.id, original_title: ctx.unique('title') } }, 'the commentary');
      return post.id;
    },
    change: (ctx, postId, v, as) => succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: postId, original_title: v }, ...by(as) }, 'the commentary update'),
    value: (ctx) => ctx.unique('title'),
  },
];

async function currentValue(ctx: CheckContext, h: History, id: number): Promise<string> {
  if (h.show === 'artist_commentaries.list') {
    // On as many pages as it takes to come to the commentary of the post (INT-list-pages).
    const list = await recordsUntil(ctx, h.show, { fields: {} }, 'artist_commentaries.list', (read) => read.some((r) => text(r.post_id ?? '') === String(id)));
    const rec = list.find((r) => text(r.post_id ?? '') === String(id));
    if (!rec) skip(`the commentary of post ${id} is not listed with a post_id field (INT-record-fields)`);
    return text(field(rec, h.field, 'commentary'));
  }
  const value = field(await show(ctx, h.show, id), h.field, h.resource);
  return h.field === 'tag_string' ? tagsOf(value).join(' ') : text(value);
}

export function changes_are_listed_as_versions(h: History): Check {
  return defineCheck({
    id: `versions/${h.resource}/listed`, fn: 'changes_are_listed_as_versions', resource: h.resource,
    description: `each change of ${h.resource} is listed by ${h.listing}`, requirements: [`IB-9-${h.resource}-versions`], readOnly: false,
    async run(ctx) {
      const id = await h.make(ctx);
      const before = await versions(ctx, h.listing, h.by, id);
      await h.change(ctx, id, h.value(ctx), otherUpdater(ctx));
      const after = await versions(ctx, h.listing, h.by, id);
      if (after.length <= before.length) fail(`${h.listing} lists ${after.length} versions after a change, ${before.length} before`, { expected: `more than ${before.length}`, actual: String(after.length) });
    },
  });
}

export function revert_restores_the_version(h: History): Check {
  return defineCheck({
    id: `versions/${h.resource}/revert`, fn: 'revert_restores_the_version', resource: h.resource,
    description: `reverting ${h.resource} to a version restores its ${h.field}`, requirements: [`IB-9-${h.resource}-revert`], readOnly: false,
    async run(ctx) {
      const id = await h.make(ctx);
      const first = h.value(ctx);
      await h.change(ctx, id, first);
      const wanted = await currentValue(ctx, h, id);
      const target = (await versions(ctx, h.listing, h.by, id)).at(-1);
      if (!target) fail(`${h.listing} lists no version of ${id}`);
      // Another updater: the version reverted to keeps the first change (INT-version-merging).
      await h.change(ctx, id, h.value(ctx), otherUpdater(ctx));
      if ((await currentValue(ctx, h, id)) === wanted) fail('the change did not take effect, so the revert cannot be observed');
      await succeed(ctx, h.revert, { path: { id }, fields: { version_id: target.id } }, `reverting to version ${target.id}`);
      const now = await currentValue(ctx, h, id);
      if (now !== wanted) fail(`after reverting to version ${target.id}, ${h.field} is "${now}"`, { expected: wanted, actual: now });
    },
  });
}

export function checks(): Check[] {
  return HISTORIES.flatMap((h) => [changes_are_listed_as_versions(h), revert_restores_the_version(h)]);
}
