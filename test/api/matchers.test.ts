/**
 * Single-exchange matchers (src/api/matchers.ts, src/api/vitest-matchers.ts): supertest and fetch
 * responses of the reference server judged by the validator of `conform proxy` and `conform audit`,
 * and responses that break a requirement, failing with its id.
 */
import request from 'supertest';
import { fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformsTo } from '../../src/api/matchers.ts';
import '../../src/api/vitest-matchers.ts';
import { Scratch } from '../check/helpers.ts';

const scratch = new Scratch();
let base: string;
/** The reference server with json-malformed: JSON bodies lose their last character (IB-2-format-json). */
let faulty: string;

beforeAll(async () => {
  base = await scratch.server('A');
  faulty = await scratch.server('A', { fault: 'json-malformed' });
});
afterAll(() => scratch.cleanup());

/** A hand-made answer to `method url`. */
function answer(body: string, status: number, contentType = 'application/json'): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

/** A superagent parser that keeps the body as text (`res.text`), whatever its type. */
function asText(res: request.Response, done: (err: Error | null, body: unknown) => void): void {
  res.text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (res.text += chunk));
  res.on('end', () => done(null, res.text));
}

describe('conformsTo and the vitest matchers', () => {
  it('supertest: a list in JSON and in XML conforms, as posts.list', async () => {
    const json = await request(base).get('/posts.json?limit=2');
    expect(json.status).toBe(200);
    const r = conformsTo(json, { variant: 'A' });
    expect(r).toMatchObject({ pass: true, operation: 'posts.list', failures: [], warnings: [] });
    expect(r.judged).toEqual(expect.arrayContaining(['status', 'content-type', 'format']));
    expect(r.message).toMatch(/^GET \/posts\.json\?limit=2 \(posts\.list\) answered 200 and conforms to variant A/);
    expect(json).toConformTo({ variant: 'A' });
    expect(json).toConformToOperation('posts.list', { variant: 'A' });
    // XML: superagent keeps the body as a Buffer, which is judged too.
    const xml = await request(base).get('/posts.xml?limit=2');
    expect(conformsTo(xml, { variant: 'A' }).judged).toContain('format');
    expect(xml).toConformToOperation('posts.list', { variant: 'A' });
  });

  it('fetch and undici: judged from a clone, the body left to read; the assertion is awaited', async () => {
    for (const get of [fetch, undiciFetch] as ((url: string) => Promise<Response>)[]) {
      const res = await get(`${base}/tags.json?limit=1`);
      await expect(res).toConformToOperation('tags.list', { variant: 'A' });
      expect((await conformsTo(res, { variant: 'A' })).operation).toBe('tags.list');
      expect(Array.isArray(await res.json())).toBe(true);
      // Read already: the body is given, or the call says what to do.
      expect(() => conformsTo(res, { variant: 'A' })).toThrow(/read already: give it as the `body` option/);
      expect((await conformsTo(res, { variant: 'A', body: '[]' })).pass).toBe(true);
    }
  });

  it('an exchange of another operation fails toConformToOperation, naming both', async () => {
    const res = await request(base).get('/tags.json?limit=1');
    expect(res).not.toConformToOperation('posts.list', { variant: 'A' });
    expect(() => expect(res).toConformToOperation('posts.list', { variant: 'A' })).toThrow('GET /tags.json?limit=1 is tags.list, not posts.list');
    expect(() => conformsTo(res, { variant: 'B', operation: 'tags.list' })).toThrow('"tags.list" is no operation of variant B');
  });

  it('a body that does not parse (the server with json-malformed) fails with IB-2-format-json', async () => {
    // supertest refuses a JSON body that does not parse: read it as text.
    const res = await request(faulty).get('/posts.json?limit=2').parse(asText);
    const r = conformsTo(res, { variant: 'A' });
    expect(r.pass).toBe(false);
    expect(r.failures).toEqual([expect.objectContaining({ requirement: 'IB-2-format-json', level: 'MUST', assertion: 'format' })]);
    expect(r.message).toMatch(/^GET \/posts\.json\?limit=2 \(posts\.list\) answered 200 and does not conform to variant A:\n {2}IB-2-format-json \(MUST\): /);
    expect(() => expect(res).toConformTo({ variant: 'A' })).toThrow(/IB-2-format-json \(MUST\)/);
    expect(res).not.toConformTo({ variant: 'A' });
    await expect(expect(await fetch(`${faulty}/posts.json?limit=2`)).toConformTo({ variant: 'A' })).rejects.toThrow(/IB-2-format-json \(MUST\)/);
  });

  it('hand-made Responses: an undocumented status, a write without its envelope, a SHOULD only with strict', async () => {
    const get = { method: 'GET', url: '/posts.json' };
    await expect(expect(answer('[]', 418)).toConformTo({ variant: 'A', request: get })).rejects.toThrow(/IB-7-status-documented \(MUST\): /);
    const created = await conformsTo(answer('{"id": 1}', 200), { variant: 'A', request: { method: 'POST', url: 'http://example.test/comments.json' } });
    expect(created).toMatchObject({ pass: false, operation: 'comments.create' });
    expect(created.failures.map((f) => f.requirement)).toContain('IB-7-envelope-json');
    // A JSON body served as text/plain: IB-2-content-type is a SHOULD, a warning unless strict.
    const plain = await conformsTo(answer('[]', 200, 'text/plain'), { variant: 'A', request: get });
    expect(plain).toMatchObject({ pass: true, failures: [], warnings: [expect.objectContaining({ requirement: 'IB-2-content-type', level: 'SHOULD' })] });
    expect(plain.message).toContain('warning: IB-2-content-type (SHOULD)');
    await expect(expect(answer('[]', 200, 'text/plain')).toConformTo({ variant: 'A', request: get, strict: true })).rejects.toThrow(/IB-2-content-type \(SHOULD\)/);
    // Behind a base path.
    expect((await conformsTo(answer('[]', 200), { variant: 'A', request: { method: 'GET', url: 'https://h.test/api/posts.json' }, basePath: '/api' })).operation).toBe('posts.list');
  });

  it('a request of no operation fails; throttling is not judged; a Response without a URL needs the request', async () => {
    const unknown = await conformsTo(answer('[]', 200), { variant: 'A', request: { method: 'GET', url: '/nowhere.json' } });
    expect(unknown).toMatchObject({ pass: false, message: 'GET /nowhere.json is no operation of variant A or B' });
    const throttled = await conformsTo(answer('', 429), { variant: 'A', request: { method: 'GET', url: '/posts.json' } });
    expect(throttled).toMatchObject({ pass: true, judged: [] });
    expect(throttled.message).toContain('throttling (INT-throttling), not judged');
    expect(() => conformsTo(answer('[]', 200), { variant: 'A' })).toThrow(/carries no URL/);
    expect(() => conformsTo({} as Response, { variant: 'C' as 'A' })).toThrow(/variant must be "A" or "B"/);
  });
});
