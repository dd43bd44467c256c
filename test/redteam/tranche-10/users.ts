// @ts-nocheck: frozen red-team code (see all.ts)
// Users.
import type { Fault } from '../tranche-1/fault.ts';
import { F, cl, listFault, ok, queryFault, sortedBy, type Scenario } from './h.ts';

const LIST = /^\/users\.json$/;
const ROW = '`search[name]` (supports patterns); `search[min_level]`; `search[max_level]` (A only); `search[level]`; `search[id]`';
const names = (r: any): string[] => ok(r).json.map((u: any) => u.name);

export const faults: Fault[] = [
  F({
    id: 'users-min-level-exclusive',
    variants: ['A', 'B'],
    family: 'users',
    kind: 'implementation-bug',
    quote: ROW,
    description: 'search[min_level] is compared with ">" instead of ">=", so users exactly at the minimum level are left out.',
    onRequest: queryFault(LIST, (q) => /^\d+$/.test(q.get('search[min_level]') ?? '') && !q.get('search[max_level]'), (q) => q.set('search[min_level]', String(Number(q.get('search[min_level]')) + 1))),
  }),
  F({
    id: 'users-a-max-level-exclusive',
    variants: ['A'],
    family: 'users',
    kind: 'implementation-bug',
    quote: ROW,
    description: 'search[max_level] is compared with "<", so users exactly at the maximum level are left out.',
    onRequest: queryFault(LIST, (q) => /^\d+$/.test(q.get('search[max_level]') ?? '') && !q.get('search[min_level]'), (q) => q.set('search[max_level]', String(Number(q.get('search[max_level]')) - 1))),
  }),
  F({
    id: 'users-a-max-level-ignored-with-min-level',
    variants: ['A'],
    family: 'users',
    kind: 'implementation-bug',
    quote: ROW,
    description: 'When both level bounds are given only search[min_level] is applied (else-if chain).',
    onRequest: queryFault(LIST, (q) => !!q.get('search[min_level]') && !!q.get('search[max_level]'), (q) => q.delete('search[max_level]')),
  }),
  F({
    id: 'users-name-pattern-taken-literally',
    variants: ['A', 'B'],
    family: 'users',
    kind: 'spec-reader',
    quote: ROW,
    description: 'search[name] is compared for equality; wildcard patterns are not expanded and match nothing.',
    onResponse: listFault(LIST, (q) => (q.get('search[name]') ?? '').includes('*'), (l, req) => l.filter((u: any) => u.name === req.query.get('search[name]'))),
  }),
  F({
    id: 'users-b-sort-key-ignored',
    variants: ['B'],
    family: 'users',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name, post_upload_count, note_count, post_update_count, date',
    description: 'Variant B user listings read the sort key from search[order] as in A; search[sort] has no effect.',
    onRequest: queryFault(LIST, (q) => !!q.get('search[sort]'), (q) => q.delete('search[sort]')),
  }),
  F({
    id: 'users-a-order-name-ignored-with-min-level',
    variants: ['A'],
    family: 'users',
    kind: 'implementation-bug',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name, post_upload_count, note_count, post_update_count, date',
    description: 'A level-filtered user listing applies its own id ordering and drops search[order]=name.',
    onRequest: queryFault(LIST, (q) => q.get('search[order]') === 'name' && !!q.get('search[min_level]'), (q) => q.delete('search[order]')),
  }),
  F({
    id: 'users-level-ignored-with-name',
    variants: ['A', 'B'],
    family: 'users',
    kind: 'implementation-bug',
    quote: ROW,
    description: 'A user search by name returns early and does not apply search[level].',
    onRequest: queryFault(LIST, (q) => !!q.get('search[name]') && !!q.get('search[level]'), (q) => q.delete('search[level]')),
  }),
];

export const checks: Record<string, Scenario> = {
  'users-min-level-exclusive': async (base) => !names(await cl(base).get('/users.json', { 'search[min_level]': 30 })).includes('conform_gold'),
  'users-a-max-level-exclusive': async (base) => !names(await cl(base).get('/users.json', { 'search[max_level]': 32 })).includes('conform_builder'),
  'users-a-max-level-ignored-with-min-level': async (base) => {
    const n = names(await cl(base).get('/users.json', { 'search[min_level]': 30, 'search[max_level]': 32 }));
    return n.includes('conform_moderator') || n.includes('conform_admin') || !n.includes('conform_gold');
  },
  'users-name-pattern-taken-literally': async (base) => {
    const n = names(await cl(base).get('/users.json', { 'search[name]': 'conform_mem*' }));
    return !n.includes('conform_member') || !n.includes('conform_member2');
  },
  'users-b-sort-key-ignored': async (base) => {
    const l = ok(await cl(base).get('/users.json', { 'search[sort]': 'name' })).json.filter((u: any) => String(u.name).startsWith('conform_'));
    return l.length < 3 || !sortedBy(l, (u: any) => u.name);
  },
  'users-a-order-name-ignored-with-min-level': async (base) => {
    const l = ok(await cl(base).get('/users.json', { 'search[order]': 'name', 'search[min_level]': 20 })).json;
    return l.length < 3 || !sortedBy(l, (u: any) => u.name);
  },
  'users-level-ignored-with-name': async (base) => names(await cl(base).get('/users.json', { 'search[name]': 'conform_gold', 'search[level]': 20 })).includes('conform_gold'),
};
