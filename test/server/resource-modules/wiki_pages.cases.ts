import { beforeAll, describe, expect, it } from 'vitest';
import type { Server } from './helpers.ts';
import { ids } from './helpers.ts';

async function versionsOf(s: Server, id: number): Promise<number[]> {
  return (await s.db.query<{ id: number }>('SELECT id FROM wiki_page_versions WHERE wiki_page_id = $1 ORDER BY id', [id])).map((r) => r.id);
}

export function wikiPages(server: () => Server): void {
  describe('wiki pages', () => {
    let s: Server;
    let A: boolean;
    beforeAll(() => {
      s = server();
      A = s.variant === 'A';
    });
    const page = (title: string, body: string, extra: Record<string, string> = {}, who: 'member' | 'gold' = 'member') =>
      s.create('/wiki_pages.json', { 'wiki_page[title]': title, 'wiki_page[body]': body, ...extra }, who);

    it('creates, shows, updates and finds a page by search[title]', async () => {
      const id = await page('Wk_Landscape', 'wide views', A ? { 'wiki_page[other_names]': 'scenery vista' } : {});
      const r = await s.show(`/wiki_pages/${id}.json`);
      expect(r).toMatchObject({ id, title: 'Wk_Landscape', body: 'wide views' });
      if (A) expect(r.other_names).toBe('scenery vista');
      else expect(r).not.toHaveProperty('other_names');
      await s.ok('PUT', `/wiki_pages/${id}.json`, { 'wiki_page[body]': 'wider views', 'wiki_page[title]': 'wk_landscape_2' });
      expect(await s.show(`/wiki_pages/${id}.json`)).toMatchObject({ title: 'wk_landscape_2', body: 'wider views' });
      expect(ids(await s.list('/wiki_pages.json', { 'search[title]': 'WK_LANDSCAPE_2' }))).toEqual([id]);
      expect(ids(await s.list('/wiki_pages.json', { 'search[title]': 'wk_landscape' }))).toEqual([]);
      expect(ids(await s.list('/wiki_pages.json', { 'search[title]': 'wk_land*' }))).toEqual([id]);
      expect((await s.get('/wiki_pages/987654.json')).status).toBe(404);
    });

    it('refuses a second page of the same title (423) and a title-less one (420)', async () => {
      await page('wk_unique', 'x');
      expect((await s.send('POST', '/wiki_pages.json', { 'wiki_page[title]': 'WK_UNIQUE', 'wiki_page[body]': 'y' })).status).toBe(423);
      expect((await s.send('POST', '/wiki_pages.json', { 'wiki_page[title]': ' ', 'wiki_page[body]': 'y' })).status).toBe(420);
      expect((await s.send('POST', '/wiki_pages.json', { 'wiki_page[body]': 'y' })).status).toBe(424);
    });

    it('searches body, creator and (A) other names, and sorts by the variant\'s key', async () => {
      const b = await page('wk_srt_beta', 'srt body one', A ? { 'wiki_page[other_names]': 'srt_other_b' } : {});
      const a = await page('wk_srt_alpha', 'srt body two', {}, 'gold');
      await s.ok('PUT', `/wiki_pages/${b}.json`, { 'wiki_page[body]': 'srt body one, edited' });
      const q = { 'search[title]': 'wk_srt_*' };
      const key = A ? 'search[order]' : 'search[sort]';
      const otherKey = A ? 'search[sort]' : 'search[order]';
      expect(ids(await s.list('/wiki_pages.json', { ...q, [key]: 'title' }))).toEqual([a, b]);
      expect(ids(await s.list('/wiki_pages.json', { ...q, [key]: 'date' }))).toEqual([b, a]);
      expect(ids(await s.list('/wiki_pages.json', { ...q, [otherKey]: 'title' }))).toEqual([a, b]);
      expect(ids(await s.list('/wiki_pages.json', { 'search[body_matches]': 'srt body t' }))).toEqual([a]);
      expect(ids(await s.list('/wiki_pages.json', { ...q, 'search[creator_name]': 'conform_gold' }))).toEqual([a]);
      expect(ids(await s.list('/wiki_pages.json', { ...q, 'search[creator_id]': await s.userId('gold') }))).toEqual([a]);
      const byOther = ids(await s.list('/wiki_pages.json', { ...q, 'search[other_names_match]': 'srt_other_b' }));
      expect(byOther).toEqual(A ? [b] : [a, b]);
    });

    it('reverts to a stated version exactly and records the revert; a version of another page is 424', async () => {
      const id = await page('wk_rev', 'first', A ? { 'wiki_page[other_names]': 'one' } : {});
      await s.ok('PUT', `/wiki_pages/${id}.json`, { 'wiki_page[title]': 'wk_rev_2', 'wiki_page[body]': 'second', ...(A ? { 'wiki_page[other_names]': 'two' } : {}) });
      const [v1] = await versionsOf(s, id);
      await s.ok('PUT', `/wiki_pages/${id}/revert.json`, { version_id: v1! }, 'gold');
      expect(await s.show(`/wiki_pages/${id}.json`)).toMatchObject({ title: 'wk_rev', body: 'first', updater_id: await s.userId('gold'), ...(A ? { other_names: 'one' } : {}) });
      expect(await versionsOf(s, id)).toHaveLength(3);
      const other = await page('wk_rev_other', 'o');
      expect((await s.send('PUT', `/wiki_pages/${other}/revert.json`, { version_id: v1! })).status).toBe(424);
      expect((await s.send('PUT', `/wiki_pages/${other}/revert.json`, {})).status).toBe(424);
      expect((await s.show(`/wiki_pages/${other}.json`)).title).toBe('wk_rev_other');
    });
  });
}
