/**
 * Accounts the checker authenticates with: one per user level of the variant plus a second Member.
 * Read from a JSON file (default fixtures/accounts.json, the same file the reference server seeds
 * from) and validated; secrets are registered with the redactor as soon as they are read.
 */
import { Ajv } from 'ajv';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { USER_LEVELS, userLevelsFor } from '../../specs/model/index.ts';
import type { Variant } from '../../specs/model/index.ts';
import { UsageError } from '../errors.ts';
import type { Redactor } from './redact.ts';

export interface Account {
  readonly name: string;
  readonly role: string;
  readonly level: number;
  readonly api_key: string;
  readonly password?: string;
  /** Legacy salted SHA1 hash (INT-password-hash); optional. */
  readonly password_hash?: string;
  readonly only?: Variant;
}

/** The accounts file's JSON Schema. */
export const ACCOUNTS_SCHEMA = {
  type: 'object',
  required: ['accounts'],
  properties: {
    accounts: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['name', 'role', 'level', 'api_key'],
        properties: {
          name: { type: 'string', minLength: 1 },
          role: { type: 'string', enum: USER_LEVELS.map((l) => l.role) },
          level: { type: 'integer' },
          api_key: { type: 'string', minLength: 1 },
          password: { type: 'string' },
          password_hash: { type: 'string' },
          only: { enum: ['A', 'B'] },
        },
      },
    },
  },
} as const;

// The schema itself is not checked against JSON Schema's meta-schema as each run starts (compiling that
// costs ~30 ms of every start): a test checks it once (test/check/select.test.ts).
const validate = new Ajv({ allErrors: true, validateSchema: false }).compile(ACCOUNTS_SCHEMA);

export class Accounts {
  constructor(
    readonly all: readonly Account[],
    readonly variant: Variant,
  ) {}

  /** Accounts that exist in the variant. */
  get usable(): Account[] {
    return this.all.filter((a) => a.only === undefined || a.only === this.variant);
  }

  byRole(role: string): Account[] {
    return this.usable.filter((a) => a.role === role);
  }

  /** The first Member: the default identity of the checks. */
  get member(): Account {
    const m = this.byRole('Member')[0];
    if (!m) throw new UsageError('the accounts file has no Member account');
    return m;
  }

  /**
   * The most privileged account (highest level, first of equals): it performs every action for which
   * the document gives no user level, so a target that reserves an action to higher levels than Member
   * (which the document allows) is not failed for refusing a lower one.
   */
  get actor(): Account {
    return this.usable.reduce((best, a) => (a.level > best.level ? a : best), this.member);
  }

  /** A second Member, for ownership checks (dmails). */
  get otherMember(): Account | undefined {
    return this.byRole('Member')[1];
  }
}

/** How many accounts of a role a full run needs, and how many the accounts file gives. */
export interface RoleCount {
  readonly role: string;
  readonly needed: number;
  readonly present: number;
}

/**
 * The accounts a full run of the variant needs: one per role of the variant (the levels checks look
 * at every role), and a second Member (dmail ownership, authentication through a dmail).
 */
export function roleCounts(accounts: Accounts): RoleCount[] {
  return userLevelsFor(accounts.variant).map((l) => ({ role: l.role, needed: l.role === 'Member' ? 2 : 1, present: accounts.byRole(l.role).length }));
}

/** The accounts missing from the file, in words: `a second Member`, `Gold`. */
export function missingAccounts(counts: readonly RoleCount[]): string[] {
  return counts
    .filter((c) => c.present < c.needed)
    .map((c) => (c.needed - c.present === 1 && c.present > 0 ? `a second ${c.role}` : c.needed > 1 ? `${c.needed - c.present} ${c.role} accounts` : c.role));
}

export function parseAccounts(text: string, source: string, variant: Variant, redactor: Redactor): Accounts {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${source}: not valid JSON (${(err as Error).message})`);
  }
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
    throw new UsageError(`${source}: not a valid accounts file: ${problems}`);
  }
  const accounts = (data as { accounts: Account[] }).accounts;
  for (const a of accounts) {
    redactor.add(a.api_key);
    redactor.add(a.password);
    redactor.add(a.password_hash);
    redactor.addBasic(a.name, a.api_key);
  }
  const result = new Accounts(accounts, variant);
  if (result.byRole('Member').length === 0) throw new UsageError(`${source}: needs at least one Member account`);
  return result;
}

/** An --accounts value as a source: `env:NAME` as given, a path made absolute. */
export function accountsSource(given: string): string {
  return given.startsWith('env:') ? given : resolve(given);
}

/**
 * Reads the accounts from a file, or from an environment variable when `source` is `env:NAME`
 * (for CI secrets that should never be written to disk).
 */
export async function loadAccounts(source: string, variant: Variant, redactor: Redactor): Promise<Accounts> {
  const fromEnv = /^env:([A-Za-z_][A-Za-z0-9_]*)$/.exec(source);
  if (fromEnv) {
    const name = fromEnv[1]!;
    const text = process.env[name];
    if (text === undefined || text.trim() === '') throw new UsageError(`the environment variable ${name} (named by --accounts env:${name}) is not set`);
    return parseAccounts(text, `environment variable ${name}`, variant, redactor);
  }
  const path = source;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read accounts file ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return parseAccounts(text, path, variant, redactor);
}
