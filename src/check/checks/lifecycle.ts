/**
 * `lifecycle/*`: across resources, records can be deleted and are then gone (INT-transitions), a second
 * record of an existing name is refused (and answered in the protocol's terms), and POST and PUT
 * parameters are read from the body.
 */
import type { OperationId, Variant } from '../../../specs/model/index.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { makePost } from '../world.ts';
import type { Reply } from '../target.ts';
import { expectRefused, field, listIds, show, succeed, text } from './support/calls.ts';
import type { Findable } from './support/deletion.ts';
import { expectDeleted, expectFindable, findable } from './support/deletion.ts';
import { expectDocumentedStatus, expectEnvelope, expectRefusalEnvelope } from './support/reply-contract.ts';

export function records_can_be_deleted(variant: Variant): Check {
  const deletions: { op: OperationId; make: (ctx: CheckContext) => Promise<Findable> }[] = [
    { op: 'comments.delete', make: findable.comment },
    { op: 'dmails.delete', make: findable.dmail },
    { op: 'notes.delete', make: findable.note },
    ...(variant === 'A' ? [{ op: 'artists.delete' as const, make: findable.artist }] : []),
  ];
  return defineCheck({
    id: 'lifecycle/delete', fn: 'records_can_be_deleted', resource: 'protocol',
    description: 'comments, dmails, notes and artists (A) can be deleted and are then deleted; a delete of an unknown id is refused', requirements: ['IB-3-delete'], readOnly: false,
    async run(ctx) {
      for (const d of deletions) {
        const record = await d.make(ctx);
        await expectFindable(ctx, record);
        await succeed(ctx, d.op, { path: { id: record.id } }, `${d.op} of ${record.id}`);
        await expectDeleted(ctx, record);
        const again = await ctx.target.call(d.op, { path: { id: 987654321 } });
        ctx.note(again);
        if (again.ok) fail(`${d.op} of an unknown id succeeded`, { reply: again, expected: 'a refusal', actual: String(again.status) });
      }
    },
  });
}

export const state_changes_read_the_body = defineCheck({
  id: 'lifecycle/body-params', fn: 'state_changes_read_the_body', resource: 'protocol',
  description: 'POST and PUT parameters are read from the request body, with bracket names', requirements: ['IB-2-body-params'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    const body = ctx.unique('from the body');
    const reply = await succeed(ctx, 'comments.create', { fields: { post_id: post.id, body } }, 'a comment created with body parameters');
    const id = reply.createdId() ?? (await listIds(ctx, 'comments.list', { body_matches: body }))[0];
    if (id === undefined) fail('the comment created from body parameters is not found');
    const shown = text(field(await show(ctx, 'comments.show', id), 'body', 'comment'));
    if (shown !== body) fail(`the comment body is "${shown}"`, { expected: body, actual: shown });
  },
});

/**
 * A second artist, wiki page and pool of an existing name, sent once a run for the two checks that judge
 * the answers: whether the record was refused (SHOULD, INT-already-exists) and whether the answer speaks
 * the protocol (MUST), whatever it says.
 */
function duplicateCreates(ctx: CheckContext): Promise<readonly { readonly what: string; readonly reply: Reply }[]> {
  return ctx.world.get('duplicate-creates', async () => {
    const name = ctx.unique('twice').toLowerCase();
    await succeed(ctx, 'artists.create', { fields: { name } }, 'the first artist');
    const artist = await ctx.target.call('artists.create', { fields: { name } });
    const title = ctx.unique('twice').toLowerCase();
    await succeed(ctx, 'wiki_pages.create', { fields: { title, body: title } }, 'the first wiki page');
    const wiki = await ctx.target.call('wiki_pages.create', { fields: { title, body: title } });
    const pool = ctx.unique('twice');
    await succeed(ctx, 'pools.create', { fields: { name: pool, description: pool } }, 'the first pool');
    const again = await ctx.target.call('pools.create', { fields: { name: pool, description: pool } });
    return [
      { what: 'a second artist of the same name', reply: artist },
      { what: 'a second wiki page of the same title', reply: wiki },
      { what: 'a second pool of the same name', reply: again },
    ];
  });
}

export const duplicate_names_are_refused = defineCheck({
  id: 'lifecycle/already-exists', fn: 'duplicate_names_are_refused', resource: 'protocol',
  description: 'a second artist, wiki page or pool with an existing name is not created', requirements: ['IB-7-already-exists'], readOnly: false,
  async run(ctx) {
    for (const { what, reply } of await duplicateCreates(ctx)) {
      ctx.note(reply);
      expectRefused(reply, what);
    }
  },
});

export const duplicate_answers_are_documented = defineCheck({
  id: 'lifecycle/already-exists-status', fn: 'duplicate_answers_are_documented', resource: 'protocol',
  description: 'the answer to a second artist, wiki page or pool with an existing name has a documented status, and an envelope that agrees with it',
  requirements: ['IB-7-status-documented', 'IB-7-envelope-agrees', 'IB-7-envelope-json'], readOnly: false,
  async run(ctx) {
    for (const { what, reply } of await duplicateCreates(ctx)) {
      ctx.note(reply);
      expectDocumentedStatus(reply, ctx.variant);
      if (reply.ok) expectEnvelope(reply);
      else expectRefusalEnvelope(reply, what);
    }
  },
});

export function checks(variant: Variant): Check[] {
  return [records_can_be_deleted(variant), state_changes_read_the_body, duplicate_names_are_refused, duplicate_answers_are_documented];
}
