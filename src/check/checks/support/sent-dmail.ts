/**
 * A dmail between two accounts, made for each check, as its recipient sees it: what the ownership and
 * authentication checks act on.
 */
import type { Account } from '../../accounts.ts';
import type { CheckContext } from '../../check.ts';
import { fail, skip } from '../../check.ts';
import type { RecordFields } from '../../formats.ts';
import { recordId } from '../../formats.ts';
import type { CallOptions, Reply } from '../../target.ts';
import { records, succeed, text } from './calls.ts';

/** The ids of a list's records. */
const idsOf = (list: readonly RecordFields[]) => list.map(recordId).filter((x): x is number => x !== undefined);

/** The first `n` usable accounts, Members first; skips when the accounts file has fewer. */
export function accountsOrSkip(ctx: CheckContext, n: number): Account[] {
  const members = ctx.accounts.byRole('Member');
  const others = ctx.accounts.usable.filter((a) => a.role !== 'Member');
  const picked = [...members, ...others].slice(0, n);
  if (picked.length < n) skip(`${n} accounts are needed; the accounts file has ${picked.length} for this variant`);
  return picked;
}

/**
 * The id of a dmail as its recipient sees it. A service may keep a sender's copy and a recipient's
 * copy under different ids (INT-dmail-copies), so the id a create answers is not necessarily the one
 * the recipient lists: the recipient's own list says (searched by `word`, a word of the title, else read whole).
 */
export async function recipientCopy(ctx: CheckContext, to: Account, title: string, created: number | undefined, word = title): Promise<number> {
  const search = await ctx.target.call('dmails.list', { as: to, fields: { message_matches: word } });
  ctx.note(search);
  let found = search.ok ? idsOf(search.list() ?? []) : [];
  if (found.length === 0) {
    // search[message_matches] may be what is broken: look for the title in the recipient's own list.
    const all = records(await succeed(ctx, 'dmails.list', { as: to }, `${to.name}'s dmail list`), 'dmails.list');
    const titled = all.filter((r) => 'title' in r && text(r.title!) === title);
    found = idsOf(titled.length > 0 || all.some((r) => 'title' in r) ? titled : all.slice(0, 1));
  }
  if (created !== undefined && found.includes(created)) return created;
  if (found.length === 0) {
    fail(`${to.name} does not see the dmail "${title}" sent to them`, { expected: "the dmail in the recipient's list", actual: 'not listed', requirement: 'IB-4-dmails-owner-list' });
  }
  return found[0]!;
}

/**
 * The dmail ids `as` is listed: the first page of their whole list and of a search for the dmail's
 * title, together. A service may page the whole list short (the service family shows 20, newest
 * first), and the search may be what is broken: a dmail in either is listed to them.
 */
export async function listedDmails(ctx: CheckContext, d: { readonly title: string }, as: Account, options: Omit<CallOptions, 'as' | 'fields'> = {}): Promise<number[]> {
  const all = idsOf(records(await succeed(ctx, 'dmails.list', { ...options, as }, `${as.name}'s dmail list`), 'dmails.list'));
  const search = await ctx.target.call('dmails.list', { ...options, as, fields: { message_matches: d.title } });
  ctx.note(search);
  return [...new Set([...all, ...(search.ok ? idsOf(search.list() ?? []) : [])])];
}

/** Does a dmail list's answer (whoever asked, however) list dmail `id`? */
export function listsDmail(reply: Reply, id: number): boolean {
  return reply.ok && (reply.list() ?? []).some((r) => recordId(r) === id);
}

/**
 * A dmail from the first Member to the second account, made for the check that asks: a check that tries
 * to delete or read another user's dmail must not leave a shared one changed for the checks after it.
 */
export async function sentDmail(ctx: CheckContext): Promise<{ id: number; title: string; from: Account; to: Account; third: Account }> {
  const [from, to, third] = accountsOrSkip(ctx, 3) as [Account, Account, Account];
  return ctx.world.setup('dmail-sent', 'a dmail between two accounts', async () => {
    const title = ctx.unique('private');
    const reply = await succeed(ctx, 'dmails.create', { as: from, fields: { to_name: to.name, title, body: `${title} secret body` } }, 'sending a dmail');
    const id = await recipientCopy(ctx, to, title, reply.createdId());
    return { id, title, from, to, third };
  });
}
