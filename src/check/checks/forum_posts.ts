/** `forum_posts/*`: a forum post is deleted and undeleted. */
import type { Check } from '../check.ts';
import { defineCheck } from '../check.ts';
import { deletedAndUndeleted, findable } from './support/deletion.ts';

export const forum_post_delete_and_undelete = defineCheck({
  id: 'forum_posts/post-delete-undelete', fn: 'forum_post_delete_and_undelete', resource: 'forum_posts',
  ...deletedAndUndeleted('a forum post', findable.forumPost, ['forum_posts.delete', 'forum_posts.undelete'], 'IB-3-forum_posts-delete-undelete'),
});

export function checks(): Check[] {
  return [
    forum_post_delete_and_undelete,
  ];
}
