/**
 * Fault injection: the registry cites real requirement ids and covers every requirement of the served
 * operations; each protocol and resource fault, and a sample of every generated family, really changes
 * the behaviour it claims.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Variant } from '../../specs/model/index.ts';
import { VARIANTS, operationsFor } from '../../specs/model/index.ts';
import { REQUIREMENTS, hasRequirement } from '../../specs/requirements/index.ts';
import { allFaults, generatedFaults, servedOperationIds } from '../../src/server/faults.ts';
import type { Db } from '../../src/server/index.ts';
import { buildApp, FaultSwitch, openDb } from '../../src/server/index.ts';
import type { TestServer } from './helpers.ts';
import { PNG, account, get, makeServer, send, upload, xml } from './helpers.ts';

describe('fault registry', () => {
  const faults = allFaults();
  it('has unique ids citing requirements of the catalogue', () => {
    expect(new Set(faults.map((f) => f.id)).size).toBe(faults.length);
    for (const f of faults) {
      expect(f.requirements.length, f.id).toBeGreaterThan(0);
      for (const id of f.requirements) expect(hasRequirement(id), `${f.id} cites ${id}`).toBe(true);
    }
  });
  it('covers every requirement whose operations this server serves', () => {
    const served = servedOperationIds();
    const cited = new Set(faults.flatMap((f) => f.requirements));
    const uncovered = REQUIREMENTS.filter((r) => r.operations.length > 0 && r.operations.every((o) => served.has(o)) && !cited.has(r.id));
    expect(uncovered.map((r) => r.id)).toEqual([]);
  });
  it('generates the families for every served operation', () => {
    const ids = new Set(generatedFaults().map((f) => f.id));
    for (const v of VARIANTS) {
      for (const op of operationsFor(v)) {
        if (!servedOperationIds().has(op.id)) continue;
        expect(ids.has(`unserved:${op.id}`)).toBe(true);
        for (const p of op.params) {
          if (p.required && p.location !== 'path') expect(ids.has(`ignore-required:${op.id}:${p.name}`), p.name).toBe(true);
          if (p.values) expect(ids.has(`accept-any:${op.id}:${p.name}`), p.name).toBe(true);
        }
      }
    }
    expect(ids.has('serve-absent:posts.copy_notes')).toBe(true);
  });
  it('refuses unknown faults and faults of the other variant', async () => {
    await expect(buildApp({ variant: 'A', fault: 'no-such-fault' })).rejects.toThrow(/unknown fault/);
    await expect(buildApp({ variant: 'A', fault: 'anonymous-allowed-B' })).rejects.toThrow(/no effect in variant A/);
  });
});

interface Fixture {
  db: Db;
  posts: { xy: number; x: number; z: number };
  dmail: number;
  comment: number;
  versionOfXy: number;
}

const fixtures = new Map<Variant, Fixture>();

async function withFault(variant: Variant, fault: string, fn: (s: TestServer, f: Fixture) => Promise<void>): Promise<void> {
  const f = fixtures.get(variant)!;
  const s = await makeServer(variant, { db: f.db, fault, quotaScale: fault === 'quota-not-enforced' ? 0.001 : fault === 'quota-too-low' ? 0.01 : 1 });
  try {
    await fn(s, f);
  } finally {
    await s.close();
  }
}

beforeAll(async () => {
  for (const variant of VARIANTS) {
    const db = await openDb();
    const s = await makeServer(variant, { db });
    const xy = await upload(s, 'x y', { 'upload[source]': 'https://example.com/source.png' });
    const x = await upload(s, 'x');
    const z = await upload(s, 'z two_words');
    const dmail = (await send(s, 'post', '/dmails.json', 'member', { 'dmail[to_name]': account('gold').name, 'dmail[title]': 'hi', 'dmail[body]': 'private' })).body.id;
    const comment = (await send(s, 'post', '/comments.json', 'member', { 'comment[post_id]': xy, 'comment[body]': 'c' })).body.id;
    const versionOfXy = (await get(s, '/post_versions.json', 'member', { 'search[post_id]': xy })).body[0].id;
    await s.close();
    fixtures.set(variant, { db, posts: { xy, x, z }, dmail, comment, versionOfXy });
  }
});
afterAll(async () => {
  for (const f of fixtures.values()) await f.db.close();
});

const ids = (res: { body: { id: number }[] }) => res.body.map((p) => p.id);

describe('protocol faults change what they claim', () => {
  it('envelope-no-reason, envelope-success-string, xml-envelope-root, success-true-on-errors', async () => {
    await withFault('A', 'envelope-no-reason', async (s) => {
      const res = await send(s, 'post', '/comments.json', 'member', {});
      expect(res.body).toEqual({ success: false });
    });
    await withFault('A', 'envelope-success-string', async (s) => {
      expect((await send(s, 'post', '/comments.json', 'member', {})).body.success).toBe('false');
    });
    await withFault('B', 'xml-envelope-root', async (s) => {
      const parsed = xml.parse((await send(s, 'post', '/comments.xml', 'member', {})).text);
      expect(parsed.response).toBeUndefined();
      expect(parsed.result['@_success']).toBe('false');
    });
    await withFault('B', 'success-true-on-errors', async (s) => {
      const res = await send(s, 'post', '/comments.json', 'member', {});
      expect(res.status).toBe(424);
      expect(res.body.success).toBe(true);
    });
  });

  it('xml-malformed, json-malformed, wrong-content-type', async () => {
    await withFault('A', 'xml-malformed', async (s) => {
      const res = await get(s, '/posts.xml');
      expect(() => xml.parse(res.text, true)).toThrow();
    });
    await withFault('A', 'json-malformed', async (s) => {
      const res = await s.app.inject({ url: '/posts.json' });
      expect(() => JSON.parse(res.body)).toThrow();
    });
    await withFault('B', 'wrong-content-type', async (s) => {
      expect((await get(s, '/posts.json')).headers['content-type']).toMatch(/^text\/plain/);
    });
  });

  it('status-204, status-undocumented, server-error-on-bad-input, unknown-id-200, wrong-id-shown', async () => {
    await withFault('B', 'status-204', async (s, f) => {
      const res = await send(s, 'post', '/comments.json', 'member', { 'comment[post_id]': f.posts.x, 'comment[body]': 'b' });
      expect(res.status).toBe(204);
    });
    await withFault('A', 'status-undocumented', async (s) => {
      expect((await get(s, '/posts.json', 'member', { limit: 'x' })).status).toBe(400);
    });
    await withFault('A', 'server-error-on-bad-input', async (s) => {
      expect((await get(s, '/posts.json', 'member', { limit: 'x' })).status).toBe(500);
    });
    await withFault('B', 'unknown-id-200', async (s) => {
      expect((await get(s, '/posts/999999.json')).status).toBe(200);
    });
    await withFault('A', 'wrong-id-shown', async (s, f) => {
      expect((await get(s, `/posts/${f.posts.xy}.json`)).body.id).not.toBe(f.posts.xy);
    });
  });

  it('query-params-ignored, body-params-ignored', async () => {
    await withFault('A', 'query-params-ignored', async (s, f) => {
      expect(ids(await get(s, '/posts.json', null, { tags: 'y' }))).toContain(f.posts.z);
    });
    await withFault('A', 'body-params-ignored', async (s, f) => {
      expect((await send(s, 'post', '/comments.json', 'member', { 'comment[post_id]': f.posts.x, 'comment[body]': 'b' })).status).toBe(403);
    });
  });

  it('anonymous-allowed-B, anonymous-refused-A', async () => {
    await withFault('B', 'anonymous-allowed-B', async (s) => {
      expect((await get(s, '/posts.json', null)).status).toBe(200);
    });
    await withFault('A', 'anonymous-refused-A', async (s) => {
      expect((await get(s, '/posts.json', null)).status).toBe(403);
    });
  });

  it('anonymous-writes-allowed-B: reads refused, a write made as the lowest-level account', async () => {
    await withFault('B', 'anonymous-writes-allowed-B', async (s, f) => {
      expect((await get(s, '/posts.json', null)).status).toBe(403);
      const made = await send(s, 'post', '/comments.json', null, { 'comment[post_id]': f.posts.x, 'comment[body]': 'anonymous' });
      expect(made.status).toBe(200);
      expect(made.body.success).toBe(true);
    });
  });

  it('basic-ignored, api-key-ignored, password-hash-ignored, cookie-ignored, wrong-key-accepted', async () => {
    const a = account('gold');
    await withFault('B', 'basic-ignored', async (s) => {
      expect((await s.http.get('/dmails.json').auth(a.name, a.api_key)).status).toBe(403);
    });
    await withFault('B', 'api-key-ignored', async (s) => {
      expect((await get(s, '/dmails.json', 'gold')).status).toBe(403);
    });
    await withFault('A', 'password-hash-ignored', async (s) => {
      expect((await s.http.get(`/dmails.json?login=${a.name}&password_hash=${a.password_hash}`)).status).toBe(403);
    });
    await withFault('A', 'cookie-ignored', async (s) => {
      expect((await s.http.get('/dmails.json').set('Cookie', `login=${a.name}; password_hash=${a.api_key}`)).status).toBe(403);
    });
    await withFault('A', 'wrong-key-accepted', async (s, f) => {
      const res = await s.http.get(`/dmails.json?login=${a.name}&api_key=wrong`);
      expect(res.status).toBe(200);
      expect(ids(res)).toContain(f.dmail);
    });
  });

  it('quota-not-enforced', async () => {
    await withFault('A', 'quota-not-enforced', async (s) => {
      for (let i = 0; i < 6; i++) expect((await get(s, '/posts.json', 'member')).status).toBe(200);
    });
  });

  it('quota-too-low', async () => {
    // The Member quota scaled to 30 an hour: the fault refuses the 4th request, a tenth of it.
    await withFault('A', 'quota-too-low', async (s) => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await get(s, '/posts.json', 'member')).status);
      expect(statuses).toEqual([200, 200, 200, 421]);
    });
  });
});

describe('a switch of faults on a running server', () => {
  it('switches on a fault the server did not ask about as it was built, and off again; refuses one that shaped it', async () => {
    const faultSwitch = new FaultSwitch();
    expect(faultSwitch.switchable('envelope-no-reason')).toBe(false);
    const s = await makeServer('A', { db: fixtures.get('A')!.db, faultSwitch });
    try {
      // Routes and the stages' settings are fixed as the server is built: those faults need a server of their own.
      expect(faultSwitch.switchable('unserved:posts.list')).toBe(false);
      expect(faultSwitch.switchable('quota-not-enforced')).toBe(false);
      expect(() => faultSwitch.switchTo('unserved:posts.list')).toThrow(/start a server with it/);
      const reason = async () => (await send(s, 'post', '/pools.json', 'member', {})).body;
      expect((await reason()).reason).toEqual(expect.any(String));
      expect(faultSwitch.switchable('envelope-no-reason')).toBe(true);
      faultSwitch.switchTo('envelope-no-reason');
      expect(faultSwitch.list).toEqual(['envelope-no-reason']);
      expect((await reason()).reason).toBeUndefined();
      faultSwitch.switchTo(undefined);
      expect((await reason()).reason).toEqual(expect.any(String));
    } finally {
      await s.close();
    }
    await expect(buildApp({ variant: 'A', fault: 'envelope-no-reason', faultSwitch: new FaultSwitch() })).rejects.toThrow(/not both/);
  });

  it('starts the quota and write counters afresh at each switch, as on a server started with the fault', async () => {
    const faultSwitch = new FaultSwitch();
    const s = await makeServer('A', { db: fixtures.get('A')!.db, faultSwitch, quotaScale: 0.001 });
    try {
      const statuses = async (n: number) => {
        const out: number[] = [];
        for (let i = 0; i < n; i++) out.push((await get(s, '/posts.json', 'member')).status);
        return out;
      };
      const used = await statuses(6);
      expect(used).toContain(421);
      faultSwitch.switchTo(undefined);
      expect(await statuses(6)).toEqual(used);
    } finally {
      await s.close();
    }
  });
});

describe('resource faults change what they claim', () => {
  it('posts: limit, page, tags, raw, show, update, versions, revert, create, delete', async () => {
    await withFault('A', 'limit-ignored', async (s) => {
      expect((await get(s, '/posts.json', 'member', { limit: 1 })).body.length).toBeGreaterThan(1);
    });
    await withFault('A', 'page-ignored', async (s) => {
      expect(ids(await get(s, '/posts.json', 'member', { limit: 1, page: 2 }))).toEqual(ids(await get(s, '/posts.json', 'member', { limit: 1 })));
    });
    await withFault('B', 'tag-negation-ignored', async (s, f) => {
      expect(ids(await get(s, '/posts.json', 'member', { tags: 'x -y' }))).toContain(f.posts.xy);
    });
    await withFault('B', 'tag-search-any', async (s, f) => {
      expect(ids(await get(s, '/posts.json', 'member', { tags: 'x z' }))).toContain(f.posts.z);
    });
    await withFault('A', 'raw-ignored', async (s, f) => {
      expect(ids(await get(s, '/posts.json', 'member', { tags: 'x y', raw: 1 }))).toEqual([f.posts.xy]);
    });
    await withFault('A', 'get-show-changes-record', async (s, f) => {
      const first = (await get(s, `/posts/${f.posts.z}.json`)).body.score;
      expect((await get(s, `/posts/${f.posts.z}.json`)).body.score).not.toBe(first);
    });
    await withFault('B', 'update-ignored', async (s, f) => {
      expect((await send(s, 'put', `/posts/${f.posts.x}.json`, 'member', { 'post[tag_string]': 'changed' })).status).toBe(200);
      expect((await get(s, `/posts/${f.posts.x}.json`)).body.tag_string).toBe('x');
    });
    await withFault('A', 'versions-not-recorded', async (s, f) => {
      const before = (await get(s, '/post_versions.json', 'member', { 'search[post_id]': f.posts.x })).body.length;
      await send(s, 'put', `/posts/${f.posts.x}.json`, 'member', { 'post[tag_string]': 'x unversioned' });
      expect((await get(s, '/post_versions.json', 'member', { 'search[post_id]': f.posts.x })).body.length).toBe(before);
      await send(s, 'put', `/posts/${f.posts.x}.json`, 'member', { 'post[tag_string]': 'x' });
    });
    await withFault('B', 'revert-not-restoring', async (s, f) => {
      await send(s, 'put', `/posts/${f.posts.xy}.json`, 'member', { 'post[tag_string]': 'x y w' });
      expect((await send(s, 'put', `/posts/${f.posts.xy}/revert.json`, 'member', { version_id: f.versionOfXy })).status).toBe(200);
      expect((await get(s, `/posts/${f.posts.xy}.json`)).body.tag_string).toBe('x y w');
      await send(s, 'put', `/posts/${f.posts.xy}.json`, 'member', { 'post[tag_string]': 'x y' });
    });
    await withFault('A', 'posts-creatable', async (s) => {
      const res = await send(s, 'post', '/posts.json', 'member', { 'post[tag_string]': 'direct' });
      expect(res.body.success).toBe(true);
      expect(ids(await get(s, '/posts.json', 'member', { tags: 'direct' }))).toEqual([res.body.id]);
    });
    await withFault('B', 'posts-deletable', async (s, f) => {
      const id = await upload(s, 'doomed');
      const count = async () => (await f.db.query<{ post_count: number }>("SELECT post_count FROM tags WHERE name = 'doomed'"))[0]?.post_count;
      expect(await count()).toBe(1);
      expect((await send(s, 'delete', `/posts/${id}.json`)).status).toBe(200);
      expect((await get(s, `/posts/${id}.json`)).status).toBe(404);
      // The tags table counts the posts that exist.
      expect(await count()).toBe(0);
    });
    await withFault('A', 'copy-notes-noop', async (s, f) => {
      const u = account('member');
      const uid = (await get(s, '/users.json', 'member', { 'search[name]': u.name })).body[0].id;
      await f.db.query('INSERT INTO notes (post_id, creator_id, x, y, width, height, body) VALUES ($1, $2, 0, 0, 1, 1, $3)', [f.posts.x, uid, 'n']);
      expect((await send(s, 'put', `/posts/${f.posts.x}/copy_notes.json`, 'member', { other_post_id: f.posts.z })).status).toBe(200);
      expect(await f.db.query('SELECT id FROM notes WHERE post_id = $1', [f.posts.z])).toEqual([]);
    });
    await withFault('A', 'copy-notes-first-only', async (s, f) => {
      const u = account('member');
      const uid = (await get(s, '/users.json', 'member', { 'search[name]': u.name })).body[0].id;
      const before = (await f.db.query<{ id: number }>('SELECT id FROM notes WHERE post_id = $1', [f.posts.xy])).length;
      for (const body of ['first', 'second']) await f.db.query('INSERT INTO notes (post_id, creator_id, x, y, width, height, body) VALUES ($1, $2, 0, 0, 1, 1, $3)', [f.posts.x, uid, body]);
      expect((await send(s, 'put', `/posts/${f.posts.x}/copy_notes.json`, 'member', { other_post_id: f.posts.xy })).status).toBe(200);
      expect((await f.db.query<{ id: number }>('SELECT id FROM notes WHERE post_id = $1', [f.posts.xy])).length).toBe(before + 1);
    });
  });

  it('uploads: without file, no post, file refused, source not fetched, source substring', async () => {
    const m = account('member');
    const form = (s: TestServer) => s.http.post('/uploads.json').field('login', m.name).field('api_key', m.api_key).field('upload[tag_string]', 'u').field('upload[rating]', 'safe');
    await withFault('A', 'upload-without-file-accepted', async (s) => {
      expect((await form(s)).status).toBe(200);
    });
    await withFault('A', 'upload-no-post', async (s) => {
      const res = await form(s).attach('upload[file]', PNG, 'a.png');
      expect(res.status).toBe(200);
      expect(res.body.post_id).toBeUndefined();
      expect((await get(s, `/uploads/${res.body.id}.json`)).body.post_id).toBeNull();
    });
    await withFault('B', 'upload-file-refused', async (s) => {
      expect((await form(s).attach('upload[file]', PNG, 'a.png')).status).toBe(424);
    });
    await withFault('B', 'upload-source-not-fetched', async (s) => {
      // 127.0.0.1 is refused by the guard; without fetching, the upload is accepted.
      expect((await form(s).field('upload[source]', 'http://127.0.0.1:9/never.png')).status).toBe(200);
    });
    await withFault('A', 'source-not-downloaded', async (s, f) => {
      expect((await send(s, 'put', `/posts/${f.posts.z}.json`, 'member', { 'post[source]': 'http://127.0.0.1:9/never.png' })).status).toBe(200);
    });
    await withFault('A', 'upload-source-substring', async (s) => {
      expect((await get(s, '/uploads.json', 'member', { 'search[source]': 'example.com' })).body.length).toBeGreaterThan(0);
    });
  });

  it('flags, comments, dmails, users', async () => {
    await withFault('A', 'flags-not-listed', async (s, f) => {
      await send(s, 'post', '/post_flags.json', 'member', { 'post_flag[post_id]': f.posts.z, 'post_flag[reason]': 'r' });
      expect((await get(s, '/post_flags.json', 'member')).body).toEqual([]);
    });
    await withFault('A', 'comments-creator-name-substring', async (s) => {
      expect((await get(s, '/comments.json', 'member', { 'search[creator_name]': 'member' })).body.length).toBeGreaterThan(0);
    });
    await withFault('A', 'comments-post-id-ignored', async (s) => {
      expect((await get(s, '/comments.json', 'member', { 'search[post_id]': 999999 })).body.length).toBeGreaterThan(0);
    });
    await withFault('B', 'comments-do-not-bump-refused', async (s, f) => {
      expect((await send(s, 'post', '/comments.json', 'member', { 'comment[post_id]': f.posts.x, 'comment[body]': 'b', 'comment[do_not_bump_post]': 1 })).status).toBe(424);
    });
    await withFault('B', 'comments-update-ignored', async (s, f) => {
      await send(s, 'put', `/comments/${f.comment}.json`, 'member', { 'comment[body]': 'new body' });
      expect((await get(s, `/comments/${f.comment}.json`)).body.body).toBe('c');
    });
    await withFault('A', 'comments-delete-noop', async (s, f) => {
      expect((await send(s, 'delete', `/comments/${f.comment}.json`, 'member')).status).toBe(200);
      expect((await get(s, `/comments/${f.comment}.json`)).status).toBe(200);
    });
    await withFault('A', 'dmails-others-listed', async (s, f) => {
      expect(ids(await get(s, '/dmails.json', 'member2'))).toContain(f.dmail);
    });
    await withFault('B', 'dmails-others-shown', async (s, f) => {
      expect((await get(s, `/dmails/${f.dmail}.json`, 'member2')).body.body).toBe('private');
    });
    await withFault('A', 'dmails-read-ignored', async (s, f) => {
      expect(ids(await get(s, '/dmails.json', 'member', { 'search[read]': 'true' }))).toContain(f.dmail);
    });
    await withFault('A', 'user-level-wrong', async (s) => {
      expect((await get(s, '/users.json', 'member', { 'search[name]': 'conform_gold' })).body[0].level).not.toBe(30);
    });
    await withFault('B', 'user-level-missing', async (s) => {
      expect((await get(s, '/users.json')).body[0].level).toBeUndefined();
    });
    await withFault('A', 'user-name-pattern-unsupported', async (s) => {
      expect((await get(s, '/users.json', 'member', { 'search[name]': 'conform_g*' })).body).toEqual([]);
    });
    await withFault('B', 'user-level-search-ignored', async (s) => {
      expect((await get(s, '/users.json', 'member', { 'search[level]': 50 })).body.length).toBeGreaterThan(1);
    });
    await withFault('A', 'user-max-level-ignored', async (s) => {
      expect((await get(s, '/users.json', 'member', { 'search[max_level]': 20 })).body.length).toBeGreaterThan(2);
    });
    await withFault('B', 'users-sort-ignored', async (s) => {
      const names = (await get(s, '/users.json', 'member', { 'search[sort]': 'name' })).body.map((u: { name: string }) => u.name);
      expect(names).not.toEqual([...names].sort());
    });
    // Last: it removes the dmail for good.
    await withFault('B', 'dmails-others-deletable', async (s, f) => {
      expect((await send(s, 'delete', `/dmails/${f.dmail}.json`, 'member2')).status).toBe(200);
      expect((await get(s, `/dmails/${f.dmail}.json`, 'member')).status).toBe(404);
    });
  });
});

describe('generated fault families change what they claim', () => {
  it('unserved:<op> answers 404', async () => {
    await withFault('A', 'unserved:users.list', async (s) => {
      expect((await get(s, '/users.json')).status).toBe(404);
      expect((await get(s, '/posts.json')).status).toBe(200);
    });
    await withFault('B', 'unserved:comments.create', async (s, f) => {
      expect((await send(s, 'post', '/comments.xml', 'member', { 'comment[post_id]': f.posts.x, 'comment[body]': 'b' })).status).toBe(404);
    });
  });
  it('ignore-required:<op>:<param> accepts the request without it', async () => {
    await withFault('A', 'ignore-required:post_votes.create:score', async (s, f) => {
      expect((await send(s, 'post', `/posts/${f.posts.x}/votes.json`, 'member', {})).status).toBe(200);
    });
    await withFault('B', 'ignore-required:post_flags.create:post_flag[reason]', async (s, f) => {
      expect((await send(s, 'post', '/post_flags.json', 'member', { 'post_flag[post_id]': f.posts.x })).status).toBe(200);
    });
    await withFault('A', 'ignore-required:posts.revert:version_id', async (s, f) => {
      expect((await send(s, 'put', `/posts/${f.posts.x}/revert.json`, 'member', {})).status).toBe(200);
    });
    await withFault('A', 'ignore-required:uploads.create:upload[rating]', async (s) => {
      const m = account('member');
      const res = await s.http.post('/uploads.json').field('login', m.name).field('api_key', m.api_key).field('upload[tag_string]', 'norating').attach('upload[file]', PNG, 'a.png');
      expect(res.status).toBe(200);
    });
  });
  it('accept-any:<op>:<param> accepts out-of-set values', async () => {
    await withFault('A', 'accept-any:post_votes.create:score', async (s, f) => {
      expect((await send(s, 'post', `/posts/${f.posts.x}/votes.json`, 'member', { score: 'sideways' })).status).toBe(200);
    });
    await withFault('B', 'accept-any:posts.update:post[rating]', async (s, f) => {
      expect((await send(s, 'put', `/posts/${f.posts.z}.json`, 'member', { 'post[rating]': 'sideways' })).status).toBe(200);
    });
    await withFault('A', 'accept-any:users.list:search[order]', async (s) => {
      expect((await get(s, '/users.json', 'member', { 'search[order]': 'shoe_size' })).status).toBe(200);
    });
  });
  it('serve-absent:<op> serves an A-only operation in B', async () => {
    await withFault('B', 'serve-absent:posts.copy_notes', async (s, f) => {
      expect((await send(s, 'put', `/posts/${f.posts.x}/copy_notes.json`, 'member', { other_post_id: f.posts.z })).status).toBe(200);
    });
  });
});
