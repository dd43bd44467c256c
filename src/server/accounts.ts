/**
 * Accounts: the accounts file (fixtures/accounts.json by default), seeding of the users table, and the
 * in-memory user directory that authenticates requests. The credentials of the API are stored hashed
 * only: SHA-256 of the high-entropy API key and of the legacy SHA1 password hash (INT-password-hash). The
 * password itself is no credential of the API: it is not stored. Comparisons run in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Variant } from '../../specs/model/index.ts';
import { USER_LEVELS, userLevelsFor } from '../../specs/model/index.ts';
import type { Db } from './db/index.ts';
import { REPO_ROOT } from '../paths.ts';

export interface Account {
  readonly name: string;
  readonly role: string;
  readonly level: number;
  readonly password: string;
  readonly api_key: string;
  readonly password_hash: string;
  readonly only?: Variant;
}

export interface AccountsFile {
  readonly accounts: readonly Account[];
}

export const DEFAULT_ACCOUNTS_FILE = path.join(REPO_ROOT, 'fixtures', 'accounts.json');

/** The legacy hash of INT-password-hash: SHA1 of `conform--<password>--`, hex. */
export function legacyPasswordHash(password: string): string {
  return createHash('sha1').update(`conform--${password}--`).digest('hex');
}

function sha256(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

export class AccountsError extends Error {}

/** Reads and checks an accounts file (or an accounts object). */
export function loadAccounts(source: string | AccountsFile = DEFAULT_ACCOUNTS_FILE): AccountsFile {
  let data: unknown = source;
  if (typeof source === 'string') {
    try {
      data = JSON.parse(readFileSync(source, 'utf8'));
    } catch (err) {
      throw new AccountsError(`cannot read accounts file ${source}: ${(err as Error).message}`);
    }
  }
  const list = (data as { accounts?: unknown }).accounts;
  if (!Array.isArray(list)) throw new AccountsError('accounts file: expected an object with an "accounts" array');
  const names = new Set<string>();
  for (const [i, a] of list.entries()) {
    const acc = a as Partial<Account>;
    for (const key of ['name', 'role', 'password', 'api_key'] as const) {
      if (typeof acc[key] !== 'string' || acc[key] === '') throw new AccountsError(`accounts[${i}]: "${key}" must be a non-empty string`);
    }
    const lvl = USER_LEVELS.find((l) => l.role === acc.role);
    if (!lvl) throw new AccountsError(`accounts[${i}]: unknown role ${acc.role}`);
    if (acc.level !== undefined && acc.level !== lvl.level) throw new AccountsError(`accounts[${i}]: role ${acc.role} has level ${lvl.level}, not ${acc.level}`);
    if (acc.only !== undefined && acc.only !== 'A' && acc.only !== 'B') throw new AccountsError(`accounts[${i}]: "only" must be "A" or "B"`);
    const key = acc.name!.toLowerCase();
    if (names.has(key)) throw new AccountsError(`accounts[${i}]: duplicate name ${acc.name}`);
    names.add(key);
  }
  return data as AccountsFile;
}

export interface User {
  readonly id: number;
  readonly name: string;
  readonly level: number;
}

interface Credentials extends User {
  readonly apiKey: Buffer;
  readonly legacy: Buffer | null;
}

const DUMMY = sha256('no such user');

/** The users of the database, held in memory for authentication (users are created by seeding only). */
export class UserDirectory {
  private readonly byName = new Map<string, Credentials>();
  private readonly byIdMap = new Map<number, Credentials>();

  static async load(db: Db): Promise<UserDirectory> {
    const dir = new UserDirectory();
    const rows = await db.query<{ id: number; name: string; level: number; api_key_sha256: string; legacy_hash_sha256: string | null }>(
      'SELECT id, name, level, api_key_sha256, legacy_hash_sha256 FROM users',
    );
    for (const r of rows) {
      const c: Credentials = {
        id: r.id, name: r.name, level: r.level,
        apiKey: Buffer.from(r.api_key_sha256, 'hex'),
        legacy: r.legacy_hash_sha256 ? Buffer.from(r.legacy_hash_sha256, 'hex') : null,
      };
      dir.byName.set(r.name.toLowerCase(), c);
      dir.byIdMap.set(r.id, c);
    }
    return dir;
  }

  byLogin(name: string): User | undefined {
    return this.public(this.byName.get(name.toLowerCase()));
  }

  byId(id: number): User | undefined {
    return this.public(this.byIdMap.get(id));
  }

  /** The user of the lowest level (the first of them by id). */
  lowest(): User | undefined {
    return this.public([...this.byIdMap.values()].sort((a, b) => a.level - b.level || a.id - b.id)[0]);
  }

  /** The user if `secret` is their API key (kind api_key) or legacy password hash (kind legacy). */
  authenticate(login: string, secret: string, kind: 'api_key' | 'legacy', acceptAny = false): User | undefined {
    const c = this.byName.get(login.toLowerCase());
    const expected = kind === 'api_key' ? c?.apiKey : c?.legacy;
    const ok = timingSafeEqual(sha256(secret), expected ?? DUMMY) && expected !== undefined && expected !== null;
    return ok || (acceptAny && c) ? this.public(c) : undefined;
  }

  private public(c: Credentials | undefined): User | undefined {
    return c ? { id: c.id, name: c.name, level: c.level } : undefined;
  }
}

/** Creates or updates the accounts of `variant` in the users table (idempotent). */
export async function seedAccounts(db: Db, file: AccountsFile, variant: Variant): Promise<void> {
  const levels = userLevelsFor(variant);
  const accounts = file.accounts.filter((a) => (a.only === undefined || a.only === variant) && levels.some((l) => l.role === a.role));
  const existing = new Map((await db.query<{ id: number; name: string }>('SELECT id, name FROM users')).map((r) => [r.name.toLowerCase(), r.id]));
  await db.transaction(async (tx) => {
    for (const a of accounts) {
      const id = existing.get(a.name.toLowerCase());
      const level = levels.find((l) => l.role === a.role)!.level;
      const apiKey = sha256(a.api_key).toString('hex');
      const legacy = sha256(legacyPasswordHash(a.password)).toString('hex');
      if (id !== undefined) {
        await tx.query('UPDATE users SET level = $2, api_key_sha256 = $3, legacy_hash_sha256 = $4, updated_at = now() WHERE id = $1', [id, level, apiKey, legacy]);
      } else {
        await tx.query('INSERT INTO users (name, level, api_key_sha256, legacy_hash_sha256) VALUES ($1, $2, $3, $4)', [a.name, level, apiKey, legacy]);
      }
    }
  });
}

/** The role name of a level (section 2's table). */
export function roleOf(level: number): string {
  return USER_LEVELS.find((l) => l.level === level)?.role ?? 'Member';
}
