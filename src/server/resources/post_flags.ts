/** Post flags (a post flagged for deletion) and post appeals: create and list with their searches. */
import type { ResolvedOperation } from '../../../specs/model/index.ts';
import type { Row } from '../db/index.ts';
import { invalid } from '../params.ts';
import type { HandlerFactory, ResourceModule, ServerEnv } from '../registry.ts';
import { LIST_PAGING, Paging } from '../paging.ts';
import { param } from '../registry.ts';
import { Where, nameOf } from '../sql.ts';
import { denied } from '../refusals.ts';

interface FlagRow extends Row {
  id: number;
  post_id: number;
  creator_id: number;
  reason: string;
  created_at: Date;
}

type Kind = { table: 'post_flags' | 'post_appeals'; prefix: 'post_flag' | 'post_appeal'; root: string; element: string };
const FLAGS: Kind = { table: 'post_flags', prefix: 'post_flag', root: 'post_flags', element: 'post_flag' };
const APPEALS: Kind = { table: 'post_appeals', prefix: 'post_appeal', root: 'post_appeals', element: 'post_appeal' };

function record(r: FlagRow, env: ServerEnv) {
  return {
    id: r.id,
    post_id: r.post_id,
    creator_id: r.creator_id,
    creator_name: nameOf(env.users, r.creator_id),
    reason: r.reason,
    created_at: r.created_at,
    updated_at: r.created_at,
  };
}

function create(kind: Kind): HandlerFactory {
  return (op: ResolvedOperation, env: ServerEnv) => {
    const POST_ID = param(op, `${kind.prefix}[post_id]`);
    const REASON = param(op, `${kind.prefix}[reason]`);
    return async ({ params, user }) => {
      if (!user) throw denied('log in');
      const postId = params.int(POST_ID);
      // Only reachable with the ignore-required fault: the request is accepted and nothing is saved.
      if (postId === undefined) return { kind: 'envelope' };
      const id = await env.db.transaction(async (tx) => {
        const post = await tx.query('SELECT id FROM posts WHERE id = $1 FOR UPDATE', [postId]);
        if (!post[0]) throw invalid(`${POST_ID}: no post with id ${postId}`);
        const rows = await tx.query<{ id: number }>(`INSERT INTO ${kind.table} (post_id, creator_id, reason) VALUES ($1, $2, $3) RETURNING id`, [
          postId,
          user.id,
          params.str(REASON) ?? '',
        ]);
        await tx.query(`UPDATE posts SET is_flagged = ${kind === FLAGS ? 'true' : 'false'}, updated_at = now() WHERE id = $1`, [postId]);
        return rows[0]!.id;
      });
      return { kind: 'envelope', id };
    };
  };
}

function list(kind: Kind): HandlerFactory {
  return (op, env) => {
    const CREATOR_ID = param(op, 'search[creator_id]');
    const CREATOR_NAME = param(op, 'search[creator_name]');
    const POST_ID = param(op, 'search[post_id]');
    return async ({ params, raw }) => {
      if (kind === FLAGS && env.faults.active('flags-not-listed')) return { kind: 'list', root: kind.root, element: kind.element, records: [] };
      const w = new Where();
      const creator = params.int(CREATOR_ID);
      if (creator !== undefined) w.add(`creator_id = ${w.p(creator)}`);
      const name = params.str(CREATOR_NAME);
      if (name !== undefined) w.add(`creator_id = (SELECT id FROM users WHERE lower(name) = lower(${w.p(name)}))`);
      const post = params.int(POST_ID);
      if (post !== undefined && !env.faults.active(`${kind.table}-post-id-ignored`)) w.add(`post_id = ${w.p(post)}`);
      const paging = Paging.of(raw, LIST_PAGING);
      const tail = paging.sql(w, 'id', 'id DESC');
      const rows = paging.arrange(await env.db.query<FlagRow>(`SELECT * FROM ${kind.table} ${w.sql} ${tail}`, w.params));
      return { kind: 'list', root: kind.root, element: kind.element, records: rows.map((r) => record(r, env)) };
    };
  };
}

export const postFlagsModule: ResourceModule = {
  handlers: {
    'post_flags.list': list(FLAGS),
    'post_flags.create': create(FLAGS),
    'post_appeals.list': list(APPEALS),
    'post_appeals.create': create(APPEALS),
  },
  faults: [
    { id: 'flags-not-listed', requirements: ['IB-3-flag-for-deletion'], summary: 'Post flags are saved but never listed.' },
    { id: 'post_flags-post-id-ignored', requirements: ['IB-4-post_flags-search-post_id'], summary: 'search[post_id] on post flags is ignored.', caughtBy: 'searches/post_flags.post_id' },
    { id: 'post_appeals-post-id-ignored', requirements: ['IB-4-post_appeals-search-post_id'], summary: 'search[post_id] on post appeals is ignored.', caughtBy: 'searches/post_appeals.post_id' },
  ],
};
