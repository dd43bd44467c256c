/** Shared helpers of the server tests: apps on shared databases, accounts, authenticated requests, parsers. */
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import type { Variant } from '../../specs/model/index.ts';
import type { Account, Db, ServerOptions } from '../../src/server/index.ts';
import { buildApp, loadAccounts, openDb } from '../../src/server/index.ts';

export const ACCOUNTS = loadAccounts();

export function account(name: string): Account {
  const a = ACCOUNTS.accounts.find((x) => x.name === `conform_${name}`);
  if (!a) throw new Error(`no account conform_${name}`);
  return a;
}

export const PNG = readFileSync(new URL('../../fixtures/images/red-4x4.png', import.meta.url));
export const PNG2 = readFileSync(new URL('../../fixtures/images/checker-8x8.png', import.meta.url));
export const GIF = readFileSync(new URL('../../fixtures/images/dot-1x1.gif', import.meta.url));

export interface TestServer {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly variant: Variant;
  /** supertest agent bound to the app's server. */
  readonly http: ReturnType<typeof request>;
  close(): Promise<void>;
}

/** Builds an app (and its own in-memory database unless `db` is given). */
export async function makeServer(variant: Variant, options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const db = options.db ?? (await openDb());
  const app = await buildApp({ variant, ...options, db });
  await app.ready();
  return {
    app,
    db,
    variant,
    http: request(app.server),
    close: async () => {
      await app.close();
      if (!options.db) await db.close();
    },
  };
}

/** `login` + `api_key` fields of an account. */
export function keyOf(name: string): { login: string; api_key: string } {
  const a = account(name);
  return { login: a.name, api_key: a.api_key };
}

export function qs(fields: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
}

/** GET with the account's key in the query string. */
export function get(s: TestServer, path: string, who: string | null = 'member', query: Record<string, string | number> = {}) {
  const all = who === null ? query : { ...keyOf(who), ...query };
  const q = qs(all);
  return s.http.get(q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path);
}

/** A form-encoded POST/PUT/DELETE with the account's key in the body. */
export function send(s: TestServer, method: 'post' | 'put' | 'delete', path: string, who: string | null = 'member', body: Record<string, string | number> = {}) {
  const all = who === null ? body : { ...keyOf(who), ...body };
  return s.http[method](path).type('form').send(qs(all));
}

export const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });

/** Creates a post through an upload; returns the post id. */
export async function upload(s: TestServer, tags: string, extra: Record<string, string> = {}, who = 'member', file: Buffer = PNG): Promise<number> {
  const ratingValue = 'safe';
  let req = s.http.post('/uploads.json').field('login', account(who).name).field('api_key', account(who).api_key).field('upload[tag_string]', tags).field('upload[rating]', ratingValue);
  for (const [k, v] of Object.entries(extra)) req = req.field(k, v);
  const res = await req.attach('upload[file]', file, 'image.png');
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body.post_id as number;
}

/** Row counts of every table (compares database states). */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await db.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  const out: Record<string, number> = {};
  for (const t of tables) {
    const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.tablename}`);
    out[t.tablename] = rows[0]!.n;
  }
  return out;
}

/** A checksum of every row of the data tables (users' timestamps excluded: seeding touches them). */
export async function checksum(db: Db): Promise<string> {
  const tables = ['posts', 'post_versions', 'post_votes', 'post_flags', 'post_appeals', 'uploads', 'comments', 'dmails', 'notes', 'tags'];
  const parts: string[] = [];
  for (const t of tables) {
    const rows = await db.query<{ h: string | null }>(`SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM ${t} x`);
    parts.push(`${t}:${rows[0]!.h}`);
  }
  return parts.join(' ');
}
