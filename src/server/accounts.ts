/**
 * Accounts: the accounts file (fixtures/accounts.json by default), seeding of the users table, and the
 * in-memory user directory that authenticates requests. Secrets are stored hashed only: scrypt for
 * passwords, SHA-256 for the high-entropy API key and the legacy SHA1 password hash (INT-password-hash).
 * Comparisons run in constant time.
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Variant } from '../../specs/model/index.ts';
import { USER_LEVELS, userLevelsFor } from '../../specs/model/index.ts';
import type { Db } from './db/index.ts';
import { REPO_ROOT } from '../paths.ts';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

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

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/** Creates or updates the accounts of `variant` in the users table (idempotent). */
export async function seedAccounts(db: Db, file: AccountsFile, variant: Variant): Promise<void> {
  const levels = userLevelsFor(variant);
  const accounts = file.accounts.filter((a) => (a.only === undefined || a.only === variant) && levels.some((l) => l.role === a.role));
  const existing = new Map(
    (await db.query<{ id: number; name: string; legacy_hash_sha256: string | null }>('SELECT id, name, legacy_hash_sha256 FROM users')).map((r) => [r.name.toLowerCase(), r]),
  );
  const prepared = await Promise.all(
    accounts.map(async (a) => {
      const legacy = sha256(legacyPasswordHash(a.password)).toString('hex');
      const row = existing.get(a.name.toLowerCase());
      // The legacy hash follows from the password: when it is unchanged, so is the password (no new scrypt).
      const password = row && row.legacy_hash_sha256 === legacy ? null : await hashPassword(a.password);
      return { id: row?.id, name: a.name, level: levels.find((l) => l.role === a.role)!.level, apiKey: sha256(a.api_key).toString('hex'), legacy, password };
    }),
  );
  await db.transaction(async (tx) => {
    for (const a of prepared) {
      if (a.id !== undefined) {
        await tx.query(
          'UPDATE users SET level = $2, api_key_sha256 = $3, legacy_hash_sha256 = $4, password_scrypt = COALESCE($5, password_scrypt), updated_at = now() WHERE id = $1',
          [a.id, a.level, a.apiKey, a.legacy, a.password],
        );
      } else {
        await tx.query('INSERT INTO users (name, level, api_key_sha256, legacy_hash_sha256, password_scrypt) VALUES ($1, $2, $3, $4, $5)', [
          a.name,
          a.level,
          a.apiKey,
          a.legacy,
          a.password,
        ]);
      }
    }
  });
}

/** The role name of a level (section 2's table). */
export function roleOf(level: number): string {
  return USER_LEVELS.find((l) => l.level === level)?.role ?? 'Member';
}
