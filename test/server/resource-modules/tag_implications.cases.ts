import { beforeAll, describe, expect, it } from 'vitest';
import type { Server } from './helpers.ts';
import { expectRelationSearches } from './helpers.ts';

/** Tag implications exist in both variants; the listing shows the seeded ones. */
export function tagImplications(server: () => Server): void {
  describe('tag implications', () => {
    let s: Server;
    beforeAll(() => {
      s = server();
    });

    it('lists the seeded implications with their three searches', async () => {
      await expectRelationSearches(s, '/tag_implications.json');
      expect((await s.list('/tag_implications.json', { 'search[name_matches]': 'animal' })).length).toBeGreaterThanOrEqual(2);
    });
  });
}
