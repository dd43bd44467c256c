// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, form, withForm, dropQuery, filterInstead, upGet, ids, mk, must, userId, wellFormedXml } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };

add(
  {
    id: 'flags-creator-name-dropped-with-post-id',
    variants: ['A', 'B'],
    family: 'flags-appeals',
    quote: '| List flags | GET /post_flags.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'When search[post_id] is given, search[creator_name] is ignored and every flag of the post is listed.',
    kind: 'implementation-bug',
    onRequest: dropQuery(/^\/post_flags$/, 'search[creator_name]', (q) => q.has('search[post_id]')),
  },
  async (base) => {
    const c = cl(base), c2 = cl(base, 'member2');
    const p = await c.post('fl' + rand());
    const f1 = await mk(c, '/post_flags.json', { 'post_flag[post_id]': p, 'post_flag[reason]': 'r1' });
    const f2 = await mk(c2, '/post_flags.json', { 'post_flag[post_id]': p, 'post_flag[reason]': 'r2' });
    const r = await c.get('/post_flags.json', { 'search[post_id]': p, 'search[creator_name]': 'conform_member2' });
    must(ids(r).includes(f2), 'own flag listed');
    return ids(r).includes(f1);
  },
);

add(
  {
    id: 'flags-reason-optional',
    variants: ['A', 'B'],
    family: 'flags-appeals',
    quote: '| Create flag | POST /post_flags.json | `post_flag[post_id]` REQUIRED; `post_flag[reason]` REQUIRED |',
    description: 'A flag without post_flag[reason] is accepted (an empty reason is filled in) instead of being refused.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!is(req, 'POST', /^\/post_flags$/)) return req;
      const f = form(req);
      if (f.has('post_flag[reason]')) return req;
      f.set('post_flag[reason]', '(none)');
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('fr' + rand());
    const r = await c.send('POST', '/post_flags.json', { 'post_flag[post_id]': p });
    return r.status === 200;
  },
);

add(
  {
    id: 'appeals-creator-id-matches-uploader',
    variants: ['A', 'B'],
    family: 'flags-appeals',
    quote: '| List appeals | GET /post_appeals.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'The "creator" of an appeal is read as the creator (uploader) of the appealed post: search[creator_id] selects appeals on posts uploaded by that user.',
    kind: 'spec-reader',
    onRequest: filterInstead(/^\/post_appeals$/, 'search[creator_id]', async (it, v, ctx, req) => {
      const p = await upGet(ctx, req, `/posts/${it.post_id}.json`);
      return String(p?.uploader_id) === v;
    }),
  },
  async (base) => {
    const c = cl(base), c2 = cl(base, 'member2');
    const p = await c.post('ap' + rand());
    const a = await mk(c2, '/post_appeals.json', { 'post_appeal[post_id]': p, 'post_appeal[reason]': 'keep' });
    const m2 = await userId(c, 'member2');
    const r = await c.get('/post_appeals.json', { 'search[creator_id]': m2, 'search[post_id]': p });
    return !ids(r).includes(a);
  },
);

add(
  {
    id: 'appeals-xml-reason-lt-unescaped',
    variants: ['A', 'B'],
    family: 'flags-appeals',
    quote: 'All operations are plain HTTP requests; responses are JSON or XML.',
    description: 'The XML list of appeals writes a "<" in the reason text unescaped, so the document is not well-formed XML.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      if (!is(req, 'GET', /^\/post_appeals$/) || !req.path.endsWith('.xml')) return res;
      return { ...res, body: Buffer.from(res.body.toString('utf8').replace(/&lt;/g, '<'), 'utf8') };
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    const p = await c.post('ax' + t);
    await mk(c, '/post_appeals.json', { 'post_appeal[post_id]': p, 'post_appeal[reason]': `size<1 ${t}` });
    const r = await c.get('/post_appeals.xml', { 'search[post_id]': p });
    must(r.status === 200, 'xml list');
    return !wellFormedXml(r.text);
  },
);
