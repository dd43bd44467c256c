/**
 * The npm client `booru`, with its Danbooru site definition pointed at the reference server of each
 * variant (plain HTTP on 127.0.0.1): searches with its defaults (it sends page=0), tag searches, paging
 * across three pages without repeats, the tag list (A), credentials, and the file URLs it hands out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BooruClass, Post } from 'booru';
import { BooruError, forSite, sites } from 'booru';
import { VARIANTS } from '../../specs/model/index.ts';
import type { SeededServer } from './helpers.ts';
import { FEW, FEW_TAG, MANY, MANY_TAG, account, seededServer } from './helpers.ts';
import { scaled } from '../support/time.ts';

/** booru's table of sites, open to one more entry. */
const SITES = sites as Record<string, (typeof sites)['danbooru.donmai.us']>;

/** The Danbooru definition of `booru`, on the local server: same API paths, plain HTTP. */
function localDanbooru(host: string): void {
  const danbooru = SITES['danbooru.donmai.us'];
  if (!danbooru) throw new Error('booru no longer ships a Danbooru site definition');
  SITES[host] = { ...danbooru, domain: host, aliases: [], insecure: true };
}

describe.each(VARIANTS)('booru against the reference server, variant %s', (variant) => {
  let s: SeededServer;
  let client: BooruClass;
  beforeAll(async () => {
    s = await seededServer(variant);
    localDanbooru(s.host);
    client = forSite(s.host, account('member'));
  }, scaled(120_000));
  afterAll(async () => {
    delete SITES[s?.host ?? ''];
    await s?.close();
  });

  const ids = (posts: readonly Post[]) => posts.map((p) => Number(p.id));

  it('searches with its defaults: the newest posts, with file URLs on the server', async () => {
    const found = await client.search([], { limit: 5 });
    expect(ids(found.posts)).toEqual(s.ids[FEW_TAG]!.slice(0, 5));
    for (const p of found.posts) {
      expect(p.available).toBe(true);
      expect(p.fileUrl).toMatch(new RegExp(`^http://${s.host.replace(/\./g, '\\.')}/data/[0-9a-f]{32}\\.png$`));
      expect(p.tags).toContain(FEW_TAG);
      expect(p.rating).toBe('s');
    }
  });

  it('searches by tag, and by two tags', async () => {
    expect(ids((await client.search([FEW_TAG], { limit: 100 })).posts)).toEqual(s.ids[FEW_TAG]);
    expect(ids((await client.search([FEW_TAG, 'clients_painter'], { limit: 100 })).posts)).toEqual(s.ids[FEW_TAG]);
    expect((await client.search(['clients_no_such_tag'], { limit: 100 })).posts).toEqual([]);
  });

  it('pages across three pages without repeats and finds every post of the tag', async () => {
    const pages: number[][] = [];
    for (let page = 1; page <= 4; page++) pages.push(ids((await client.search([MANY_TAG], { limit: 100, page })).posts));
    expect(pages.map((p) => p.length)).toEqual([100, 100, MANY - 200, 0]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(s.ids[MANY_TAG]);
    // page=0, its default, is the first page.
    expect(ids((await client.search([MANY_TAG], { limit: 100, page: 0 })).posts)).toEqual(pages[0]);
  });

  it('hands out file URLs that serve the uploaded bytes', async () => {
    const found = await client.search([FEW_TAG], { limit: FEW });
    expect(found.posts).toHaveLength(FEW);
    for (const p of found.posts) {
      const res = await fetch(p.fileUrl!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      const md5 = /\/([0-9a-f]{32})\.png$/.exec(p.fileUrl!)![1]!;
      expect(s.files.get(md5)?.equals(bytes)).toBe(true);
    }
  });

  it('lists tags page by page (A); the tag list does not exist in B', async () => {
    if (variant === 'B') {
      await expect(client.tagList({ limit: 2, page: 1 })).rejects.toThrow(/404/);
      return;
    }
    const one = (await client.tagList({ limit: 2, page: 1 })).tags.map((t) => t.name);
    const two = (await client.tagList({ limit: 2, page: 2 })).tags.map((t) => t.name);
    expect(one).toHaveLength(2);
    expect(two).toHaveLength(2);
    expect(two.filter((n) => one.includes(n))).toEqual([]);
    const all = (await client.tagList({ limit: 100, page: 1 })).tags.map((t) => t.name);
    expect(all).toEqual(expect.arrayContaining([MANY_TAG, FEW_TAG, 'clients_shared', 'clients_painter']));
  });

  it('authenticates with login and api_key; anonymous searches work in A only; a wrong key is refused', async () => {
    const anonymous = forSite(s.host);
    if (variant === 'A') expect(ids((await anonymous.search([FEW_TAG], { limit: 100 })).posts)).toEqual(s.ids[FEW_TAG]);
    else await expect(anonymous.search([FEW_TAG], { limit: 100 })).rejects.toThrow(BooruError);
    const wrong = forSite(s.host, { login: account('member').login, api_key: 'not-the-key' });
    await expect(wrong.search([FEW_TAG], { limit: 100 })).rejects.toThrow(/403/);
    const gold = forSite(s.host, account('gold'));
    expect(ids((await gold.search([FEW_TAG], { limit: 100 })).posts)).toEqual(s.ids[FEW_TAG]);
  });
});
