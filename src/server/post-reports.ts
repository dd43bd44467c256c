/**
 * Post flags (a post flagged for deletion) and post appeals (of a deletion) are the same record: a post,
 * its creator and a reason. Creating one sets or clears the post's `is_flagged`; the listings search
 * by creator and post.
 */
import type { ResolvedOperation } from '../../specs/model/index.ts';
import type { Row } from './db/index.ts';
import { pagedRows } from './paging.ts';
import type { HandlerFactory, ServerEnv } from './registry.ts';
import { param } from './registry.ts';
import { invalid, invalidRecord, locked, requireUser } from './refusals.ts';
import { Where, nameOf, userIdByName } from './sql.ts';

interface ReportRow extends Row {
  id: number;
  post_id: number;
  creator_id: number;
  reason: string;
  created_at: Date;
}

export interface ReportKind {
  /** The table, also the listing's root element (`post_flags`). */
  readonly table: 'post_flags' | 'post_appeals';
  /** The parameter prefix of create, also a listed record's element (`post_flag`). */
  readonly prefix: 'post_flag' | 'post_appeal';
  /** What a new report makes the post's `is_flagged`. */
  readonly flags: boolean;
  /** The fault that makes the listing ignore `search[post_id]`. */
  readonly postIdIgnored: string;
  /** A fault that lists nothing, when the kind has one. */
  readonly notListed?: string;
  /** A fault that stores the reason up to its first `&`, when the kind has one. */
  readonly reasonCut?: string;
}

function record(r: ReportRow, env: ServerEnv) {
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

/** The handler of `<kind>.create`. */
export function createReport(kind: ReportKind): HandlerFactory {
  return (op: ResolvedOperation, env: ServerEnv) => {
    const POST_ID = param(op, `${kind.prefix}[post_id]`);
    const REASON = param(op, `${kind.prefix}[reason]`);
    // The reason as stored: whole, or (the kind's fault) up to its first `&`, read again as a query string.
    const reasonOf = (reason: string) => (kind.reasonCut && env.faults.active(kind.reasonCut) && reason.includes('&') ? reason.slice(0, reason.indexOf('&')) : reason);
    return async ({ params, user }) => {
      const u = requireUser(user);
      const postId = params.int(POST_ID);
      // Only reachable with the ignore-required fault: the request is accepted and nothing is saved.
      if (postId === undefined) return { kind: 'envelope' };
      const id = await env.db.transaction(async (tx) => {
        const post = await tx.query<{ id: number; is_flagged: boolean }>('SELECT id, is_flagged FROM posts WHERE id = $1 FOR UPDATE', [postId]);
        if (!post[0]) throw invalid(`${POST_ID}: no post with id ${postId}`);
        // The service family appeals only posts that are flagged or deleted (variation appeal-needs-flag, INT-business-rules).
        if (!kind.flags && !post[0].is_flagged && env.variations.active('appeal-needs-flag')) throw invalidRecord(`post ${postId} is not flagged: only a flagged post can be appealed`);
        // The service family lets an account appeal one post a day (variation one-appeal-a-day, INT-business-rules).
        if (!kind.flags && env.variations.active('one-appeal-a-day')) {
          const today = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${kind.table} WHERE creator_id = $1 AND created_at > now() - interval '1 day'`, [u.id]);
          if ((today[0]?.n ?? 0) >= 1) throw locked('you can appeal at most 1 post a day');
        }
        const rows = await tx.query<{ id: number }>(`INSERT INTO ${kind.table} (post_id, creator_id, reason) VALUES ($1, $2, $3) RETURNING id`, [
          postId,
          u.id,
          reasonOf(params.str(REASON) ?? ''),
        ]);
        await tx.query(`UPDATE posts SET is_flagged = ${kind.flags ? 'true' : 'false'}, updated_at = now() WHERE id = $1`, [postId]);
        return rows[0]!.id;
      });
      return { kind: 'envelope', id };
    };
  };
}

/** The handler of `<kind>.list`. */
export function listReports(kind: ReportKind): HandlerFactory {
  return (op, env) => {
    const CREATOR_ID = param(op, 'search[creator_id]');
    const CREATOR_NAME = param(op, 'search[creator_name]');
    const POST_ID = param(op, 'search[post_id]');
    return async ({ params, raw }) => {
      if (kind.notListed !== undefined && env.faults.active(kind.notListed)) return { kind: 'list', root: kind.table, element: kind.prefix, records: [] };
      const w = new Where();
      const creator = params.int(CREATOR_ID);
      if (creator !== undefined) w.add(`creator_id = ${w.p(creator)}`);
      const name = params.str(CREATOR_NAME);
      if (name !== undefined) w.add(`creator_id = ${userIdByName(w, name)}`);
      const post = params.int(POST_ID);
      if (post !== undefined && !env.faults.active(kind.postIdIgnored)) w.add(`post_id = ${w.p(post)}`);
      const rows = await pagedRows<ReportRow>(env, raw, w, `SELECT * FROM ${kind.table}`, 'id', 'id DESC');
      return { kind: 'list', root: kind.table, element: kind.prefix, records: rows.map((r) => record(r, env)) };
    };
  };
}
