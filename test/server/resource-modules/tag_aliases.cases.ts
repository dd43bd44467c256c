import { beforeAll, describe, expect, it } from 'vitest';
import type { Server } from './helpers.ts';
import { expectRelationSearches } from './helpers.ts';

/** Tag aliases exist in both variants; the listing shows the seeded ones. */
export function tagAliases(server: () => Server): void {
  describe('tag aliases', () => {
    let s: Server;
    beforeAll(() => {
      s = server();
    });

    it('lists the seeded aliases with their three searches', async () => {
      await expectRelationSearches(s, '/tag_aliases.json');
      expect(await s.list('/tag_aliases.json', { 'search[antecedent_name]': 'kitt' })).toEqual([]);
    });
  });
}
