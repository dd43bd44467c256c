/** `tags/*`: the tag searches of A (a list of exact names, hide_empty, category). */
import type { Check } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { makePost } from '../world.ts';
import { field, listIds, records, succeed, text } from './support/calls.ts';
import { CATEGORY_PREFIXES } from './support/recipes.ts';

export const tag_name_list_returns_exactly_those = defineCheck({
  id: 'tags/name-list', fn: 'tag_name_list_returns_exactly_those', resource: 'tags',
  description: 'search[name] on tags takes comma-separated exact names', requirements: ['IB-4-tags-name-list-A'], readOnly: false,
  async run(ctx) {
    const [a, b, c] = ['x', 'y', 'z'].map(() => ctx.unique('t').toLowerCase()) as [string, string, string];
    // ${a}${c} contains ${a}: only an exact match keeps it out.
    await makePost(ctx, `${a} ${b} ${a}${c}`);
    const names = records(await succeed(ctx, 'tags.list', { fields: { name: `${a},${b}` } }, 'tags by names'), 'tags.list').map((t) => text(field(t, 'name', 'tag')));
    if (names.sort().join() !== [a, b].sort().join()) fail(`search[name]=${a},${b} returned ${names.join(', ')}`, { expected: `${a}, ${b}`, actual: names.join(', ') });
    // Exact names, not patterns: a name ending in * is a name no tag has.
    const starred = records(await succeed(ctx, 'tags.list', { fields: { name: `${a}*` } }, 'tags by a name with *'), 'tags.list').map((t) => text(field(t, 'name', 'tag'))).filter((t) => t.startsWith(a));
    if (starred.length > 0) fail(`search[name]=${a}* lists ${starred.join(', ')}: the name was read as a pattern`, { expected: 'no tag (no tag is named with a *)', actual: starred.join(', ') });
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
    // One tag of each category on one post, named alike (INT-tag-categories): each code selects its own
    // tag and none of the others, so codes read as another category (3 as 4) are told apart.
    const stem = ctx.unique('cat').toLowerCase();
    const names = Object.fromEntries(Object.entries(CATEGORY_PREFIXES).map(([code, prefix]) => [code, `${stem}_${prefix}`]));
    await makePost(ctx, Object.entries(CATEGORY_PREFIXES).map(([code, prefix]) => `${prefix}:${names[code]}`).join(' '));
    for (const code of ['4', '3', '1', '0']) {
      // Together with search[name]: the four names, in no sorted order.
      const all = ['4', '0', '3', '1'].map((c) => names[c]!).join(',');
      const listed = records(await succeed(ctx, 'tags.list', { fields: { name: all, category: code } }, `tags of category ${code}`), 'tags.list').map((t) => text(field(t, 'name', 'tag')));
      const ours = listed.filter((n) => n.startsWith(`${stem}_`));
      if (ours.join() !== names[code]) fail(`search[category]=${code} with search[name]=${all} lists ${ours.join(', ') || 'none'} of the tags ${Object.values(names).join(', ')}`, { expected: `${names[code]} only (category ${code}, INT-tag-categories)`, actual: ours.join(', ') || '[]' });
    }
  },
});

export const tag_category_agrees_with_records = defineCheck({
  id: 'tags/category-agrees', fn: 'tag_category_agrees_with_records', resource: 'tags',
  description: 'search[category] lists no tag whose own record gives another category (whatever made the categories)', requirements: ['IB-4-tags-category-agrees-A'], readOnly: false,
  async run(ctx) {
    // Tags of every prefix (INT-tag-categories) and one without: whichever categories the server gave
    // them, a search by a category lists none of them that its record says is of another.
    const stem = ctx.unique('agree').toLowerCase();
    const names = Object.values(CATEGORY_PREFIXES).map((p) => `${stem}_${p}`);
    await makePost(ctx, [`${stem}_plain`, ...names.map((n) => `${n.slice(stem.length + 1)}:${n}`)].join(' '));
    const all = [`${stem}_plain`, ...names].join(',');
    let compared = 0;
    // Beside search[name] (the five names), and beside search[name_matches] (each name, found by its
    // whole name under any reading, INT-matches): a server may drop the category beside either.
    const asked = [{ name: all }, ...[`${stem}_plain`, ...names].map((n) => ({ name_matches: n }))];
    for (const code of ['0', '1', '3', '4']) for (const beside of asked) {
      const tags = records(await succeed(ctx, 'tags.list', { fields: { ...beside, category: code } }, `tags of category ${code} with ${JSON.stringify(beside)}`), 'tags.list');
      for (const t of tags) {
        if (t.category === undefined || t.category === null) continue;
        compared++;
        if (text(t.category) !== code) fail(`search[category]=${code} with ${JSON.stringify(beside)} lists the tag ${text(field(t, 'name', 'tag'))}, whose record gives category ${text(t.category)}`, { expected: `tags of category ${code} only`, actual: text(t.category) });
      }
    }
    if (compared === 0) skip('the tag records carry no category, or none of the tags was listed (INT-record-fields)');
  },
});

export function checks(): Check[] {
  return [
    tag_name_list_returns_exactly_those,
    hide_empty_excludes_unused_tags,
    tag_category_search,
    tag_category_agrees_with_records,
  ];
}
