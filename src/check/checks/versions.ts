/** `versions/*`: version histories and reverts (section 9) of posts, notes, pools, artists and artist commentaries. */
import type { OperationId, VersionedResourceId } from '../../../specs/model/index.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import type { FieldValue, RecordFields } from '../formats.ts';
import { recordId } from '../formats.ts';
import type { Account } from '../accounts.ts';
import { make, makePost } from '../world.ts';
import { recordsUntil } from './support/pages.ts';
import { othersThan } from './support/recipes.ts';
import { records, show, succeed, tagsOf, text } from './support/calls.ts';

/** The versions of a record, oldest first, as listed by the resource's version listing. */
async function versions(ctx: CheckContext, listing: OperationId, field: string, id: number) {
  const list = records(await succeed(ctx, listing, { fields: { [field]: id } }, `${listing} of ${id}`), listing);
  return list
    .map((r) => ({ id: recordId(r), record: r }))
    .filter((v): v is { id: number; record: (typeof list)[number] } => v.id !== undefined)
    .sort((a, b) => a.id - b.id);
}

/** The values of a record's revertible fields at one step of a check: each step differs from the others in every field. */
type Values = Record<string, string>;

export interface History {
  readonly resource: VersionedResourceId;
  readonly listing: OperationId;
  readonly revert: OperationId;
  readonly show: OperationId;
  /** Search field of the listing that selects one record's versions. */
  readonly by: string;
  /** The field a change always sets: a revert that does not restore it restores nothing. */
  readonly field: string;
  readonly make: (ctx: CheckContext) => Promise<number>;
  /** Records the values refer to (a pool's posts), made once per check. */
  readonly setup?: (ctx: CheckContext) => Promise<number[]>;
  /** The values of every revertible field at step 0, 1, 2 ...: no two steps agree on a field. */
  readonly values: (ctx: CheckContext, step: number, made: readonly number[]) => Values;
  /** Sets the record's fields, as `as` (default: the actor). */
  readonly change: (ctx: CheckContext, id: number, values: Values, as?: Account) => Promise<unknown>;
}

const by = (as: Account | undefined) => (as ? { as } : {});

/**
 * The accounts that change a record after the actor, one per change: another updater adds a version even
 * where a service folds one updater's changes into their newest version (INT-version-merging).
 */
function otherUpdaters(ctx: CheckContext): [Account, Account] {
  const others = othersThan(ctx, ctx.accounts.actor);
  const first = others[0] ?? ctx.accounts.actor;
  return [first, others[1] ?? first];
}

/** A value of a set for a step: each step takes the next, so neighbouring steps differ. */
const pick = (set: readonly string[], step: number) => set[step % set.length]!;

/** A note's geometry at a step: inside an 8x8 image (INT-note-geometry), every coordinate different at steps 0, 1 and 2. */
const GEOMETRY = [
  { x: '2', y: '1', width: '4', height: '3' },
  { x: '3', y: '3', width: '2', height: '2' },
  { x: '0', y: '0', width: '5', height: '5' },
] as const;

const HISTORIES: readonly History[] = [
  {
    resource: 'posts', listing: 'post_versions.list', revert: 'posts.revert', show: 'posts.show', by: 'post_id', field: 'tag_string',
    make: async (ctx) => (await makePost(ctx)).id,
    // A parent of its own at each step.
    setup: async (ctx) => [(await makePost(ctx)).id, (await makePost(ctx)).id, (await makePost(ctx)).id],
    // A source that is not a URL: the service downloads only a URL.
    values: (ctx, step, made) => ({
      tag_string: `${ctx.unique('v').toLowerCase()} ${ctx.unique('w').toLowerCase()}`,
      rating: pick(ctx.target.paramName(ctx.target.operation('posts.update'), 'rating').values!, step + 2),
      source: ctx.unique(`source text ${step}`),
      ...(made[step] !== undefined ? { parent_id: String(made[step]) } : {}),
    }),
    change: (ctx, id, fields, as) => succeed(ctx, 'posts.update', { path: { id }, fields, ...by(as) }, 'the post update'),
  },
  {
    resource: 'notes', listing: 'note_versions.list', revert: 'notes.revert', show: 'notes.show', by: 'note_id', field: 'body',
    make: async (ctx) => make.note(ctx, (await makePost(ctx)).id),
    values: (ctx, step) => ({ body: ctx.unique('note body'), ...GEOMETRY[step % GEOMETRY.length]! }),
    change: (ctx, id, fields, as) => succeed(ctx, 'notes.update', { path: { id }, fields, ...by(as) }, 'the note update'),
  },
  {
    resource: 'pools', listing: 'pool_versions.list', revert: 'pools.revert', show: 'pools.show', by: 'pool_id', field: 'description',
    make: (ctx) => make.pool(ctx),
    setup: async (ctx) => [(await makePost(ctx)).id, (await makePost(ctx)).id],
    values: (ctx, step, posts) => {
      const categories = ctx.target.operation('pools.update').params.find((p) => p.name.endsWith('[category]'))?.values;
      // Post ids: [a], [a, b], [b] ...; is_active 0, 1, 1; the category (A) the second, the first, the first.
      const ids = posts.length < 2 ? undefined : [[posts[0]!], [posts[0]!, posts[1]!], [posts[1]!]][step % 3]!;
      return {
        name: ctx.unique('pool name'), description: ctx.unique('pool description'), is_active: step === 0 ? '0' : '1',
        ...(ids ? { post_ids: ids.join(' ') } : {}),
        ...(categories ? { category: step === 0 ? categories[1]! : categories[0]! } : {}),
      };
    },
    change: (ctx, id, fields, as) => succeed(ctx, 'pools.update', { path: { id }, fields, ...by(as) }, 'the pool update'),
  },
  {
    resource: 'artists', listing: 'artist_versions.list', revert: 'artists.revert', show: 'artists.show', by: 'artist_id', field: 'group_name',
    make: (ctx) => make.artist(ctx),
    values: (ctx) => {
      const word = ctx.unique('group').toLowerCase();
      return { group_name: word, other_names_comma: `${word}_other`, url_string: `https://conform.invalid/${word}` };
    },
    change: (ctx, id, fields, as) => succeed(ctx, 'artists.update', { path: { id }, fields, ...by(as) }, 'the artist update'),
  },
  {
    resource: 'artist_commentaries', listing: 'artist_commentary_versions.list', revert: 'artist_commentaries.revert', show: 'artist_commentaries.list',
    by: 'post_id', field: 'original_title',
    make: async (ctx) => {
      const post = await makePost(ctx);
      await succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: post.id, original_title: ctx.unique('title') } }, 'the commentary');
      return post.id;
    },
    values: (ctx) => ({
      original_title: ctx.unique('title'), original_description: ctx.unique('description'),
      translated_title: ctx.unique('translated title'), translated_description: ctx.unique('translated description'),
    }),
    change: (ctx, postId, fields, as) => succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: postId, ...fields }, ...by(as) }, 'the commentary update'),
  },
];

/** The record as it is now: shown, or (artist commentaries) found on their list. */
async function currentRecord(ctx: CheckContext, h: History, id: number): Promise<RecordFields> {
  if (h.show === 'artist_commentaries.list') {
    // On as many pages as it takes to come to the commentary of the post (INT-list-pages).
    const list = await recordsUntil(ctx, h.show, { fields: {} }, 'artist_commentaries.list', (read) => read.some((r) => text(r.post_id ?? '') === String(id)));
    const rec = list.find((r) => text(r.post_id ?? '') === String(id));
    if (!rec) skip(`the commentary of post ${id} is not listed with a post_id field (INT-record-fields)`);
    return rec;
  }
  return show(ctx, h.show, id);
}

/** A field as compared before and after a revert: tags as a set, lists as their items, the rest as text. */
function comparable(name: string, value: FieldValue): string {
  if (name === 'tag_string') return tagsOf(value).sort().join(' ');
  if (Array.isArray(value)) return value.map((x) => text(x)).join(' ');
  return text(value);
}

/** The fields of a record a change wrote (by the parameter's field name, `other_names_comma` as `other_names`), as compared. */
function written(record: RecordFields, values: Values): Map<string, string> {
  const out = new Map<string, string>();
  for (const param of Object.keys(values)) {
    const name = param === 'other_names_comma' ? 'other_names' : param;
    if (name in record) out.set(name, comparable(name, record[name]!));
  }
  return out;
}

export function changes_are_listed_as_versions(h: History): Check {
  return defineCheck({
    id: `versions/${h.resource}/listed`, fn: 'changes_are_listed_as_versions', resource: h.resource,
    description: `each change of ${h.resource} is listed by ${h.listing}`, requirements: [`IB-9-${h.resource}-versions`], readOnly: false,
    async run(ctx) {
      const id = await h.make(ctx);
      const before = await versions(ctx, h.listing, h.by, id);
      await h.change(ctx, id, h.values(ctx, 1, []), otherUpdaters(ctx)[0]);
      const after = await versions(ctx, h.listing, h.by, id);
      if (after.length <= before.length) fail(`${h.listing} lists ${after.length} versions after a change, ${before.length} before`, { expected: `more than ${before.length}`, actual: String(after.length) });
    },
  });
}

export function revert_restores_the_version(h: History): Check {
  return defineCheck({
    id: `versions/${h.resource}/revert`, fn: 'revert_restores_the_version', resource: h.resource,
    description: `reverting ${h.resource} to a version two changes back restores every field the changes crossed`, requirements: [`IB-9-${h.resource}-revert`], readOnly: false,
    async run(ctx) {
      const id = await h.make(ctx);
      const made = h.setup ? await h.setup(ctx) : [];
      const first = h.values(ctx, 0, made);
      await h.change(ctx, id, first);
      const wanted = written(await currentRecord(ctx, h, id), first);
      const target = (await versions(ctx, h.listing, h.by, id)).at(-1);
      if (!target) fail(`${h.listing} lists no version of ${id}`);
      // Two more changes, each by another updater (the version reverted to keeps the first: INT-version-merging),
      // each changing every field: the revert crosses two versions, and a field it does not restore is seen.
      const [second, third] = otherUpdaters(ctx);
      await h.change(ctx, id, h.values(ctx, 1, made), second);
      await h.change(ctx, id, h.values(ctx, 2, made), third);
      const before = written(await currentRecord(ctx, h, id), first);
      if (!wanted.has(h.field)) skip(`the ${h.resource} records do not carry ${h.field} (INT-record-fields)`);
      if (before.get(h.field) === wanted.get(h.field)) fail('the change did not take effect, so the revert cannot be observed');
      // The fields the changes did change, as the target shows them (a field it keeps as it was is another check's).
      const crossed = [...wanted.keys()].filter((f) => before.get(f) !== wanted.get(f));
      await succeed(ctx, h.revert, { path: { id }, fields: { version_id: target.id } }, `reverting to version ${target.id}`);
      const now = written(await currentRecord(ctx, h, id), first);
      const wrong = crossed.filter((f) => now.get(f) !== wanted.get(f));
      if (wrong.length > 0) {
        fail(`after reverting to version ${target.id}, ${wrong.map((f) => `${f} is "${now.get(f)}"`).join(', ')}`, {
          expected: wrong.map((f) => `${f} "${wanted.get(f)}"`).join(', '), actual: wrong.map((f) => `${f} "${now.get(f)}"`).join(', '),
        });
      }
      // The version reverted to is this record's: another record reverted with it is refused, or left as it
      // was (section 9: a resource's history is reverted with a version_id of it; INT-version-id).
      const other = await h.make(ctx);
      const otherValues = h.values(ctx, 3, made);
      await h.change(ctx, other, otherValues);
      const kept = written(await currentRecord(ctx, h, other), otherValues);
      const reply = await ctx.target.call(h.revert, { path: { id: other }, fields: { version_id: target.id } });
      ctx.note(reply);
      const after = written(await currentRecord(ctx, h, other), otherValues);
      const took = [...kept.keys()].filter((f) => after.get(f) !== kept.get(f));
      if (took.length > 0) fail(`reverting ${h.resource} ${other} with version ${target.id}, a version of ${h.resource} ${id}, changed its ${took.join(', ')}`, { reply, expected: 'a refusal, or the record as it was', actual: took.map((f) => `${f} "${after.get(f)}"`).join(', ') });
    },
  });
}

export function checks(): Check[] {
  return HISTORIES.flatMap((h) => [changes_are_listed_as_versions(h), revert_restores_the_version(h)]);
}
