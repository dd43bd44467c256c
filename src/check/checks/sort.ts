/** `sort/*`: the sort key of the variant (A: search[order], B: search[sort]) orders artists, pools and wiki pages by name. */
import type { OperationId, Variant } from '../../../specs/model/index.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { field, records, succeed, text } from './support/calls.ts';

/** A list a sort key orders: its name field, a search selecting the records a check makes, and how to make one. */
export interface SortedList {
  readonly resource: 'artists' | 'pools' | 'wiki_pages';
  readonly list: OperationId;
  readonly nameField: string;
  readonly filter: (p: string) => Record<string, string>;
  readonly create: (ctx: CheckContext, name: string) => Promise<unknown>;
}

const SORTED_LISTS: readonly SortedList[] = [
  {
    resource: 'artists', list: 'artists.list', nameField: 'name', filter: (p) => ({ name: `${p}*` }),
    create: (ctx, name) => succeed(ctx, 'artists.create', { fields: { name } }, 'creating an artist'),
  },
  {
    resource: 'pools', list: 'pools.list', nameField: 'name', filter: (p) => ({ name_matches: `${p}*` }),
    create: (ctx, name) => succeed(ctx, 'pools.create', { fields: { name, description: name } }, 'creating a pool'),
  },
  {
    resource: 'wiki_pages', list: 'wiki_pages.list', nameField: 'title', filter: (p) => ({ title: `${p}*` }),
    create: (ctx, title) => succeed(ctx, 'wiki_pages.create', { fields: { title, body: title } }, 'creating a wiki page'),
  },
];

export function sort_key_orders_the_list(c: SortedList, variant: Variant): Check {
  const key = variant === 'A' ? 'order' : 'sort';
  return defineCheck({
    id: `sort/${c.resource}-${variant}`, fn: 'sort_key_orders_the_list', resource: c.resource,
    description: `${c.list} is ordered by ${c.nameField} with search[${key}]`, requirements: [`IB-4-${c.resource}-sort-${variant}`], readOnly: false,
    async run(ctx) {
      const prefix = ctx.unique('sort').toLowerCase();
      // Created in an order that differs from the name order, so a list in creation order is not name-sorted.
      for (const suffix of ['m', 'z', 'a']) await c.create(ctx, `${prefix}_${suffix}`);
      const sortValue = c.resource === 'wiki_pages' ? 'title' : 'name';
      const got = records(await succeed(ctx, c.list, { fields: { ...c.filter(prefix), [key]: sortValue } }, `sorting by ${sortValue}`), c.list)
        .map((r) => text(field(r, c.nameField, c.resource)))
        .filter((n) => n.startsWith(prefix));
      if (got.length < 3) skip(`the ${c.list} search by a name pattern does not return the 3 records made for the check (INT-artist-name-search)`);
      const asc = [...got].sort();
      if (got.join() !== asc.join() && got.join() !== [...asc].reverse().join()) fail(`search[${key}]=${sortValue} does not order by ${c.nameField}`, { expected: asc.join(', '), actual: got.join(', ') });
    },
  });
}

export function checks(variant: Variant): Check[] {
  return SORTED_LISTS.map((c) => sort_key_orders_the_list(c, variant));
}
