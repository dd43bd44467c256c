import { beforeAll, describe, expect, it } from 'vitest';
import type { Rec, Server } from './helpers.ts';
import { ids, versionIds } from './helpers.ts';

export function artistsA(server: () => Server): void {
  describe('artists (A)', () => {
    let s: Server;
    beforeAll(async () => {
      s = server();
    });

    async function artist(fields: Record<string, string>, who: 'member' | 'gold' = 'member'): Promise<number> {
      return s.create('/artists.json', Object.fromEntries(Object.entries(fields).map(([k, v]) => [`artist[${k}]`, v])), who);
    }
    const byName = async (value: string) => ids(await s.list('/artists.json', { 'search[name]': value }));

    it('creates an artist whose record shows the writable fields, other names split at commas and URLs at whitespace', async () => {
      const id = await artist({ name: 'kaze', other_names_comma: 'wind, 風,  gale', group_name: 'storm_club', url_string: 'https://a.example/kaze\nhttp://b.example/k  https://c.example/x' });
      const r = await s.show(`/artists/${id}.json`);
      expect(r).toMatchObject({ id, name: 'kaze', other_names_comma: 'wind, 風,  gale', group_name: 'storm_club', is_active: true, is_banned: false });
      expect(r.other_names).toEqual(['wind', '風', 'gale']);
      expect(r.urls).toEqual(['https://a.example/kaze', 'http://b.example/k', 'https://c.example/x']);
      expect(r).toHaveProperty('creator_id');
      expect(r).toHaveProperty('created_at');
    });

    it('applies each search[name] prefix rule', async () => {
      const a = await artist({ name: 'pr_alpha', other_names_comma: 'pr_beta_alias', group_name: 'pr_group', url_string: 'https://pixiv.example/u/1 https://x.example/alpha' });
      const b = await artist({ name: 'pr_beta', other_names_comma: 'pr_other', group_name: 'pr_group2', url_string: 'https://x.example/beta' });
      expect(await byName('https://x.example/alpha')).toEqual([a]);
      expect((await byName('https://x.example/')).sort()).toEqual([a, b].sort());
      expect(await byName('name:pr_beta')).toEqual([b]);
      expect(await byName('name:PR_ALPHA')).toEqual([a]);
      expect(await byName('name:pr_beta_alias')).toEqual([]);
      expect(await byName('other:pr_beta_alias')).toEqual([a]);
      expect(await byName('other:pr_beta')).toEqual([]);
      expect(await byName('group:pr_group')).toEqual([a]);
      expect(await byName('group:pr_group*').then((x) => x.sort())).toEqual([a, b].sort());
      expect(await byName('pr_other')).toEqual([b]);
      expect(await byName('pr_beta_alias')).toEqual([a]);
      expect((await byName('pr_*')).length).toBeGreaterThanOrEqual(2);
    });

    it('status:banned and /artists/banned list the banned artists only (is_banned is set in the database)', async () => {
      const banned = await artist({ name: 'banned_one' });
      await artist({ name: 'free_one' });
      expect(await byName('status:banned')).toEqual([]);
      expect(await s.list('/artists/banned.json')).toEqual([]);
      await s.db.query('UPDATE artists SET is_banned = true WHERE id = $1', [banned]);
      expect(await byName('status:banned')).toEqual([banned]);
      expect(ids(await s.list('/artists/banned.json'))).toEqual([banned]);
      expect(ids(await s.list('/artists.json', { 'search[is_banned]': 'true' }))).toEqual([banned]);
      expect(ids(await s.list('/artists.json', { 'search[is_banned]': 'false' }))).not.toContain(banned);
      const xmlBody = (await s.get('/artists/banned.xml')).text;
      expect(xmlBody).toContain('<name>banned_one</name>');
    });

    it('searches id, creator, is_active and empty_only', async () => {
      const id = await artist({ name: 'painter_with_posts' });
      const empty = await artist({ name: 'painter_without_posts' });
      // A post tagged with the artist's name counts; one no longer tagged with it does not.
      const retagged = await s.post('painter_with_posts scenery');
      await s.ok('PUT', `/posts/${retagged}.json`, { 'post[tag_string]': 'scenery' });
      await s.post('painter_with_posts scenery');
      expect(ids(await s.list('/artists.json', { 'search[id]': id }))).toEqual([id]);
      const painters = { 'search[name]': 'name:painter_*' };
      const gold = await artist({ name: 'painter_gold' }, 'gold');
      expect(ids(await s.list('/artists.json', { ...painters, 'search[creator_name]': 'CONFORM_MEMBER' }))).toEqual([empty, id]);
      expect(ids(await s.list('/artists.json', { ...painters, 'search[creator_id]': await s.userId('member') }))).toEqual([empty, id]);
      expect(ids(await s.list('/artists.json', { ...painters, 'search[creator_name]': 'conform_gold' }))).toEqual([gold]);
      const emptyOnly = ids(await s.list('/artists.json', { 'search[empty_only]': 'true' }));
      expect(emptyOnly).toContain(empty);
      expect(emptyOnly).not.toContain(id);
      expect((await s.show(`/artists/${id}.json`)).post_count).toBe(1);
      expect(ids(await s.list('/artists.json', { ...painters, 'search[is_active]': 'false' }))).toEqual([]);
      expect(ids(await s.list('/artists.json', { ...painters, 'search[is_active]': 'true' }))).toEqual([gold, empty, id]);
    });

    it('sorts by search[order] (name, date) and ignores B\'s search[sort]', async () => {
      const z = await artist({ name: 'sort_zz' });
      const a = await artist({ name: 'sort_aa' });
      const m = await artist({ name: 'sort_mm' });
      const q = { 'search[name]': 'name:sort_*' };
      expect(ids(await s.list('/artists.json', { ...q, 'search[order]': 'name' }))).toEqual([a, m, z]);
      await s.ok('PUT', `/artists/${z}.json`, { 'artist[group_name]': 'touched' });
      expect(ids(await s.list('/artists.json', { ...q, 'search[order]': 'date' }))).toEqual([z, m, a]);
      expect(ids(await s.list('/artists.json', { ...q, 'search[sort]': 'name' }))).toEqual([m, a, z]);
    });

    it('refuses a second artist of the same name with 423, and a name-less one with 420', async () => {
      await artist({ name: 'only_once' });
      const dup = await s.send('POST', '/artists.json', { 'artist[name]': 'Only_Once' });
      expect(dup.status).toBe(423);
      expect(dup.body).toMatchObject({ success: false });
      expect((await s.send('POST', '/artists.json', { 'artist[group_name]': 'g' })).status).toBe(420);
      expect((await s.send('POST', '/artists.json', { 'artist[name]': '  ' })).status).toBe(420);
      expect(await byName('name:only_once')).toHaveLength(1);
    });

    it('deletes an artist (A): gone from show and searches; unknown ids are 404', async () => {
      const id = await artist({ name: 'to_delete' });
      await s.ok('DELETE', `/artists/${id}.json`);
      expect((await s.get(`/artists/${id}.json`)).status).toBe(404);
      expect(await byName('name:to_delete')).toEqual([]);
      expect((await s.send('DELETE', `/artists/${id}.json`)).status).toBe(404);
      expect((await s.send('DELETE', '/artists/987654.json')).status).toBe(404);
      // The name is free again.
      await artist({ name: 'to_delete' });
    });

    it('records every change as a version and reverts exactly, recording the revert', async () => {
      const id = await artist({ name: 'rev_a', other_names_comma: 'x1,x2', group_name: 'g1', url_string: 'https://u.example/1' });
      await s.ok('PUT', `/artists/${id}.json`, { 'artist[name]': 'rev_b', 'artist[other_names_comma]': 'y1', 'artist[url_string]': 'https://u.example/2\nhttps://u.example/3' });
      const [v1, v2] = await versionIds(s, '/artist_versions.json', 'artist_id', id);
      expect(v2).toBeDefined();
      const versions = await s.list('/artist_versions.json', { 'search[artist_id]': id });
      const updaterId = await s.userId('member');
      expect(versions.every((v) => v.updater_id === updaterId && typeof v.created_at === 'string')).toBe(true);
      await s.ok('PUT', `/artists/${id}/revert.json`, { version_id: v1! }, 'gold');
      const r = await s.show(`/artists/${id}.json`);
      expect(r).toMatchObject({ name: 'rev_a', other_names_comma: 'x1,x2', other_names: ['x1', 'x2'], group_name: 'g1', url_string: 'https://u.example/1', urls: ['https://u.example/1'] });
      const after = await s.list('/artist_versions.json', { 'search[artist_id]': id });
      expect(after).toHaveLength(3);
      expect(after[0]).toMatchObject({ name: 'rev_a', updater_id: await s.userId('gold'), version: 3 });
      expect(ids(await s.list('/artist_versions.json', { 'search[name]': 'rev_b' }))).toEqual([v2]);
      expect(ids(await s.list('/artist_versions.json', { 'search[updater_id]': await s.userId('gold') }))).toContain(after[0]!.id);
      expect((await s.list('/artist_versions.json', { 'search[is_banned]': 'true', 'search[artist_id]': id }))).toEqual([]);
      expect(ids(await s.list('/artist_versions.json', { 'search[artist_id]': id, 'search[order]': 'name' }))[0]).toBe(after.find((v) => v.name === 'rev_a')!.id);
    });

    it('refuses a version of another artist with 424 and changes nothing', async () => {
      const a = await artist({ name: 'own_a' });
      const b = await artist({ name: 'own_b' });
      const [vb] = await versionIds(s, '/artist_versions.json', 'artist_id', b);
      const res = await s.send('PUT', `/artists/${a}/revert.json`, { version_id: vb! });
      expect(res.status).toBe(424);
      expect((await s.show(`/artists/${a}.json`)).name).toBe('own_a');
      expect(await versionIds(s, '/artist_versions.json', 'artist_id', a)).toHaveLength(1);
    });
  });
}

export function artistsB(server: () => Server): void {
  describe('artists (B)', () => {
    let s: Server;
    beforeAll(async () => {
      s = server();
    });

    it('takes artist[is_active] as 1 or 0 and sorts by search[sort]', async () => {
      const z = await s.create('/artists.json', { 'artist[name]': 'b_zz', 'artist[is_active]': '0' });
      const a = await s.create('/artists.json', { 'artist[name]': 'b_aa' });
      expect((await s.show(`/artists/${z}.json`)).is_active).toBe(false);
      expect((await s.show(`/artists/${a}.json`)).is_active).toBe(true);
      await s.ok('PUT', `/artists/${z}.json`, { 'artist[is_active]': '1' });
      expect((await s.show(`/artists/${z}.json`)).is_active).toBe(true);
      expect((await s.send('PUT', `/artists/${z}.json`, { 'artist[is_active]': 'true' })).status).toBe(424);
      const q = { 'search[name]': 'name:b_*' };
      expect(ids(await s.list('/artists.json', { ...q, 'search[sort]': 'name' }))).toEqual([a, z]);
      expect(ids(await s.list('/artists.json', { ...q, 'search[sort]': 'date' }))).toEqual([z, a]);
      // A's sort key does not exist in B: ignored (INT-cross-variant).
      expect(ids(await s.list('/artists.json', { ...q, 'search[order]': 'name' }))).toEqual([a, z]);
      // A's searches do not exist either.
      expect(ids(await s.list('/artists.json', { ...q, 'search[is_active]': 'false' })).sort()).toEqual([a, z].sort());
    });

    it('has no artist delete and no artist versions listing; revert still takes a version id', async () => {
      const id = await s.create('/artists.json', { 'artist[name]': 'b_keep', 'artist[group_name]': 'g1' });
      const del = await s.send('DELETE', `/artists/${id}.json`);
      expect(del.status).toBe(404);
      expect(del.body).toMatchObject({ success: false });
      expect((await s.get('/artist_versions.json')).status).toBe(404);
      await s.ok('PUT', `/artists/${id}.json`, { 'artist[group_name]': 'g2' });
      const rows = await s.db.query<{ id: number }>('SELECT id FROM artist_versions WHERE artist_id = $1 ORDER BY id', [id]);
      await s.ok('PUT', `/artists/${id}/revert.json`, { version_id: rows[0]!.id });
      expect((await s.show(`/artists/${id}.json`)).group_name).toBe('g1');
      expect(((await s.show(`/artists/${id}.json`)) as Rec).name).toBe('b_keep');
    });
  });
}
