/** `wiki_pages/*`: the lifecycle of a wiki page and its search by title; the fields read back as written. */
import type { Variant } from '../../../specs/model/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { make } from '../world.ts';
import { field, idOf, listIds, show, succeed, text, withMarkup } from './support/calls.ts';
import { CREATE_FORMATS, expectReadBack, updateAndReadBack, updateEachAlone } from './support/read-back.ts';
import { expectExcludes, expectIncludes } from './support/selection.ts';

export const wiki_page_lifecycle = defineCheck({
  id: 'wiki_pages/lifecycle', fn: 'wiki_page_lifecycle', resource: 'wiki_pages',
  description: 'a wiki page can be created, shown, updated and found by search[title]', requirements: ['IB-4-wiki-lifecycle'], readOnly: false,
  async run(ctx) {
    const id = await make.wikiPage(ctx);
    const body = ctx.unique('rewritten');
    await succeed(ctx, 'wiki_pages.update', { path: { id }, fields: { body } }, 'the wiki update');
    const page = await show(ctx, 'wiki_pages.show', id);
    if (text(field(page, 'body', 'wiki page')) !== body) fail('the wiki body did not change', { expected: body, actual: text(page.body ?? '') });
    // Both ways: the title search lists this page and not another one.
    const other = await make.wikiPage(ctx);
    const found = await listIds(ctx, 'wiki_pages.list', { title: text(field(page, 'title', 'wiki page')) });
    expectIncludes(found, id, 'search[title]');
    expectExcludes(found, other, 'search[title]');
  },
});

export function wiki_fields_are_stored_as_sent(variant: Variant): Check {
  return defineCheck({
    id: 'wiki_pages/fields', fn: 'wiki_fields_are_stored_as_sent', resource: 'wiki_pages',
    description: `wiki_page[title] and wiki_page[body]${variant === 'A' ? ' and wiki_page[other_names]' : ''} read back as written, on create and on update; an update of each field alone keeps the others`, requirements: ['IB-4-wiki-fields'], readOnly: false,
    async run(ctx) {
      const other = (n: string): Record<string, string> => (variant === 'A' ? { other_names: `${ctx.unique(n).toLowerCase()} ${ctx.unique(n).toLowerCase()}` } : {});
      // Bodies carry the characters that forms, JSON and XML each treat specially: they read back as sent.
      // Created through the XML path and then the JSON path: a create through either is the same create.
      let id = 0;
      for (const format of CREATE_FORMATS) {
        // A title with a letter outside ASCII: a server that reads the form as Latin-1 stores another one.
        const created = { title: `${ctx.unique('wiki').toLowerCase()}_café`, body: withMarkup(ctx.unique('wiki body')), ...other('alt') };
        id = await idOf(ctx, await succeed(ctx, 'wiki_pages.create', { fields: created, format }, `creating a wiki page (${format})`), 'wiki page', { list: 'wiki_pages.list', fields: { title: created.title } });
        await expectReadBack(ctx, { id, show: 'wiki_pages.show' }, created, `wiki page ${id} as created (${format})`);
      }
      // And an ampersand in the new title: a server that splits the form at it keeps part of the title.
      const updated = { title: `${ctx.unique('retitled').toLowerCase()}_tom&jerry`, body: `${ctx.unique('new wiki body')} &amp; <i>x</i> 100%`, ...other('alias') };
      await updateAndReadBack(ctx, 'wiki_pages.update', { id, show: 'wiki_pages.show' }, updated, `wiki page ${id}`);
      // Each field alone, the others kept.
      await updateEachAlone(ctx, 'wiki_pages.update', { id, show: 'wiki_pages.show' }, { title: ctx.unique('title alone').toLowerCase(), body: ctx.unique('body alone'), ...other('alone') }, `wiki page ${id}`);
    },
  });
}

export function checks(variant: Variant): Check[] {
  return [wiki_page_lifecycle, wiki_fields_are_stored_as_sent(variant)];
}
