import { beforeAll, describe, expect, it } from 'vitest';
import type { Rec, Server } from './helpers.ts';
import { ids, versionIds } from './helpers.ts';

const PATH = '/artist_commentaries/create_or_update.json';
const fields = (postId: number, f: Record<string, string>) => ({
  'artist_commentary[post_id]': postId,
  ...Object.fromEntries(Object.entries(f).map(([k, v]) => [`artist_commentary[${k}]`, v])),
});

export function artistCommentariesA(server: () => Server): void {
  describe('artist commentaries (A)', () => {
    let s: Server;
    beforeAll(() => {
      s = server();
    });
    it('create_or_update creates the commentary of a post, and a second call updates it', async () => {
      const post = await s.post('cm_first');
      const first = await s.ok('POST', PATH, fields(post, { original_title: 'オリジナル', original_description: 'desc' }));
      const second = await s.ok('POST', PATH, fields(post, { translated_title: 'Original' }));
      expect(second.id).toBe(first.id);
      const list: Rec[] = await s.list('/artist_commentaries.json', { 'search[post_tags_match]': 'cm_first' });
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ post_id: post, original_title: 'オリジナル', original_description: 'desc', translated_title: 'Original', translated_description: '' });
      expect((await s.send('POST', PATH, fields(987654, { original_title: 'x' }))).status).toBe(424);
    });

    it('searches text, post tags and the presence of the original and translated parts', async () => {
      const p1 = await s.post('cm_tag_one');
      const p2 = await s.post('cm_tag_two');
      const c1 = (await s.ok('POST', PATH, fields(p1, { original_title: 'cm_text only original' }))).id;
      const c2 = (await s.ok('POST', PATH, fields(p2, { translated_description: 'cm_text translated' }))).id;
      const q = { 'search[text_matches]': 'cm_text' };
      expect(ids(await s.list('/artist_commentaries.json', q))).toEqual([c2, c1]);
      expect(ids(await s.list('/artist_commentaries.json', { 'search[text_matches]': 'cm_text*original' }))).toEqual([c1]);
      expect(ids(await s.list('/artist_commentaries.json', { 'search[post_tags_match]': 'cm_tag_two' }))).toEqual([c2]);
      expect(ids(await s.list('/artist_commentaries.json', { ...q, 'search[original_present]': 'yes' }))).toEqual([c1]);
      expect(ids(await s.list('/artist_commentaries.json', { ...q, 'search[original_present]': 'no' }))).toEqual([c2]);
      expect(ids(await s.list('/artist_commentaries.json', { ...q, 'search[translated_present]': 'yes' }))).toEqual([c2]);
      expect(ids(await s.list('/artist_commentaries.json', { ...q, 'search[translated_present]': 'no' }))).toEqual([c1]);
    });

    it('reverts by the post id (not the commentary id), exactly, recording the revert', async () => {
      // Make commentary ids and post ids differ.
      await s.ok('POST', PATH, fields(await s.post('cm_spacer'), { original_title: 'spacer' }));
      const post = await s.post('cm_rev');
      const id = (await s.ok('POST', PATH, fields(post, { original_title: 't1', translated_title: 'tt1' }))).id as number;
      expect(id).not.toBe(post);
      await s.ok('POST', PATH, fields(post, { original_title: 't2', original_description: 'd2' }), 'gold');
      const [v1, v2] = await versionIds(s, '/artist_commentary_versions.json', 'post_id', post);
      expect(v2).toBeDefined();
      const versions = await s.list('/artist_commentary_versions.json', { 'search[post_id]': post });
      expect(versions[0]).toMatchObject({ post_id: post, original_title: 't2', updater_id: await s.userId('gold') });
      expect(ids(await s.list('/artist_commentary_versions.json', { 'search[updater_id]': await s.userId('gold'), 'search[post_id]': post }))).toEqual([v2]);
      await s.ok('PUT', `/artist_commentaries/${post}/revert.json`, { version_id: v1! });
      const now = await s.list('/artist_commentaries.json', { 'search[text_matches]': 'tt1' });
      expect(now.find((c) => c.post_id === post)).toMatchObject({ id, original_title: 't1', original_description: '', translated_title: 'tt1' });
      expect(await versionIds(s, '/artist_commentary_versions.json', 'post_id', post)).toHaveLength(3);
      const other = await s.post('cm_other');
      await s.ok('POST', PATH, fields(other, { original_title: 'other' }));
      expect((await s.send('PUT', `/artist_commentaries/${other}/revert.json`, { version_id: v1! })).status).toBe(424);
      expect((await s.send('PUT', `/artist_commentaries/${await s.post('cm_none')}/revert.json`, { version_id: v1! })).status).toBe(404);
    });
  });
}

export function artistCommentariesB(server: () => Server): void {
  describe('artist commentaries (B)', () => {
    it('do not exist in B', async () => {
      const s = server();
      expect((await s.get('/artist_commentaries.json')).status).toBe(404);
      expect((await s.send('POST', PATH, fields(1, { original_title: 'x' }))).status).toBe(404);
      expect((await s.get('/artist_commentary_versions.json')).status).toBe(404);
    });
  });
}
