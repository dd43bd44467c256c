/**
 * Helpers shared by the part-2 resource modules (artists, notes, pools, tags, wiki pages, forum, artist
 * commentaries): refusals, name matching, flag values, and the version histories.
 */
import type { Queryable, Row } from '../../db/index.ts';
import { parseInteger } from '../../params.ts';
import type { Ctx } from '../../registry.ts';
import type { Where } from '../../sql.ts';
import { likePattern } from '../../sql.ts';
import { invalid, invalidRecord } from '../../refusals.ts';

/** Longest name or title a record keeps (unique names are indexed). */
export const NAME_MAX = 255;
/** Longest body or description a record keeps. */
export const TEXT_MAX = 100_000;

export { alreadyExists, invalidRecord, requireUser } from '../../refusals.ts';

/** A name the record cannot do without: trimmed, not empty, not too long. */
export function requiredName(param: string, value: string | undefined): string {
  const v = (value ?? '').trim();
  if (v === '') throw invalidRecord(`${param} is missing`);
  if (v.length > NAME_MAX) throw invalidRecord(`${param} is longer than ${NAME_MAX} characters`);
  return v;
}

/** A free text of bounded length. */
export function boundedText(param: string, value: string, max = TEXT_MAX): string {
  if (value.length > max) throw invalidRecord(`${param} is longer than ${max} characters`);
  return value;
}

/** `true`/`false` of a search value set (already validated by the core). */
export function trueFalse(v: string | undefined): boolean | undefined {
  return v === undefined ? undefined : v === 'true';
}

/** `yes`/`no` of a search value set. */
export function yesNo(v: string | undefined): boolean | undefined {
  return v === undefined ? undefined : v === 'yes';
}

/** `1`/`0` of an update value set. */
export function oneZero(v: string | undefined): boolean | undefined {
  return v === undefined ? undefined : v === '1';
}

/**
 * SQL: `column` matches `value` exactly (case-insensitive), or as a `*` pattern when it has one
 * (INT-artist-name-search, search[title] of wiki pages).
 */
export function nameMatches(w: Where, column: string, value: string): string {
  return value.includes('*') ? `${column} ILIKE ${w.p(likePattern(value))}` : `lower(${column}) = lower(${w.p(value)})`;
}

/** SQL: some element of the text array `column` matches `value` like `nameMatches`. */
export function anyNameMatches(w: Where, column: string, value: string): string {
  const cond = value.includes('*') ? `n ILIKE ${w.p(likePattern(value))}` : `lower(n) = lower(${w.p(value)})`;
  return `EXISTS (SELECT 1 FROM unnest(${column}) AS n WHERE ${cond})`;
}

/** SQL: the user id of an exact (case-insensitive) user name. */
export function userIdByName(w: Where, name: string): string {
  return `(SELECT id FROM users WHERE lower(name) = lower(${w.p(name)}))`;
}

/** Splits on whitespace, dropping empty pieces and duplicates, keeping order. */
export function splitWords(s: string): string[] {
  return [...new Set(s.split(/\s+/).filter((x) => x !== ''))];
}

/** Splits on commas, trimming each piece, dropping empty pieces and duplicates, keeping order. */
export function splitCommas(s: string): string[] {
  return [...new Set(s.split(',').map((x) => x.trim()).filter((x) => x !== ''))];
}

/** A history table and the column that names its record. */
export interface History {
  readonly table: string;
  readonly key: string;
}

/**
 * Records a version: a snapshot of `fields`, numbered after the record's previous versions. Table and
 * column names come from this code, never from a request.
 */
export async function recordVersion(tx: Queryable, h: History, recordId: number, updaterId: number, fields: Readonly<Record<string, unknown>>): Promise<number> {
  const names = Object.keys(fields);
  const values = Object.values(fields);
  const placeholders = names.map((_, i) => `$${i + 3}`);
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO ${h.table} (${h.key}, version, updater_id${names.map((n) => `, ${n}`).join('')})
     VALUES ($1, COALESCE((SELECT max(version) FROM ${h.table} WHERE ${h.key} = $1), 0) + 1, $2${placeholders.map((p) => `, ${p}`).join('')})
     RETURNING id`,
    [recordId, updaterId, ...values],
  );
  return rows[0]!.id;
}

/**
 * The version `versionId` of record `recordId`; a version of another record, or none, is refused with
 * 424 (INT-version-id).
 */
export async function versionOf<T extends Row>(tx: Queryable, h: History, recordId: number, versionId: number | undefined, param: string): Promise<T> {
  // A missing version_id only gets this far under the ignore-required fault: the request is then
  // accepted as a revert to the latest version, a no-op.
  const rows =
    versionId === undefined
      ? await tx.query<T>(`SELECT * FROM ${h.table} WHERE ${h.key} = $1 ORDER BY id DESC LIMIT 1`, [recordId])
      : await tx.query<T>(`SELECT * FROM ${h.table} WHERE id = $1 AND ${h.key} = $2`, [versionId, recordId]);
  if (!rows[0]) throw invalid(`${param}: no version ${versionId ?? ''} of this record`);
  return rows[0];
}

/**
 * Takes the transaction-scoped lock of a unique name (`kind` is the table), so that the check for an
 * existing record and the write that follows cannot interleave with another request's.
 */
export async function lockName(tx: Queryable, kind: string, name: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))::text AS locked', [`${kind}:${name.toLowerCase()}`]);
}

/**
 * A parameter the document does not list but the reference server reads as an extension
 * (INT-forum-post-topic). The core validates documented parameters only; the raw request fields reach a
 * handler when the core passes them in the context as `raw`. Returns undefined otherwise.
 */
export function extensionInt(ctx: Ctx, name: string): number | undefined | 'invalid' {
  const v = ctx.raw.fields[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') return 'invalid';
  const n = parseInteger(String(v).trim());
  return n === undefined ? 'invalid' : n;
}
