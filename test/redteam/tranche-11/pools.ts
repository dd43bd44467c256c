// @ts-nocheck: frozen red-team code (see all.ts)
// Pools, pool versions, tags, aliases, implications, related tags.
import type { Fault } from '../tranche-1/fault.ts';
import * as Q from './q.ts';
import { jsonRes, cl, created, drop, has, jsonOf, listIds, mapList, on, ok, params, rand, rewrite, show, up, withParams, type Scenario } from './h.ts';

export const faults: Fault[] = [];
export const checks: Record<string, Scenario> = {};
const add = (f: Fault, s: Scenario) => {
  faults.push(f);
  checks[f.id] = s;
};
const PL = /^\/pools$/;
const PU = /^\/pools\/\d+$/;
const pool = (base: string, name: string, extra: Record<string, string | number> = {}, who: 'member' | 'member2' = 'member') =>
  created(cl(base, who).send('POST', '/pools.json', { 'pool[name]': name, 'pool[description]': 'd', ...extra }), 'pool');
const uid = async (base: string, n: string) => (await cl(base).get('/users.json', { 'search[name]': n })).json[0].id as number;

add(
  rewrite({ id: 'pools-update-post-ids-first-only', variants: ['A', 'B'], family: 'pools', quote: Q.POOLS_UPDATE, kind: 'implementation-bug',
    description: 'Only the first id of a space-delimited `pool[post_ids]` is saved.' },
  'PUT', PU, (p) => (p.get('pool[post_ids]') ?? '').trim().includes(' '), (p) => p.set('pool[post_ids]', p.get('pool[post_ids]')!.trim().split(/\s+/)[0])),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const b = await cl(base).post(`x_${s}`);
    const id = await pool(base, `p_${s}`);
    ok(await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${a} ${b}` }));
    const ps = String((await show(cl(base), `/pools/${id}.json`)).post_ids).split(/\s+/);
    return !(ps.includes(String(a)) && ps.includes(String(b)));
  },
);
add(
  rewrite({ id: 'pools-update-name-clears-description', variants: ['A', 'B'], family: 'pools', quote: Q.POOLS_UPDATE, kind: 'implementation-bug',
    description: 'A pool update that sends only `pool[name]` also empties the description.' },
  'PUT', PU, (p) => p.has('pool[name]') && !p.has('pool[description]'), (p) => p.set('pool[description]', '')),
  async (base) => {
    const s = rand(); const id = await created(cl(base).send('POST', '/pools.json', { 'pool[name]': `p_${s}`, 'pool[description]': `desc_${s}` }));
    ok(await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[name]': `q_${s}` }));
    return !(await listIds(cl(base), '/pools.json', { 'search[description_matches]': `desc_${s}` })).includes(id);
  },
);
add(
  drop({ id: 'pools-update-is-active-zero-ignored', variants: ['A', 'B'], family: 'pools', quote: Q.POOL_STATE, kind: 'implementation-bug',
    description: '`pool[is_active]=0` is skipped as "not sent", so the pool stays active.' },
  'PUT', PU, (p) => p.get('pool[is_active]') === '0', ['pool[is_active]']),
  async (base) => {
    const s = rand(); const id = await pool(base, `p_${s}`);
    ok(await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[is_active]': 0 }));
    return (await show(cl(base), `/pools/${id}.json`)).is_active !== false;
  },
);
add(
  rewrite({ id: 'pools-update-is-active-one-read-as-false', variants: ['A', 'B'], family: 'pools', quote: Q.POOLS_UPDATE, kind: 'spec-reader',
    description: 'On update `pool[is_active]` is parsed like the search flag (only "true" is true), so "1" deactivates the pool.' },
  'PUT', PU, (p) => p.get('pool[is_active]') === '1', (p) => p.set('pool[is_active]', '0')),
  async (base) => {
    const s = rand(); const id = await pool(base, `p_${s}`);
    ok(await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[is_active]': 0 }));
    ok(await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[is_active]': 1 }));
    return (await show(cl(base), `/pools/${id}.json`)).is_active !== true;
  },
);
add(
  rewrite({ id: 'pools-search-is-active-inverted', variants: ['A'], family: 'pools', quote: Q.POOLS_LIST, kind: 'implementation-bug',
    description: '`search[is_active]` is inverted: `false` lists active pools.' },
  'GET', PL, (p) => ['true', 'false'].includes(p.get('search[is_active]') ?? ''), (p) => p.set('search[is_active]', p.get('search[is_active]') === 'true' ? 'false' : 'true')),
  async (base) => {
    const s = rand(); const id = await pool(base, `p_${s}`);
    return (await listIds(cl(base), '/pools.json', { 'search[name_matches]': `p_${s}`, 'search[is_active]': 'false' })).includes(id);
  },
);
add(
  drop({ id: 'pools-search-category-dropped-with-name', variants: ['A'], family: 'pools', quote: Q.POOLS_LIST, kind: 'implementation-bug',
    description: 'With `search[name_matches]` given, `search[category]` is ignored.' },
  'GET', PL, (p) => has(p, 'search[category]', 'search[name_matches]'), ['search[category]']),
  async (base) => {
    const s = rand(); await pool(base, `p_${s}`, { 'pool[category]': 'collection' }); const b = await pool(base, `p_${s}_b`, { 'pool[category]': 'series' });
    return (await listIds(cl(base), '/pools.json', { 'search[name_matches]': `p_${s}*`, 'search[category]': 'collection' })).includes(b);
  },
);
add(
  drop({ id: 'pools-create-category-dropped', variants: ['A'], family: 'pools', quote: Q.POOLS_CREATE, kind: 'implementation-bug',
    description: '`pool[category]=collection` on create is not saved; the pool becomes a series.' },
  'POST', PL, (p) => p.get('pool[category]') === 'collection', ['pool[category]']),
  async (base) => {
    const s = rand(); const id = await pool(base, `p_${s}`, { 'pool[category]': 'collection' });
    return !(await listIds(cl(base), '/pools.json', { 'search[name_matches]': `p_${s}`, 'search[category]': 'collection' })).includes(id);
  },
);
add(
  drop({ id: 'pools-sort-key-ignored-in-b', variants: ['B'], family: 'pools', quote: Q.POOLS_LIST, kind: 'spec-reader',
    description: 'Variant B reads the sort key from `search[order]` (the A name); `search[sort]=name` is ignored.' },
  'GET', PL, (p) => has(p, 'search[sort]'), ['search[sort]']),
  async (base) => {
    const s = rand(); const a = await pool(base, `aa_${s}`); const z = await pool(base, `zz_${s}`);
    const l = await listIds(cl(base), '/pools.json', { 'search[name_matches]': `*${s}*`, 'search[sort]': 'name' });
    return !(l.indexOf(a) >= 0 && l.indexOf(a) < l.indexOf(z));
  },
);
add(
  drop({ id: 'pools-order-post-count-ignored', variants: ['A'], family: 'pools', quote: Q.POOLS_LIST, kind: 'implementation-bug',
    description: '`search[order]=post_count` falls back to the default order.' },
  'GET', PL, (p) => p.get('search[order]') === 'post_count', ['search[order]']),
  async (base) => {
    const s = rand(); const x = await cl(base).post(`x_${s}`); const y = await cl(base).post(`x_${s}`);
    const big = await pool(base, `zz_${s}`);
    ok(await cl(base).send('PUT', `/pools/${big}.json`, { 'pool[post_ids]': `${x} ${y}` }));
    const small = await pool(base, `aa_${s}`);
    const l = await listIds(cl(base), '/pools.json', { 'search[name_matches]': `*${s}*`, 'search[order]': 'post_count' });
    return !(l.indexOf(big) >= 0 && l.indexOf(big) < l.indexOf(small));
  },
);
add(
  {
    id: 'pools-revert-keeps-post-ids', variants: ['A', 'B'], family: 'pools', quote: Q.POOLS_REVERT, kind: 'implementation-bug',
    description: 'A pool revert restores name and description but keeps the current post list.',
    async onRequest(req, ctx) {
      const m = on(req, 'PUT', /^\/pools\/(\d+)\/revert$/);
      if (!m) return req;
      const cur = await up(ctx, req, 'GET', `/pools/${m[1]}.json`);
      const r = await ctx.upstream(req);
      if (r.status === 200 && cur.status === 200) await up(ctx, req, 'PUT', `/pools/${m[1]}.json`, { 'pool[post_ids]': cur.json.post_ids ?? '' });
      return r;
    },
  },
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const b = await cl(base).post(`x_${s}`);
    const id = await pool(base, `p_${s}`);
    ok(await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${a}` }));
    const v = Math.max(...((await cl(base).get('/pool_versions.json', { 'search[pool_id]': id })).json as any[]).map((x) => x.id));
    ok(await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${a} ${b}` }));
    ok(await cl(base).send('PUT', `/pools/${id}/revert.json`, { version_id: v }));
    return String((await show(cl(base), `/pools/${id}.json`)).post_ids).trim() !== String(a);
  },
);
add(
  drop({ id: 'pool-versions-pool-id-dropped-with-updater', variants: ['A', 'B'], family: 'pools', quote: Q.PLV, kind: 'implementation-bug',
    description: 'With `search[updater_name]` given, `search[pool_id]` is ignored.' },
  'GET', /^\/pool_versions$/, (p) => has(p, 'search[pool_id]', 'search[updater_name]'), ['search[pool_id]']),
  async (base) => {
    const s = rand(); const a = await pool(base, `p_${s}`, {}, 'member2'); const b = await pool(base, `q_${s}`, {}, 'member2');
    const vb = ((await cl(base).get('/pool_versions.json', { 'search[pool_id]': b })).json as any[])[0].id;
    return (await listIds(cl(base), '/pool_versions.json', { 'search[pool_id]': a, 'search[updater_name]': 'conform_member2' })).includes(vb);
  },
);
add(
  drop({ id: 'pools-creator-name-dropped-with-name-matches', variants: ['A', 'B'], family: 'pools', quote: Q.POOLS_LIST, kind: 'implementation-bug',
    description: 'With `search[name_matches]` given, `search[creator_name]` is ignored.' },
  'GET', PL, (p) => has(p, 'search[creator_name]', 'search[name_matches]'), ['search[creator_name]']),
  async (base) => {
    const s = rand(); const a = await pool(base, `p_${s}`); await pool(base, `p_${s}_2`, {}, 'member2');
    return (await listIds(cl(base), '/pools.json', { 'search[name_matches]': `p_${s}*`, 'search[creator_name]': 'conform_member2' })).includes(a);
  },
);
add(
  drop({ id: 'pools-creator-id-dropped-with-description', variants: ['A', 'B'], family: 'pools', quote: Q.POOLS_LIST, kind: 'implementation-bug',
    description: 'With `search[description_matches]` given, `search[creator_id]` is ignored.' },
  'GET', PL, (p) => has(p, 'search[creator_id]', 'search[description_matches]'), ['search[creator_id]']),
  async (base) => {
    const s = rand();
    const a = await created(cl(base).send('POST', '/pools.json', { 'pool[name]': `p_${s}`, 'pool[description]': `d_${s}` }));
    await created(cl(base, 'member2').send('POST', '/pools.json', { 'pool[name]': `q_${s}`, 'pool[description]': `d_${s}` }));
    return (await listIds(cl(base), '/pools.json', { 'search[description_matches]': `d_${s}`, 'search[creator_id]': await uid(base, 'conform_member2') })).includes(a);
  },
);

// ---------------------------------------------------------------- tags (A only)
const TL = /^\/tags$/;
const tagIds = async (base: string, p: Record<string, string | number>) => {
  const r = await cl(base).get('/tags.json', { limit: 100, ...p });
  if (r.status !== 200) throw new Error('tags ' + r.text);
  return (r.json as any[]).map((t) => t.name as string);
};
add(
  rewrite({ id: 'tags-name-list-first-only', variants: ['A'], family: 'tags', quote: Q.TAGS_LIST, kind: 'implementation-bug',
    description: 'Only the first name of a comma-separated `search[name]` is looked up.' },
  'GET', TL, (p) => (p.get('search[name]') ?? '').includes(','), (p) => p.set('search[name]', p.get('search[name]')!.split(',')[0])),
  async (base) => {
    const s = rand(); await cl(base).post(`t1_${s} t2_${s}`);
    return !(await tagIds(base, { 'search[name]': `t1_${s},t2_${s}` })).includes(`t2_${s}`);
  },
);
add(
  {
    id: 'tags-name-treated-as-prefix', variants: ['A'], family: 'tags', quote: Q.TAGS_LIST, kind: 'spec-reader',
    description: '`search[name]` is matched as a name pattern (prefix) instead of exact names, so longer tag names are listed too.',
    async onRequest(req, ctx) {
      if (!on(req, 'GET', TL)) return req;
      const p = params(req); const n = p.get('search[name]');
      if (!n || n.includes(',')) return req;
      p.delete('search[name]'); p.set('search[name_matches]', `${n}*`);
      return ctx.upstream({ ...req, query: p });
    },
  },
  async (base) => {
    const s = rand(); await cl(base).post(`t_${s} t_${s}_long`);
    return (await tagIds(base, { 'search[name]': `t_${s}` })).includes(`t_${s}_long`);
  },
);
const zeroTag = async (base: string, s: string) => {
  const a = await cl(base).post(`zero_${s} keep_${s}`);
  ok(await cl(base).send('PUT', `/posts/${a}.json`, { 'post[tag_string]': `keep_${s}` }));
};
add(
  drop({ id: 'tags-hide-empty-ignored', variants: ['A'], family: 'tags', quote: Q.TAGS_LIST, kind: 'implementation-bug',
    description: '`search[hide_empty]=yes` is ignored when combined with `search[name_matches]`.' },
  'GET', TL, (p) => p.get('search[hide_empty]') === 'yes' && has(p, 'search[name_matches]'), ['search[hide_empty]']),
  async (base) => {
    const s = rand(); await zeroTag(base, s);
    return (await tagIds(base, { 'search[name_matches]': `*_${s}`, 'search[hide_empty]': 'yes' })).includes(`zero_${s}`);
  },
);
add(
  rewrite({ id: 'tags-hide-empty-no-hides', variants: ['A'], family: 'tags', quote: Q.TAGS_LIST, kind: 'spec-reader',
    description: '`search[hide_empty]` is treated as a presence flag, so `no` also hides tags with 0 posts.' },
  'GET', TL, (p) => p.get('search[hide_empty]') === 'no', (p) => p.set('search[hide_empty]', 'yes')),
  async (base) => {
    const s = rand(); await zeroTag(base, s);
    return !(await tagIds(base, { 'search[name_matches]': `*_${s}`, 'search[hide_empty]': 'no' })).includes(`zero_${s}`);
  },
);
add(
  drop({ id: 'tags-category-dropped-with-name-matches', variants: ['A'], family: 'tags', quote: Q.TAGS_LIST, kind: 'implementation-bug',
    description: 'With `search[name_matches]` given, `search[category]` is ignored.' },
  'GET', TL, (p) => has(p, 'search[category]', 'search[name_matches]'), ['search[category]']),
  async (base) => {
    const s = rand(); await cl(base).post(`gen_${s} artist:art_${s}`);
    return (await tagIds(base, { 'search[name_matches]': `*_${s}`, 'search[category]': 1 })).includes(`gen_${s}`);
  },
);
add(
  {
    id: 'tags-category-copyright-as-2', variants: ['A'], family: 'tags', quote: Q.TAG_CAT_VS, kind: 'spec-reader',
    description: 'Tag categories are numbered contiguously (0, 1, 2, 3), so `search[category]=3` is looked up as category 2, which holds no tags, and copyright tags are not found.',
    onRequest(req) {
      if (on(req, 'GET', TL) && req.path.endsWith('.json') && params(req).get('search[category]') === '3') return jsonRes(200, []);
      return req;
    },
  },
  async (base) => {
    const s = rand(); await cl(base).post(`gen_${s} copyright:cp_${s}`);
    return !(await tagIds(base, { 'search[name_matches]': `*_${s}`, 'search[category]': 3 })).includes(`cp_${s}`);
  },
);
add(
  drop({ id: 'tags-order-count-ignored', variants: ['A'], family: 'tags', quote: Q.TAGS_LIST, kind: 'implementation-bug',
    description: '`search[order]=count` falls back to the default order.' },
  'GET', TL, (p) => p.get('search[order]') === 'count', ['search[order]']),
  async (base) => {
    const s = rand(); await cl(base).post(`zz_${s}`); await cl(base).post(`zz_${s} aa_${s}`);
    const l = await tagIds(base, { 'search[name_matches]': `*_${s}`, 'search[order]': 'count' });
    return !(l.indexOf(`zz_${s}`) >= 0 && l.indexOf(`zz_${s}`) < l.indexOf(`aa_${s}`));
  },
);
add(
  drop({ id: 'tags-has-wiki-ignored', variants: ['A'], family: 'tags', quote: Q.TAGS_LIST, kind: 'implementation-bug',
    description: '`search[has_wiki]=yes` is ignored, so tags without a wiki page are listed.' },
  'GET', TL, (p) => p.get('search[has_wiki]') === 'yes', ['search[has_wiki]']),
  async (base) => {
    const s = rand(); await cl(base).post(`w_${s} nw_${s}`);
    await created(cl(base).send('POST', '/wiki_pages.json', { 'wiki_page[title]': `w_${s}`, 'wiki_page[body]': 'b' }));
    return (await tagIds(base, { 'search[name_matches]': `*_${s}`, 'search[has_wiki]': 'yes' })).includes(`nw_${s}`);
  },
);

// ---------------------------------------------------------------- aliases, implications, related tags
// The document gives no way to create aliases or implications; scenarios use the three of each the reference server is seeded with.
const rel = async (base: string, path: string, p: Record<string, string | number>) => {
  const r = await cl(base).get(path, { limit: 100, ...p });
  if (r.status !== 200) throw new Error(path + r.text);
  return (r.json as any[]).map((x) => `${x.antecedent_name}>${x.consequent_name}`);
};
add(
  {
    id: 'aliases-name-matches-antecedent-only', variants: ['A', 'B'], family: 'tag-relations', quote: Q.ALIASES_LIST, kind: 'spec-reader',
    description: '`search[name_matches]` is compared with the antecedent name only, so aliases found only by their consequent are missing.',
    async onResponse(req, res) {
      if (!on(req, 'GET', /^\/tag_aliases$/)) return res;
      const n = params(req).get('search[name_matches]');
      if (!n) return res;
      const re = new RegExp('^' + n.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*') + '$', 'i');
      return mapList(res, (l) => l.filter((a) => re.test(a.antecedent_name)));
    },
  },
  async (base) => !(await rel(base, '/tag_aliases.json', { 'search[name_matches]': 'monochrome' })).includes('bw>monochrome'),
);
add(
  {
    id: 'aliases-antecedent-name-prefix', variants: ['A', 'B'], family: 'tag-relations', quote: Q.ALIASES_LIST, kind: 'spec-reader',
    description: '`search[antecedent_name]` is matched as a prefix instead of exactly.',
    async onRequest(req, ctx) {
      if (!on(req, 'GET', /^\/tag_aliases$/)) return req;
      const p = params(req); const n = p.get('search[antecedent_name]');
      if (!n) return req;
      p.delete('search[antecedent_name]'); p.set('limit', '100');
      return mapList(await ctx.upstream({ ...req, query: p }), (l) => l.filter((a) => String(a.antecedent_name).startsWith(n)));
    },
  },
  async (base) => (await rel(base, '/tag_aliases.json', { 'search[antecedent_name]': 'kitt' })).includes('kitty>cat'),
);
add(
  drop({ id: 'aliases-id-dropped-with-name-matches', variants: ['A', 'B'], family: 'tag-relations', quote: Q.ALIASES_LIST, kind: 'implementation-bug',
    description: 'With `search[name_matches]` given, `search[id]` is ignored.' },
  'GET', /^\/tag_aliases$/, (p) => has(p, 'search[id]', 'search[name_matches]'), ['search[id]']),
  async (base) => {
    const all = (await cl(base).get('/tag_aliases.json', { 'search[antecedent_name]': 'kitty' })).json as any[];
    return (await rel(base, '/tag_aliases.json', { 'search[id]': all[0].id, 'search[name_matches]': '*' })).includes('doggy>dog');
  },
);
add(
  drop({ id: 'implications-antecedent-name-ignored', variants: ['A', 'B'], family: 'tag-relations', quote: Q.IMPL_LIST, kind: 'implementation-bug',
    description: 'The implication listing ignores `search[antecedent_name]` (the alias filter code was not reused).' },
  'GET', /^\/tag_implications$/, (p) => has(p, 'search[antecedent_name]'), ['search[antecedent_name]']),
  async (base) => (await rel(base, '/tag_implications.json', { 'search[antecedent_name]': 'kitten' })).includes('dog>animal'),
);
add(
  {
    id: 'implications-answered-with-aliases', variants: ['A', 'B'], family: 'tag-relations', quote: Q.IMPL_LIST, kind: 'implementation-bug',
    description: 'An implication search by `search[name_matches]` is routed to the alias table.',
    async onRequest(req, ctx) {
      if (!on(req, 'GET', /^\/tag_implications$/) || !params(req).get('search[name_matches]')) return req;
      return ctx.upstream({ ...req, path: req.path.replace('/tag_implications', '/tag_aliases') });
    },
  },
  async (base) => !(await rel(base, '/tag_implications.json', { 'search[name_matches]': 'animal' })).includes('cat>animal'),
);
add(
  drop({ id: 'related-tag-category-dropped', variants: ['A', 'B'], family: 'tag-relations', quote: Q.RELATED, kind: 'implementation-bug',
    description: '`category` is ignored on related tags, so tags of every category are returned.' },
  'GET', /^\/related_tag$/, (p) => has(p, 'query', 'category'), ['category']),
  async (base) => {
    const s = rand(); await cl(base).post(`q_${s} gen_${s} artist:art_${s}`);
    const r = await cl(base).get('/related_tag.json', { query: `q_${s}`, category: 1 });
    return (r.json as any[]).some((t) => t.name === `gen_${s}`);
  },
);
void jsonOf; void withParams;
