/**
 * `related_tag/*`: what `category` keeps of the related tags. The answer's shape is not shown
 * (INT-related-tag-shape), so a tag is looked for by its name anywhere in the answer's text.
 */
import type { Variant } from '../../../specs/model/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { makePost } from '../world.ts';
import { field, records, succeed, text } from './support/calls.ts';
import { CATEGORY_PREFIXES } from './support/recipes.ts';

/** Does the answer's text name the tag (as a whole name: not inside a longer one)? */
function names(body: string, tag: string): boolean {
  return new RegExp(`(^|[^a-z0-9_])${tag}([^a-z0-9_]|$)`).test(body);
}

export function related_tags_keep_their_category(variant: Variant): Check {
  return defineCheck({
    id: 'related_tag/category', fn: 'related_tags_keep_their_category', resource: 'related_tag',
    description: `category keeps the related tags of that category: a tag without a category prefix (general) is named for 0 and not for 1, 3 or 4${variant === 'A' ? '; each tag is where tags.list puts it' : ''}`,
    requirements: ['IB-4-related_tag-category'], readOnly: false,
    async run(ctx) {
      // One post: the query's tag, a tag without a prefix, and one tag of each prefix (INT-tag-categories).
      const stem = ctx.unique('rel').toLowerCase();
      const plain = `${stem}_plain`;
      const prefixes = Object.values(CATEGORY_PREFIXES);
      const prefixed = prefixes.map((p) => `${stem}_${p}`);
      const post = await makePost(ctx, [plain, ...prefixes.map((p) => `${p}:${stem}_${p}`)].join(' '));
      const ours = [plain, ...prefixed];
      const answer = async (category?: string): Promise<string> =>
        (await succeed(ctx, 'related_tag.list', { fields: { query: post.tag, ...(category !== undefined ? { category } : {}) } }, `the related tags of ${post.tag}${category !== undefined ? ` in category ${category}` : ''}`)).text();
      // Without a category: the tags the server relates to the query (the others are not looked for).
      const all = await answer();
      const related = ours.filter((t) => names(all, t));
      if (!related.includes(plain)) skip(`the related tags of ${post.tag} do not name ${plain}, which is on the only post tagged ${post.tag}: which tags are related is not shown (INT-related-tag-shape)`);
      // The category of each tag: where the server's own tag list puts it (A), else a tag without a prefix is general.
      const category = new Map<string, string>([[plain, '0']]);
      if (variant === 'A') {
        const tags = records(await succeed(ctx, 'tags.list', { fields: { name: ours.join(',') } }, 'the tags of the post'), 'tags.list');
        for (const t of tags) {
          if (t.category === undefined) continue;
          category.set(text(field(t, 'name', 'tag')), text(t.category));
        }
        if (category.get(plain) !== '0') skip(`tags.list puts ${plain}, a tag without a prefix, in category ${category.get(plain)}`);
      }
      for (const code of ['1', '0', '4', '3']) {
        const body = await answer(code);
        for (const tag of related) {
          const want = category.get(tag);
          if (want === undefined) continue;
          const named = names(body, tag);
          if (want === code && !named) fail(`the related tags of ${post.tag} in category ${code} do not name ${tag}, of category ${code}, which they name without a category`, { expected: `${tag} named`, actual: body.slice(0, 300) });
          if (want !== code && named) fail(`the related tags of ${post.tag} in category ${code} name ${tag}, of category ${want}`, { expected: `no tag of another category than ${code}`, actual: body.slice(0, 300) });
        }
      }
    },
  });
}

export function checks(variant: Variant): Check[] {
  return [related_tags_keep_their_category(variant)];
}
