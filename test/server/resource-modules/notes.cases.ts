import { beforeAll, describe, expect, it } from 'vitest';
import type { Server } from './helpers.ts';
import { ids, versionIds } from './helpers.ts';

const box = (postId: number, body: string, x = 10) => ({
  'note[post_id]': postId, 'note[x]': x, 'note[y]': 20, 'note[width]': 30, 'note[height]': 40, 'note[body]': body,
});

export function notesA(server: () => Server): void {
  describe('notes (A)', () => {
    let s: Server;
    let post: number;
    let other: number;
    beforeAll(async () => {
      s = server();
      post = await s.post('annotated_post sky');
      other = await s.post('plain_post');
    });

    it('creates with POST /notes (INT-notes-create-path), shows, updates and deletes a note', async () => {
      const id = await s.create('/notes.json', box(post, 'hello note'));
      expect(await s.show(`/notes/${id}.json`)).toMatchObject({ id, post_id: post, x: 10, y: 20, width: 30, height: 40, body: 'hello note', is_active: true });
      await s.ok('PUT', `/notes/${id}.json`, { 'note[x]': 5, 'note[body]': 'moved note' });
      expect(await s.show(`/notes/${id}.json`)).toMatchObject({ x: 5, y: 20, body: 'moved note' });
      await s.ok('DELETE', `/notes/${id}.json`);
      expect((await s.get(`/notes/${id}.json`)).status).toBe(404);
      expect(ids(await s.list('/notes.json', { 'search[post_id]': post }))).not.toContain(id);
      expect((await s.send('PUT', `/notes/${id}.json`, { 'note[body]': 'x' })).status).toBe(404);
    });

    it('refuses a note on an unknown post (424) and an impossible box (420)', async () => {
      expect((await s.send('POST', '/notes.json', box(987654, 'nowhere'))).status).toBe(424);
      expect((await s.send('POST', '/notes.json', { ...box(post, 'thin'), 'note[width]': 0 })).status).toBe(420);
      expect((await s.send('POST', '/notes.json', { ...box(post, 'left'), 'note[x]': -1 })).status).toBe(420);
      expect(await s.list('/notes.json', { 'search[body_matches]': 'nowhere' })).toEqual([]);
    });

    it('searches body, post, post tags, creator name and id; group_by=note with search[post_id] lists one post\'s notes in order', async () => {
      const n1 = await s.create('/notes.json', box(post, 'first cloud'));
      const n2 = await s.create('/notes.json', box(post, 'second cloud'), 'gold');
      const n3 = await s.create('/notes.json', box(other, 'third cloud'));
      expect(ids(await s.list('/notes.json', { 'search[body_matches]': 'cloud' }))).toEqual([n3, n2, n1]);
      expect(ids(await s.list('/notes.json', { 'search[body_matches]': 'sec*cloud' }))).toEqual([n2]);
      expect(ids(await s.list('/notes.json', { 'search[post_tags_match]': 'annotated_post sky', 'search[body_matches]': 'cloud' }))).toEqual([n2, n1]);
      const clouds = { 'search[body_matches]': 'cloud' };
      expect(ids(await s.list('/notes.json', { ...clouds, 'search[creator_name]': 'conform_gold' }))).toEqual([n2]);
      expect(ids(await s.list('/notes.json', { ...clouds, 'search[creator_name]': 'conform_gol' }))).toEqual([]);
      expect(ids(await s.list('/notes.json', { ...clouds, 'search[creator_id]': await s.userId('gold') }))).toEqual([n2]);
      const grouped = ids(await s.list('/notes.json', { group_by: 'note', 'search[post_id]': post }));
      expect(grouped).toEqual([...grouped].sort((a, b) => a - b));
      expect(grouped).toEqual(expect.arrayContaining([n1, n2]));
      expect(grouped).not.toContain(n3);
      expect((await s.get('/notes.json', { group_by: 'post' })).status).toBe(424);
    });

    it('keeps note versions, reverts exactly and records the revert; a version of another note is 424', async () => {
      const id = await s.create('/notes.json', box(post, 'v1 body'));
      await s.ok('PUT', `/notes/${id}.json`, { 'note[body]': 'v2 body', 'note[width]': 99 }, 'member2');
      const [v1, v2] = await versionIds(s, '/note_versions.json', 'note_id', id);
      expect(v2).toBeGreaterThan(v1!);
      const versions = await s.list('/note_versions.json', { 'search[note_id]': id });
      expect(versions[0]).toMatchObject({ note_id: id, post_id: post, body: 'v2 body', width: 99, updater_id: await s.userId('member2'), version: 2 });
      expect(ids(await s.list('/note_versions.json', { 'search[updater_id]': await s.userId('member2') }))).toContain(v2);
      expect(ids(await s.list('/note_versions.json', { 'search[post_id]': post }))).toEqual(expect.arrayContaining([v1, v2]));
      await s.ok('PUT', `/notes/${id}/revert.json`, { version_id: v1! });
      expect(await s.show(`/notes/${id}.json`)).toMatchObject({ body: 'v1 body', width: 30, x: 10, y: 20, height: 40 });
      const after = await versionIds(s, '/note_versions.json', 'note_id', id);
      expect(after).toHaveLength(3);
      const otherNote = await s.create('/notes.json', box(other, 'other note'));
      expect((await s.send('PUT', `/notes/${otherNote}/revert.json`, { version_id: v1! })).status).toBe(424);
      expect((await s.show(`/notes/${otherNote}.json`)).body).toBe('other note');
    });

    it('copy_notes (A) still copies the active notes of a post', async () => {
      const from = await s.post('copy_from');
      const to = await s.post('copy_to');
      await s.create('/notes.json', box(from, 'copied note'));
      const gone = await s.create('/notes.json', box(from, 'deleted note'));
      await s.ok('DELETE', `/notes/${gone}.json`);
      await s.ok('PUT', `/posts/${from}/copy_notes.json`, { other_post_id: to });
      const copied = await s.list('/notes.json', { 'search[post_id]': to });
      expect(copied.map((n) => n.body)).toEqual(['copied note']);
    });
  });
}

export function notesB(server: () => Server): void {
  describe('notes (B)', () => {
    let s: Server;
    beforeAll(async () => {
      s = server();
    });

    it('serves notes and versions; group_by is A\'s and is ignored', async () => {
      const post = await s.post('b_post');
      const id = await s.create('/notes.json', box(post, 'b note'));
      expect(ids(await s.list('/notes.json', { group_by: 'whatever', 'search[post_id]': post }))).toEqual([id]);
      expect(await versionIds(s, '/note_versions.json', 'note_id', id)).toHaveLength(1);
      expect((await s.send('PUT', `/posts/${post}/copy_notes.json`, { other_post_id: post })).status).toBe(404);
    });
  });
}
