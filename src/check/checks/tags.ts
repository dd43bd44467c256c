/** `tags/*`: the tag searches of A (a list of exact names, hide_empty, category). */
import type { Check } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { makePost } from '../world.ts';
import { field, listIds, records, succeed, text } from './support/calls.ts';

export const tag_name_list_returns_exactly_those = defineCheck({
  id: 'tags/name-list', fn: 'tag_name_list_returns_exactly_those', resource: 'tags',
  description: 'search[name] on tags takes comma-separated exact names', requirements: ['IB-4-tags-name-list-A'], readOnly: false,
  async run(ctx) {
    const [a, b, c] = ['x', 'y', 'z'].map(() => ctx.unique('t').toLowerCase()) as [string, string, string];
    // ${a}${c} contains ${a}: only an exact match keeps it out.
    await makePost(ctx, `${a} ${b} ${a}${c}`);
    const names = records(await succeed(ctx, 'tags.list', { fields: { name: `${a},${b}` } }, 'tags by names'), 'tags.list').map((t) => text(field(t, 'name', 'tag')));
    if (names.sort().join() !== [a, b].sort().join()) fail(`search[name]=${a},${b} returned ${names.join(', ')}`, { expected: `${a}, ${b}`, actual: names.join(', ') });
  },
});

export const hide_empty_excludes_unused_tags = defineCheck({
  id: 'tags/hide-empty', fn: 'hide_empty_excludes_unused_tags', resource: 'tags',
  description: 'search[hide_empty]=yes excludes tags with 0 posts', requirements: ['IB-4-tags-hide-empty-A'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    const gone = ctx.unique('gone').toLowerCase();
    await succeed(ctx, 'posts.update', { path: { id: post.id }, fields: { tag_string: `${post.tag} ${gone}` } }, 'tagging');
    await succeed(ctx, 'posts.update', { path: { id: post.id }, fields: { tag_string: post.tag } }, 'untagging');
    // The baseline asks with hide_empty=no: the service family hides empty tags by default (A tag.rb:822 @cbf9d03).
    const shown = await listIds(ctx, 'tags.list', { name: gone, hide_empty: 'no' });
    if (shown.length === 0) skip(`the tag ${gone}, now on no post, is not listed even with hide_empty=no, so hide_empty cannot be observed`);
    const hidden = await listIds(ctx, 'tags.list', { name: gone, hide_empty: 'yes' });
    if (hidden.length > 0) fail(`search[hide_empty]=yes lists ${gone}, which is on no post`, { expected: 'not listed', actual: JSON.stringify(hidden) });
  },
});

export const tag_category_search = defineCheck({
  id: 'tags/category', fn: 'tag_category_search', resource: 'tags',
  description: 'search[category] selects the tags of that category', requirements: ['IB-4-tags-category-A'], readOnly: false,
  async run(ctx) {
    const name = ctx.unique('maker').toLowerCase();
    await makePost(ctx, `artist:${name}`);
    const artists = records(await succeed(ctx, 'tags.list', { fields: { name, category: '1' } }, 'artist tags'), 'tags.list');
    const general = records(await succeed(ctx, 'tags.list', { fields: { name, category: '0' } }, 'general tags'), 'tags.list');
    if (artists.length !== 1 || general.length !== 0) fail(`the tag artist:${name} is in category 1 ${artists.length} times and in 0 ${general.length} times`, { expected: 'category 1 only (INT-tag-categories)', actual: `1: ${artists.length}, 0: ${general.length}` });
  },
});

export function checks(): Check[] {
  return [
    tag_name_list_returns_exactly_those,
    hide_empty_excludes_unused_tags,
    tag_category_search,
  ];
}
