/**
 * `forum_topics/*`: a topic has its original post; a topic is deleted and undeleted; the fields read
 * back as written. Two of these act on forum posts too (the original post, forum_post[body]): their
 * main record is the topic.
 */
import type { Variant } from '../../../specs/model/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { field, idOf, listIds, records, succeed, text, withMarkup } from './support/calls.ts';
import { deletedAndUndeleted, findable } from './support/deletion.ts';
import { CREATE_FORMATS, expectReadBack, updateAndReadBack, updateEachAlone } from './support/read-back.ts';
import { othersThan } from './support/recipes.ts';

export const topic_has_its_original_post = defineCheck({
  id: 'forum_topics/original-post', fn: 'topic_has_its_original_post', resource: 'forum_topics',
  description: 'a topic created with an original post body has that forum post, listed by forum_posts search[topic_id]', requirements: ['IB-4-forum-original-post'], readOnly: false,
  async run(ctx) {
    const title = ctx.unique('topic');
    const body = ctx.unique('opening words');
    const reply = await succeed(ctx, 'forum_topics.create', { fields: { title, body } }, 'creating a topic');
    const topic = reply.createdId() ?? (await listIds(ctx, 'forum_topics.list', { title }))[0];
    if (topic === undefined) skip('the new topic cannot be found');
    const posts = records(await succeed(ctx, 'forum_posts.list', { fields: { topic_id: topic } }, 'forum_posts.list by topic'), 'forum_posts.list');
    if (posts.length !== 1) fail(`the new topic has ${posts.length} posts`, { expected: '1 (the original post)', actual: String(posts.length) });
    const shown = text(field(posts[0], 'body', 'forum post'));
    if (shown !== body) fail(`the original post reads "${shown}"`, { expected: body, actual: shown });
  },
});

export const topic_delete_and_undelete = defineCheck({
  id: 'forum_topics/topic-delete-undelete', fn: 'topic_delete_and_undelete', resource: 'forum_topics',
  ...deletedAndUndeleted('a forum topic', findable.topic, ['forum_topics.delete', 'forum_topics.undelete'], 'IB-3-forum_topics-delete-undelete'),
});

export function forum_fields_are_stored_as_sent(variant: Variant): Check {
  return defineCheck({
    id: 'forum_topics/fields', fn: 'forum_fields_are_stored_as_sent', resource: 'forum_topics',
    description: `forum_topic[title]${variant === 'A' ? ' and forum_topic[category_id] (each value)' : ''} and forum_post[body] of the topic's first post read back as written`, requirements: ['IB-4-forum-fields'], readOnly: false,
    async run(ctx) {
      const categories = variant === 'A' ? ctx.target.paramName(ctx.target.operation('forum_topics.update'), 'category_id').values! : [];
      // Created through the XML path and then the JSON path: a create through either is the same create.
      let id = 0;
      let created: { title: string; body: string; category_id?: string } = { title: '', body: '' };
      for (const format of CREATE_FORMATS) {
        // The title with the characters XML and forms treat specially, found by its word.
        const word = ctx.unique('topic');
        created = { title: withMarkup(word), body: withMarkup(ctx.unique('first words')), ...(categories[1] ? { category_id: categories[1] } : {}) };
        id = await idOf(ctx, await succeed(ctx, 'forum_topics.create', { fields: created, format }, `creating a topic (${format})`), 'forum topic', { list: 'forum_topics.list', fields: { title_matches: word } });
        const { body: _body, ...topicFields } = created;
        await expectReadBack(ctx, { id, show: 'forum_topics.show', list: 'forum_topics.list', search: { title_matches: word } }, topicFields, `topic ${id} as created (${format})`);
      }
      for (const category_id of categories.length ? categories : [undefined]) {
        const updated = { title: ctx.unique('renamed topic'), ...(category_id !== undefined ? { category_id } : {}) };
        await updateAndReadBack(ctx, 'forum_topics.update', { id, show: 'forum_topics.show' }, updated, `topic ${id}`);
      }
      // Each field alone: the other kept.
      await updateEachAlone(ctx, 'forum_topics.update', { id, show: 'forum_topics.show' }, { title: ctx.unique('title alone'), ...(categories[0] !== undefined ? { category_id: categories[0] } : {}) }, `topic ${id}`);
      const post = (await listIds(ctx, 'forum_posts.list', { topic_id: id }))[0];
      if (post === undefined) skip(`the first post of topic ${id} is not listed by search[topic_id]`);
      // The first post says what the topic was created with.
      await expectReadBack(ctx, { id: post, list: 'forum_posts.list', search: { topic_id: id } }, { body: created.body }, `the first post of topic ${id}`);
      const body = withMarkup(ctx.unique('edited post'));
      await updateAndReadBack(ctx, 'forum_posts.update', { id: post, list: 'forum_posts.list', search: { topic_id: id } }, { body }, `forum post ${post}`);
      // By another account: whether it may is not stated, but an update answered as a success is made.
      const other = othersThan(ctx, ctx.accounts.actor)[0];
      if (!other) return;
      // With each of the two methods that authenticate every request (section 5, items 2 and 4).
      for (const auth of ['api_key', 'basic'] as const) {
        const byOther = withMarkup(ctx.unique('edited by another'));
        const reply = await ctx.target.call('forum_posts.update', { path: { id: post }, fields: { body: byOther }, as: other, auth });
        ctx.note(reply);
        if (reply.ok) await expectReadBack(ctx, { id: post, list: 'forum_posts.list', search: { topic_id: id } }, { body: byOther }, `forum post ${post} as updated by ${other.name} (${auth}, answered ${reply.status})`);
      }
    },
  });
}

export function checks(variant: Variant): Check[] {
  return [topic_has_its_original_post, topic_delete_and_undelete, forum_fields_are_stored_as_sent(variant)];
}
