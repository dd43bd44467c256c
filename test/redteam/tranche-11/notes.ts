// @ts-nocheck: frozen red-team code (see all.ts)
// Notes, note versions, users, post versions.
import type { Fault } from '../tranche-1/fault.ts';
import * as Q from './q.ts';
import { ACC, cl, created, drop, has, jsonOf, listIds, mapList, on, ok, params, rand, rewrite, show, up, withParams, type Scenario } from './h.ts';

export const faults: Fault[] = [];
export const checks: Record<string, Scenario> = {};
const add = (f: Fault, s: Scenario) => {
  faults.push(f);
  checks[f.id] = s;
};
const note = (base: string, post: number, body: string, who: 'member' | 'member2' = 'member', pos: Record<string, number> = {}) =>
  created(cl(base, who).send('POST', '/notes.json', { 'note[post_id]': post, 'note[x]': pos.x ?? 3, 'note[y]': pos.y ?? 4, 'note[width]': pos.width ?? 5, 'note[height]': pos.height ?? 6, 'note[body]': body }), 'note');
const NL = /^\/notes$/;
const uid = async (base: string, n: string) => (await cl(base).get('/users.json', { 'search[name]': n })).json[0].id as number;

add(
  rewrite({ id: 'notes-update-body-only-resets-position', variants: ['A', 'B'], family: 'notes', quote: Q.NOTES_UPDATE, kind: 'implementation-bug',
    description: 'A note update that sends only `note[body]` also writes x and y as 0, although the position fields are optional.' },
  'PUT', /^\/notes\/\d+$/, (p) => p.has('note[body]') && !p.has('note[x]') && !p.has('note[y]'), (p) => { p.set('note[x]', '0'); p.set('note[y]', '0'); }),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const n = await note(base, a, `n_${s}`);
    ok(await cl(base).send('PUT', `/notes/${n}.json`, { 'note[body]': `m_${s}` }));
    const r = await show(cl(base), `/notes/${n}.json`);
    return !(r.x === 3 && r.y === 4);
  },
);
add(
  drop({ id: 'notes-update-zero-x-ignored', variants: ['A', 'B'], family: 'notes', quote: Q.NOTES_UPDATE, kind: 'implementation-bug',
    description: 'An update with `note[x]=0` (the left edge) is ignored because 0 is treated as "not sent".' },
  'PUT', /^\/notes\/\d+$/, (p) => p.get('note[x]') === '0', ['note[x]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const n = await note(base, a, `n_${s}`);
    ok(await cl(base).send('PUT', `/notes/${n}.json`, { 'note[x]': 0 }));
    return (await show(cl(base), `/notes/${n}.json`)).x !== 0;
  },
);
add(
  drop({ id: 'notes-post-id-dropped-with-body-matches', variants: ['A', 'B'], family: 'notes', quote: Q.NOTES_LIST, kind: 'implementation-bug',
    description: 'With `search[body_matches]` given, `search[post_id]` is ignored.' },
  'GET', NL, (p) => has(p, 'search[post_id]', 'search[body_matches]'), ['search[post_id]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const b = await cl(base).post(`x_${s}`);
    await note(base, a, `n_${s}`); const n2 = await note(base, b, `n_${s}`);
    return (await listIds(cl(base), '/notes.json', { 'search[post_id]': a, 'search[body_matches]': `n_${s}` })).includes(n2);
  },
);
add(
  {
    id: 'notes-creator-name-prefix-match', variants: ['A', 'B'], family: 'notes', quote: Q.NOTES_LIST, kind: 'spec-reader',
    description: '`search[creator_name]` is matched as a prefix instead of exactly.',
    async onRequest(req, ctx) {
      if (!on(req, 'GET', NL)) return req;
      const p = params(req); const n = p.get('search[creator_name]');
      if (!n) return req;
      p.delete('search[creator_name]'); p.set('limit', '100');
      return mapList(await ctx.upstream({ ...req, query: p }), (l) => l.filter((x) => String(x.creator_name).toLowerCase().startsWith(n.toLowerCase())));
    },
  },
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    await note(base, a, `n_${s}`); const n2 = await note(base, a, `n_${s}`, 'member2');
    return (await listIds(cl(base), '/notes.json', { 'search[creator_name]': 'conform_member', 'search[body_matches]': `n_${s}` })).includes(n2);
  },
);
add(
  drop({ id: 'notes-group-by-note-drops-post-id', variants: ['A'], family: 'notes', quote: Q.NOTES_GROUP, kind: 'implementation-bug',
    description: 'With `group_by=note`, `search[post_id]` is ignored, so notes of other posts are listed.' },
  'GET', NL, (p) => p.get('group_by') === 'note' && has(p, 'search[post_id]'), ['search[post_id]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const b = await cl(base).post(`x_${s}`);
    await note(base, a, `n_${s}`); const n2 = await note(base, b, `n_${s}`);
    return (await listIds(cl(base), '/notes.json', { group_by: 'note', 'search[post_id]': a })).includes(n2);
  },
);
add(
  rewrite({ id: 'notes-post-tags-match-first-tag-only', variants: ['A', 'B'], family: 'notes', quote: Q.NOTES_LIST, kind: 'implementation-bug',
    description: '`search[post_tags_match]` with two tags uses only the first.' },
  'GET', NL, (p) => (p.get('search[post_tags_match]') ?? '').trim().split(/\s+/).length >= 2,
  (p) => p.set('search[post_tags_match]', p.get('search[post_tags_match]')!.trim().split(/\s+/)[0])),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s} y_${s}`); const b = await cl(base).post(`x_${s}`);
    await note(base, a, `n_${s}`); const n2 = await note(base, b, `n_${s}`);
    return (await listIds(cl(base), '/notes.json', { 'search[post_tags_match]': `x_${s} y_${s}` })).includes(n2);
  },
);
add(
  {
    id: 'notes-revert-keeps-body', variants: ['A', 'B'], family: 'notes', quote: Q.NOTES_REVERT, kind: 'implementation-bug',
    description: 'A note revert restores the position but keeps the current body.',
    async onRequest(req, ctx) {
      const m = on(req, 'PUT', /^\/notes\/(\d+)\/revert$/);
      if (!m) return req;
      const cur = await up(ctx, req, 'GET', `/notes/${m[1]}.json`);
      const r = await ctx.upstream(req);
      if (r.status === 200 && cur.status === 200) await up(ctx, req, 'PUT', `/notes/${m[1]}.json`, { 'note[body]': cur.json.body });
      return r;
    },
  },
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const n = await note(base, a, `v1_${s}`);
    const v1 = ((await cl(base).get('/note_versions.json', { 'search[note_id]': n })).json as any[])[0].id;
    ok(await cl(base).send('PUT', `/notes/${n}.json`, { 'note[body]': `v2_${s}`, 'note[x]': 9 }));
    ok(await cl(base).send('PUT', `/notes/${n}/revert.json`, { version_id: v1 }));
    return !(await listIds(cl(base), '/notes.json', { 'search[body_matches]': `v1_${s}` })).includes(n);
  },
);
add(
  {
    id: 'notes-y-measured-from-bottom', variants: ['A', 'B'], family: 'notes', quote: Q.NOTES_CREATE,
    kind: 'spec-reader',
    description: 'On create, `note[y]` is taken as measured from the bottom edge of the image and converted, so the stored y differs from the y sent.',
    async onRequest(req, ctx) {
      if (!on(req, 'POST', NL)) return req;
      const p = params(req);
      const post = p.get('note[post_id]'); const y = Number(p.get('note[y]')); const h = Number(p.get('note[height]'));
      if (!post || !Number.isFinite(y) || !Number.isFinite(h)) return req;
      const pr = await up(ctx, req, 'GET', `/posts/${post}.json`);
      if (pr.status !== 200) return req;
      p.set('note[y]', String(Math.max(0, pr.json.image_height - y - h)));
      return withParams(req, p);
    },
  },
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    const n = await note(base, a, `n_${s}`, 'member', { x: 0, y: 0, width: 1, height: 1 });
    return (await show(cl(base), `/notes/${n}.json`)).y !== 0;
  },
);
add(
  drop({ id: 'note-versions-note-id-dropped-with-post-id', variants: ['A', 'B'], family: 'notes', quote: Q.NV, kind: 'implementation-bug',
    description: 'With `search[post_id]` given, `search[note_id]` is ignored, so versions of other notes of the post are listed.' },
  'GET', /^\/note_versions$/, (p) => has(p, 'search[note_id]', 'search[post_id]'), ['search[note_id]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    const n1 = await note(base, a, `n_${s}`); const n2 = await note(base, a, `m_${s}`);
    const v2 = ((await cl(base).get('/note_versions.json', { 'search[note_id]': n2 })).json as any[])[0].id;
    return (await listIds(cl(base), '/note_versions.json', { 'search[note_id]': n1, 'search[post_id]': a })).includes(v2);
  },
);
add(
  drop({ id: 'note-versions-updater-dropped-with-note-id', variants: ['A', 'B'], family: 'notes', quote: Q.NV, kind: 'implementation-bug',
    description: 'With `search[note_id]` given, `search[updater_id]` is ignored.' },
  'GET', /^\/note_versions$/, (p) => has(p, 'search[note_id]', 'search[updater_id]'), ['search[updater_id]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const n = await note(base, a, `n_${s}`);
    const v1 = ((await cl(base).get('/note_versions.json', { 'search[note_id]': n })).json as any[])[0].id;
    ok(await cl(base, 'member2').send('PUT', `/notes/${n}.json`, { 'note[body]': `m_${s}` }));
    return (await listIds(cl(base), '/note_versions.json', { 'search[note_id]': n, 'search[updater_id]': await uid(base, 'conform_member2') })).includes(v1);
  },
);

// ---------------------------------------------------------------- users
const UL = /^\/users$/;
const names = async (base: string, p: Record<string, string | number>) => {
  const r = await cl(base).get('/users.json', { limit: 100, ...p });
  if (r.status !== 200 || !Array.isArray(r.json)) throw new Error('users ' + r.text);
  return r.json.map((u: any) => u.name as string);
};
add(
  drop({ id: 'users-max-level-dropped-with-min-level', variants: ['A'], family: 'users', quote: Q.USERS_LIST, kind: 'implementation-bug',
    description: 'When `search[min_level]` and `search[max_level]` are both given, only the minimum is applied.' },
  'GET', UL, (p) => has(p, 'search[min_level]', 'search[max_level]'), ['search[max_level]']),
  async (base) => (await names(base, { 'search[min_level]': 30, 'search[max_level]': 31 })).includes('conform_admin'),
);
add(
  rewrite({ id: 'users-max-level-exclusive', variants: ['A'], family: 'users', quote: Q.USERS_LIST, kind: 'implementation-bug',
    description: '`search[max_level]` is applied as a strict bound, leaving out users exactly at the maximum level.' },
  'GET', UL, (p) => has(p, 'search[max_level]') && /^\d+$/.test(p.get('search[max_level]')!), (p) => p.set('search[max_level]', String(Number(p.get('search[max_level]')) - 1))),
  async (base) => !(await names(base, { 'search[max_level]': 31, 'search[name]': 'conform_*' })).includes('conform_platinum'),
);
add(
  rewrite({ id: 'users-min-level-exclusive', variants: ['A', 'B'], family: 'users', quote: Q.USERS_LIST, kind: 'implementation-bug',
    description: '`search[min_level]` is applied as a strict bound, leaving out users exactly at the minimum level.' },
  'GET', UL, (p) => has(p, 'search[min_level]') && /^\d+$/.test(p.get('search[min_level]')!), (p) => p.set('search[min_level]', String(Number(p.get('search[min_level]')) + 1))),
  async (base) => !(await names(base, { 'search[min_level]': 50, 'search[name]': 'conform_*' })).includes('conform_admin'),
);
add(
  drop({ id: 'users-level-dropped-with-name-pattern', variants: ['A', 'B'], family: 'users', quote: Q.USERS_LIST, kind: 'implementation-bug',
    description: 'With a `search[name]` pattern given, `search[level]` is ignored.' },
  'GET', UL, (p) => has(p, 'search[level]', 'search[name]'), ['search[level]']),
  async (base) => (await names(base, { 'search[level]': 20, 'search[name]': 'conform_*' })).includes('conform_gold'),
);
add(
  rewrite({ id: 'users-name-pattern-literal', variants: ['A', 'B'], family: 'users', quote: Q.USERS_LIST, kind: 'spec-reader',
    description: '`search[name]` is matched literally; `*` is not a wildcard.' },
  'GET', UL, (p) => (p.get('search[name]') ?? '').includes('*'), (p) => p.set('search[name]', p.get('search[name]')!.replace(/\*/g, '_asterisk_'))),
  async (base) => !(await names(base, { 'search[name]': 'conform_plat*' })).includes('conform_platinum'),
);
const userOrder = async (base: string, key: string) => {
  const l = await names(base, { 'search[name]': 'conform_m*', [key]: 'name' });
  return !(l.indexOf('conform_member') >= 0 && l.indexOf('conform_member') < l.indexOf('conform_moderator'));
};
add(
  drop({ id: 'users-order-key-ignored-in-a', variants: ['A'], family: 'users', quote: Q.USERS_LIST, kind: 'spec-reader',
    description: 'Variant A reads the sort key from `search[sort]`; `search[order]=name` is ignored.' },
  'GET', UL, (p) => has(p, 'search[order]'), ['search[order]']),
  (base) => userOrder(base, 'search[order]'),
);
add(
  drop({ id: 'users-sort-key-ignored-in-b', variants: ['B'], family: 'users', quote: Q.USERS_LIST, kind: 'spec-reader',
    description: 'Variant B reads the sort key from `search[order]`; `search[sort]=name` is ignored.' },
  'GET', UL, (p) => has(p, 'search[sort]'), ['search[sort]']),
  (base) => userOrder(base, 'search[sort]'),
);
add(
  drop({ id: 'users-id-dropped-with-name-pattern', variants: ['A', 'B'], family: 'users', quote: Q.USERS_LIST, kind: 'implementation-bug',
    description: 'With a `search[name]` pattern given, `search[id]` is ignored.' },
  'GET', UL, (p) => has(p, 'search[id]', 'search[name]'), ['search[id]']),
  async (base) => (await names(base, { 'search[id]': await uid(base, 'conform_gold'), 'search[name]': 'conform_*' })).includes('conform_member'),
);
add(
  {
    id: 'users-show-xml-answered-json', variants: ['A', 'B'], family: 'users', quote: Q.FORMAT, kind: 'implementation-bug',
    description: 'Showing a user through `.xml` returns the JSON rendering.',
    async onRequest(req, ctx) {
      const m = on(req, 'GET', /^\/users\/(\d+)$/);
      if (!m || !req.path.endsWith('.xml')) return req;
      return ctx.upstream({ ...req, path: `/users/${m[1]}.json` });
    },
  },
  async (base) => !(await cl(base).get(`/users/${await uid(base, 'conform_gold')}.xml`)).text.trimStart().startsWith('<'),
);
add(
  {
    id: 'users-order-post-upload-count-ignored', variants: ['A', 'B'], family: 'users', quote: Q.USERS_LIST, kind: 'implementation-bug',
    description: 'Ordering by `post_upload_count` falls back to the default order (newest account first).',
    onRequest(req) {
      if (!on(req, 'GET', UL)) return req;
      const p = params(req);
      let hit = false;
      for (const k of ['search[order]', 'search[sort]']) if (p.get(k) === 'post_upload_count') { p.delete(k); hit = true; }
      return hit ? withParams(req, p) : req;
    },
  },
  async (base, v) => {
    const s = rand(); await cl(base).post(`x_${s}`);
    const l = await names(base, { 'search[name]': 'conform_m*', [v === 'A' ? 'search[order]' : 'search[sort]']: 'post_upload_count' });
    return !(l.indexOf('conform_member') >= 0 && l.indexOf('conform_member') < l.indexOf('conform_moderator'));
  },
);

// ---------------------------------------------------------------- post versions
add(
  drop({ id: 'post-versions-updater-name-dropped-with-post-id', variants: ['A', 'B'], family: 'versions', quote: Q.PV, kind: 'implementation-bug',
    description: 'With `search[post_id]` given, `search[updater_name]` is ignored.' },
  'GET', /^\/post_versions$/, (p) => has(p, 'search[post_id]', 'search[updater_name]'), ['search[updater_name]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    const v1 = ((await cl(base).get('/post_versions.json', { 'search[post_id]': a })).json as any[])[0].id;
    ok(await cl(base, 'member2').send('PUT', `/posts/${a}.json`, { 'post[tag_string]': `x_${s} y_${s}` }));
    return (await listIds(cl(base), '/post_versions.json', { 'search[post_id]': a, 'search[updater_name]': 'conform_member2' })).includes(v1);
  },
);
add(
  drop({ id: 'post-versions-post-id-dropped-with-updater-id', variants: ['A', 'B'], family: 'versions', quote: Q.PV, kind: 'implementation-bug',
    description: 'With `search[updater_id]` given, `search[post_id]` is ignored.' },
  'GET', /^\/post_versions$/, (p) => has(p, 'search[post_id]', 'search[updater_id]'), ['search[post_id]']),
  async (base) => {
    const s = rand(); const a = await cl(base, 'member2').post(`x_${s}`); const b = await cl(base, 'member2').post(`x_${s}`);
    const vb = ((await cl(base).get('/post_versions.json', { 'search[post_id]': b })).json as any[])[0].id;
    return (await listIds(cl(base), '/post_versions.json', { 'search[post_id]': a, 'search[updater_id]': await uid(base, 'conform_member2') })).includes(vb);
  },
);
void ACC; void jsonOf;
