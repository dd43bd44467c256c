/** `comments/*`: the lifecycle of a comment, its searches, and do_not_bump_post. */
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { recordId } from '../formats.ts';
import { make, makePost } from '../world.ts';
import { field, idOf, listIds, show, succeed, text, withMarkup } from './support/calls.ts';
import { expectDeleted } from './support/deletion.ts';
import { expectReadBack } from './support/read-back.ts';
import { listedFor } from './support/pages.ts';
import { compareTimes, nextSecondWhenCoarse } from './support/times.ts';

export const comment_lifecycle = defineCheck({
  id: 'comments/lifecycle', fn: 'comment_lifecycle', resource: 'comments',
  description: 'a comment can be created, shown, updated (through the JSON and the XML path) and deleted', requirements: ['IB-4-comments-lifecycle'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    // Created with the characters forms, JSON and XML each treat specially: read back as sent.
    const createdWord = ctx.unique('created');
    const createdBody = withMarkup(createdWord);
    const id = await idOf(ctx, await succeed(ctx, 'comments.create', { fields: { post_id: post.id, body: createdBody } }, 'the comment'), 'comment', { list: 'comments.list', fields: { body_matches: createdWord } });
    // Shown and listed, in JSON and in XML, as sent.
    const created = text(field(await expectReadBack(ctx, { show: 'comments.show', id, list: 'comments.list', search: { body_matches: createdWord } }, { body: createdBody }, 'the comment as created'), 'body', 'comment'));
    if (created !== createdBody) fail(`the comment body is "${created}" as created`, { expected: createdBody, actual: created });
    const word = ctx.unique('edited');
    const body = withMarkup(word);
    await succeed(ctx, 'comments.update', { path: { id }, fields: { body } }, 'the comment update');
    const shown = text(field(await show(ctx, 'comments.show', id), 'body', 'comment'));
    if (shown !== body) fail(`the comment body is "${shown}" after the update`, { expected: body, actual: shown });
    // Again to the XML path: a write to either path is the same write.
    const lastWord = ctx.unique('edited in xml');
    const again = withMarkup(lastWord);
    await succeed(ctx, 'comments.update', { path: { id }, fields: { body: again }, format: 'xml' }, 'the comment update (XML)');
    const shownAgain = text(field(await show(ctx, 'comments.show', id), 'body', 'comment'));
    if (shownAgain !== again) fail(`the comment body is "${shownAgain}" after an update sent to the XML path`, { expected: again, actual: shownAgain });
    await succeed(ctx, 'comments.delete', { path: { id } }, 'the comment delete');
    // Searched by the word of the body it has now.
    await expectDeleted(ctx, { id, show: 'comments.show', list: 'comments.list', search: { body_matches: lastWord } });
  },
});

export const comment_creator_name_is_exact = defineCheck({
  id: 'comments/creator-name-exact', fn: 'comment_creator_name_is_exact', resource: 'comments',
  description: 'search[creator_name] on comments matches the exact name only', requirements: ['IB-4-comments-creator-name'], readOnly: false,
  async run(ctx) {
    const id = await make.comment(ctx, (await makePost(ctx)).id);
    const name = ctx.accounts.actor.name;
    // The actor's comments of every run so far: on as many pages as it takes to come to this one (INT-list-pages).
    const exact = await listedFor(ctx, 'comments.list', { creator_name: name }, [id], []);
    if (!exact.includes(id)) fail(`search[creator_name]=${name} does not find the member's comment ${id}`, { expected: `comment ${id}`, actual: JSON.stringify(exact) });
    const partial = await listedFor(ctx, 'comments.list', { creator_name: name.slice(0, -1) }, [], [id]);
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

/** Where the comment listing puts a post, and when it was last bumped, as far as the target shows them (INT-do-not-bump). */
async function bumpState(ctx: CheckContext, posts: readonly number[]): Promise<{ order?: number[]; bumped: (string | undefined)[] }> {
  const reply = await succeed(ctx, 'comments.list', { fields: { group_by: undefined } }, 'the comment listing (without group_by)');
  // A listing of posts (INT-comments-group-by): records that are not comments (no body, no post_id).
  const listed = (reply.list() ?? []).filter((r) => !('body' in r) && !('post_id' in r)).map(recordId).filter((x): x is number => x !== undefined && posts.includes(x));
  const bumped: (string | undefined)[] = [];
  for (const id of posts) {
    const r = await show(ctx, 'posts.show', id);
    bumped.push(r.last_comment_bumped_at === undefined || r.last_comment_bumped_at === null ? undefined : text(r.last_comment_bumped_at));
  }
  return { ...(listed.length === posts.length ? { order: listed } : {}), bumped };
}

export const do_not_bump_post_keeps_the_post_in_place = defineCheck({
  id: 'comments/do-not-bump', fn: 'do_not_bump_post_keeps_the_post_in_place', resource: 'comments',
  description: 'a comment with comment[do_not_bump_post]=1 does not move its post to the top of the comment listing', requirements: ['IB-4-comments-do-not-bump'], readOnly: false,
  exclusive: 'reads where its posts stand in the comment listing of all posts, which every comment another check makes moves',
  async run(ctx) {
    const [below, top] = [await makePost(ctx), await makePost(ctx)];
    const comment = (post: number, extra: Record<string, string> = {}) => succeed(ctx, 'comments.create', { fields: { post_id: post, body: ctx.unique('bump'), ...extra } }, `a comment${extra.do_not_bump_post ? ' with do_not_bump_post=1' : ''}`);
    await comment(below.id);
    await comment(top.id);
    const before = await bumpState(ctx, [top.id, below.id]);
    // A bump is seen as a later time: past the second a time written to the second shows (INT-time-format).
    await nextSecondWhenCoarse(ctx, before.bumped[1]);
    const quiet = await comment(below.id, { do_not_bump_post: '1' });
    const after = await bumpState(ctx, [top.id, below.id]);
    let observed = false;
    if (before.order && after.order && before.order[0] === top.id) {
      observed = true;
      if (after.order[0] !== top.id) fail(`a comment with do_not_bump_post=1 moved post ${below.id} above post ${top.id} in the comment listing`, { expected: `post ${top.id} first`, actual: JSON.stringify(after.order) });
    }
    if (before.bumped[1] !== undefined && after.bumped[1] !== undefined) {
      observed = true;
      if (compareTimes(after.bumped[1], before.bumped[1]) !== 0) fail(`a comment with do_not_bump_post=1 moved last_comment_bumped_at of post ${below.id}`, { expected: before.bumped[1], actual: after.bumped[1] });
    }
    if (!observed) skip('the target shows neither a comment listing of posts nor last_comment_bumped_at, so where a post stands in the comment listing cannot be observed (INT-do-not-bump)');
    // An update with do_not_bump_post=1 ("as above") leaves the post where it stands too.
    const quietId = quiet.createdId();
    if (quietId !== undefined) {
      await nextSecondWhenCoarse(ctx, after.bumped[1]);
      await succeed(ctx, 'comments.update', { path: { id: quietId }, fields: { body: ctx.unique('edited quietly'), do_not_bump_post: '1' } }, 'a comment update with do_not_bump_post=1');
      const edited = await bumpState(ctx, [top.id, below.id]);
      if (after.order && edited.order && after.order[0] === top.id && edited.order[0] !== top.id) fail(`a comment update with do_not_bump_post=1 moved post ${below.id} above post ${top.id} in the comment listing`, { expected: `post ${top.id} first`, actual: JSON.stringify(edited.order) });
      if (after.bumped[1] !== undefined && edited.bumped[1] !== undefined && compareTimes(edited.bumped[1], after.bumped[1]) !== 0) fail(`a comment update with do_not_bump_post=1 moved last_comment_bumped_at of post ${below.id}`, { expected: after.bumped[1], actual: edited.bumped[1] });
    }
    // And the other values: the unset value 0, and no parameter at all, bump the post (the latter is also the
    // control: otherwise the above proved nothing). Each time the other post is bumped first, so a move is seen.
    let last = after;
    for (const extra of [{ do_not_bump_post: '0' }, {}] as Record<string, string>[]) {
      await comment(top.id);
      const between = await bumpState(ctx, [top.id, below.id]);
      await nextSecondWhenCoarse(ctx, between.bumped[1] ?? last.bumped[1]);
      await comment(below.id, extra);
      const bumped = await bumpState(ctx, [top.id, below.id]);
      const movedTime = bumped.bumped[1] !== undefined && (between.bumped[1] === undefined || compareTimes(bumped.bumped[1], between.bumped[1]) !== 0);
      const moved = (bumped.order !== undefined && bumped.order[0] === below.id) || movedTime;
      const how = extra.do_not_bump_post === undefined ? 'without do_not_bump_post' : `with do_not_bump_post=${extra.do_not_bump_post}`;
      if (!moved) fail(`a comment ${how} does not move post ${below.id} to the top of the comment listing`, { expected: 'the post bumped', actual: 'unchanged' });
      last = bumped;
    }
  },
});

export const comment_update_with_do_not_bump_sets_the_body = defineCheck({
  id: 'comments/update-with-do-not-bump', fn: 'comment_update_with_do_not_bump_sets_the_body', resource: 'comments',
  description: 'an update of comment[body] carrying comment[do_not_bump_post] (each value) sets the body', requirements: ['IB-4-comments-lifecycle'], readOnly: false,
  async run(ctx) {
    const id = await make.comment(ctx, (await makePost(ctx)).id);
    const values = ctx.target.paramName(ctx.target.operation('comments.update'), 'do_not_bump_post').values ?? ['1', '0'];
    for (const do_not_bump_post of values) {
      const body = ctx.unique('edited');
      await succeed(ctx, 'comments.update', { path: { id }, fields: { body, do_not_bump_post } }, `the comment update with do_not_bump_post=${do_not_bump_post}`);
      const shown = text(field(await show(ctx, 'comments.show', id), 'body', 'comment'));
      if (shown !== body) fail(`the comment body is "${shown}" after an update with do_not_bump_post=${do_not_bump_post}`, { expected: body, actual: shown });
    }
  },
});

export function checks(): Check[] {
  return [
    comment_lifecycle,
    comment_creator_name_is_exact,
    comment_post_id_search,
    do_not_bump_post_keeps_the_post_in_place,
    comment_update_with_do_not_bump_sets_the_body,
  ];
}
