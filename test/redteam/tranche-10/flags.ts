// @ts-nocheck: frozen red-team code (see all.ts)
// Post flags and post appeals.
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, formFault, idOf, ids, listFault, ok, queryFault, uid, upGet, type Scenario } from './h.ts';

export const faults: Fault[] = [
  F({
    id: 'flags-creator-name-ignored-with-post-id',
    variants: ['A', 'B'],
    family: 'flags',
    kind: 'implementation-bug',
    quote: '| List flags | GET /post_flags.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'When search[post_id] is given the flag search returns early and ignores search[creator_name], listing every flag of the post.',
    onRequest: queryFault(/^\/post_flags\.json$/, (q) => !!q.get('search[post_id]') && !!q.get('search[creator_name]'), (q) => q.delete('search[creator_name]')),
  }),
  F({
    id: 'flags-post-id-filter-ignored',
    variants: ['A', 'B'],
    family: 'flags',
    kind: 'implementation-bug',
    quote: '| List flags | GET /post_flags.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'search[post_id] is dropped when it is combined with search[creator_id], so all flags of that creator are listed.',
    onRequest: queryFault(/^\/post_flags\.json$/, (q) => !!q.get('search[post_id]') && !!q.get('search[creator_id]'), (q) => q.delete('search[post_id]')),
  }),
  F({
    id: 'flags-reason-cut-at-ampersand',
    variants: ['A', 'B'],
    family: 'flags',
    kind: 'implementation-bug',
    quote: '`post_flag[post_id]` REQUIRED; `post_flag[reason]` REQUIRED',
    description: 'The flag reason is taken from a hand-split body and is cut at the first "&" of the decoded text.',
    onRequest: formFault('POST', /^\/post_flags\.json$/, (f) => (f.get('post_flag[reason]') ?? '').includes('&'), (f) => f.set('post_flag[reason]', f.get('post_flag[reason]')!.split('&')[0])),
  }),
  F({
    id: 'appeals-creator-id-ignored',
    variants: ['A', 'B'],
    family: 'flags',
    kind: 'implementation-bug',
    quote: '| List appeals | GET /post_appeals.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'The appeal search does not implement search[creator_id]; appeals by every user are listed.',
    onRequest: queryFault(/^\/post_appeals\.json$/, (q) => !!q.get('search[creator_id]'), (q) => q.delete('search[creator_id]')),
  }),
  F({
    id: 'appeals-creator-name-matches-post-uploader',
    variants: ['A', 'B'],
    family: 'flags',
    kind: 'spec-reader',
    quote: '| List appeals | GET /post_appeals.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'search[creator_name] on appeals is read as the creator (uploader) of the appealed post rather than the creator of the appeal.',
    onResponse: listFault(/^\/post_appeals\.json$/, (q) => !!q.get('search[creator_name]'), async (_l, req, ctx) => {
      const q: Record<string, string> = {};
      for (const [k, v] of req.query) if (k !== 'search[creator_name]' && !['login', 'api_key', 'password_hash'].includes(k)) q[k] = v;
      const all = await upGet(ctx, req, '/post_appeals.json', q);
      const out: any[] = [];
      for (const a of Array.isArray(all) ? all : []) {
        const p = await upGet(ctx, req, `/posts/${a.post_id}.json`);
        if (p?.uploader_name === req.query.get('search[creator_name]')) out.push(a);
      }
      return out;
    }),
  }),
];

export const checks: Record<string, Scenario> = {
  'flags-creator-name-ignored-with-post-id': async (base) => {
    const p = await cl(base).post('fl_' + R());
    const f1 = idOf(await cl(base).send('POST', '/post_flags.json', { 'post_flag[post_id]': p, 'post_flag[reason]': 'one' }));
    const f2 = idOf(await cl(base, 'member2').send('POST', '/post_flags.json', { 'post_flag[post_id]': p, 'post_flag[reason]': 'two' }));
    const got = ids(ok(await cl(base).get('/post_flags.json', { 'search[post_id]': p, 'search[creator_name]': 'conform_member2' })));
    return got.includes(f1) || !got.includes(f2);
  },
  'flags-post-id-filter-ignored': async (base) => {
    const c = cl(base, 'gold');
    const p1 = await c.post('fp_' + R());
    const p2 = await c.post('fp_' + R());
    const f1 = idOf(await c.send('POST', '/post_flags.json', { 'post_flag[post_id]': p1, 'post_flag[reason]': 'a' }));
    const f2 = idOf(await c.send('POST', '/post_flags.json', { 'post_flag[post_id]': p2, 'post_flag[reason]': 'b' }));
    const got = ids(ok(await c.get('/post_flags.json', { 'search[post_id]': p1, 'search[creator_id]': await uid(base, 'gold') })));
    return got.includes(f2) || !got.includes(f1);
  },
  'flags-reason-cut-at-ampersand': async (base) => {
    const c = cl(base);
    const p = await c.post('fr_' + R());
    const reason = `dup of #1 & low quality ${R()}`;
    ok(await c.send('POST', '/post_flags.json', { 'post_flag[post_id]': p, 'post_flag[reason]': reason }));
    const l = ok(await c.get('/post_flags.json', { 'search[post_id]': p })).json;
    return !l.some((f: any) => f.reason === reason);
  },
  'appeals-creator-id-ignored': async (base) => {
    const p = await cl(base).post('ap_' + R());
    const a1 = idOf(await cl(base).send('POST', '/post_appeals.json', { 'post_appeal[post_id]': p, 'post_appeal[reason]': 'x' }));
    const a2 = idOf(await cl(base, 'member2').send('POST', '/post_appeals.json', { 'post_appeal[post_id]': p, 'post_appeal[reason]': 'y' }));
    const got = ids(ok(await cl(base).get('/post_appeals.json', { 'search[post_id]': p, 'search[creator_id]': await uid(base, 'member2') })));
    return got.includes(a1) || !got.includes(a2);
  },
  'appeals-creator-name-matches-post-uploader': async (base) => {
    const p = await cl(base).post('an_' + R());
    const a = idOf(await cl(base, 'member2').send('POST', '/post_appeals.json', { 'post_appeal[post_id]': p, 'post_appeal[reason]': 'y' }));
    const got = ids(ok(await cl(base).get('/post_appeals.json', { 'search[post_id]': p, 'search[creator_name]': 'conform_member2' })));
    return !got.includes(a);
  },
};
