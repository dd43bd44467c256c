// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, setJson, withForm, form, dropParam, refilter, lookup, cl, u, who, ids, must, ok, userId } from './h.ts';
const F = 'flags-appeals';
const FL = /^\/post_flags\.(json|xml)$/;
const AP = /^\/post_appeals\.(json|xml)$/;

export const faults: Fault[] = [
  {
    id: 'flags-creator-id-joins-uploader', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| List flags | GET /post_flags.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'search[creator_id] also matches flags on posts uploaded by that user (join on the post uploader).',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', FL) || fmt(req) !== 'json') return res;
      const cid = req.query.get('search[creator_id]');
      if (!cid) return res;
      const q = new URLSearchParams(req.query.toString()); q.delete('search[creator_id]');
      const r2 = await ctx.upstream({ ...req, query: q });
      const list = json(r2);
      if (!Array.isArray(list)) return res;
      const out: any[] = [];
      for (const fl of list) {
        if (String(fl.creator_id) === cid) { out.push(fl); continue; }
        const p = await lookup(ctx, req, `/posts/${fl.post_id}.json`);
        if (p && String(p.uploader_id) === cid) out.push(fl);
      }
      return setJson(res, out, 200);
    },
  },
  {
    id: 'appeals-reason-non-ascii-mangled', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`post_appeal[reason]` REQUIRED',
    description: 'The appeal reason is stored after a Latin-1 re-decoding, so non-ASCII text is garbled.',
    onRequest(req) {
      if (!is(req, 'POST', AP)) return req;
      const r = form(req).get('post_appeal[reason]');
      if (!r || !/[^\x00-\x7f]/.test(r)) return req;
      return withForm(req, (f) => f.set('post_appeal[reason]', Buffer.from(r, 'utf8').toString('latin1')));
    },
  },
  {
    id: 'flags-reason-cut-at-ampersand', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`post_flag[reason]` REQUIRED',
    description: 'The flag reason is cut at the first & (body re-split after decoding).',
    onRequest(req) {
      if (!is(req, 'POST', FL)) return req;
      const r = form(req).get('post_flag[reason]');
      if (!r || !r.includes('&')) return req;
      return withForm(req, (f) => f.set('post_flag[reason]', r.split('&')[0]));
    },
  },
  {
    id: 'flags-list-xml-answers-json', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'The flag list requested with .xml is served as JSON.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', FL) || fmt(req) !== 'xml') return req;
      return ctx.upstream({ ...req, path: '/post_flags.json' });
    },
  },
];

export const checks: Record<string, Scenario> = {
  'flags-creator-id-joins-uploader': async (base) => {
    const m = cl(base); const g = cl(base, who.gold());
    const p = await m.post(u());
    await ok(g.send('POST', '/post_flags.json', { 'post_flag[post_id]': p, 'post_flag[reason]': 'r' }));
    const mid = await userId(base, 'conform_member');
    const r = await m.get('/post_flags.json', { 'search[creator_id]': mid, 'search[post_id]': p });
    return ids(r).length > 0;
  },
  'appeals-reason-non-ascii-mangled': async (base) => {
    const m = cl(base); const p = await m.post(u()); const reason = 'Überprüfung – 日本 ' + u();
    await ok(m.send('POST', '/post_appeals.json', { 'post_appeal[post_id]': p, 'post_appeal[reason]': reason }));
    const r = await m.get('/post_appeals.json', { 'search[post_id]': p });
    return r.json[0]?.reason !== reason;
  },
  'flags-reason-cut-at-ampersand': async (base) => {
    const m = cl(base); const p = await m.post(u()); const reason = `dup & bad <${u()}>`;
    await ok(m.send('POST', '/post_flags.json', { 'post_flag[post_id]': p, 'post_flag[reason]': reason }));
    const r = await m.get('/post_flags.json', { 'search[post_id]': p });
    return r.json[0]?.reason !== reason;
  },
  'flags-list-xml-answers-json': async (base) => {
    const m = cl(base); const p = await m.post(u());
    await ok(m.send('POST', '/post_flags.json', { 'post_flag[post_id]': p, 'post_flag[reason]': 'x' }));
    const r = await m.get('/post_flags.xml', { 'search[post_id]': p });
    return !r.text.trimStart().startsWith('<');
  },
};
