// @ts-nocheck: frozen red-team code (see all.ts)
// Wiki pages.
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, formFault, idOf, ids, ok, queryFault, sortedBy, uid, type Scenario } from './h.ts';

const LIST = /^\/wiki_pages\.json$/;
const ROW = '`search[title]`; `search[creator_id]`; `search[body_matches]`; `search[other_names_match]` (A only); `search[creator_name]`';

export const faults: Fault[] = [
  F({
    id: 'wiki-title-non-ascii-mangled-on-create',
    variants: ['A', 'B'],
    family: 'wiki',
    kind: 'implementation-bug',
    quote: '| Create | POST /wiki_pages.json | `wiki_page[title]` REQUIRED; `wiki_page[body]` REQUIRED; `wiki_page[other_names]` (A only) |',
    description: 'The create form body is decoded as Latin-1, so a title with non-ASCII letters is stored as mojibake.',
    onRequest: formFault('POST', /^\/wiki_pages\.json$/, (f) => /[^\x00-\x7f]/.test(f.get('wiki_page[title]') ?? ''), (f) => f.set('wiki_page[title]', Buffer.from(f.get('wiki_page[title]')!, 'utf8').toString('latin1'))),
  }),
  F({
    id: 'wiki-title-only-update-blanks-body',
    variants: ['A', 'B'],
    family: 'wiki',
    kind: 'spec-reader',
    quote: '| Update | PUT /wiki_pages/{id}.json | `wiki_page[title]`, `wiki_page[body]`, `wiki_page[other_names]` (A only) |',
    description: 'Update is implemented as full replacement: renaming a page without sending wiki_page[body] blanks the body.',
    onRequest: formFault('PUT', /^\/wiki_pages\/\d+\.json$/, (f) => f.get('wiki_page[title]') !== null && f.get('wiki_page[body]') === null, (f) => f.set('wiki_page[body]', ' ')),
  }),
  F({
    id: 'wiki-a-other-names-match-ignored',
    variants: ['A'],
    family: 'wiki',
    kind: 'implementation-bug',
    quote: ROW,
    description: 'search[other_names_match] is accepted but not applied when search[creator_name] is also given.',
    onRequest: queryFault(LIST, (q) => !!q.get('search[other_names_match]') && !!q.get('search[creator_name]'), (q) => q.delete('search[other_names_match]')),
  }),
  F({
    id: 'wiki-b-sort-key-ignored',
    variants: ['B'],
    family: 'wiki',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values date, title',
    description: 'Variant B wiki listings read search[order] as in A; search[sort]=title has no effect.',
    onRequest: queryFault(LIST, (q) => !!q.get('search[sort]'), (q) => q.delete('search[sort]')),
  }),
  F({
    id: 'wiki-creator-name-ignored-with-title',
    variants: ['A', 'B'],
    family: 'wiki',
    kind: 'implementation-bug',
    quote: ROW,
    description: 'A wiki search by title returns the page directly and does not apply search[creator_name].',
    onRequest: queryFault(LIST, (q) => !!q.get('search[title]') && !!q.get('search[creator_name]'), (q) => q.delete('search[creator_name]')),
  }),
  F({
    id: 'wiki-creator-id-ignored-with-body-matches',
    variants: ['A', 'B'],
    family: 'wiki',
    kind: 'implementation-bug',
    quote: ROW,
    description: 'The full-text branch (search[body_matches]) rebuilds the query and loses search[creator_id].',
    onRequest: queryFault(LIST, (q) => !!q.get('search[body_matches]') && !!q.get('search[creator_id]'), (q) => q.delete('search[creator_id]')),
  }),
];

const page = async (base: string, who: string, p: Record<string, string>) => idOf(await cl(base, who).send('POST', '/wiki_pages.json', p), 'wiki create');

export const checks: Record<string, Scenario> = {
  'wiki-title-non-ascii-mangled-on-create': async (base) => {
    const title = `café_müller_${R()}`;
    const id = await page(base, 'member', { 'wiki_page[title]': title, 'wiki_page[body]': 'x' });
    return ok(await cl(base).get(`/wiki_pages/${id}.json`)).json?.title !== title;
  },
  'wiki-title-only-update-blanks-body': async (base) => {
    const body = 'kept body ' + R();
    const id = await page(base, 'member', { 'wiki_page[title]': 'wt_' + R(), 'wiki_page[body]': body });
    const r = await cl(base, 'member2').send('PUT', `/wiki_pages/${id}.json`, { 'wiki_page[title]': 'wt2_' + R() });
    if (r.status !== 200) return true;
    return ok(await cl(base).get(`/wiki_pages/${id}.json`)).json?.body !== body;
  },
  'wiki-a-other-names-match-ignored': async (base) => {
    const r = R();
    const a = await page(base, 'member2', { 'wiki_page[title]': `wa_${r}`, 'wiki_page[body]': 'x', 'wiki_page[other_names]': `alt_${r}` });
    const b = await page(base, 'member2', { 'wiki_page[title]': `wb_${r}`, 'wiki_page[body]': 'x', 'wiki_page[other_names]': `zzz_${r}` });
    const got = ids(ok(await cl(base).get('/wiki_pages.json', { 'search[other_names_match]': `alt_${r}`, 'search[creator_name]': 'conform_member2' })));
    return got.includes(b) || !got.includes(a);
  },
  'wiki-b-sort-key-ignored': async (base) => {
    const r = R();
    for (const t of ['bb', 'cc', 'aa']) await page(base, 'member', { 'wiki_page[title]': `${t}_${r}`, 'wiki_page[body]': `sortmark${r}` });
    const l = ok(await cl(base).get('/wiki_pages.json', { 'search[body_matches]': `sortmark${r}`, 'search[sort]': 'title' })).json;
    return l.length !== 3 || !sortedBy(l, (w: any) => w.title);
  },
  'wiki-creator-name-ignored-with-title': async (base) => {
    const t = 'wc_' + R();
    await page(base, 'member', { 'wiki_page[title]': t, 'wiki_page[body]': 'x' });
    return ok(await cl(base).get('/wiki_pages.json', { 'search[title]': t, 'search[creator_name]': 'conform_member2' })).json.length !== 0;
  },
  'wiki-creator-id-ignored-with-body-matches': async (base) => {
    const r = R();
    const a = await page(base, 'member', { 'wiki_page[title]': `wi_${r}`, 'wiki_page[body]': `mark${r}` });
    const b = await page(base, 'member2', { 'wiki_page[title]': `wj_${r}`, 'wiki_page[body]': `mark${r}` });
    const got = ids(ok(await cl(base).get('/wiki_pages.json', { 'search[body_matches]': `mark${r}`, 'search[creator_id]': await uid(base, 'member2') })));
    return got.includes(a) || !got.includes(b);
  },
};
