/** Small helpers shared by the resource modules: query building, patterns, common record parts. */
import { USER_LEVELS } from '../../specs/model/index.ts';
import type { User, UserDirectory } from './accounts.ts';
import { ApiError } from './protocol.ts';

/** Collects WHERE clauses and their numbered parameters. */
export class Where {
  readonly clauses: string[] = [];
  readonly params: unknown[] = [];
  /** Adds a value and returns its placeholder. */
  p(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
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

/** Records listed per request when the operation has no `limit` parameter. */
export const LIST_SIZE = 100;

export function notFound(what: string, id: number): ApiError {
  return new ApiError(404, `not found: no ${what} with id ${id}`);
}

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
