/**
 * Wiki pages: create, update, show, revert (other names in A), and the list with the variant's sort key
 * and search parameters. Titles are unique regardless of case (423, INT-already-exists). Each change is
 * kept as a version; no operation lists them (INT-version-ids-hidden), but revert takes their ids.
 */
import type { User } from '../accounts.ts';
import type { Queryable, Row } from '../db/index.ts';
import type { ApiRecord } from '../protocol.ts';
import type { ResourceModule, ServerEnv } from '../registry.ts';
import { pagedRows } from '../paging.ts';
import { param, sortKeyParam, valuesOf, variantParam } from '../registry.ts';
import { boundedText, requiredName, splitWords } from '../fields.ts';
import { Where, anyNameMatches, authorship, lockName, matchesPattern, nameMatches, userIdByName } from '../sql.ts';
import { alreadyExists, notFound, requireUser } from '../refusals.ts';
import type { VersionRow } from '../versions.ts';
import { History } from '../versions.ts';

interface WikiRow extends Row {
  id: number;
  title: string;
  body: string;
  other_names_string: string;
  other_names: string[];
  creator_id: number;
  updater_id: number;
  created_at: Date;
  updated_at: Date;
}

interface WikiVersionRow extends VersionRow {
  wiki_page_id: number;
  title: string;
  body: string;
  other_names_string: string;
  other_names: string[];
}

/** The wiki page versions: kept for revert, listed by no operation (INT-version-ids-hidden). */
const HISTORY = new History<WikiVersionRow>({ table: 'wiki_page_versions', key: 'wiki_page_id' });

interface WikiFields {
  title: string;
  body: string;
  other_names_string: string;
  other_names: string[];
}

function record(r: WikiRow, env: ServerEnv): ApiRecord {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    // `wiki_page[other_names]` (A) as it was written, and split into names.
    ...(env.variant === 'A' ? { other_names: r.other_names_string, other_names_list: r.other_names } : {}),
    ...authorship(env.users, r),
  };
}

async function load(q: Queryable, id: number, lock = false): Promise<WikiRow> {
  const rows = await q.query<WikiRow>(`SELECT * FROM wiki_pages WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!rows[0]) throw notFound('wiki page', id);
  return rows[0];
}

/** Refuses (423) a title another page has (INT-already-exists); holds the title's lock until commit. */
async function claimTitle(tx: Queryable, env: ServerEnv, title: string, exceptId: number | null): Promise<void> {
  await lockName(tx, 'wiki_pages', title);
  if (env.faults.active('wiki-duplicate-title-accepted')) return;
  const rows = await tx.query('SELECT 1 FROM wiki_pages WHERE lower(title) = lower($1) AND id IS DISTINCT FROM $2', [title, exceptId]);
  if (rows.length > 0) throw alreadyExists(`a wiki page titled ${title} exists`);
}

async function version(tx: Queryable, env: ServerEnv, id: number, user: User): Promise<void> {
  const p = await load(tx, id);
  await HISTORY.record(tx, env, id, user.id, { title: p.title, body: p.body, other_names_string: p.other_names_string, other_names: p.other_names });
}

async function save(tx: Queryable, id: number, p: WikiFields, user: User): Promise<void> {
  await tx.query(
    'UPDATE wiki_pages SET title = $2, body = $3, other_names_string = $4, other_names = $5::text[], updater_id = $6, updated_at = now() WHERE id = $1',
    [id, p.title, p.body, p.other_names_string, p.other_names, user.id],
  );
}

/** Saves new fields of a page, a new title claimed first, and records the change as a version. */
async function change(tx: Queryable, env: ServerEnv, p: WikiRow, next: WikiFields, user: User): Promise<void> {
  if (next.title.toLowerCase() !== p.title.toLowerCase()) await claimTitle(tx, env, next.title, p.id);
  await save(tx, p.id, next, user);
  await version(tx, env, p.id, user);
}

function fieldsOf(r: WikiRow | WikiVersionRow): WikiFields {
  return { title: r.title, body: r.body, other_names_string: r.other_names_string, other_names: [...r.other_names] };
}

export const wikiPagesModule: ResourceModule = {
  resource: 'wiki_pages',
  handlers: {
    'wiki_pages.list': (op, env) => {
      const TITLE = param(op, 'search[title]');
      const CREATOR_ID = param(op, 'search[creator_id]');
      const BODY = param(op, 'search[body_matches]');
      const OTHER_NAMES = variantParam(op, 'search[other_names_match]');
      const CREATOR_NAME = param(op, 'search[creator_name]');
      const SORT = sortKeyParam(op);
      const [BY_DATE, BY_TITLE] = valuesOf(op, SORT);
      const ORDERS = new Map([
        [BY_DATE, 'updated_at DESC, id DESC'],
        [BY_TITLE, 'lower(title) ASC, id ASC'],
      ]);
      return async ({ params, raw }) => {
        const f = env.faults;
        const w = new Where();
        const title = params.str(TITLE);
        if (title !== undefined && !f.active('wiki-title-search-ignored')) w.add(nameMatches(w, 'title', title));
        const creatorId = params.int(CREATOR_ID);
        if (creatorId !== undefined) w.add(`creator_id = ${w.p(creatorId)}`);
        const body = params.str(BODY);
        if (body !== undefined) w.add(`body ILIKE ${w.p(matchesPattern(body))}`);
        const other = OTHER_NAMES ? params.str(OTHER_NAMES) : undefined;
        if (other !== undefined) w.add(anyNameMatches(w, 'other_names', other));
        const creatorName = params.str(CREATOR_NAME);
        // Fault wiki-creator-search-reads-updater: search[creator_name] compares the page's last updater.
        if (creatorName !== undefined) w.add(`${f.active('wiki-creator-search-reads-updater') ? 'updater_id' : 'creator_id'} = ${userIdByName(w, creatorName)}`);
        const sort = params.str(SORT);
        const order = (sort !== undefined && !f.active('wiki-sort-ignored') && ORDERS.get(sort)) || 'id DESC';
        const rows = await pagedRows<WikiRow>(env, raw, w, `SELECT * FROM wiki_pages`, 'id', order);
        return { kind: 'list', root: 'wiki_pages', element: 'wiki_page', records: rows.map((r) => record(r, env)) };
      };
    },

    'wiki_pages.show': (_op, env) => async ({ path }) => ({ kind: 'record', element: 'wiki_page', record: record(await load(env.db, path.id!), env) }),

    'wiki_pages.create': (op, env) => {
      const TITLE = param(op, 'wiki_page[title]');
      const BODY = param(op, 'wiki_page[body]');
      const OTHER = variantParam(op, 'wiki_page[other_names]');
      return async ({ params, user }) => {
        const u = requireUser(user);
        // The core refuses a missing REQUIRED parameter; only a fault lets one through, and then nothing is made.
        if (!params.has(TITLE)) return { kind: 'envelope' };
        const title = requiredName(TITLE, params.str(TITLE));
        const body = boundedText(BODY, params.str(BODY) ?? '');
        const other = (OTHER && params.str(OTHER)) || '';
        boundedText(OTHER ?? '', other);
        const id = await env.db.transaction(async (tx) => {
          await claimTitle(tx, env, title, null);
          const rows = await tx.query<{ id: number }>(
            'INSERT INTO wiki_pages (title, body, other_names_string, other_names, creator_id, updater_id) VALUES ($1, $2, $3, $4::text[], $5, $5) RETURNING id',
            [title, body, other, splitWords(other), u.id],
          );
          await version(tx, env, rows[0]!.id, u);
          return rows[0]!.id;
        });
        return { kind: 'envelope', id };
      };
    },

    'wiki_pages.update': (op, env) => {
      const TITLE = param(op, 'wiki_page[title]');
      const BODY = param(op, 'wiki_page[body]');
      const OTHER = variantParam(op, 'wiki_page[other_names]');
      return async ({ params, path, user }) => {
        const u = requireUser(user);
        await env.db.transaction(async (tx) => {
          const p = await load(tx, path.id!, true);
          const next = fieldsOf(p);
          if (params.has(TITLE) && !env.faults.active('wiki-title-update-ignored')) next.title = requiredName(TITLE, params.str(TITLE));
          const body = params.str(BODY);
          if (body !== undefined) next.body = boundedText(BODY, body);
          // Fault wiki-update-unsent-body-emptied: an update that does not send the body empties it.
          else if (env.faults.active('wiki-update-unsent-body-emptied')) next.body = '';
          const other = OTHER && !env.faults.active('wiki-other-names-dropped') ? params.str(OTHER) : undefined;
          if (other !== undefined) {
            next.other_names_string = boundedText(OTHER!, other);
            next.other_names = splitWords(other);
          }
          if (env.faults.active('wiki-update-ignored') || JSON.stringify(next) === JSON.stringify(fieldsOf(p))) return;
          await change(tx, env, p, next, u);
        });
        return { kind: 'envelope', id: path.id! };
      };
    },

    'wiki_pages.revert': HISTORY.revert({
      load: (tx, { path }) => load(tx, path.id!, true),
      restore: (tx, p, v, user, { env }) => change(tx, env, p, fieldsOf(v), user),
    }),
  },

  faults: [
    { id: 'wiki-creator-search-reads-updater', requirements: ['IB-4-wiki_pages-search-creator_name'], summary: 'search[creator_name] on wiki pages compares the last updater, not the creator.', caughtBy: 'effects/wiki_pages.list/creator_name' },
    { id: 'wiki-update-unsent-body-emptied', requirements: ['IB-4-wiki-fields'], summary: 'An update that does not send wiki_page[body] empties the body (an unsent field is not kept).', caughtBy: 'wiki_pages/fields' },
    { id: 'wiki-title-update-ignored', requirements: ['IB-4-wiki-fields'], summary: 'wiki_page[title] is ignored on update.', caughtBy: 'wiki_pages/fields' },
    { id: 'wiki-other-names-dropped', requirements: ['IB-4-wiki-fields'], summary: 'wiki_page[other_names] is ignored on update.', variants: ['A'], caughtBy: 'wiki_pages/fields' },
    { id: 'wiki-update-ignored', requirements: ['IB-4-wiki-lifecycle'], summary: 'Wiki page updates answer success but save nothing.' },
    { id: 'wiki-title-search-ignored', requirements: ['IB-4-wiki-lifecycle'], summary: 'search[title] on wiki pages is ignored.' },
    { id: 'wiki-sort-ignored', requirements: ['IB-4-wiki_pages-sort-A', 'IB-4-wiki_pages-sort-B'], summary: 'The wiki pages sort key is ignored.' },
    { id: 'wiki-duplicate-title-accepted', requirements: ['IB-7-already-exists'], summary: 'A second wiki page with an existing title is created.' },
  ],
};
