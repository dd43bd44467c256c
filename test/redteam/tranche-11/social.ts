// @ts-nocheck: frozen red-team code (see all.ts)
// Wiki pages, forum topics and posts, artist commentaries.
import type { Fault } from '../tranche-1/fault.ts';
import * as Q from './q.ts';
import { cl, created, drop, has, jsonOf, listIds, on, ok, params, rand, rewrite, up, withParams, type Scenario } from './h.ts';

export const faults: Fault[] = [];
export const checks: Record<string, Scenario> = {};
const add = (f: Fault, s: Scenario) => {
  faults.push(f);
  checks[f.id] = s;
};
const uid = async (base: string, n: string) => (await cl(base).get('/users.json', { 'search[name]': n })).json[0].id as number;

// ---------------------------------------------------------------- wiki
const WL = /^\/wiki_pages$/;
const wiki = (base: string, title: string, body: string, extra: Record<string, string> = {}, who: 'member' | 'member2' = 'member') =>
  created(cl(base, who).send('POST', '/wiki_pages.json', { 'wiki_page[title]': title, 'wiki_page[body]': body, ...extra }), 'wiki');
add(
  rewrite({ id: 'wiki-update-body-clears-other-names', variants: ['A'], family: 'wiki', quote: Q.WIKI_UPDATE, kind: 'implementation-bug',
    description: 'A wiki update that sends only `wiki_page[body]` also empties `other_names`.' },
  'PUT', /^\/wiki_pages\/\d+$/, (p) => p.has('wiki_page[body]') && !p.has('wiki_page[other_names]'), (p) => p.set('wiki_page[other_names]', '')),
  async (base) => {
    const s = rand(); const w = await wiki(base, `w_${s}`, 'b', { 'wiki_page[other_names]': `on_${s}` });
    ok(await cl(base).send('PUT', `/wiki_pages/${w}.json`, { 'wiki_page[body]': `b2_${s}` }));
    return !(await listIds(cl(base), '/wiki_pages.json', { 'search[other_names_match]': `on_${s}` })).includes(w);
  },
);
add(
  drop({ id: 'wiki-create-other-names-dropped', variants: ['A'], family: 'wiki', quote: Q.WIKI_CREATE, kind: 'implementation-bug',
    description: '`wiki_page[other_names]` is not saved on create (only on update).' },
  'POST', WL, (p) => has(p, 'wiki_page[other_names]'), ['wiki_page[other_names]']),
  async (base) => {
    const s = rand(); const w = await wiki(base, `w_${s}`, 'b', { 'wiki_page[other_names]': `on_${s}` });
    return !(await listIds(cl(base), '/wiki_pages.json', { 'search[other_names_match]': `on_${s}` })).includes(w);
  },
);
add(
  drop({ id: 'wiki-creator-name-dropped-with-body-matches', variants: ['A', 'B'], family: 'wiki', quote: Q.WIKI_LIST, kind: 'implementation-bug',
    description: 'With `search[body_matches]` given, `search[creator_name]` is ignored.' },
  'GET', WL, (p) => has(p, 'search[creator_name]', 'search[body_matches]'), ['search[creator_name]']),
  async (base) => {
    const s = rand(); const a = await wiki(base, `w_${s}`, `body_${s}`); await wiki(base, `v_${s}`, `body_${s}`, {}, 'member2');
    return (await listIds(cl(base), '/wiki_pages.json', { 'search[body_matches]': `body_${s}`, 'search[creator_name]': 'conform_member2' })).includes(a);
  },
);
add(
  drop({ id: 'wiki-body-matches-dropped-with-creator-id', variants: ['A', 'B'], family: 'wiki', quote: Q.WIKI_LIST, kind: 'implementation-bug',
    description: 'With `search[creator_id]` given, `search[body_matches]` is ignored.' },
  'GET', WL, (p) => has(p, 'search[creator_id]', 'search[body_matches]'), ['search[body_matches]']),
  async (base) => {
    const s = rand(); await wiki(base, `w_${s}`, `one_${s}`, {}, 'member2'); const b = await wiki(base, `v_${s}`, `two_${s}`, {}, 'member2');
    return (await listIds(cl(base), '/wiki_pages.json', { 'search[body_matches]': `one_${s}`, 'search[creator_id]': await uid(base, 'conform_member2') })).includes(b);
  },
);
const wikiOrder = async (base: string, key: string) => {
  const s = rand(); const a = await wiki(base, `aa_${s}`, `body_${s}`); const z = await wiki(base, `zz_${s}`, `body_${s}`);
  const l = await listIds(cl(base), '/wiki_pages.json', { 'search[body_matches]': `body_${s}`, [key]: 'title' });
  return !(l.indexOf(a) >= 0 && l.indexOf(a) < l.indexOf(z));
};
add(
  drop({ id: 'wiki-order-key-ignored-in-a', variants: ['A'], family: 'wiki', quote: Q.WIKI_LIST, kind: 'spec-reader',
    description: 'Variant A reads the sort key from `search[sort]`; `search[order]=title` is ignored.' },
  'GET', WL, (p) => has(p, 'search[order]'), ['search[order]']),
  (base) => wikiOrder(base, 'search[order]'),
);
add(
  drop({ id: 'wiki-sort-key-ignored-in-b', variants: ['B'], family: 'wiki', quote: Q.WIKI_LIST, kind: 'spec-reader',
    description: 'Variant B reads the sort key from `search[order]`; `search[sort]=title` is ignored.' },
  'GET', WL, (p) => has(p, 'search[sort]'), ['search[sort]']),
  (base) => wikiOrder(base, 'search[sort]'),
);
add(
  rewrite({ id: 'wiki-update-title-cut-at-ampersand', variants: ['A', 'B'], family: 'wiki', quote: Q.WIKI_UPDATE, kind: 'implementation-bug',
    description: 'A wiki title update containing `&` is cut at the `&`.' },
  'PUT', /^\/wiki_pages\/\d+$/, (p) => (p.get('wiki_page[title]') ?? '').includes('&'), (p) => p.set('wiki_page[title]', p.get('wiki_page[title]')!.split('&')[0].trim())),
  async (base) => {
    const s = rand(); const w = await wiki(base, `w_${s}`, 'b');
    ok(await cl(base).send('PUT', `/wiki_pages/${w}.json`, { 'wiki_page[title]': `tom_${s} & jerry` }));
    return !(await listIds(cl(base), '/wiki_pages.json', { 'search[title]': `tom_${s} & jerry` })).includes(w);
  },
);

// ---------------------------------------------------------------- forum
const FT = /^\/forum_topics$/;
const FP = /^\/forum_posts$/;
const topic = (base: string, title: string, body = 'ob', extra: Record<string, string | number> = {}, who: 'member' | 'member2' = 'member') =>
  created(cl(base, who).send('POST', '/forum_topics.json', { 'forum_topic[title]': title, 'forum_topic[original_post_attributes][body]': body, ...extra }), 'topic');
const firstPost = async (base: string, t: number) => (await listIds(cl(base), '/forum_posts.json', { 'search[topic_id]': t }))[0];

add(
  {
    id: 'forum-topics-title-exact-as-prefix', variants: ['A', 'B'], family: 'forum', quote: Q.FT_LIST, kind: 'spec-reader',
    description: '`search[title]` is treated like `search[title_matches]` with a trailing wildcard instead of an exact match.',
    onRequest(req) {
      if (!on(req, 'GET', FT)) return req;
      const p = params(req); const t = p.get('search[title]');
      if (!t) return req;
      p.delete('search[title]'); p.set('search[title_matches]', `${t}*`);
      return withParams(req, p);
    },
  },
  async (base) => {
    const s = rand(); await topic(base, `T_${s}`); const b = await topic(base, `T_${s} extra`);
    return (await listIds(cl(base), '/forum_topics.json', { 'search[title]': `T_${s}` })).includes(b);
  },
);
add(
  drop({ id: 'forum-topics-category-dropped-with-title-matches', variants: ['A'], family: 'forum', quote: Q.FT_LIST, kind: 'implementation-bug',
    description: 'With `search[title_matches]` given, `search[category_id]` is ignored.' },
  'GET', FT, (p) => has(p, 'search[category_id]', 'search[title_matches]'), ['search[category_id]']),
  async (base) => {
    const s = rand(); await topic(base, `T_${s} a`, 'ob', { 'forum_topic[category_id]': 2 }); const b = await topic(base, `T_${s} b`, 'ob', { 'forum_topic[category_id]': 0 });
    return (await listIds(cl(base), '/forum_topics.json', { 'search[title_matches]': `T_${s}*`, 'search[category_id]': 2 })).includes(b);
  },
);
add(
  drop({ id: 'forum-topics-create-category-dropped', variants: ['A'], family: 'forum', quote: Q.FT_CREATE, kind: 'implementation-bug',
    description: '`forum_topic[category_id]` is not saved on create; the topic lands in General.' },
  'POST', FT, (p) => has(p, 'forum_topic[category_id]') && p.get('forum_topic[category_id]') !== '0', ['forum_topic[category_id]']),
  async (base) => {
    const s = rand(); const a = await topic(base, `T_${s}`, 'ob', { 'forum_topic[category_id]': 1 });
    return !(await listIds(cl(base), '/forum_topics.json', { 'search[title]': `T_${s}`, 'search[category_id]': 1 })).includes(a);
  },
);
add(
  rewrite({ id: 'forum-topics-update-title-resets-category', variants: ['A'], family: 'forum', quote: Q.FT_UPDATE, kind: 'implementation-bug',
    description: 'A topic update that sends only `forum_topic[title]` resets the category to General (0).' },
  'PUT', /^\/forum_topics\/\d+$/, (p) => p.has('forum_topic[title]') && !p.has('forum_topic[category_id]'), (p) => p.set('forum_topic[category_id]', '0')),
  async (base) => {
    const s = rand(); const a = await topic(base, `T_${s}`, 'ob', { 'forum_topic[category_id]': 2 });
    ok(await cl(base).send('PUT', `/forum_topics/${a}.json`, { 'forum_topic[title]': `U_${s}` }));
    return !(await listIds(cl(base), '/forum_topics.json', { 'search[title]': `U_${s}`, 'search[category_id]': 2 })).includes(a);
  },
);
add(
  rewrite({ id: 'forum-topics-category-counted-from-one', variants: ['A'], family: 'forum', quote: Q.FORUM_CAT_VS, kind: 'spec-reader',
    description: 'Category ids are taken as positions counted from 1, so `forum_topic[category_id]=2` on create is stored as Tags (1).' },
  'POST', FT, (p) => p.get('forum_topic[category_id]') === '2', (p) => p.set('forum_topic[category_id]', '1')),
  async (base) => {
    const s = rand(); const a = await topic(base, `T_${s}`, 'ob', { 'forum_topic[category_id]': 2 });
    return !(await listIds(cl(base), '/forum_topics.json', { 'search[title]': `T_${s}`, 'search[category_id]': 2 })).includes(a);
  },
);
add(
  {
    id: 'forum-topics-original-post-body-ignored', variants: ['A', 'B'], family: 'forum', quote: Q.FT_CREATE, kind: 'spec-reader',
    description: 'The initial post body is looked for in a flat `forum_topic[body]`; the nested `forum_topic[original_post_attributes][body]` is not read and the create is refused as missing its body.',
    onRequest(req) {
      if (!on(req, 'POST', FT)) return req;
      const p = params(req);
      if (!has(p, 'forum_topic[original_post_attributes][body]') || p.has('forum_topic[body]')) return req;
      return { status: 420, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ success: false, reason: 'record could not be saved: forum_topic[body] is missing' })) };
    },
  },
  async (base) => {
    const s = rand();
    const r = await cl(base).send('POST', '/forum_topics.json', { 'forum_topic[title]': `T_${s}`, 'forum_topic[original_post_attributes][body]': `first_${s}` });
    return !(r.status === 200 && r.json?.success === true);
  },
);
add(
  drop({ id: 'forum-posts-topic-id-dropped-with-body-matches', variants: ['A', 'B'], family: 'forum', quote: Q.FP_LIST, kind: 'implementation-bug',
    description: 'With `search[body_matches]` given, `search[topic_id]` is ignored.' },
  'GET', FP, (p) => has(p, 'search[topic_id]', 'search[body_matches]'), ['search[topic_id]']),
  async (base) => {
    const s = rand(); const t1 = await topic(base, `T_${s}`, `b_${s}`); const t2 = await topic(base, `U_${s}`, `b_${s}`);
    const p2 = await firstPost(base, t2);
    return (await listIds(cl(base), '/forum_posts.json', { 'search[topic_id]': t1, 'search[body_matches]': `b_${s}` })).includes(p2);
  },
);
add(
  drop({ id: 'forum-posts-topic-category-dropped', variants: ['A'], family: 'forum', quote: Q.FP_LIST, kind: 'implementation-bug',
    description: 'With `search[body_matches]` given, `search[topic_category_id]` is ignored.' },
  'GET', FP, (p) => has(p, 'search[topic_category_id]', 'search[body_matches]'), ['search[topic_category_id]']),
  async (base) => {
    const s = rand(); await topic(base, `T_${s}`, `b_${s}`, { 'forum_topic[category_id]': 2 }); const t2 = await topic(base, `U_${s}`, `b_${s}`, { 'forum_topic[category_id]': 0 });
    const p2 = await firstPost(base, t2);
    return (await listIds(cl(base), '/forum_posts.json', { 'search[topic_category_id]': 2, 'search[body_matches]': `b_${s}` })).includes(p2);
  },
);
add(
  drop({ id: 'forum-posts-creator-name-dropped-with-title', variants: ['A', 'B'], family: 'forum', quote: Q.FP_LIST, kind: 'implementation-bug',
    description: 'With `search[topic_title_matches]` given, `search[creator_name]` is ignored.' },
  'GET', FP, (p) => has(p, 'search[creator_name]', 'search[topic_title_matches]'), ['search[creator_name]']),
  async (base) => {
    const s = rand(); const t1 = await topic(base, `T_${s} a`); await topic(base, `T_${s} b`, 'ob', {}, 'member2');
    const p1 = await firstPost(base, t1);
    return (await listIds(cl(base), '/forum_posts.json', { 'search[topic_title_matches]': `T_${s}*`, 'search[creator_name]': 'conform_member2' })).includes(p1);
  },
);
add(
  rewrite({ id: 'forum-posts-update-plus-becomes-space', variants: ['A', 'B'], family: 'forum', quote: Q.FP_UPDATE, kind: 'implementation-bug',
    description: 'A `+` in an updated `forum_post[body]` is decoded a second time and stored as a space.' },
  'PUT', /^\/forum_posts\/\d+$/, (p) => (p.get('forum_post[body]') ?? '').includes('+'), (p) => p.set('forum_post[body]', p.get('forum_post[body]')!.replace(/\+/g, ' '))),
  async (base) => {
    const s = rand(); const t = await topic(base, `T_${s}`); const p = await firstPost(base, t);
    ok(await cl(base).send('PUT', `/forum_posts/${p}.json`, { 'forum_post[body]': `c++_${s}` }));
    return !(await listIds(cl(base), '/forum_posts.json', { 'search[topic_id]': t, 'search[body_matches]': `c++_${s}` })).includes(p);
  },
);

// ---------------------------------------------------------------- artist commentaries (A only)
const AC = '/artist_commentaries/create_or_update.json';
const comm = (base: string, post: number, p: Record<string, string>, who: 'member' | 'member2' = 'member') =>
  cl(base, who).send('POST', AC, { 'artist_commentary[post_id]': post, ...Object.fromEntries(Object.entries(p).map(([k, v]) => [`artist_commentary[${k}]`, v])) }).then((r) => ok(r, 'commentary'));
const acIds = async (base: string, p: Record<string, string | number>) => {
  const r = await cl(base).get('/artist_commentaries.json', { limit: 100, ...p });
  if (r.status !== 200) throw new Error(r.text);
  return (r.json as any[]).map((c) => c.post_id as number);
};
add(
  rewrite({ id: 'commentary-update-clears-omitted-fields', variants: ['A'], family: 'commentaries', quote: Q.AC_CREATE, kind: 'implementation-bug',
    description: 'A create-or-update that sends only the translated title on an existing commentary empties the original title.' },
  'POST', /^\/artist_commentaries\/create_or_update$/, (p) => p.has('artist_commentary[translated_title]') && !p.has('artist_commentary[original_title]'), (p) => p.set('artist_commentary[original_title]', '')),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    await comm(base, a, { original_title: `ot_${s}` });
    await comm(base, a, { translated_title: `tt_${s}` });
    return !(await acIds(base, { 'search[text_matches]': `ot_${s}` })).includes(a);
  },
);
add(
  rewrite({ id: 'commentary-original-present-inverted', variants: ['A'], family: 'commentaries', quote: Q.AC_LIST, kind: 'implementation-bug',
    description: '`search[original_present]` is inverted: `yes` lists commentaries without an original.' },
  'GET', /^\/artist_commentaries$/, (p) => ['yes', 'no'].includes(p.get('search[original_present]') ?? ''), (p) => p.set('search[original_present]', p.get('search[original_present]') === 'yes' ? 'no' : 'yes')),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const b = await cl(base).post(`x_${s}`);
    await comm(base, a, { original_title: `ot_${s}` }); await comm(base, b, { translated_title: `tt_${s}` });
    return (await acIds(base, { 'search[post_tags_match]': `x_${s}`, 'search[original_present]': 'yes' })).includes(b);
  },
);
add(
  drop({ id: 'commentary-translated-present-yes-ignored', variants: ['A'], family: 'commentaries', quote: Q.AC_LIST, kind: 'spec-reader',
    description: '`search[translated_present]` is parsed as true/false, so the documented `yes` is not understood and the filter is skipped.' },
  'GET', /^\/artist_commentaries$/, (p) => p.get('search[translated_present]') === 'yes', ['search[translated_present]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const b = await cl(base).post(`x_${s}`);
    await comm(base, a, { original_title: `ot_${s}` }); await comm(base, b, { translated_title: `tt_${s}` });
    return (await acIds(base, { 'search[post_tags_match]': `x_${s}`, 'search[translated_present]': 'yes' })).includes(a);
  },
);
add(
  rewrite({ id: 'commentary-post-tags-match-first-tag-only', variants: ['A'], family: 'commentaries', quote: Q.AC_LIST, kind: 'implementation-bug',
    description: '`search[post_tags_match]` with two tags uses only the first.' },
  'GET', /^\/artist_commentaries$/, (p) => (p.get('search[post_tags_match]') ?? '').trim().split(/\s+/).length >= 2,
  (p) => p.set('search[post_tags_match]', p.get('search[post_tags_match]')!.trim().split(/\s+/)[0])),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s} y_${s}`); const b = await cl(base).post(`x_${s}`);
    await comm(base, a, { original_title: `ot_${s}` }); await comm(base, b, { original_title: `ot_${s}` });
    return (await acIds(base, { 'search[post_tags_match]': `x_${s} y_${s}` })).includes(b);
  },
);
add(
  {
    id: 'commentary-revert-id-read-as-commentary-id', variants: ['A'], family: 'commentaries', quote: Q.AC_REVERT, kind: 'spec-reader',
    description: 'The revert path `{id}` is taken as the commentary id rather than the post id.',
    async onRequest(req, ctx) {
      const m = on(req, 'PUT', /^\/artist_commentaries\/(\d+)\/revert$/);
      if (!m) return req;
      const l = await up(ctx, req, 'GET', '/artist_commentaries.json', { limit: 1000 });
      const c = Array.isArray(l.json) ? l.json.find((x: any) => String(x.id) === m[1]) : undefined;
      if (!c) return { status: 404, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ success: false, reason: 'not found' })) };
      return { ...req, path: req.path.replace(`/artist_commentaries/${m[1]}/`, `/artist_commentaries/${c.post_id}/`) };
    },
  },
  async (base) => {
    const s = rand();
    for (let i = 0; i < 2; i++) await cl(base).post(`pad_${s}`);
    const a = await cl(base).post(`x_${s}`);
    const j = await comm(base, a, { original_title: `v1_${s}` });
    if (j.id === a) throw new Error('commentary id equals post id; cannot tell them apart');
    const v1 = ((await cl(base).get('/artist_commentary_versions.json', { 'search[post_id]': a })).json as any[])[0].id;
    await comm(base, a, { original_title: `v2_${s}` });
    const r = await cl(base).send('PUT', `/artist_commentaries/${a}/revert.json`, { version_id: v1 });
    return !(r.status === 200 && (await acIds(base, { 'search[text_matches]': `v1_${s}` })).includes(a));
  },
);
add(
  drop({ id: 'commentary-versions-post-id-dropped-with-updater', variants: ['A'], family: 'commentaries', quote: Q.CV, kind: 'implementation-bug',
    description: 'With `search[updater_id]` given, `search[post_id]` is ignored.' },
  'GET', /^\/artist_commentary_versions$/, (p) => has(p, 'search[post_id]', 'search[updater_id]'), ['search[post_id]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const b = await cl(base).post(`x_${s}`);
    await comm(base, a, { original_title: `o_${s}` }, 'member2'); await comm(base, b, { original_title: `o_${s}` }, 'member2');
    const vb = ((await cl(base).get('/artist_commentary_versions.json', { 'search[post_id]': b })).json as any[])[0].id;
    return (await listIds(cl(base), '/artist_commentary_versions.json', { 'search[post_id]': a, 'search[updater_id]': await uid(base, 'conform_member2') })).includes(vb);
  },
);
void jsonOf;
