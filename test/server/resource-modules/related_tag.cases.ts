import { beforeAll, describe, expect, it } from 'vitest';
import type { Rec, Server } from './helpers.ts';

const names = (list: readonly Rec[]) => list.map((t) => t.name as string);

/** Related tags exist in both variants. */
export function relatedTags(server: () => Server): void {
  describe('related tags', () => {
    let s: Server;
    beforeAll(() => {
      s = server();
    });

    it('related tags take query and category', async () => {
      await s.post('rel_query rel_friend');
      expect(names(await s.list('/related_tag.json', { query: 'rel_query' }))).toEqual(['rel_friend']);
      expect(await s.list('/related_tag.json', { query: 'rel_query', category: '1' })).toEqual([]);
    });
  });
}

export function relatedTagsA(server: () => Server): void {
  describe('related tags (A)', () => {
    let s: Server;
    beforeAll(async () => {
      s = server();
      // Category prefixes of INT-tag-categories: artist 1, copyright 3, character 4, general 0.
      await s.post('artist:rt_painter copyright:rt_series character:rt_hero rt_sky rt_sea');
      await s.post('rt_sky rt_sun character:rt_hero');
      await s.post('rt_sky rt_emptied');
    });

    it('lists related tags of a query, most frequent first, optionally by category', async () => {
      const related = await s.list('/related_tag.json', { query: 'rt_sky' });
      expect(names(related)[0]).toBe('rt_hero');
      expect(names(related)).not.toContain('rt_sky');
      expect(names(related).sort()).toEqual(['rt_emptied', 'rt_hero', 'rt_painter', 'rt_sea', 'rt_series', 'rt_sun']);
      expect(related[0]).toMatchObject({ category: 4, frequency: 2 });
      expect(names(await s.list('/related_tag.json', { query: 'rt_sky', category: '4' }))).toEqual(['rt_hero']);
      expect(await s.list('/related_tag.json', { query: 'no_such_tag' })).toEqual([]);
      expect((await s.get('/related_tag.json')).status).toBe(424);
    });
  });
}
