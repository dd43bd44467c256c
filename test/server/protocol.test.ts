/**
 * The protocol layer in both variants: routes from the spec model in both formats, the envelope, status
 * codes, unknown and other-variant operations, authentication methods, anonymous access and quotas.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Variant } from '../../specs/model/index.ts';
import { VARIANTS, absentOperations, operationsFor, statusCodesFor } from '../../specs/model/index.ts';
import type { Db } from '../../src/server/index.ts';
import { legacyPasswordHash, openDb } from '../../src/server/index.ts';
import type { TestServer } from './helpers.ts';
import { account, get, keyOf, makeServer, send, upload, xml } from './helpers.ts';

// One database per variant for the whole file (starting one is the slow part).
const dbs = new Map<Variant, Db>();
beforeAll(async () => {
  for (const v of VARIANTS) dbs.set(v, await openDb());
});
afterAll(async () => {
  for (const db of dbs.values()) await db.close();
});

describe.each(VARIANTS)('protocol, variant %s', (variant) => {
  let s: TestServer;
  let postId: number;
  beforeAll(async () => {
    s = await makeServer(variant, { db: dbs.get(variant)! });
    postId = await upload(s, 'proto_tag');
  });
  afterAll(() => s.close());

  it('serves every operation of the variant under .json and .xml (never a 5xx, only documented codes)', async () => {
    const codes = statusCodesFor(variant);
    for (const op of operationsFor(variant)) {
      for (const format of ['json', 'xml'] as const) {
        const path = op.pathFor(format).replace(/\{[a-z_]+\}/g, String(postId));
        const res = op.method === 'GET' ? await get(s, path) : await send(s, op.method.toLowerCase() as 'post', path);
        expect(codes, `${op.method} ${path} -> ${res.status}`).toContain(res.status);
        expect(res.status).toBeLessThan(500);
        expect(res.headers['content-type']).toBe(format === 'json' ? 'application/json; charset=utf-8' : 'application/xml; charset=utf-8');
        if (format === 'json') expect(() => JSON.parse(res.text)).not.toThrow();
        else expect(() => xml.parse(res.text, true)).not.toThrow();
      }
    }
  });

  it('answers the envelope with success agreeing with the status, in both formats', async () => {
    const ok = await send(s, 'post', '/comments.json', 'member', { 'comment[post_id]': postId, 'comment[body]': 'hello' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, reason: '' });
    expect(typeof ok.body.id).toBe('number');
    const okXml = await send(s, 'post', '/comments.xml', 'member', { 'comment[post_id]': postId, 'comment[body]': 'hello' });
    const env = xml.parse(okXml.text).response;
    expect(env['@_success']).toBe('true');
    expect(env['@_reason']).toBe('');
    expect(Number(env['@_id'])).toBeGreaterThan(0);
    const bad = await send(s, 'post', '/comments.xml', 'member', { 'comment[body]': 'x' });
    expect(bad.status).toBe(424);
    const badEnv = xml.parse(bad.text).response;
    expect(badEnv['@_success']).toBe('false');
    expect(badEnv['@_reason']).toContain('comment[post_id]');
  });

  it('refuses missing REQUIRED parameters, out-of-set values and non-integers with 424 naming the parameter', async () => {
    const missing = await send(s, 'post', `/posts/${postId}/votes.json`, 'member', {});
    expect(missing.status).toBe(424);
    expect(missing.body).toMatchObject({ success: false });
    expect(missing.body.reason).toContain('score');
    const outOfSet = await send(s, 'post', `/posts/${postId}/votes.json`, 'member', { score: 'sideways' });
    expect(outOfSet.status).toBe(424);
    expect(outOfSet.body.reason).toContain('score');
    const notInt = await get(s, '/posts.json', 'member', { limit: 'many' });
    expect(notInt.status).toBe(424);
    expect(notInt.body.reason).toContain('limit');
  });

  it('answers 404 with the envelope for unknown ids, unknown paths, POST /posts and DELETE /posts/{id}', async () => {
    for (const res of [
      await get(s, '/posts/999999.json'),
      await get(s, '/posts/abc.json'),
      await get(s, '/nothing/here.json'),
      await send(s, 'post', '/posts.json', 'member', { 'post[tag_string]': 'x' }),
      await send(s, 'delete', `/posts/${postId}.json`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.reason).toBe('string');
    }
    const unknownXml = await get(s, '/nothing/here.xml');
    expect(unknownXml.status).toBe(404);
    expect(xml.parse(unknownXml.text).response['@_success']).toBe('false');
    const stillThere = await get(s, `/posts/${postId}.json`);
    expect(stillThere.status).toBe(200);
  });

  it('answers 404 for the other variant\'s operations and ignores its parameters', async () => {
    for (const op of absentOperations(variant)) {
      const path = `${op.path.replace(/\{[a-z_]+\}/g, String(postId))}.json`;
      const res = op.method === 'GET' ? await get(s, path) : await send(s, op.method.toLowerCase() as 'post', path);
      expect(res.status, `${op.method} ${path}`).toBe(404);
      expect(res.body.success).toBe(false);
    }
    // search[order] is A's sort key, search[sort] is B's: the other one has no effect.
    const other = variant === 'A' ? 'search[sort]' : 'search[order]';
    const plain = await get(s, '/users.json');
    const withOther = await get(s, '/users.json', 'member', { [other]: 'name' });
    expect(withOther.status).toBe(200);
    expect(withOther.body.map((u: { id: number }) => u.id)).toEqual(plain.body.map((u: { id: number }) => u.id));
  });

  it('answers an operation whose module is not registered 404 "not implemented"', async () => {
    const { postsModule } = await import('../../src/server/resources/posts.ts');
    const partial = await makeServer(variant, { db: s.db, resources: [postsModule] });
    try {
      const res = await get(partial, '/users.xml');
      expect(res.status).toBe(404);
      expect(xml.parse(res.text).response['@_reason']).toContain('not implemented: users.list');
      expect((await get(partial, '/posts.json')).status).toBe(200);
    } finally {
      await partial.close();
    }
  });

  describe('authentication', () => {
    const dmailsAs = (req: ReturnType<TestServer['http']['get']>) => req;
    it('accepts login + api_key (query for GET, body otherwise)', async () => {
      expect((await get(s, '/dmails.json', 'gold')).status).toBe(200);
      const created = await send(s, 'post', '/dmails.json', 'gold', { 'dmail[to_name]': account('member').name, 'dmail[title]': 't', 'dmail[body]': 'b' });
      expect(created.status).toBe(200);
      const inQuery = await s.http.post(`/dmails.json?login=${account('gold').name}&api_key=${account('gold').api_key}`).type('form').send({ 'dmail[to_name]': account('member').name, 'dmail[title]': 't', 'dmail[body]': 'b' });
      expect(inQuery.status).toBe(200);
    });
    it('accepts HTTP Basic with the name and API key', async () => {
      const a = account('gold');
      const res = await dmailsAs(s.http.get('/dmails.json').auth(a.name, a.api_key));
      expect(res.status).toBe(200);
      const wrong = await s.http.get('/dmails.json').auth(a.name, 'wrong-key');
      expect(wrong.status).toBe(403);
    });
    it('accepts login + legacy password_hash', async () => {
      const a = account('gold');
      expect(legacyPasswordHash(a.password)).toBe(a.password_hash);
      const res = await s.http.get(`/dmails.json?login=${a.name}&password_hash=${a.password_hash}`);
      expect(res.status).toBe(200);
      const wrong = await s.http.get(`/dmails.json?login=${a.name}&password_hash=${'0'.repeat(40)}`);
      expect(wrong.status).toBe(403);
    });
    it('accepts the session cookies login + password_hash (the API key)', async () => {
      const a = account('gold');
      const res = await s.http.get('/dmails.json').set('Cookie', `login=${a.name}; password_hash=${a.api_key}`);
      expect(res.status).toBe(200);
      const wrong = await s.http.get('/dmails.json').set('Cookie', `login=${a.name}; password_hash=nope`);
      expect(wrong.status).toBe(403);
    });
    it('refuses a wrong API key or an unknown login with 403 (no fallback to anonymous)', async () => {
      for (const q of [`login=${account('gold').name}&api_key=wrong`, `login=nobody_here&api_key=${account('gold').api_key}`, `api_key=${account('gold').api_key}`]) {
        const res = await s.http.get(`/posts.json?${q}`);
        expect(res.status).toBe(403);
        expect(res.body.success).toBe(false);
      }
    });
    it('never exposes secrets in records', async () => {
      const users = await get(s, '/users.json');
      const text = users.text + (await get(s, '/users.xml')).text;
      for (const a of [account('member'), account('gold')]) {
        expect(text).not.toContain(a.api_key);
        expect(text).not.toContain(a.password_hash);
        expect(text).not.toContain(a.password);
      }
      expect(text).not.toMatch(/api_key|password|scrypt|sha256/);
    });
    it('stores the credentials it accepts as hashes only, and the password (no credential of the API) not at all', async () => {
      const rows = JSON.stringify(await dbs.get(variant)!.query('SELECT * FROM users'));
      for (const a of [account('member'), account('gold')]) {
        expect(rows).toContain(a.name);
        for (const secret of [a.api_key, a.password_hash, a.password]) expect(rows).not.toContain(secret);
      }
      expect(rows).not.toMatch(/password|scrypt/);
    });
  });

  it(variant === 'A' ? 'serves anonymous reads and refuses anonymous writes with 403' : 'refuses every anonymous request with 403', async () => {
    const read = await get(s, '/posts.json', null);
    const readXml = await get(s, `/posts/${postId}.xml`, null);
    const write = await send(s, 'post', '/comments.json', null, { 'comment[post_id]': postId, 'comment[body]': 'anon' });
    expect(write.status).toBe(403);
    expect(write.body.success).toBe(false);
    if (variant === 'A') {
      expect(read.status).toBe(200);
      expect(readXml.status).toBe(200);
    } else {
      expect(read.status).toBe(403);
      expect(readXml.status).toBe(403);
      expect(xml.parse(readXml.text).response['@_success']).toBe('false');
    }
  });

  it('never answers 204', async () => {
    const res = await send(s, 'put', `/posts/${postId}.json`, 'member', { 'post[tag_string]': 'proto_tag other_tag' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it('takes JSON bodies with nested or bracket names', async () => {
    const nested = await s.http.post('/comments.json').send({ ...keyOf('member'), comment: { post_id: postId, body: 'json nested' } });
    expect(nested.status).toBe(200);
    const flat = await s.http.post('/comments.json').send({ ...keyOf('member'), 'comment[post_id]': postId, 'comment[body]': 'json flat' });
    expect(flat.status).toBe(200);
    const broken = await s.http.post('/comments.json').set('content-type', 'application/json').send('{"comment":');
    expect(broken.status).toBe(424);
    expect(broken.body.success).toBe(false);
  });
});

describe('quotas', () => {
  let s: TestServer;
  beforeAll(async () => {
    // Member 3000/h scaled to 3, Gold 10000/h to 10, anonymous 500/h to 1 (minimum 1).
    s = await makeServer('A', { db: dbs.get('A')!, quotaScale: 0.001 });
  });
  afterAll(() => s.close());

  it('answers 421 with the envelope past the scaled hourly quota, per user', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await get(s, '/posts.json', 'member')).status);
    expect(statuses).toEqual([200, 200, 200, 421, 421]);
    const throttled = await get(s, '/posts.xml', 'member');
    expect(throttled.status).toBe(421);
    // How long until the window (an hour here) ends and the quota is whole again.
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(xml.parse(throttled.text).response['@_success']).toBe('false');
    expect((await send(s, 'post', '/comments.json', 'member', {})).status).toBe(421);
    // Another user has their own quota; Gold's is larger.
    for (let i = 0; i < 10; i++) expect((await get(s, '/posts.json', 'gold')).status).toBe(200);
    expect((await get(s, '/posts.json', 'gold')).status).toBe(421);
    // Anonymous: per client address.
    expect((await get(s, '/posts.json', null)).status).toBe(200);
    expect((await get(s, '/posts.json', null)).status).toBe(421);
  });

  it('starts a new window after the window length', async () => {
    const w = await makeServer('B', { db: dbs.get('B')!, quotaScale: 0.001, quotaWindowSeconds: 1 });
    // The server's clock (Date) is set by the test: the four requests fall in one window however long they
    // take, and the next window comes without waiting for it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Math.ceil(Date.now() / 1000) * 1000 + 1000;
      vi.setSystemTime(start);
      for (let i = 0; i < 3; i++) expect((await get(w, '/posts.json', 'member')).status).toBe(200);
      vi.setSystemTime(start + 999);
      expect((await get(w, '/posts.json', 'member')).status).toBe(421);
      vi.setSystemTime(start + 1000);
      expect((await get(w, '/posts.json', 'member')).status).toBe(200);
    } finally {
      vi.useRealTimers();
      await w.close();
    }
  });
});
