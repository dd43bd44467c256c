import { beforeAll, describe, expect, it } from 'vitest';
import type { Server } from './helpers.ts';
import { createTopic, ids } from './helpers.ts';

export function forumTopics(server: () => Server): void {
  describe('forum topics', () => {
    let s: Server;
    let A: boolean;
    beforeAll(() => {
      s = server();
      A = s.variant === 'A';
    });
    const topic = (title: string, body: string, extra: Record<string, string> = {}, who: 'member' | 'gold' = 'member') => createTopic(s, title, body, extra, who);

    it('creates a topic with its original post, listed by search[topic_id]', async () => {
      const id = await topic('Fr first topic', 'hello forum', A ? { 'forum_topic[category_id]': '2' } : {});
      const t = await s.show(`/forum_topics/${id}.json`);
      expect(t).toMatchObject({ id, title: 'Fr first topic', body: 'hello forum', post_count: 1, is_deleted: false });
      if (A) expect(t.category_id).toBe(2);
      else expect(t).not.toHaveProperty('category_id');
      const posts = await s.list('/forum_posts.json', { 'search[topic_id]': id });
      expect(posts).toHaveLength(1);
      expect(posts[0]).toMatchObject({ topic_id: id, body: 'hello forum', id: t.original_post_id });
    });

    it('needs a title and a body (420)', async () => {
      expect((await s.send('POST', '/forum_topics.json', { 'forum_topic[original_post_attributes][body]': 'b' })).status).toBe(420);
      expect((await s.send('POST', '/forum_topics.json', { 'forum_topic[title]': 'fr no body' })).status).toBe(420);
      expect(await s.list('/forum_topics.json', { 'search[title]': 'fr no body' })).toEqual([]);
    });

    it('updates topics (creator or moderator only)', async () => {
      const id = await topic('fr to rename', 'original body');
      await s.ok('PUT', `/forum_topics/${id}.json`, { 'forum_topic[title]': 'fr renamed', ...(A ? { 'forum_topic[category_id]': '1' } : {}) });
      expect(await s.show(`/forum_topics/${id}.json`)).toMatchObject({ title: 'fr renamed', ...(A ? { category_id: 1 } : {}) });
      expect((await s.send('PUT', `/forum_topics/${id}.json`, { 'forum_topic[title]': 'hijack' }, 'member2')).status).toBe(403);
    });

    it('deletes and undeletes topics, keeping them with is_deleted (INT-transitions)', async () => {
      const id = await topic('fr lifecycle', 'lifecycle body');
      await s.ok('DELETE', `/forum_topics/${id}.json`);
      expect((await s.show(`/forum_topics/${id}.json`)).is_deleted).toBe(true);
      expect(ids(await s.list('/forum_topics.json', { 'search[title]': 'fr lifecycle' }))).toEqual([id]);
      await s.ok('POST', `/forum_topics/${id}/undelete.json`);
      expect((await s.show(`/forum_topics/${id}.json`)).is_deleted).toBe(false);
      expect((await s.send('DELETE', '/forum_topics/987654.json')).status).toBe(404);
      expect((await s.send('POST', '/forum_topics/987654/undelete.json')).status).toBe(404);
    });

    it('searches topics', async () => {
      const t1 = await topic('fr search apples', 'about fruit', A ? { 'forum_topic[category_id]': '1' } : {}, 'gold');
      const t2 = await topic('fr search pears', 'about other fruit');
      expect(ids(await s.list('/forum_topics.json', { 'search[title_matches]': 'fr search' }))).toEqual([t2, t1]);
      expect(ids(await s.list('/forum_topics.json', { 'search[title]': 'fr search apples' }))).toEqual([t1]);
      expect(ids(await s.list('/forum_topics.json', { 'search[title]': 'fr search' }))).toEqual([]);
      const byCategory = ids(await s.list('/forum_topics.json', { 'search[title_matches]': 'fr search', 'search[category_id]': '1' }));
      expect(byCategory).toEqual(A ? [t1] : [t2, t1]);
    });
  });
}
