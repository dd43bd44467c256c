import { beforeAll, describe, expect, it } from 'vitest';
import type { Rec, Server } from './helpers.ts';
import { ids } from './helpers.ts';

const names = (list: readonly Rec[]) => list.map((t) => t.name as string);

export function tagsA(server: () => Server): void {
  describe('tags (A)', () => {
    let s: Server;
    beforeAll(async () => {
      s = server();
      // Category prefixes of INT-tag-categories: artist 1, copyright 3, character 4, general 0.
      await s.post('artist:tg_painter copyright:tg_series character:tg_hero tg_sky tg_sea');
      await s.post('tg_sky tg_sun character:tg_hero');
      await s.post('tg_sky tg_emptied');
      const last = await s.post('tg_emptied_too');
      await s.ok('PUT', `/posts/${last}.json`, { 'post[tag_string]': 'tg_other' });
    });

    it('lists tags with categories from the prefixes and post counts', async () => {
      const all = await s.list('/tags.json', { 'search[name_matches]': 'tg_*', 'search[order]': 'name' });
      const byName = Object.fromEntries(all.map((t) => [t.name, t]));
      expect(byName.tg_painter).toMatchObject({ category: 1, post_count: 1 });
      expect(byName.tg_series).toMatchObject({ category: 3 });
      expect(byName.tg_hero).toMatchObject({ category: 4, post_count: 2 });
      expect(byName.tg_sky).toMatchObject({ category: 0, post_count: 3 });
      expect(names(all)).toEqual([...names(all)].sort());
    });

    it('filters by category (0, 1, 3, 4) and refuses other values', async () => {
      const q = { 'search[name_matches]': 'tg_*' };
      expect(names(await s.list('/tags.json', { ...q, 'search[category]': '1' }))).toEqual(['tg_painter']);
      expect(names(await s.list('/tags.json', { ...q, 'search[category]': '3' }))).toEqual(['tg_series']);
      expect(names(await s.list('/tags.json', { ...q, 'search[category]': '4' }))).toEqual(['tg_hero']);
      expect(names(await s.list('/tags.json', { ...q, 'search[category]': '0' }))).not.toContain('tg_hero');
      expect((await s.get('/tags.json', { 'search[category]': '2' })).status).toBe(424);
    });

    it('hide_empty=yes drops tags with 0 posts; name takes comma-separated exact names', async () => {
      const q = { 'search[name_matches]': 'tg_emptied*' };
      expect(names(await s.list('/tags.json', { ...q, 'search[order]': 'name' }))).toEqual(['tg_emptied', 'tg_emptied_too']);
      expect(names(await s.list('/tags.json', { ...q, 'search[hide_empty]': 'yes' }))).toEqual(['tg_emptied']);
      expect(names(await s.list('/tags.json', { ...q, 'search[hide_empty]': 'no' })).sort()).toEqual(['tg_emptied', 'tg_emptied_too']);
      expect(names(await s.list('/tags.json', { 'search[name]': 'tg_sea, tg_sun,tg_nothing', 'search[order]': 'name' }))).toEqual(['tg_sea', 'tg_sun']);
      expect(names(await s.list('/tags.json', { 'search[name]': 'tg_s' }))).toEqual([]);
    });

    it('orders by count and date; has_wiki selects tags with a wiki page of their name', async () => {
      const counted = names(await s.list('/tags.json', { 'search[name_matches]': 'tg_*', 'search[order]': 'count' }));
      expect(counted[0]).toBe('tg_sky');
      const dated = await s.list('/tags.json', { 'search[name_matches]': 'tg_*', 'search[order]': 'date' });
      expect(ids(dated)).toEqual([...ids(dated)].sort((a, b) => b - a));
      await s.create('/wiki_pages.json', { 'wiki_page[title]': 'tg_sea', 'wiki_page[body]': 'the sea' });
      expect(names(await s.list('/tags.json', { 'search[name_matches]': 'tg_*', 'search[has_wiki]': 'yes' }))).toEqual(['tg_sea']);
      expect(names(await s.list('/tags.json', { 'search[name_matches]': 'tg_*', 'search[has_wiki]': 'no' }))).not.toContain('tg_sea');
    });
  });
}

/** tags.list exists in A only. */
export function tagsB(server: () => Server): void {
  describe('tags (B)', () => {
    it('has tags.list in A only', async () => {
      expect((await server().get('/tags.json')).status).toBe(404);
    });
  });
}
