/**
 * Deletion and restoring (INT-transitions): records made to be deleted, each with the search that finds
 * it again; what a delete and an undelete must leave behind; and the body of a delete-then-undelete check.
 */
import type { OperationId } from '../../../../specs/model/index.ts';
import type { RequirementId } from '../../../../specs/requirements/index.ts';
import type { Check, CheckContext } from '../../check.ts';
import { fail, skip } from '../../check.ts';
import type { RecordFields } from '../../formats.ts';
import { recordId } from '../../formats.ts';
import { makePost } from '../../world.ts';
import { listIds, records, show, succeed, text } from './calls.ts';

/** How to find one record again: its show operation (if any) and a list search that selects it. */
export interface Findable {
  readonly id: number;
  readonly show?: OperationId;
  readonly list: OperationId;
  readonly search: Readonly<Record<string, string | number>>;
}

function flaggedDeleted(record: RecordFields): boolean {
  return text(record.is_deleted ?? '') === 'true';
}

/** Deleted, or deactivated as the service family deletes notes and artists (INT-transitions). */
function deletedOrInactive(record: RecordFields): boolean {
  return flaggedDeleted(record) || text(record.is_active ?? '') === 'false';
}

/** The record as the list search returns it, if it does. */
async function listedRecord(ctx: CheckContext, f: Findable): Promise<RecordFields | undefined> {
  const reply = await succeed(ctx, f.list, { fields: f.search }, `${f.list} with ${JSON.stringify(f.search)}`);
  return records(reply, f.list).find((r) => recordId(r) === f.id);
}

async function listed(ctx: CheckContext, f: Findable): Promise<boolean> {
  return (await listedRecord(ctx, f)) !== undefined;
}

/** Before a delete: the search used afterwards does find the record (so its absence will mean something). */
export async function expectFindable(ctx: CheckContext, f: Findable): Promise<void> {
  if (!(await listed(ctx, f))) skip(`${f.list} with ${JSON.stringify(f.search)} does not find record ${f.id}, so its deletion cannot be observed`);
}

/**
 * After a delete (INT-transitions): not shown, or not listed, or flagged is_deleted; and everywhere
 * alike: a record that show no longer gives (or gives flagged) is not still listed as a live record.
 */
export async function expectDeleted(ctx: CheckContext, f: Findable, requirement?: RequirementId): Promise<void> {
  let goneFromShow = false;
  if (f.show) {
    const reply = await ctx.target.call(f.show, { path: { id: f.id } });
    ctx.note(reply);
    const record = reply.record();
    goneFromShow = reply.status === 404 || (reply.ok && record !== undefined && deletedOrInactive(record));
  }
  const still = await listedRecord(ctx, f);
  if (!still || deletedOrInactive(still)) return;
  if (goneFromShow) {
    // What a delete leaves behind is not described: that lists agree with show rests on the reading.
    fail(`after its delete succeeded, record ${f.id} is gone from ${f.show} but still listed by ${f.list}, not flagged deleted`, {
      expected: 'not listed, or listed with is_deleted true (INT-transitions)', actual: 'listed as a live record', interpretation: 'INT-transitions', ...(requirement ? { requirement } : {}),
    });
  }
  fail(`after its delete succeeded, record ${f.id} is still shown, listed and not flagged deleted`, {
    expected: 'not shown, not listed, is_deleted true or is_active false (INT-transitions)', actual: 'unchanged', ...(requirement ? { requirement } : {}),
  });
}

/** After an undelete (INT-transitions): shown (or listed) and not flagged deleted. */
export async function expectRestored(ctx: CheckContext, f: Findable): Promise<void> {
  if (f.show) {
    const record = await show(ctx, f.show, f.id);
    if (flaggedDeleted(record)) fail(`after its undelete succeeded, record ${f.id} is still flagged deleted`, { expected: 'is_deleted false', actual: 'is_deleted true' });
    return;
  }
  const back = await listedRecord(ctx, f);
  if (!back) fail(`after its undelete succeeded, record ${f.id} is not listed`, { expected: 'listed again', actual: 'not listed' });
  if (flaggedDeleted(back)) fail(`after its undelete succeeded, record ${f.id} is still flagged deleted`, { expected: 'is_deleted false', actual: 'is_deleted true' });
}

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

/**
 * What a check that deletes a record and undeletes it sends and demands (section 3: pools, forum topics
 * and forum posts); the check file gives the id, fn and resource.
 */
export function deletedAndUndeleted(what: string, make: (ctx: CheckContext) => Promise<Findable>, ops: readonly [OperationId, OperationId], requirement: RequirementId): Pick<Check, 'description' | 'requirements' | 'readOnly' | 'run'> {
  return {
    description: `${what} can be deleted and undeleted`,
    requirements: [requirement],
    readOnly: false,
    async run(ctx) {
      const record = await make(ctx);
      await expectFindable(ctx, record);
      await succeed(ctx, ops[0], { path: { id: record.id } }, `the delete of ${what}`);
      await expectDeleted(ctx, record);
      await succeed(ctx, ops[1], { path: { id: record.id } }, `the undelete of ${what}`);
      await expectRestored(ctx, record);
    },
  };
}
