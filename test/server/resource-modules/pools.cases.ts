import { beforeAll, describe, expect, it } from 'vitest';
import type { Server } from './helpers.ts';
import { ids, versionIds } from './helpers.ts';

export function poolsA(server: () => Server): void {
  describe('pools (A)', () => {
    let s: Server;
    let posts: number[];
    beforeAll(async () => {
      s = server();
      posts = [await s.post('pool_a'), await s.post('pool_b'), await s.post('pool_c')];
    });

    const pool = (name: string, extra: Record<string, string> = {}, who: 'member' | 'gold' = 'member') =>
      s.create('/pools.json', { 'pool[name]': name, 'pool[description]': `${name} description`, ...extra }, who);

    it('creates a pool with a category, sets its posts from space-delimited ids and its active flag', async () => {
      const id = await pool('seasons', { 'pool[category]': 'collection' });
      expect(await s.show(`/pools/${id}.json`)).toMatchObject({ id, name: 'seasons', description: 'seasons description', category: 'collection', post_ids: '', post_count: 0, is_active: true, is_deleted: false });
      await s.ok('PUT', `/pools/${id}.json`, { 'pool[post_ids]': ` ${posts[2]}  ${posts[0]} ${posts[2]}`, 'pool[is_active]': '0', 'pool[category]': 'series' });
      expect(await s.show(`/pools/${id}.json`)).toMatchObject({ post_ids: `${posts[2]} ${posts[0]}`, post_count: 2, is_active: false, category: 'series' });
      expect((await s.send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': '1 two' })).status).toBe(424);
      expect((await s.send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': '987654' })).status).toBe(424);
      expect((await s.send('PUT', `/pools/${id}.json`, { 'pool[is_active]': 'yes' })).status).toBe(424);
      expect((await s.show(`/pools/${id}.json`)).post_count).toBe(2);
      await s.ok('PUT', `/pools/${id}.json`, { 'pool[post_ids]': '' });
      expect((await s.show(`/pools/${id}.json`)).post_ids).toBe('');
    });

    it('deletes and undeletes: the pool is kept with is_deleted (INT-transitions)', async () => {
      const id = await pool('short_lived');
      await s.ok('DELETE', `/pools/${id}.json`);
      expect((await s.show(`/pools/${id}.json`)).is_deleted).toBe(true);
      await s.ok('POST', `/pools/${id}/undelete.json`);
      expect((await s.show(`/pools/${id}.json`)).is_deleted).toBe(false);
      expect((await s.send('DELETE', `/pools/${id}.json`, {}, 'member2')).status).toBe(403);
      await s.ok('DELETE', `/pools/${id}.json`, {}, 'moderator');
      expect((await s.send('POST', '/pools/987654/undelete.json')).status).toBe(404);
    });

    it('searches every parameter and sorts by search[order] (name, created_at, post_count, date)', async () => {
      const b = await pool('srt_bravo', { 'pool[category]': 'collection' });
      const a = await pool('srt_alpha', {}, 'gold');
      const c = await pool('srt_charlie');
      await s.ok('PUT', `/pools/${a}.json`, { 'pool[post_ids]': posts.join(' ') });
      await s.ok('PUT', `/pools/${b}.json`, { 'pool[post_ids]': String(posts[0]), 'pool[is_active]': '0' });
      const q = { 'search[name_matches]': 'srt_' };
      expect(ids(await s.list('/pools.json', { ...q, 'search[order]': 'name' }))).toEqual([a, b, c]);
      expect(ids(await s.list('/pools.json', { ...q, 'search[order]': 'created_at' }))).toEqual([c, a, b]);
      expect(ids(await s.list('/pools.json', { ...q, 'search[order]': 'post_count' }))).toEqual([a, b, c]);
      expect(ids(await s.list('/pools.json', { ...q, 'search[order]': 'date' }))).toEqual([b, a, c]);
      expect(ids(await s.list('/pools.json', { ...q, 'search[sort]': 'name' }))).toEqual([c, a, b]);
      expect(ids(await s.list('/pools.json', { 'search[name_matches]': 'srt_*o' }))).toEqual([b]);
      expect(ids(await s.list('/pools.json', { 'search[description_matches]': 'charlie desc' }))).toEqual([c]);
      expect(ids(await s.list('/pools.json', { ...q, 'search[creator_name]': 'conform_gold' }))).toEqual([a]);
      expect(ids(await s.list('/pools.json', { ...q, 'search[creator_id]': await s.userId('gold') }))).toEqual([a]);
      expect(ids(await s.list('/pools.json', { ...q, 'search[is_active]': 'false' }))).toEqual([b]);
      expect(ids(await s.list('/pools.json', { ...q, 'search[category]': 'collection' }))).toEqual([b]);
    });

    it('refuses a second pool of the same name (423)', async () => {
      await pool('unique_pool');
      expect((await s.send('POST', '/pools.json', { 'pool[name]': 'UNIQUE_POOL', 'pool[description]': 'd' })).status).toBe(423);
      const other = await pool('another_pool');
      expect((await s.send('PUT', `/pools/${other}.json`, { 'pool[name]': 'unique_pool' })).status).toBe(423);
    });

    it('records versions with updater and reverts exactly (the revert is a new version); foreign versions are 424', async () => {
      const id = await pool('rev_pool', { 'pool[category]': 'series' });
      await s.ok('PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${posts[0]} ${posts[1]}`, 'pool[description]': 'second' }, 'gold');
      await s.ok('PUT', `/pools/${id}.json`, { 'pool[name]': 'rev_pool_renamed', 'pool[is_active]': '0', 'pool[category]': 'collection' });
      const [v1, v2, v3] = await versionIds(s, '/pool_versions.json', 'pool_id', id);
      expect(v3).toBeDefined();
      expect(ids(await s.list('/pool_versions.json', { 'search[updater_name]': 'conform_gold', 'search[pool_id]': id }))).toEqual([v2]);
      expect(ids(await s.list('/pool_versions.json', { 'search[updater_id]': await s.userId('gold'), 'search[pool_id]': id }))).toEqual([v2]);
      await s.ok('PUT', `/pools/${id}/revert.json`, { version_id: v2! });
      expect(await s.show(`/pools/${id}.json`)).toMatchObject({ name: 'rev_pool', description: 'second', post_ids: `${posts[0]} ${posts[1]}`, is_active: true, category: 'series' });
      await s.ok('PUT', `/pools/${id}/revert.json`, { version_id: v1! });
      expect(await s.show(`/pools/${id}.json`)).toMatchObject({ name: 'rev_pool', description: 'rev_pool description', post_ids: '', is_active: true });
      const all = await s.list('/pool_versions.json', { 'search[pool_id]': id });
      expect(all).toHaveLength(5);
      expect(all[0]).toMatchObject({ version: 5, name: 'rev_pool', post_ids: '' });
      const other = await pool('rev_other');
      expect((await s.send('PUT', `/pools/${other}/revert.json`, { version_id: v3! })).status).toBe(424);
      expect((await s.show(`/pools/${other}.json`)).name).toBe('rev_other');
    });
  });
}

export function poolsB(server: () => Server): void {
  describe('pools (B)', () => {
    let s: Server;
    beforeAll(async () => {
      s = server();
    });

    it('sorts by search[sort] (name, date); category, is_active search and search[order] are A\'s and ignored', async () => {
      const z = await s.create('/pools.json', { 'pool[name]': 'b_zulu', 'pool[description]': 'd', 'pool[category]': 'collection' });
      const a = await s.create('/pools.json', { 'pool[name]': 'b_alpha', 'pool[description]': 'd' });
      await s.ok('PUT', `/pools/${z}.json`, { 'pool[is_active]': '0' });
      const q = { 'search[name_matches]': 'b_' };
      expect(ids(await s.list('/pools.json', { ...q, 'search[sort]': 'name' }))).toEqual([a, z]);
      expect(ids(await s.list('/pools.json', { ...q, 'search[sort]': 'date' }))).toEqual([z, a]);
      expect((await s.get('/pools.json', { ...q, 'search[sort]': 'post_count' })).status).toBe(424);
      expect(ids(await s.list('/pools.json', { ...q, 'search[order]': 'name' }))).toEqual([a, z]);
      expect(ids(await s.list('/pools.json', { ...q, 'search[is_active]': 'true' }))).toEqual([a, z]);
      expect(await s.show(`/pools/${z}.json`)).not.toHaveProperty('category');
    });
  });
}
