/**
 * Artists: list with the `search[name]` prefix rules (INT-artist-name-search) and the variant's other
 * searches and sort key, show, create, update, delete (A), the banned listing (the `status:banned`
 * search), revert, and the artist versions listing (A). Deleted artists are kept with a flag, out of
 * every search and show (INT-transitions). `is_banned` has no documented writer: it is set in the
 * database only.
 */
import type { ResolvedOperation } from '../../../specs/model/index.ts';
import { ARTIST_NAME_PREFIXES, operationFor } from '../../../specs/model/index.ts';
import type { User } from '../accounts.ts';
import type { Queryable, Row } from '../db/index.ts';
import type { ParamValues, RawInput } from '../params.ts';
import type { ApiRecord, Outcome } from '../protocol.ts';
import type { ResourceModule, ServerEnv } from '../registry.ts';
import { pagedRows } from '../paging.ts';
import { param, sortKeyParam, valuesOf, variantParam } from '../registry.ts';
import { boundedText, oneZero, requiredName, splitCommas, splitWords, trueFalse } from '../fields.ts';
import { Where, anyNameMatches, authorship, isSet, likePattern, lockName, mayModify, nameMatches, userIdByName } from '../sql.ts';
import { alreadyExists, denied, notFound, requireUser } from '../refusals.ts';
import type { VersionRow } from '../versions.ts';
import { History } from '../versions.ts';

interface ArtistRow extends Row, ArtistState {
  id: number;
  creator_id: number;
  updater_id: number;
  post_count: number;
  created_at: Date;
  updated_at: Date;
}

interface ArtistVersionRow extends VersionRow, ArtistState {
  artist_id: number;
}

/** The artist versions (A lists them): every field of the artist after each change, deletion included. */
const HISTORY = new History<ArtistVersionRow>({
  table: 'artist_versions',
  key: 'artist_id',
  identity: (r) => ({ artist_id: r.artist_id }),
  snapshot: (r) => snapshot(r),
  orders: { name: 'lower(name) ASC, id DESC', date: 'created_at DESC, id DESC' },
  faults: {
    notRecorded: 'artist-versions-not-recorded',
    notRestoring: 'artists-revert-not-restoring',
    searchIgnored: [
      { param: 'search[artist_id]', fault: 'artist-versions-artist-id-ignored' },
      { param: 'search[artist_id]', fault: 'artist-versions-artist-id-dropped-beside-state', beside: 'search[is_active]' },
    ],
  },
});

/** The writable fields of an artist (what a version keeps and a revert restores). */
interface ArtistFields {
  name: string;
  other_names_comma: string;
  other_names: string[];
  group_name: string;
  url_string: string;
  urls: string[];
  is_active: boolean;
}

/** The writable fields, in the order records show them. */
const WRITABLE = ['name', 'other_names_comma', 'other_names', 'group_name', 'url_string', 'urls', 'is_active'] as const satisfies readonly (keyof ArtistFields)[];

function fieldsOf(r: ArtistFields): ArtistFields {
  return Object.fromEntries(WRITABLE.map((k) => [k, r[k]])) as unknown as ArtistFields;
}

/** What a version keeps: the writable fields, the ban and the deletion. */
interface ArtistState extends ArtistFields {
  is_banned: boolean;
  is_deleted: boolean;
}

function snapshot(a: ArtistState) {
  return { ...fieldsOf(a), is_banned: a.is_banned, is_deleted: a.is_deleted };
}

/**
 * Posts of an artist: the posts tagged with the artist's name, as the tags table counts them (kept with
 * every change of a post's tags, as the service family keeps it). Counting the posts themselves scanned
 * every post once per artist listed: a listing of 100 artists grew to tens of milliseconds as a run's
 * posts accumulated.
 */
const POST_COUNT = 'COALESCE((SELECT t.post_count FROM tags t WHERE t.name = a.name), 0)';
const SELECT = `SELECT a.*, ${POST_COUNT} AS post_count FROM artists a`;

/** The prefixes of the `search[name]` rules, from the model. */
const PREFIX = Object.fromEntries(ARTIST_NAME_PREFIXES.filter((p) => p.prefix !== '').map((p) => [p.prefix.replace(/:.*$/, ''), p.prefix])) as Record<
  'http' | 'name' | 'other' | 'group' | 'status',
  string
>;

function record(r: ArtistRow, env: ServerEnv): ApiRecord {
  return {
    id: r.id,
    ...fieldsOf(r),
    is_banned: r.is_banned,
    post_count: r.post_count,
    ...authorship(env.users, r),
  };
}

async function load(q: Queryable, id: number, lock = false): Promise<ArtistRow> {
  const rows = await q.query<ArtistRow>(`${SELECT} WHERE a.id = $1 AND NOT a.is_deleted${lock ? ' FOR UPDATE OF a' : ''}`, [id]);
  if (!rows[0]) throw notFound('artist', id);
  return rows[0];
}

/** Adds the clauses of one `search[name]` value (the prefix rules of section 4). */
function nameSearch(w: Where, value: string, env: ServerEnv): void {
  const f = env.faults;
  if (value.startsWith(PREFIX.http) && !f.active('artists-url-search-ignored')) {
    const prefix = `${likePattern(value.toLowerCase())}%`;
    w.add(`EXISTS (SELECT 1 FROM unnest(a.urls) AS u WHERE lower(u) LIKE ${w.p(prefix)})`);
    return;
  }
  // Fault artists-name-prefix-searches-other-names: name:X searched as a plain X (base and other names).
  if (value.startsWith(PREFIX.name) && f.active('artists-name-prefix-searches-other-names')) return nameSearch(w, value.slice(PREFIX.name.length), env);
  if (value.startsWith(PREFIX.name) && !f.active('artists-name-prefix-ignored')) {
    w.add(nameMatches(w, 'a.name', value.slice(PREFIX.name.length)));
    return;
  }
  if (value.startsWith(PREFIX.other)) {
    const rest = value.slice(PREFIX.other.length);
    w.add(f.active('artists-other-search-base-only') ? nameMatches(w, 'a.name', rest) : anyNameMatches(w, 'a.other_names', rest));
    return;
  }
  if (value.startsWith(PREFIX.group) && !f.active('artists-group-search-ignored')) {
    w.add(nameMatches(w, 'a.group_name', value.slice(PREFIX.group.length)));
    return;
  }
  if (value.startsWith(PREFIX.status)) {
    if (!f.active('artists-banned-search-all')) w.add('a.is_banned');
    return;
  }
  if (f.active('artists-plain-base-only')) w.add(nameMatches(w, 'a.name', value));
  else w.add(`(${nameMatches(w, 'a.name', value)} OR ${anyNameMatches(w, 'a.other_names', value)})`);
}

function listHandler(op: ResolvedOperation, env: ServerEnv) {
  const NAME = param(op, 'search[name]');
  const ID = param(op, 'search[id]');
  const CREATOR_NAME = variantParam(op, 'search[creator_name]');
  const CREATOR_ID = variantParam(op, 'search[creator_id]');
  const IS_ACTIVE = variantParam(op, 'search[is_active]');
  const IS_BANNED = variantParam(op, 'search[is_banned]');
  const EMPTY_ONLY = variantParam(op, 'search[empty_only]');
  const SORT = sortKeyParam(op);
  const [BY_NAME, BY_DATE] = valuesOf(op, SORT);
  const ORDERS = new Map([
    [BY_NAME, 'lower(a.name) ASC, a.id ASC'],
    [BY_DATE, 'a.updated_at DESC, a.id DESC'],
  ]);
  return async ({ params, raw }: { params: ParamValues; raw: RawInput }): Promise<Outcome> => {
    const f = env.faults;
    const w = new Where().add('NOT a.is_deleted');
    const name = params.str(NAME);
    if (name !== undefined && name !== '') nameSearch(w, name, env);
    const id = params.int(ID);
    if (id !== undefined) w.add(`a.id = ${w.p(id)}`);
    const creatorName = CREATOR_NAME ? params.str(CREATOR_NAME) : undefined;
    if (creatorName !== undefined) w.add(`a.creator_id = ${userIdByName(w, creatorName)}`);
    const creatorId = CREATOR_ID ? params.int(CREATOR_ID) : undefined;
    if (creatorId !== undefined) w.add(`a.creator_id = ${w.p(creatorId)}`);
    const active = IS_ACTIVE ? trueFalse(params.str(IS_ACTIVE)) : undefined;
    if (active !== undefined) w.add(`a.is_active = ${w.p(active)}`);
    const banned = IS_BANNED ? trueFalse(params.str(IS_BANNED)) : undefined;
    if (banned !== undefined) w.add(`a.is_banned = ${w.p(banned)}`);
    if (EMPTY_ONLY && isSet(params.str(EMPTY_ONLY)) && !f.active('artists-empty-only-ignored')) w.add(`${POST_COUNT} = 0`);
    const sort = params.str(SORT);
    const order = (sort !== undefined && !f.active('artists-sort-ignored') && ORDERS.get(sort)) || 'a.id DESC';
    const rows = await pagedRows<ArtistRow>(env, raw, w, `${SELECT}`, 'a.id', order);
    return { kind: 'list', root: 'artists', element: 'artist', records: rows.map((r) => record(r, env)) };
  };
}

/** Reads the writable fields of a create or update over `base` (the current artist, or the defaults). */
function readFields(op: ResolvedOperation, params: ParamValues, base: ArtistFields, env: ServerEnv): ArtistFields {
  const NAME = param(op, 'artist[name]');
  const OTHER = param(op, 'artist[other_names_comma]');
  const GROUP = param(op, 'artist[group_name]');
  const URLS = param(op, 'artist[url_string]');
  const ACTIVE = variantParam(op, 'artist[is_active]');
  const f = env.faults;
  const next: ArtistFields = { ...base };
  if (params.has(NAME) || base.name === '') next.name = requiredName(NAME, params.str(NAME));
  const other = params.str(OTHER);
  if (other !== undefined) {
    next.other_names_comma = boundedText(OTHER, other);
    next.other_names = f.active('artists-other-names-unsplit') ? [other.trim()].filter((x) => x !== '') : splitCommas(other);
  }
  const group = params.str(GROUP);
  if (group !== undefined && !(f.active('artists-group-dropped-on-update') && base.name !== '')) next.group_name = boundedText(GROUP, group.trim());
  const urls = params.str(URLS);
  if (urls !== undefined) {
    next.url_string = boundedText(URLS, urls);
    const list = f.active('artists-url-string-newline-only') ? urls.split('\n').map((u) => u.trim()).filter(Boolean) : splitWords(urls);
    next.urls = f.active('artists-url-string-first-only') ? list.slice(0, 1) : list;
  }
  const active = ACTIVE ? oneZero(params.str(ACTIVE)) : undefined;
  if (active !== undefined && !f.active('artists-is-active-ignored')) next.is_active = active;
  return next;
}

async function version(tx: Queryable, env: ServerEnv, id: number, user: User): Promise<void> {
  const a = await load(tx, id);
  await HISTORY.record(tx, env, id, user.id, snapshot(a));
}

/** Refuses (423) a name another artist has (INT-already-exists); holds the name's lock until commit. */
async function claimName(tx: Queryable, env: ServerEnv, name: string, exceptId: number | null): Promise<void> {
  await lockName(tx, 'artists', name);
  if (env.faults.active('artists-duplicate-name-accepted')) return;
  const rows = await tx.query('SELECT 1 FROM artists WHERE lower(name) = lower($1) AND NOT is_deleted AND id IS DISTINCT FROM $2', [name, exceptId]);
  if (rows.length > 0) throw alreadyExists(`an artist named ${name} exists`);
}

async function save(tx: Queryable, id: number, a: ArtistFields, user: User): Promise<void> {
  await tx.query(
    `UPDATE artists SET name = $2, other_names_comma = $3, other_names = $4::text[], group_name = $5, url_string = $6, urls = $7::text[],
     is_active = $8, updater_id = $9, updated_at = now() WHERE id = $1`,
    [id, a.name, a.other_names_comma, a.other_names, a.group_name, a.url_string, a.urls, a.is_active, user.id],
  );
}

/** Saves new fields of an artist, a new name claimed first, and records the change as a version. */
async function change(tx: Queryable, env: ServerEnv, a: ArtistRow, next: ArtistFields, user: User): Promise<void> {
  if (next.name.toLowerCase() !== a.name.toLowerCase()) await claimName(tx, env, next.name, a.id);
  await save(tx, a.id, next, user);
  await version(tx, env, a.id, user);
}

function sameFields(a: ArtistFields, b: ArtistFields): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const artistsModule: ResourceModule = {
  resource: 'artists',
  handlers: {
    'artists.list': listHandler,

    'artists.banned': (_op, env) => {
      // Equivalent to the list searched with search[name]=status:banned (IB-4-artists-banned).
      const list = listHandler(operationFor('artists.list', env.variant), env);
      const banned = PREFIX.status;
      return async ({ raw }) => {
        const all = env.faults.active('artists-banned-route-all');
        return list({
          raw,
          params: {
            has: (n) => n === 'search[name]' && !all,
            str: (n) => (n === 'search[name]' && !all ? banned : undefined),
            int: () => undefined,
            file: () => undefined,
          },
        });
      };
    },

    'artists.show': (_op, env) => async ({ path }) => ({ kind: 'record', element: 'artist', record: record(await load(env.db, path.id!), env) }),

    'artists.create': (op, env) => async ({ params, user }) => {
      const u = requireUser(user);
      const fields = readFields(op, params, { name: '', other_names_comma: '', other_names: [], group_name: '', url_string: '', urls: [], is_active: true }, env);
      const id = await env.db.transaction(async (tx) => {
        await claimName(tx, env, fields.name, null);
        const rows = await tx.query<{ id: number }>(
          `INSERT INTO artists (name, other_names_comma, other_names, group_name, url_string, urls, is_active, creator_id, updater_id)
           VALUES ($1, $2, $3::text[], $4, $5, $6::text[], $7, $8, $8) RETURNING id`,
          [fields.name, fields.other_names_comma, fields.other_names, fields.group_name, fields.url_string, fields.urls, fields.is_active, u.id],
        );
        await version(tx, env, rows[0]!.id, u);
        return rows[0]!.id;
      });
      return { kind: 'envelope', id };
    },

    'artists.update': (op, env) => async ({ params, path, user }) => {
      const u = requireUser(user);
      await env.db.transaction(async (tx) => {
        const a = await load(tx, path.id!, true);
        const before = fieldsOf(a);
        const next = readFields(op, params, before, env);
        if (sameFields(before, next)) return;
        await change(tx, env, a, next, u);
      });
      return { kind: 'envelope', id: path.id! };
    },

    'artists.delete': (_op, env) => async ({ path, user }) => {
      const u = requireUser(user);
      await env.db.transaction(async (tx) => {
        const a = await load(tx, path.id!, true);
        if (!mayModify(u, a.creator_id)) throw denied('only the creator or a moderator may delete an artist');
        if (env.faults.active('artists-delete-noop')) return;
        if (env.variations.active('delete-deactivates')) {
          // As the service family does: the artist stays, shown and listed, with is_active false (INT-transitions).
          await tx.query('UPDATE artists SET is_active = false, updater_id = $2, updated_at = now() WHERE id = $1', [a.id, u.id]);
          await HISTORY.record(tx, env, a.id, u.id, snapshot({ ...a, is_active: false }));
          return;
        }
        await tx.query('UPDATE artists SET is_deleted = true, updater_id = $2, updated_at = now() WHERE id = $1', [a.id, u.id]);
        await HISTORY.record(tx, env, a.id, u.id, snapshot({ ...a, is_deleted: true }));
      });
      return { kind: 'envelope', id: path.id! };
    },

    'artists.revert': HISTORY.revert({
      load: (tx, { path }) => load(tx, path.id!, true),
      restore: (tx, a, v, user, { env }) => change(tx, env, a, fieldsOf(v), user),
    }),

    'artist_versions.list': HISTORY.list,
  },

  faults: [
    { id: 'artists-url-search-ignored', requirements: ['IB-4-artists-name-url'], summary: 'search[name] beginning with http is searched as a plain name.' },
    { id: 'artists-name-prefix-searches-other-names', requirements: ['IB-4-artists-name-base'], summary: 'search[name]=name:X searches X as a plain name: other names match too.', caughtBy: 'artists/name-base' },
    { id: 'artists-name-prefix-ignored', requirements: ['IB-4-artists-name-base'], summary: 'search[name]=name:X is searched as a plain name (prefix included).' },
    { id: 'artists-other-search-base-only', requirements: ['IB-4-artists-name-other'], summary: 'search[name]=other:X searches base names instead of other names.' },
    { id: 'artists-group-search-ignored', requirements: ['IB-4-artists-name-group'], summary: 'search[name]=group:X is searched as a plain name (prefix included).' },
    { id: 'artists-banned-search-all', requirements: ['IB-4-artists-name-banned'], summary: 'search[name]=status:banned lists every artist.' },
    { id: 'artists-plain-base-only', requirements: ['IB-4-artists-name-plain'], summary: 'A plain search[name] ignores other names.' },
    { id: 'artists-banned-route-all', requirements: ['IB-4-artists-banned'], summary: 'GET /artists/banned lists every artist.' },
    { id: 'artists-url-string-newline-only', requirements: ['IB-4-artists-url-string'], summary: 'artist[url_string] is split on newlines only, not on spaces or tabs.', caughtBy: 'artists/url-string' },
    { id: 'artists-group-dropped-on-update', requirements: ['IB-4-artists-fields'], summary: 'artist[group_name] is ignored on update.', caughtBy: 'artists/fields' },
    { id: 'artists-is-active-ignored', requirements: ['IB-4-artists-fields'], summary: 'artist[is_active] is accepted but not stored.', variants: ['B'], caughtBy: 'artists/fields' },
    { id: 'artist-versions-artist-id-dropped-beside-state', requirements: ['IB-4-artist_versions-search-artist_id-A', 'IB-4-artist_versions-search-is_active-A'], summary: 'search[artist_id] on artist versions is dropped when search[is_active] is sent with it.', variants: ['A'], caughtBy: 'effects/artist_versions.list/is_active' },
    { id: 'artist-versions-artist-id-ignored', requirements: ['IB-4-artist_versions-search-artist_id-A'], summary: 'search[artist_id] on artist versions is ignored.', variants: ['A'], caughtBy: 'effects/artist_versions.list/artist_id' },
    { id: 'artists-url-string-first-only', requirements: ['IB-4-artists-url-string', 'IB-4-artists-name-url'], summary: 'artist[url_string] keeps only its first URL.' },
    { id: 'artists-other-names-unsplit', requirements: ['IB-4-artists-other-names'], summary: 'artist[other_names_comma] is kept as one name (not split at commas).' },
    { id: 'artists-empty-only-ignored', requirements: ['IB-4-artists-empty-only-A'], summary: 'search[empty_only] on artists is ignored.', variants: ['A'] },
    { id: 'artists-sort-ignored', requirements: ['IB-4-artists-sort-A', 'IB-4-artists-sort-B'], summary: 'The artists sort key is ignored.' },
    { id: 'artists-delete-noop', requirements: ['IB-3-delete'], summary: 'Artist deletes answer success but the artist remains.', variants: ['A'] },
    { id: 'artists-duplicate-name-accepted', requirements: ['IB-7-already-exists'], summary: 'A second artist with an existing name is created.' },
    { id: 'artist-versions-not-recorded', requirements: ['IB-9-artists-versions'], summary: 'Artist changes are not recorded as artist versions.', variants: ['A'] },
    { id: 'artists-revert-not-restoring', requirements: ['IB-9-artists-revert'], summary: 'Artist revert answers success but restores nothing.', variants: ['A'] },
  ],
};
