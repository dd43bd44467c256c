/**
 * Notes: create (POST /notes, INT-notes-create-path), show, update, delete, revert, list with every
 * search parameter of the variant (and `group_by=note` with `search[post_id]` in A), and the note
 * versions listing. A deleted note is kept inactive (so copy_notes skips it) and is out of every search
 * and show (INT-transitions).
 */
import type { User } from '../accounts.ts';
import type { Queryable, Row } from '../db/index.ts';
import { boundedText } from '../fields.ts';
import type { ApiRecord } from '../protocol.ts';
import type { ResourceModule, ServerEnv } from '../registry.ts';
import { pagedRows } from '../paging.ts';
import { param, variantParam } from '../registry.ts';
import { Where, matchesPattern, mayModify, nameOf, userIdByName } from '../sql.ts';
import { parseTagString } from '../tags.ts';
import { denied, invalid, invalidRecord, notFound, requireUser } from '../refusals.ts';
import type { VersionRow } from '../versions.ts';
import { History } from '../versions.ts';

interface NoteRow extends Row {
  id: number;
  post_id: number;
  creator_id: number;
  updater_id: number | null;
  x: number;
  y: number;
  width: number;
  height: number;
  body: string;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

interface NoteVersionRow extends VersionRow {
  note_id: number;
  post_id: number;
  x: number;
  y: number;
  width: number;
  height: number;
  body: string;
  is_active: boolean;
}

/** The note versions: position, size, body and whether the note is active, after each change. */
const HISTORY = new History<NoteVersionRow>({
  table: 'note_versions',
  key: 'note_id',
  identity: (r) => ({ note_id: r.note_id, post_id: r.post_id }),
  snapshot: (r) => ({ x: r.x, y: r.y, width: r.width, height: r.height, body: r.body, is_active: r.is_active }),
  faults: {
    notRecorded: 'note-versions-not-recorded',
    notRestoring: 'notes-revert-not-restoring',
    searchIgnored: [{ param: 'search[note_id]', fault: 'note-versions-note-id-ignored' }],
  },
});

/** The writable geometry and body of a note. */
interface NoteFields {
  x: number;
  y: number;
  width: number;
  height: number;
  body: string;
}

function record(r: NoteRow, env: ServerEnv): ApiRecord {
  const updater = r.updater_id ?? r.creator_id;
  return {
    id: r.id,
    post_id: r.post_id,
    x: r.x,
    y: r.y,
    width: r.width,
    height: r.height,
    body: r.body,
    is_active: r.is_active,
    creator_id: r.creator_id,
    creator_name: nameOf(env.users, r.creator_id),
    updater_id: updater,
    updater_name: nameOf(env.users, updater),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** A note by id; a deleted (inactive) one only where the variation delete-deactivates shows it. */
async function load(q: Queryable, id: number, lock = false, inactiveToo = false): Promise<NoteRow> {
  const rows = await q.query<NoteRow>(`SELECT * FROM notes WHERE id = $1${inactiveToo ? '' : ' AND is_active'}${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!rows[0]) throw notFound('note', id);
  return rows[0];
}

/** Checks the geometry: a position inside the image's plane and a non-empty box. */
function checkFields(n: NoteFields): NoteFields {
  if (n.x < 0 || n.y < 0) throw invalidRecord('x and y count pixels from the top-left corner and cannot be negative');
  if (n.width < 1 || n.height < 1) throw invalidRecord('width and height must be at least 1 pixel');
  boundedText('note[body]', n.body);
  return n;
}

/** Records a version of the note as it is now, and counts the change for its author. */
async function version(tx: Queryable, env: ServerEnv, id: number, user: User): Promise<void> {
  await tx.query('UPDATE users SET note_count = note_count + 1 WHERE id = $1', [user.id]);
  const rows = await tx.query<NoteRow>('SELECT * FROM notes WHERE id = $1', [id]);
  const n = rows[0]!;
  await HISTORY.record(tx, env, id, user.id, { post_id: n.post_id, x: n.x, y: n.y, width: n.width, height: n.height, body: n.body, is_active: n.is_active });
}

async function save(tx: Queryable, id: number, n: NoteFields, user: User): Promise<void> {
  await tx.query('UPDATE notes SET x = $2, y = $3, width = $4, height = $5, body = $6, updater_id = $7, updated_at = now() WHERE id = $1', [
    id, n.x, n.y, n.width, n.height, n.body, user.id,
  ]);
}

/** INT-note-geometry under the `notes-inside-image` variation: a note must lie inside its post's image. */
function insideImage(env: ServerEnv, post: { image_width: number | null; image_height: number | null }, n: { x: number; y: number; width: number; height: number }): void {
  if (!env.variations.active('notes-inside-image') || post.image_width === null || post.image_height === null) return;
  if (n.x + n.width > post.image_width || n.y + n.height > post.image_height) {
    throw invalidRecord(`the note (${n.x},${n.y} ${n.width}x${n.height}) does not lie inside the ${post.image_width}x${post.image_height} image`);
  }
}

export const notesModule: ResourceModule = {
  resource: 'notes',
  handlers: {
    'notes.list': (op, env) => {
      const BODY = param(op, 'search[body_matches]');
      const POST_ID = param(op, 'search[post_id]');
      const POST_TAGS = param(op, 'search[post_tags_match]');
      const CREATOR_NAME = param(op, 'search[creator_name]');
      const CREATOR_ID = param(op, 'search[creator_id]');
      const GROUP_BY = variantParam(op, 'group_by');
      return async ({ params, raw }) => {
        const f = env.faults;
        // The variation delete-deactivates lists deleted notes too, with is_active false (INT-transitions).
        const w = env.variations.active('delete-deactivates') ? new Where() : new Where().add('n.is_active');
        const body = params.str(BODY);
        if (body !== undefined) w.add(`n.body ILIKE ${w.p(matchesPattern(body))}`);
        const grouped = GROUP_BY !== undefined && params.has(GROUP_BY);
        const postId = grouped && f.active('notes-group-by-post-ignored') ? undefined : params.int(POST_ID);
        if (postId !== undefined) w.add(`n.post_id = ${w.p(postId)}`);
        const tags = params.str(POST_TAGS);
        if (tags !== undefined) {
          // Meta-tags are unsupported here: every term is a plain tag the post must carry.
          const names = parseTagString(tags).map((t) => t.name);
          if (names.length > 0) w.add(`n.post_id IN (SELECT id FROM posts WHERE tag_array @> ${w.p(names)}::text[])`);
        }
        const creatorName = params.str(CREATOR_NAME);
        if (creatorName !== undefined && env.faults.active('notes-creator-name-prefix')) w.add(`n.creator_id IN (SELECT id FROM users WHERE starts_with(lower(name), lower(${w.p(creatorName)})))`);
        else if (creatorName !== undefined) w.add(`n.creator_id = ${userIdByName(w, creatorName)}`);
        const creatorId = params.int(CREATOR_ID);
        if (creatorId !== undefined) w.add(`n.creator_id = ${w.p(creatorId)}`);
        // group_by=note with a post: the notes of that post in the order they were made.
        const order = grouped && postId !== undefined ? 'n.id ASC' : 'n.id DESC';
        const rows = await pagedRows<NoteRow>(env, raw, w, `SELECT n.* FROM notes n`, 'n.id', order);
        return { kind: 'list', root: 'notes', element: 'note', records: rows.map((r) => record(r, env)) };
      };
    },

    'notes.show': (_op, env) => async ({ path }) => ({ kind: 'record', element: 'note', record: record(await load(env.db, path.id!, false, env.variations.active('delete-deactivates')), env) }),

    'notes.create': (op, env) => {
      const POST_ID = param(op, 'note[post_id]');
      const X = param(op, 'note[x]');
      const Y = param(op, 'note[y]');
      const WIDTH = param(op, 'note[width]');
      const HEIGHT = param(op, 'note[height]');
      const BODY = param(op, 'note[body]');
      return async ({ params, user }) => {
        const u = requireUser(user);
        // The core refuses a missing REQUIRED parameter; defaults apply only when a fault lets one through.
        const postId = params.int(POST_ID);
        if (postId === undefined) return { kind: 'envelope' };
        const fields = checkFields({
          x: (env.faults.active('notes-xy-swapped') ? params.int(Y) : params.int(X)) ?? 0,
          y: (env.faults.active('notes-xy-swapped') ? params.int(X) : params.int(Y)) ?? 0,
          width: params.int(WIDTH) ?? 1,
          height: params.int(HEIGHT) ?? 1,
          body: params.str(BODY) ?? '',
        });
        // Fault notes-create-zero-refused: a note at the left or top edge (x or y 0) is refused as if the value were missing.
        if (env.faults.active('notes-create-zero-refused') && (fields.x === 0 || fields.y === 0)) throw invalidRecord('note[x] and note[y] are required');
        const id = await env.db.transaction(async (tx) => {
          const post = await tx.query<{ id: number; image_width: number | null; image_height: number | null }>('SELECT id, image_width, image_height FROM posts WHERE id = $1 FOR UPDATE', [postId]);
          if (!post[0]) throw invalid(`${POST_ID}: no post with id ${postId}`);
          insideImage(env, post[0], fields);
          const rows = await tx.query<{ id: number }>(
            'INSERT INTO notes (post_id, creator_id, updater_id, x, y, width, height, body) VALUES ($1, $2, $2, $3, $4, $5, $6, $7) RETURNING id',
            [postId, u.id, fields.x, fields.y, fields.width, fields.height, fields.body],
          );
          await version(tx, env, rows[0]!.id, u);
          return rows[0]!.id;
        });
        return { kind: 'envelope', id };
      };
    },

    'notes.update': (op, env) => {
      const NAMES = { x: param(op, 'note[x]'), y: param(op, 'note[y]'), width: param(op, 'note[width]'), height: param(op, 'note[height]') };
      const BODY = param(op, 'note[body]');
      return async ({ params, path, user }) => {
        const u = requireUser(user);
        await env.db.transaction(async (tx) => {
          const n = await load(tx, path.id!, true);
          const next: NoteFields = { x: n.x, y: n.y, width: n.width, height: n.height, body: n.body };
          for (const [field, name] of Object.entries(NAMES) as [keyof typeof NAMES, string][]) {
            if (!params.has(name)) continue;
            if (field === 'height' && env.faults.active('notes-update-drops-height')) continue;
            const v = params.int(name);
            if (v === undefined) throw invalid(`${name} must be an integer`);
            next[field] = v;
          }
          const body = params.str(BODY);
          if (body !== undefined) next.body = body;
          checkFields(next);
          if (env.variations.active('notes-inside-image')) {
            const post = await tx.query<{ image_width: number | null; image_height: number | null }>('SELECT image_width, image_height FROM posts WHERE id = $1', [n.post_id]);
            if (post[0]) insideImage(env, post[0], next);
          }
          if (env.faults.active('notes-update-ignored')) return;
          if (next.x === n.x && next.y === n.y && next.width === n.width && next.height === n.height && next.body === n.body) return;
          await save(tx, n.id, next, u);
          await version(tx, env, n.id, u);
        });
        return { kind: 'envelope', id: path.id! };
      };
    },

    'notes.delete': (_op, env) => async ({ path, user }) => {
      const u = requireUser(user);
      await env.db.transaction(async (tx) => {
        const n = await load(tx, path.id!, true);
        if (!mayModify(u, n.creator_id)) throw denied('only the creator or a moderator may delete a note');
        if (env.faults.active('notes-delete-noop')) return;
        await tx.query('UPDATE notes SET is_active = false, updater_id = $2, updated_at = now() WHERE id = $1', [n.id, u.id]);
        await version(tx, env, n.id, u);
      });
      return { kind: 'envelope', id: path.id! };
    },

    'notes.revert': HISTORY.revert({
      load: (tx, { path }) => load(tx, path.id!, true),
      restore: async (tx, n, v, user, { env }) => {
        // Fault notes-revert-keeps-geometry: the body of the version is restored, its place and size are not.
        const geometry = env.faults.active('notes-revert-keeps-geometry') ? n : v;
        await save(tx, n.id, { x: geometry.x, y: geometry.y, width: geometry.width, height: geometry.height, body: v.body }, user);
        await version(tx, env, n.id, user);
      },
    }),

    'note_versions.list': HISTORY.list,
  },

  faults: [
    { id: 'notes-create-zero-refused', requirements: ['IB-4-notes-fields'], summary: 'A note created at x=0 or y=0 (the left or top edge) is refused as if the value were missing.', caughtBy: 'notes/fields' },
    { id: 'notes-creator-name-prefix', requirements: ['IB-4-notes-search-creator_name'], summary: 'search[creator_name] on notes lists the notes of every user whose name starts with the value.', caughtBy: 'effects/notes.list/creator_name' },
    { id: 'notes-xy-swapped', requirements: ['IB-4-notes-fields'], summary: 'note[x] and note[y] are swapped when a note is created.', caughtBy: 'notes/fields' },
    { id: 'notes-update-drops-height', requirements: ['IB-4-notes-fields'], summary: 'note[height] is ignored on update.', caughtBy: 'notes/fields' },
    { id: 'note-versions-note-id-ignored', requirements: ['IB-4-note_versions-search-note_id'], summary: 'search[note_id] on note versions is ignored.', caughtBy: 'effects/note_versions.list/note_id' },
    { id: 'notes-update-ignored', requirements: ['IB-4-notes-lifecycle'], summary: 'Note updates answer success but save nothing.' },
    { id: 'notes-delete-noop', requirements: ['IB-4-notes-lifecycle', 'IB-3-delete'], summary: 'Note deletes answer success but the note remains.' },
    { id: 'notes-group-by-post-ignored', requirements: ['IB-4-notes-group-by-A'], summary: 'With group_by=note, search[post_id] is ignored (notes of every post are listed).', variants: ['A'] },
    { id: 'note-versions-not-recorded', requirements: ['IB-9-notes-versions'], summary: 'Note changes are not recorded as note versions.' },
    { id: 'notes-revert-keeps-geometry', requirements: ['IB-9-notes-revert'], summary: 'Note revert restores the body of the version but not its x, y, width and height.', caughtBy: 'versions/notes/revert' },
    { id: 'notes-revert-not-restoring', requirements: ['IB-9-notes-revert'], summary: 'Note revert answers success but restores nothing.' },
  ],
};
