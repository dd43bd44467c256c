/** Small helpers shared by the resource modules: query building, patterns, name locks, common record parts. */
import { USER_LEVELS } from '../../specs/model/index.ts';
import type { User, UserDirectory } from './accounts.ts';
import type { Queryable } from './db/index.ts';

/** Collects the numbered parameters of a statement. */
export class Params {
  readonly params: unknown[] = [];
  /** Adds a value and returns its placeholder. */
  p(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}

/**
 * One statement of data-modifying steps: `WITH a AS (...), b AS (...) SELECT ...`. Its steps see the same
 * snapshot and are applied together, atomically, in one trip to the database instead of a transaction of
 * several statements; a step reads what another inserted only through its RETURNING (by its name).
 */
export class Steps extends Params {
  readonly steps: string[] = [];
  /** Adds a step named `name`. */
  add(name: string, sql: string): this {
    this.steps.push(`${name} AS (${sql})`);
    return this;
  }
  /** The statement: the steps, then `select`. */
  sql(select: string): string {
    return this.steps.length > 0 ? `WITH ${this.steps.join(',\n')}\n${select}` : select;
  }
}

/** Collects WHERE clauses and their numbered parameters. */
export class Where extends Params {
  readonly clauses: string[] = [];
  add(clause: string): this {
    this.clauses.push(clause);
    return this;
  }
  get sql(): string {
    return this.clauses.length > 0 ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
}

/** A `*` wildcard pattern (INT-user-name-patterns) as an ILIKE pattern. */
export function likePattern(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

/** A `*_matches` search: `*` wildcards, otherwise a case-insensitive substring. */
export function matchesPattern(s: string): string {
  return s.includes('*') ? likePattern(s) : `%${likePattern(s)}%`;
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

/**
 * Takes the transaction-scoped lock of a unique name (`kind` is the table), so that the check for an
 * existing record and the write that follows cannot interleave with another request's.
 */
export async function lockName(tx: Queryable, kind: string, name: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))::text AS locked', [`${kind}:${name.toLowerCase()}`]);
}

/** Records listed per request when the operation has no `limit` parameter. */
export const LIST_SIZE = 100;

export function nameOf(users: UserDirectory, id: number | null): string | null {
  return id === null ? null : (users.byId(id)?.name ?? null);
}

/** Moderator and above may edit and delete what others created. */
export const MODERATOR_LEVEL = USER_LEVELS.find((l) => l.role === 'Moderator')!.level;

export function mayModify(user: User, ownerId: number): boolean {
  return user.id === ownerId || user.level >= MODERATOR_LEVEL;
}

/** Truthy flag values of parameters that are "set" (raw): anything but empty, 0 and false. */
export function isSet(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/** The authorship fields of a record (who made it, who last changed it, and when), in the order records show them. */
export function authorship<T>(
  users: UserDirectory,
  r: { creator_id: number | null; updater_id: number | null; created_at: T; updated_at: T },
): { creator_id: number | null; creator_name: string | null; updater_id: number | null; updater_name: string | null; created_at: T; updated_at: T } {
  return {
    creator_id: r.creator_id,
    creator_name: nameOf(users, r.creator_id),
    updater_id: r.updater_id,
    updater_name: nameOf(users, r.updater_id),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
