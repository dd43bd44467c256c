/** Helpers of the resource module tests: an app per variant on its own database, requests as an account, posts. */
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import type { Variant } from '../../../specs/model/index.ts';
import type { Db } from '../../../src/server/index.ts';
import { buildApp, loadAccounts, openDb } from '../../../src/server/index.ts';
import { scaled } from '../../support/time.ts';

const ACCOUNTS = loadAccounts();
const PNG = readFileSync(new URL('../../../fixtures/images/red-4x4.png', import.meta.url));
let files = 0;

export type Who = 'member' | 'member2' | 'gold' | 'moderator' | 'admin' | null;
export type Fields = Readonly<Record<string, string | number>>;

function credentials(who: Exclude<Who, null>): { login: string; api_key: string } {
  const a = ACCOUNTS.accounts.find((x) => x.name === `conform_${who}`);
  if (!a) throw new Error(`no account conform_${who}`);
  return { login: a.name, api_key: a.api_key };
}

function qs(fields: Fields): string {
  return new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
}

export interface Res {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
}

export class Server {
  private counter = 0;
  private constructor(
    readonly variant: Variant,
    readonly app: FastifyInstance,
    readonly db: Db,
    private readonly http: ReturnType<typeof request>,
    private readonly ownsDb: boolean,
  ) {}

  /** A server on a new in-memory database, or on `db` (which it then leaves open), with at most one fault. */
  static async start(variant: Variant, options: { fault?: string; db?: Db } = {}): Promise<Server> {
    const db = options.db ?? (await openDb());
    const app = await buildApp({ variant, db, ...(options.fault ? { fault: options.fault } : {}) });
    await app.ready();
    return new Server(variant, app, db, request(app.server), options.db === undefined);
  }

  async close(): Promise<void> {
    await this.app.close();
    if (this.ownsDb) await this.db.close();
  }

  /** A name no other call of this server returned. */
  unique(what: string): string {
    return `${what}_${(++this.counter).toString(36)}`;
  }

  async get(path: string, query: Fields = {}, who: Who = 'member'): Promise<Res> {
    const q = qs(who === null ? query : { ...credentials(who), ...query });
    const res = await this.http.get(q ? `${path}?${q}` : path);
    return { status: res.status, body: res.body as unknown, text: res.text };
  }

  async send(method: 'POST' | 'PUT' | 'DELETE', path: string, body: Fields = {}, who: Who = 'member'): Promise<Res> {
    const all = who === null ? body : { ...credentials(who), ...body };
    const m = method === 'POST' ? 'post' : method === 'PUT' ? 'put' : 'delete';
    const res = await this.http[m](path).type('form').send(qs(all));
    return { status: res.status, body: res.body as unknown, text: res.text };
  }

  /** GET of a JSON list; fails the test when it is not a 200 array. */
  async list(path: string, query: Fields = {}, who: Who = 'member'): Promise<Rec[]> {
    const res = await this.get(path, query, who);
    if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`GET ${path} ${JSON.stringify(query)}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.body as Rec[];
  }

  async show(path: string, who: Who = 'member'): Promise<Rec> {
    const res = await this.get(path, {}, who);
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.body as Rec;
  }

  /** A state-changing call that must succeed; returns the envelope. */
  async ok(method: 'POST' | 'PUT' | 'DELETE', path: string, body: Fields = {}, who: Who = 'member'): Promise<Rec> {
    const res = await this.send(method, path, body, who);
    const env = res.body as Rec;
    if (res.status !== 200 || env.success !== true) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return env;
  }

  /** A create that must succeed; returns the created id (INT-created-id). */
  async create(path: string, body: Fields, who: Who = 'member'): Promise<number> {
    const env = await this.ok('POST', path, body, who);
    if (typeof env.id !== 'number') throw new Error(`POST ${path}: no id in ${JSON.stringify(env)}`);
    return env.id;
  }

  /** A post made through an upload, carrying `tags`; returns its id. */
  async post(tags: string): Promise<number> {
    const c = credentials('member');
    // Each post gets a distinct file: a byte appended after the PNG's end does not change the image.
    const file = Buffer.concat([PNG, Buffer.from(`${process.pid}:${++files}`)]);
    const res = await this.http
      .post('/uploads.json')
      .field('login', c.login)
      .field('api_key', c.api_key)
      .field('upload[tag_string]', tags)
      .field('upload[rating]', 'safe')
      .attach('upload[file]', file, 'image.png');
    const postId = (res.body as Rec).post_id;
    if (res.status !== 200 || typeof postId !== 'number') throw new Error(`upload failed: ${res.status} ${res.text}`);
    return postId;
  }

  /** The id of a user account. */
  async userId(who: Exclude<Who, null>): Promise<number> {
    const rows = await this.db.query<{ id: number }>('SELECT id FROM users WHERE name = $1', [credentials(who).login]);
    return rows[0]!.id;
  }
}

export type Rec = Record<string, unknown>;

export const ids = (list: readonly Rec[]): number[] => list.map((r) => r.id as number);

/** Creates a forum topic with its original post. */
export function createTopic(s: Server, title: string, body: string, extra: Record<string, string> = {}, who: 'member' | 'gold' = 'member'): Promise<number> {
  return s.create('/forum_topics.json', { 'forum_topic[title]': title, 'forum_topic[original_post_attributes][body]': body, ...extra }, who);
}

export const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });

/** The version ids of one record, oldest first. */
export async function versionIds(s: Server, listing: string, key: string, id: number): Promise<number[]> {
  return ids(await s.list(listing, { [`search[${key}]`]: id })).sort((a, b) => a - b);
}

/** A tag relation listing (aliases, implications): seeded records, found by each of its three searches. */
export async function expectRelationSearches(s: Server, root: string): Promise<void> {
  const all = await s.list(root);
  expect(all.length).toBeGreaterThan(0);
  expect(all[0]).toHaveProperty('antecedent_name');
  expect(all[0]).toHaveProperty('consequent_name');
  const first = all[0]!;
  expect(ids(await s.list(root, { 'search[id]': first.id as number }))).toEqual([first.id]);
  expect(ids(await s.list(root, { 'search[antecedent_name]': first.antecedent_name as string }))).toContain(first.id);
  expect(ids(await s.list(root, { 'search[name_matches]': first.consequent_name as string }))).toContain(first.id);
}

/** One server for the whole file: started before its tests, closed after. */
export function useServer(variant: Variant): () => Server {
  let s: Server | undefined;
  beforeAll(async () => {
    s = await Server.start(variant);
  }, scaled(120_000));
  afterAll(async () => {
    await s?.close();
  });
  return () => {
    if (!s) throw new Error('the server is not started');
    return s;
  };
}
