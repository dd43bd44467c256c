/**
 * `parity/*`: the JSON and the XML rendering of the same record say the same thing (request convention
 * 1: the suffix selects a format, not another resource), field by field, as INT-format-parity reads them.
 */
import type { OperationId } from '../../../specs/model/index.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck } from '../check.ts';
import { make, makePost } from '../world.ts';
import { show } from './support/calls.ts';
import { expectSameRendering } from './support/read-back.ts';

/** A record of each kind with a show operation, made through the documented interface. */
const RECORDS: readonly { readonly show: OperationId; readonly make: (ctx: CheckContext) => Promise<number> }[] = [
  { show: 'posts.show', make: async (ctx) => (await makePost(ctx, ctx.unique('second').toLowerCase())).id },
  { show: 'comments.show', make: async (ctx) => make.comment(ctx, (await makePost(ctx)).id) },
  { show: 'notes.show', make: async (ctx) => make.note(ctx, (await makePost(ctx)).id) },
  { show: 'pools.show', make: (ctx) => make.pool(ctx) },
  { show: 'artists.show', make: (ctx) => make.artist(ctx) },
  { show: 'wiki_pages.show', make: (ctx) => make.wikiPage(ctx) },
  { show: 'forum_topics.show', make: (ctx) => make.forumTopic(ctx) },
  { show: 'dmails.show', make: (ctx) => make.dmail(ctx) },
];

export function record_renders_alike_in_both_formats(kind: (typeof RECORDS)[number]): Check {
  const resource = kind.show.split('.')[0]!;
  return defineCheck({
    id: `parity/${resource}`, fn: 'record_renders_alike_in_both_formats', resource, operation: kind.show,
    description: `a ${resource} record shown through .json and through .xml has the same value in every field both carry`, requirements: ['IB-2-format-parity'], readOnly: false,
    async run(ctx) {
      const id = await kind.make(ctx);
      expectSameRendering(await show(ctx, kind.show, id, { format: 'json' }), await show(ctx, kind.show, id, { format: 'xml' }), `${kind.show} of ${id}`);
    },
  });
}

export function checks(): Check[] {
  return RECORDS.map(record_renders_alike_in_both_formats);
}
