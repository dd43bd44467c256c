/**
 * What real clients of the service family rely on (INT-paging, INT-post-files), in both variants:
 * `limit` and `page` on every list (page <= 0 and junk are page 1, `b<id>` / `a<id>` sequential pages),
 * the file URLs of post records and the files behind them, tag strings by category, and HTTP Basic in
 * the forms clients send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VARIANTS } from '../../specs/model/index.ts';
import { pngImage } from '../../src/check/images.ts';
import { legacyPasswordHash } from '../../src/server/index.ts';
import { parseLimit, parsePage } from '../../src/server/paging.ts';
import type { TestServer } from './helpers.ts';
import { ACCOUNTS, GIF, account, get, makeServer, send, upload, xml } from './helpers.ts';

type Rec = Record<string, unknown>;

/** A deterministic random source, so that every generated image differs from the others. */
function seeded(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

describe('paging values', () => {
  it('reads page numbers like the service family: <= 0 and junk are page 1; b<id> and a<id> are sequential', () => {
    expect(parsePage(undefined)).toEqual({ kind: 'numbered', page: 1 });
    expect(parsePage('0')).toEqual({ kind: 'numbered', page: 1 });
    expect(parsePage('-3')).toEqual({ kind: 'numbered', page: 1 });
    expect(parsePage('junk')).toEqual({ kind: 'numbered', page: 1 });
    expect(parsePage('')).toEqual({ kind: 'numbered', page: 1 });
    expect(parsePage('3')).toEqual({ kind: 'numbered', page: 3 });
    expect(parsePage('3x')).toEqual({ kind: 'numbered', page: 3 });
    expect(parsePage('99999999999999999999')).toEqual({ kind: 'numbered', page: 2_147_483_647 });
    expect(parsePage('b12')).toEqual({ kind: 'before', id: 12 });
    expect(parsePage('B12')).toEqual({ kind: 'before', id: 12 });
    expect(parsePage('a7')).toEqual({ kind: 'after', id: 7 });
    expect(parsePage('a99999999999999999999')).toEqual({ kind: 'after', id: 2_147_483_648 });
    expect(parsePage('b')).toEqual({ kind: 'numbered', page: 1 });
    expect(parsePage('b1x')).toEqual({ kind: 'numbered', page: 1 });
  });

  it('reads limit as an integer from 1, clamped; anything else is refused', () => {
    const rule = { defaultLimit: 20, maxLimit: 100 };
    expect(parseLimit(undefined, rule)).toBe(20);
    expect(parseLimit('', rule)).toBe(20);
    expect(parseLimit('7', rule)).toBe(7);
    expect(parseLimit('1000', rule)).toBe(100);
    expect(() => parseLimit('0', rule)).toThrow(/at least 1/);
    expect(() => parseLimit('many', rule)).toThrow(/integer/);
    expect(() => parseLimit(['1', '2'], rule)).toThrow(/single value/);
  });
});

describe.each(VARIANTS)('paging, files and Basic, variant %s', (variant) => {
  let s: TestServer;
  const images = Array.from({ length: 7 }, (_, i) => pngImage(seeded(1000 + i), 4 + i));
  const posts: number[] = [];
  let gifPost: number;
  beforeAll(async () => {
    s = await makeServer(variant);
    for (const [i, image] of images.entries()) posts.push(await upload(s, `pg_all pg_${i % 2 ? 'odd' : 'even'} artist:pg_painter character:pg_hero`, {}, 'member', image));
    gifPost = await upload(s, 'pg_gif', {}, 'member', GIF);
    for (let i = 0; i < 7; i++) await send(s, 'post', '/comments.json', 'member', { 'comment[post_id]': posts[i % posts.length]!, 'comment[body]': `pg comment ${i}` });
  });
  afterAll(() => s.close());

  const ids = async (path: string, query: Record<string, string | number>) => {
    const res = await get(s, path, 'member', query);
    expect(res.status, res.text).toBe(200);
    return (res.body as Rec[]).map((r) => r.id as number);
  };
  const newestFirst = [...Array(7).keys()].map((i) => i).reverse();

  it('walks the posts of a tag with b<id> pages: newest first, no repeats, nothing left out', async () => {
    const all = newestFirst.map((i) => posts[i]!);
    expect(await ids('/posts.json', { tags: 'pg_all', limit: 100 })).toEqual(all);
    const seen: number[] = [];
    let page: string | number = 1;
    for (let n = 0; n < 10; n++) {
      const got = await ids('/posts.json', { tags: 'pg_all', limit: 3, page });
      if (got.length === 0) break;
      seen.push(...got);
      page = `b${got[got.length - 1]}`;
    }
    expect(seen).toEqual(all);
  });

  it('a<id> pages hold the nearest newer records, still newest first', async () => {
    const oldest = posts[0]!;
    expect(await ids('/posts.json', { tags: 'pg_all', limit: 3, page: `a${oldest}` })).toEqual([posts[3], posts[2], posts[1]]);
    expect(await ids('/posts.json', { tags: 'pg_all', limit: 3, page: `a${posts[6]}` })).toEqual([]);
  });

  it('page <= 0 and junk are page 1; numbered pages do not overlap', async () => {
    const first = await ids('/posts.json', { tags: 'pg_all', limit: 2 });
    for (const page of [0, -1, 'x', '']) expect(await ids('/posts.json', { tags: 'pg_all', limit: 2, page })).toEqual(first);
    const second = await ids('/posts.json', { tags: 'pg_all', limit: 2, page: 2 });
    expect(second).toHaveLength(2);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
  });

  it('honours limit and page on lists other than posts', async () => {
    const all = await ids('/comments.json', { 'search[body_matches]': 'pg comment' });
    expect(all).toHaveLength(7);
    expect(await ids('/comments.json', { 'search[body_matches]': 'pg comment', limit: 3 })).toEqual(all.slice(0, 3));
    expect(await ids('/comments.json', { 'search[body_matches]': 'pg comment', limit: 3, page: 2 })).toEqual(all.slice(3, 6));
    expect(await ids('/comments.json', { 'search[body_matches]': 'pg comment', limit: 3, page: 0 })).toEqual(all.slice(0, 3));
    expect(await ids('/comments.json', { 'search[body_matches]': 'pg comment', limit: 3, page: `b${all[2]}` })).toEqual(all.slice(3, 6));
    expect(await ids('/comments.json', { 'search[body_matches]': 'pg comment', limit: 2, page: `a${all[4]}` })).toEqual(all.slice(2, 4));
    expect((await get(s, '/comments.json', 'member', { limit: 'many' })).status).toBe(424);
    expect(await ids('/comments.json', { limit: 1000 })).toHaveLength(7);
    // A list with a sort key: numbered pages of users by name neither repeat nor skip.
    const sortKey = variant === 'A' ? 'search[order]' : 'search[sort]';
    const users = await ids('/users.json', { [sortKey]: 'name' });
    const paged: number[] = [];
    for (let page = 1; page <= users.length; page++) paged.push(...(await ids('/users.json', { [sortKey]: 'name', limit: 2, page })));
    expect(paged).toEqual(users);
  });

  it('post records carry absolute file URLs, file fields and tag strings by category (JSON and XML)', async () => {
    const post = (await get(s, `/posts/${posts[3]}.json`)).body as Rec;
    const md5 = post.md5 as string;
    expect(post).toMatchObject({ file_ext: 'png', image_width: 7, image_height: 7, file_size: images[3]!.length, has_large: false });
    expect(post.file_url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/data/${md5}\\.png$`));
    expect(post.large_file_url).toBe(post.file_url);
    expect(post.preview_file_url).toMatch(new RegExp(`/data/preview/${md5}\\.png$`));
    expect(post).toMatchObject({ tag_string_artist: 'pg_painter', tag_string_character: 'pg_hero', tag_string_copyright: '', tag_string_general: 'pg_all pg_odd' });
    const listed = ((await get(s, '/posts.json', 'member', { tags: `id:${posts[3]}` })).body as Rec[])[0]!;
    expect(listed.file_url).toMatch(new RegExp(`/data/${md5}\\.png$`));
    const asXml = xml.parse((await get(s, `/posts/${posts[3]}.xml`)).text);
    expect(asXml.post.file_url).toMatch(new RegExp(`/data/${md5}\\.png$`));
    // The origin is the Host the client addressed.
    const viaName = await s.http.get(`/posts/${posts[3]}.json`).set('Host', 'booru.test:8080').auth(account('member').name, account('member').api_key);
    expect(viaName.body.file_url).toBe(`http://booru.test:8080/data/${md5}.png`);
  });

  it('serves the uploaded bytes at the file URLs, with Content-Type and Content-Length, without a login', async () => {
    for (const [i, id] of posts.entries()) {
      const post = (await get(s, `/posts/${id}.json`)).body as Rec;
      for (const url of [post.file_url, post.preview_file_url] as string[]) {
        const res = await s.http.get(new URL(url).pathname).buffer(true);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['content-length']).toBe(String(images[i]!.length));
        expect(Buffer.compare(res.body as Buffer, images[i]!)).toBe(0);
      }
    }
    const gif = (await get(s, `/posts/${gifPost}.json`)).body as Rec;
    const res = await s.http.get(new URL(gif.file_url as string).pathname).buffer(true);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(Buffer.compare(res.body as Buffer, GIF)).toBe(0);
    const head = await s.http.head(new URL(gif.file_url as string).pathname);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(GIF.length));
  });

  it('answers 404 for files it does not have or under another extension', async () => {
    const post = (await get(s, `/posts/${posts[0]}.json`)).body as Rec;
    expect((await s.http.get(`/data/${'0'.repeat(32)}.png`)).status).toBe(404);
    expect((await s.http.get(`/data/${post.md5 as string}.jpg`)).status).toBe(404);
    expect((await s.http.get('/data/../uploads.json')).status).toBe(404);
    expect((await s.http.get('/data/preview/x.png')).status).toBe(404);
  });

  it('accepts HTTP Basic name:api_key as clients send it, and refuses a wrong key', async () => {
    const m = account('member');
    const header = (scheme: string, text: string) => `${scheme} ${Buffer.from(text, 'latin1').toString('base64')}`;
    for (const value of [header('Basic', `${m.name}:${m.api_key}`), header('basic', `${m.name}:${m.api_key}`), `Basic  ${Buffer.from(`${m.name}:${m.api_key}`).toString('base64')}`]) {
      const res = await s.http.get('/dmails.json').set('Authorization', value);
      expect(res.status, value).toBe(200);
    }
    const listed = await s.http.get('/posts.json?tags=pg_all&limit=100&page=b999999').set('Authorization', header('Basic', `${m.name}:${m.api_key}`));
    expect(listed.status).toBe(200);
    expect((listed.body as Rec[]).length).toBe(7);
    expect((await s.http.get('/dmails.json').set('Authorization', header('Basic', `${m.name}:wrong`))).status).toBe(403);
  });

  it('reads a Basic header in UTF-8 or, when it is not valid UTF-8, in Latin-1 (as Python requests sends it)', async () => {
    const name = 'conform_m\u00fcller';
    const other = await makeServer(variant, { accounts: { accounts: [...ACCOUNTS.accounts, { name, role: 'Member', level: 20, password: 'pw-latin', api_key: 'key-latin-1', password_hash: legacyPasswordHash('pw-latin') }] } });
    try {
      for (const encoding of ['utf8', 'latin1'] as const) {
        const value = `Basic ${Buffer.from(`${name}:key-latin-1`, encoding).toString('base64')}`;
        expect((await other.http.get('/dmails.json').set('Authorization', value)).status, encoding).toBe(200);
      }
      expect((await other.http.get('/dmails.json').set('Authorization', `Basic ${Buffer.from(`${name}:wrong`, 'latin1').toString('base64')}`)).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});
