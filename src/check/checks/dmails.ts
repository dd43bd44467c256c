/** `dmails/*`: a dmail is listed, shown and deleted only by its owners; the read search. */
import type { OperationId } from '../../../specs/model/index.ts';
import type { Account } from '../accounts.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { fieldOf, type Reply } from '../target.ts';
import { userIdOf } from './support/recipes.ts';
import { expectRefused, show, succeed, text, withMarkup } from './support/calls.ts';
import { listedFor } from './support/pages.ts';
import { expectSameRendering } from './support/read-back.ts';
import { accountsOrSkip, listedDmails, listsDmail, recipientCopy, sentDmail } from './support/sent-dmail.ts';
import { recordId } from '../formats.ts';

/**
 * What another user asks of a dmail is asked by parameters and by HTTP Basic: a server may look the owner
 * up by one and not the other, and a request that names no method gets whichever turn comes up.
 */
const BOTH_WAYS = ['api_key', 'basic'] as const;

/** Calls `opId` on record `id` as `as`, both ways, and fails unless each is refused. */
async function expectRefusedCall(ctx: CheckContext, opId: OperationId, id: number, as: Account): Promise<void> {
  for (const auth of BOTH_WAYS) {
    const reply = await ctx.target.call(opId, { path: { id }, as, auth });
    ctx.note(reply);
    expectRefused(reply, `${opId} of ${id} by ${as.name} (authenticated by ${auth})`);
  }
}

export const dmail_list_holds_own_dmails_only = defineCheck({
  id: 'dmails/owner-list', fn: 'dmail_list_holds_own_dmails_only', resource: 'dmails',
  description: 'the dmail list shows a dmail to its recipient and not to a third user, even one who asks by the owners\' names and ids (by parameters and by HTTP Basic)', requirements: ['IB-4-dmails-owner-list'], readOnly: false,
  async run(ctx) {
    const d = await sentDmail(ctx);
    const mine = await listedDmails(ctx, d, d.to);
    if (!mine.includes(d.id)) fail(`the recipient's dmail list lacks dmail ${d.id}`, { expected: `dmail ${d.id}`, actual: JSON.stringify(mine) });
    for (const auth of BOTH_WAYS) {
      const theirs = await listedDmails(ctx, d, d.third, { auth });
      if (theirs.includes(d.id)) fail(`${d.third.name}, neither sender nor recipient, sees dmail ${d.id} in the list (authenticated by ${auth})`, { expected: 'not listed', actual: JSON.stringify(theirs) });
    }
    // Nor when the third asks for the owners' dmails by name or id: a filter narrows the caller's own dmails, it does not replace them.
    const [toId, fromId] = [await userIdOf(ctx, d.to), await userIdOf(ctx, d.from)];
    const asked: Record<string, string | number> = { to_name: d.to.name, to_id: toId, from_name: d.from.name, from_id: fromId };
    const params = new Set(ctx.target.operation('dmails.list').params.map((p) => fieldOf(p.name)));
    for (const [name, value] of Object.entries(asked).filter(([name]) => params.has(name))) {
      for (const auth of BOTH_WAYS) {
        const reply = await ctx.target.call('dmails.list', { as: d.third, auth, fields: { [name]: value } });
        ctx.note(reply);
        if (listsDmail(reply, d.id)) fail(`${d.third.name}, neither sender nor recipient, sees dmail ${d.id} in the list with search[${name}]=${value} (authenticated by ${auth})`, { reply, expected: 'not listed', actual: `dmail ${d.id}` });
      }
    }
  },
});

export const dmail_reads_back_as_sent = defineCheck({
  id: 'dmails/fields', fn: 'dmail_reads_back_as_sent', resource: 'dmails',
  description: 'the recipient is shown the dmail[title] and dmail[body] that were sent, in JSON and in XML, and finds it by a word of its body with search[message_matches]', requirements: ['IB-4-dmails-fields', 'IB-4-dmails-search-message_matches'], readOnly: false,
  async run(ctx) {
    const [from, to] = accountsOrSkip(ctx, 2) as [Account, Account];
    // Markup in the title too: a title is text, kept as it was written.
    const titleWord = ctx.unique('subject');
    const title = withMarkup(titleWord);
    const bodyWord = ctx.unique('message');
    const body = withMarkup(`${bodyWord} with several words`);
    const reply = await succeed(ctx, 'dmails.create', { as: from, fields: { to_name: to.name, title, body } }, 'a dmail');
    const id = await recipientCopy(ctx, to, title, reply.createdId(), titleWord);
    const json = await show(ctx, 'dmails.show', id, { as: to, format: 'json' });
    const xml = await show(ctx, 'dmails.show', id, { as: to, format: 'xml' });
    expectSameRendering(json, xml, `dmails.show of ${id}`);
    let compared = 0;
    for (const [name, want] of [['title', title], ['body', body]] as const) {
      if (!(name in json)) continue;
      compared++;
      if (text(json[name]!) !== want) fail(`the recipient's dmail ${id} shows ${name} "${text(json[name]!)}"`, { expected: want, actual: text(json[name]!) });
    }
    if (compared === 0) skip('the dmail record carries neither title nor body (INT-record-fields)');
    // The message is its body as much as its title: search[message_matches] finds a word of the body alone.
    const found = await ctx.target.call('dmails.list', { as: to, fields: { message_matches: bodyWord } });
    ctx.note(found);
    if (!listsDmail(found, id)) fail(`search[message_matches]=${bodyWord}, a word of its body only, does not list the recipient's dmail ${id}`, { reply: found, expected: `dmail ${id}`, actual: JSON.stringify((found.list() ?? []).map(recordId)), requirement: 'IB-4-dmails-search-message_matches' });
  },
});

export const dmail_of_another_user_is_hidden = defineCheck({
  id: 'dmails/owner-show', fn: 'dmail_of_another_user_is_hidden', resource: 'dmails',
  description: 'showing another user\'s dmail is refused and does not reveal it', requirements: ['IB-4-dmails-owner-show'], readOnly: false,
  async run(ctx) {
    const d = await sentDmail(ctx);
    const replies: Reply[] = [];
    for (const auth of BOTH_WAYS) {
      const reply = await ctx.target.call('dmails.show', { path: { id: d.id }, as: d.third, auth });
      ctx.note(reply);
      expectRefused(reply, `showing dmail ${d.id} to ${d.third.name} (authenticated by ${auth})`);
      if (reply.text().includes('secret body')) fail('the refusal reveals the dmail body', { reply });
      replies.push(reply);
    }
    await show(ctx, 'dmails.show', d.id, { as: d.to });
    // The dmail stayed hidden; which refusal said so is the register's reading.
    for (const reply of replies) {
      if (![403, 404].includes(reply.status)) {
        fail(`refused with ${reply.status}`, { reply, expected: '403 or 404 (INT-dmail-others)', actual: String(reply.status), interpretation: 'INT-dmail-others' });
      }
    }
  },
});

export const dmail_of_another_user_cannot_be_deleted = defineCheck({
  id: 'dmails/owner-delete', fn: 'dmail_of_another_user_cannot_be_deleted', resource: 'dmails',
  description: 'deleting another user\'s dmail is refused and the dmail remains; its recipient, who owns it, deletes it', requirements: ['IB-4-dmails-owner-delete'], readOnly: false,
  async run(ctx) {
    const d = await sentDmail(ctx);
    await expectRefusedCall(ctx, 'dmails.delete', d.id, d.third);
    await show(ctx, 'dmails.show', d.id, { as: d.to });
    // "can delete ... the dmails the user owns": the recipient owns its copy (INT-dmail-owner).
    await succeed(ctx, 'dmails.delete', { as: d.to, path: { id: d.id } }, `the recipient's delete of its dmail ${d.id}`);
    if ((await listedDmails(ctx, d, d.to)).includes(d.id)) fail(`dmail ${d.id} is still listed to its recipient ${d.to.name} after the recipient deleted it`, { expected: `no dmail ${d.id}`, actual: `dmail ${d.id} listed` });
  },
});

export const dmail_read_search = defineCheck({
  id: 'dmails/read', fn: 'dmail_read_search', resource: 'dmails',
  description: 'a new dmail is found with search[read]=false and not with true', requirements: ['IB-4-dmails-read-A'], readOnly: false,
  async run(ctx) {
    const [from, to] = accountsOrSkip(ctx, 2) as [Account, Account];
    const title = ctx.unique('unread');
    const reply = await succeed(ctx, 'dmails.create', { as: from, fields: { to_name: to.name, title, body: title } }, 'sending a dmail');
    const id = await recipientCopy(ctx, to, title, reply.createdId());
    // Every unread dmail of the recipient: on as many pages as it takes to come to this one (INT-list-pages).
    const unread = await listedFor(ctx, 'dmails.list', { read: 'false' }, [id], [], { as: to });
    const read = await listedFor(ctx, 'dmails.list', { read: 'true' }, [], [id], { as: to });
    if (!unread.includes(id) || read.includes(id)) fail(`dmail ${id}, never shown, is ${read.includes(id) ? '' : 'not '}found with read=true and ${unread.includes(id) ? '' : 'not '}with read=false`, { expected: 'read=false only (INT-dmail-read)', actual: `false: ${JSON.stringify(unread)}, true: ${JSON.stringify(read)}` });
  },
});

export function checks(): Check[] {
  return [
    dmail_list_holds_own_dmails_only,
    dmail_reads_back_as_sent,
    dmail_of_another_user_is_hidden,
    dmail_of_another_user_cannot_be_deleted,
    dmail_read_search,
  ];
}
