import { beforeAll, describe, expect, it } from 'vitest';
import type { Server } from './helpers.ts';
import { createTopic, ids } from './helpers.ts';

export function forumPosts(server: () => Server): void {
  describe('forum posts', () => {
    let s: Server;
    let A: boolean;
    beforeAll(() => {
      s = server();
      A = s.variant === 'A';
    });
    const topic = (title: string, body: string, extra: Record<string, string> = {}, who: 'member' | 'gold' = 'member') => createTopic(s, title, body, extra, who);
    /** The original post of a topic. */
    const firstPost = async (topicId: number) => ids(await s.list('/forum_posts.json', { 'search[topic_id]': topicId }))[0]!;

    it('refuses a forum post without a topic with 420 (INT-forum-post-topic)', async () => {
      const res = await s.send('POST', '/forum_posts.json', { 'forum_post[body]': 'orphan' });
      expect(res.status).toBe(420);
      expect(res.body).toMatchObject({ success: false });
      expect(await s.list('/forum_posts.json', { 'search[body_matches]': 'orphan' })).toEqual([]);
    });

    it('updates posts (creator or moderator only)', async () => {
      const id = await topic('fp to edit', 'original body');
      const post = await firstPost(id);
      await s.ok('PUT', `/forum_posts/${post}.json`, { 'forum_post[body]': 'edited body' });
      expect((await s.list('/forum_posts.json', { 'search[topic_id]': id }))[0]!.body).toBe('edited body');
      expect((await s.send('PUT', `/forum_posts/${post}.json`, { 'forum_post[body]': 'not mine' }, 'member2')).status).toBe(403);
      await s.ok('PUT', `/forum_posts/${post}.json`, { 'forum_post[body]': 'moderated' }, 'moderator');
      expect((await s.send('PUT', '/forum_posts/987654.json', { 'forum_post[body]': 'x' })).status).toBe(404);
    });

    it('deletes and undeletes posts, keeping them with is_deleted (INT-transitions)', async () => {
      const id = await topic('fp lifecycle', 'lifecycle body');
      const post = await firstPost(id);
      await s.ok('DELETE', `/forum_posts/${post}.json`);
      expect((await s.list('/forum_posts.json', { 'search[topic_id]': id }))[0]).toMatchObject({ id: post, is_deleted: true });
      await s.ok('POST', `/forum_posts/${post}/undelete.json`);
      expect((await s.list('/forum_posts.json', { 'search[topic_id]': id }))[0]).toMatchObject({ id: post, is_deleted: false });
      expect((await s.send('DELETE', `/forum_posts/${post}.json`, {}, 'member2')).status).toBe(403);
      expect((await s.send('DELETE', '/forum_posts/987654.json')).status).toBe(404);
      expect((await s.send('POST', '/forum_posts/987654/undelete.json')).status).toBe(404);
    });

    it('searches posts by creator, topic, topic title, topic category and body', async () => {
      const t1 = await topic('fp search apples', 'about fruit', A ? { 'forum_topic[category_id]': '1' } : {}, 'gold');
      const t2 = await topic('fp search pears', 'about other fruit');
      const q = { 'search[topic_title_matches]': 'fp search' };
      const p1 = await firstPost(t1);
      const p2 = await firstPost(t2);
      expect(ids(await s.list('/forum_posts.json', q))).toEqual([p2, p1]);
      expect(ids(await s.list('/forum_posts.json', { ...q, 'search[creator_name]': 'conform_gold' }))).toEqual([p1]);
      expect(ids(await s.list('/forum_posts.json', { ...q, 'search[creator_id]': await s.userId('gold') }))).toEqual([p1]);
      expect(ids(await s.list('/forum_posts.json', { ...q, 'search[body_matches]': 'other' }))).toEqual([p2]);
      const byCategory = ids(await s.list('/forum_posts.json', { ...q, 'search[topic_category_id]': '1' }));
      expect(byCategory).toEqual(A ? [p1] : [p2, p1]);
    });
  });
}
