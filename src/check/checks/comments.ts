/** `comments/*`: the lifecycle of a comment, its searches, and do_not_bump_post. */
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { make, makePost } from '../world.ts';
import { field, listIds, show, succeed, text } from './support/calls.ts';
import { expectDeleted } from './support/deletion.ts';

export const comment_lifecycle = defineCheck({
  id: 'comments/lifecycle', fn: 'comment_lifecycle', resource: 'comments',
  description: 'a comment can be created, shown, updated and deleted', requirements: ['IB-4-comments-lifecycle'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    const id = await make.comment(ctx, post.id);
    const body = ctx.unique('edited');
    await succeed(ctx, 'comments.update', { path: { id }, fields: { body } }, 'the comment update');
    const shown = text(field(await show(ctx, 'comments.show', id), 'body', 'comment'));
    if (shown !== body) fail(`the comment body is "${shown}" after the update`, { expected: body, actual: shown });
    await succeed(ctx, 'comments.delete', { path: { id } }, 'the comment delete');
    await expectDeleted(ctx, { id, show: 'comments.show', list: 'comments.list', search: { body_matches: body } });
  },
});

export const comment_creator_name_is_exact = defineCheck({
  id: 'comments/creator-name-exact', fn: 'comment_creator_name_is_exact', resource: 'comments',
  description: 'search[creator_name] on comments matches the exact name only', requirements: ['IB-4-comments-creator-name'], readOnly: false,
  async run(ctx) {
    const id = await make.comment(ctx, (await makePost(ctx)).id);
    const name = ctx.accounts.actor.name;
    const exact = await listIds(ctx, 'comments.list', { creator_name: name });
    if (!exact.includes(id)) fail(`search[creator_name]=${name} does not find the member's comment ${id}`, { expected: `comment ${id}`, actual: JSON.stringify(exact) });
    const partial = await listIds(ctx, 'comments.list', { creator_name: name.slice(0, -1) });
    if (partial.includes(id)) fail(`search[creator_name]=${name.slice(0, -1)} (a prefix) finds comment ${id}`, { expected: 'exact match only', actual: JSON.stringify(partial) });
  },
});

export const comment_post_id_search = defineCheck({
  id: 'comments/post-id', fn: 'comment_post_id_search', resource: 'comments',
  description: 'search[post_id] on comments selects the comments of that post', requirements: ['IB-4-comments-post-id-A'], readOnly: false,
  async run(ctx) {
    const [p1, p2] = [await makePost(ctx), await makePost(ctx)];
    const c1 = await make.comment(ctx, p1.id);
    const c2 = await make.comment(ctx, p2.id);
    const got = await listIds(ctx, 'comments.list', { post_id: p1.id });
    if (!got.includes(c1) || got.includes(c2)) fail(`search[post_id]=${p1.id} returned ${JSON.stringify(got)}`, { expected: `comment ${c1} and not ${c2}`, actual: JSON.stringify(got) });
  },
});

export const do_not_bump_post_is_accepted = defineCheck({
  id: 'comments/do-not-bump', fn: 'do_not_bump_post_is_accepted', resource: 'comments',
  description: 'comment[do_not_bump_post]=1 is accepted', requirements: ['IB-4-comments-do-not-bump'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    await succeed(ctx, 'comments.create', { fields: { post_id: post.id, body: ctx.unique('quiet'), do_not_bump_post: '1' } }, 'a comment with do_not_bump_post=1');
  },
});

export function checks(): Check[] {
  return [
    comment_lifecycle,
    comment_creator_name_is_exact,
    comment_post_id_search,
    do_not_bump_post_is_accepted,
  ];
}
