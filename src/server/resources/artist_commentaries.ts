/**
 * Artist commentaries (A): one per post. create_or_update makes the post's commentary or updates the one
 * it has; revert is addressed by the post id (`{id}` is the post id, not the commentary id); the list
 * searches text, the post's tags and the presence of original and translated parts; every change is
 * kept as an artist commentary version.
 */
import type { User } from '../accounts.ts';
import type { Queryable, Row } from '../db/index.ts';
import { boundedText, yesNo } from '../fields.ts';
import type { ApiRecord } from '../protocol.ts';
import type { ResourceModule, ServerEnv } from '../registry.ts';
import { pagedRows } from '../paging.ts';
import { param } from '../registry.ts';
import { Where, matchesPattern, authorship } from '../sql.ts';
import { parseTagString } from '../tags.ts';
import { invalid, notFound, requireUser } from '../refusals.ts';
import type { VersionRow } from '../versions.ts';
import { History } from '../versions.ts';

const TEXT_FIELDS = ['original_title', 'original_description', 'translated_title', 'translated_description'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type CommentaryFields = Record<TextField, string>;

interface CommentaryRow extends Row, CommentaryFields {
  id: number;
  post_id: number;
  creator_id: number;
  updater_id: number;
  created_at: Date;
  updated_at: Date;
}

interface CommentaryVersionRow extends VersionRow, CommentaryFields {
  commentary_id: number;
  post_id: number;
}

function fieldsOf(r: CommentaryFields): CommentaryFields {
  return Object.fromEntries(TEXT_FIELDS.map((f) => [f, r[f]])) as CommentaryFields;
}

function record(r: CommentaryRow, env: ServerEnv): ApiRecord {
  return {
    id: r.id,
    post_id: r.post_id,
    ...fieldsOf(r),
    ...authorship(env.users, r),
  };
}

/** The artist commentary versions: the four texts after each change. */
const HISTORY = new History<CommentaryVersionRow>({
  table: 'artist_commentary_versions',
  key: 'commentary_id',
  identity: (r) => ({ artist_commentary_id: r.commentary_id, post_id: r.post_id }),
  snapshot: (r) => fieldsOf(r),
  faults: {
    notRecorded: 'commentary-versions-not-recorded',
    notRestoring: 'commentary-revert-not-restoring',
    searchIgnored: [{ param: 'search[post_id]', fault: 'commentary-versions-post-id-ignored' }],
  },
});

/** The commentary of a post (the newest, should a fault have made several). */
async function ofPost(q: Queryable, postId: number, lock = false): Promise<CommentaryRow | undefined> {
  const rows = await q.query<CommentaryRow>(`SELECT * FROM artist_commentaries WHERE post_id = $1 ORDER BY id DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`, [postId]);
  return rows[0];
}

async function version(tx: Queryable, env: ServerEnv, c: { id: number; post_id: number }, user: User): Promise<void> {
  const rows = await tx.query<CommentaryRow>('SELECT * FROM artist_commentaries WHERE id = $1', [c.id]);
  await HISTORY.record(tx, env, c.id, user.id, { post_id: c.post_id, ...fieldsOf(rows[0]!) });
}

async function save(tx: Queryable, id: number, f: CommentaryFields, user: User): Promise<void> {
  await tx.query(
    `UPDATE artist_commentaries SET original_title = $2, original_description = $3, translated_title = $4, translated_description = $5,
     updater_id = $6, updated_at = now() WHERE id = $1`,
    [id, f.original_title, f.original_description, f.translated_title, f.translated_description, user.id],
  );
}

/** SQL: some of the two fields of a part is not empty. */
function present(part: 'original' | 'translated'): string {
  return `(${part}_title <> '' OR ${part}_description <> '')`;
}

export const artistCommentariesModule: ResourceModule = {
  resource: 'artist_commentaries',
  handlers: {
    'artist_commentaries.list': (op, env) => {
      const TEXT = param(op, 'search[text_matches]');
      const POST_TAGS = param(op, 'search[post_tags_match]');
      const ORIGINAL = param(op, 'search[original_present]');
      const TRANSLATED = param(op, 'search[translated_present]');
      return async ({ params, raw }) => {
        const w = new Where();
        const text = params.str(TEXT);
        if (text !== undefined) {
          const p = w.p(matchesPattern(text));
          w.add(`(${TEXT_FIELDS.map((f) => `${f} ILIKE ${p}`).join(' OR ')})`);
        }
        const tags = params.str(POST_TAGS);
        if (tags !== undefined) {
          // Meta-tags are unsupported here: every term is a plain tag the post must carry.
          const names = parseTagString(tags).map((t) => t.name);
          if (names.length > 0) w.add(`post_id IN (SELECT id FROM posts WHERE tag_array @> ${w.p(names)}::text[])`);
        }
        const original = yesNo(params.str(ORIGINAL));
        if (original !== undefined) w.add(original ? present('original') : `NOT ${present('original')}`);
        const translated = yesNo(params.str(TRANSLATED));
        if (translated !== undefined) w.add(translated ? present('translated') : `NOT ${present('translated')}`);
        const rows = await pagedRows<CommentaryRow>(env, raw, w, `SELECT * FROM artist_commentaries`, 'id', 'id DESC');
        return { kind: 'list', root: 'artist_commentaries', element: 'artist_commentary', records: rows.map((r) => record(r, env)) };
      };
    },

    'artist_commentaries.create_or_update': (op, env) => {
      const POST_ID = param(op, 'artist_commentary[post_id]');
      const NAMES = Object.fromEntries(TEXT_FIELDS.map((f) => [f, param(op, `artist_commentary[${f}]`)])) as Record<TextField, string>;
      return async ({ params, user }) => {
        const u = requireUser(user);
        const postId = params.int(POST_ID);
        // The core refuses a missing REQUIRED parameter; only a fault lets one through, and then nothing is made.
        if (postId === undefined) return { kind: 'envelope' };
        const given: Partial<CommentaryFields> = {};
        for (const f of TEXT_FIELDS) {
          const v = params.str(NAMES[f]);
          if (v !== undefined) given[f] = boundedText(NAMES[f], v);
        }
        const id = await env.db.transaction(async (tx) => {
          const post = await tx.query('SELECT id FROM posts WHERE id = $1 FOR UPDATE', [postId]);
          if (!post[0]) throw invalid(`${POST_ID}: no post with id ${postId}`);
          const current = env.faults.active('commentary-second-call-adds') ? undefined : await ofPost(tx, postId, true);
          if (current) {
            const next = { ...fieldsOf(current), ...given };
            if (JSON.stringify(next) === JSON.stringify(fieldsOf(current))) return current.id;
            await save(tx, current.id, next, u);
            await version(tx, env, current, u);
            return current.id;
          }
          const f = { original_title: '', original_description: '', translated_title: '', translated_description: '', ...given };
          if (env.faults.active('commentary-translated-dropped')) f.translated_description = '';
          const rows = await tx.query<{ id: number }>(
            `INSERT INTO artist_commentaries (post_id, original_title, original_description, translated_title, translated_description, creator_id, updater_id)
             VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
            [postId, f.original_title, f.original_description, f.translated_title, f.translated_description, u.id],
          );
          await version(tx, env, { id: rows[0]!.id, post_id: postId }, u);
          return rows[0]!.id;
        });
        return { kind: 'envelope', id, extra: { post_id: postId } };
      };
    },

    'artist_commentaries.revert': HISTORY.revert({
      load: async (tx, { path, env }) => {
        // `{id}` is the post id (IB-4-commentary-revert-post-id-A); the fault reads it as the commentary id.
        const c = env.faults.active('commentary-revert-by-commentary-id')
          ? (await tx.query<CommentaryRow>('SELECT * FROM artist_commentaries WHERE id = $1 FOR UPDATE', [path.id]))[0]
          : await ofPost(tx, path.id!, true);
        if (!c) throw notFound('artist commentary of a post', path.id!);
        return c;
      },
      restore: async (tx, c, v, user, { env }) => {
        await save(tx, c.id, fieldsOf(v), user);
        await version(tx, env, c, user);
      },
    }),

    'artist_commentary_versions.list': HISTORY.list,
  },

  faults: [
    { id: 'commentary-versions-post-id-ignored', requirements: ['IB-4-artist_commentary_versions-search-post_id-A'], summary: 'search[post_id] on artist commentary versions is ignored.', variants: ['A'], caughtBy: 'effects/artist_commentary_versions.list/post_id' },
    { id: 'commentary-translated-dropped', requirements: ['IB-4-commentary-fields-A'], summary: 'artist_commentary[translated_description] is not stored.', variants: ['A'], caughtBy: 'artist_commentaries/fields' },
    { id: 'commentary-second-call-adds', requirements: ['IB-4-commentary-create-or-update-A'], summary: 'A second create_or_update for a post adds another commentary instead of updating.', variants: ['A'] },
    { id: 'commentary-revert-by-commentary-id', requirements: ['IB-4-commentary-revert-post-id-A'], summary: 'Artist commentary revert reads {id} as the commentary id, not the post id.', variants: ['A'] },
    { id: 'commentary-versions-not-recorded', requirements: ['IB-9-artist_commentaries-versions'], summary: 'Artist commentary changes are not recorded as versions.', variants: ['A'] },
    { id: 'commentary-revert-not-restoring', requirements: ['IB-9-artist_commentaries-revert'], summary: 'Artist commentary revert answers success but restores nothing.', variants: ['A'] },
  ],
};
