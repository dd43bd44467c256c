// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, params, dropParam, mapList, readJson, jsonRes, userId, must } from './h.ts';

const FLAGS = /^\/post_flags\.json$/;
const APPEALS = /^\/post_appeals\.json$/;

export const faults: Fault[] = [
  {
    id: 'flags-post-id-ignored-with-creator-name',
    variants: ['A', 'B'],
    family: 'flags',
    kind: 'implementation-bug',
    quote: '| List flags | GET /post_flags.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'When search[creator_name] is given, search[post_id] is not applied.',
    ...dropParam('GET', FLAGS, 'search[post_id]', (p) => p.has('search[creator_name]')),
  },
  {
    id: 'flags-creator-id-ignored-with-post-id',
    variants: ['A', 'B'],
    family: 'flags',
    kind: 'implementation-bug',
    quote: '| List flags | GET /post_flags.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'When search[post_id] is given, search[creator_id] is not applied.',
    ...dropParam('GET', FLAGS, 'search[creator_id]', (p) => p.has('search[post_id]')),
  },
  {
    id: 'flags-reason-html-escaped',
    variants: ['A', 'B'],
    family: 'flags',
    kind: 'implementation-bug',
    quote: '`post_flag[post_id]` REQUIRED; `post_flag[reason]` REQUIRED',
    description: 'Flag reasons are HTML-escaped in JSON listings (& < > " become entities).',
    onResponse(req, res) {
      if (!is(req, 'GET', FLAGS)) return res;
      const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
      return mapList(res, (l) => l.map((f) => (typeof f.reason === 'string' ? { ...f, reason: esc(f.reason) } : f)));
    },
  },
  {
    id: 'appeals-creator-name-ignored-with-post-id',
    variants: ['A', 'B'],
    family: 'flags',
    kind: 'implementation-bug',
    quote: '| List appeals | GET /post_appeals.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'When search[post_id] is given, search[creator_name] on appeals is not applied.',
    ...dropParam('GET', APPEALS, 'search[creator_name]', (p) => p.has('search[post_id]')),
  },
  {
    id: 'appeals-post-id-ignored-with-creator-id',
    variants: ['A', 'B'],
    family: 'flags',
    kind: 'implementation-bug',
    quote: '| List appeals | GET /post_appeals.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'When search[creator_id] is given, search[post_id] on appeals is not applied.',
    ...dropParam('GET', APPEALS, 'search[post_id]', (p) => p.has('search[creator_id]')),
  },
  {
    id: 'flags-create-success-as-string',
    variants: ['A', 'B'],
    family: 'flags',
    kind: 'implementation-bug',
    quote: '| JSON | an object with `success` (boolean) and `reason` (string) |',
    description: 'Creating a flag answers {"success":"true"}: the success field is a string, not a boolean.',
    onResponse(req, res) {
      if (!is(req, 'POST', FLAGS)) return res;
      const j = readJson(res);
      if (!j || typeof j.success !== 'boolean') return res;
      return jsonRes(res, { ...j, success: String(j.success) });
    },
  },
  {
    id: 'appeals-create-xml-envelope-child-elements',
    variants: ['A', 'B'],
    family: 'flags',
    kind: 'spec-reader',
    quote: '| XML | a single `response` element with attributes `success` and `reason` |',
    description: 'The XML envelope of an appeal create puts success and reason in child elements instead of attributes.',
    onResponse(req, res) {
      if (!is(req, 'POST', /^\/post_appeals\.xml$/)) return res;
      const t = res.body.toString('utf8');
      const m = /<response success="([^"]*)" reason="([^"]*)"([^>]*)\/>/.exec(t);
      if (!m) return res;
      const body = `<?xml version="1.0" encoding="UTF-8"?><response${m[3]}><success>${m[1]}</success><reason>${m[2]}</reason></response>`;
      return { ...res, body: Buffer.from(body, 'utf8') };
    },
  },
];

export const checks: Record<string, Scenario> = {
  async 'flags-post-id-ignored-with-creator-name'(base) {
    const c = who(base);
    const s = rand();
    const p1 = await c.post('f1_' + s);
    const p2 = await c.post('f2_' + s);
    must(await c.send('POST', '/post_flags.json', { 'post_flag[post_id]': p1, 'post_flag[reason]': 'r1 ' + s }), 'flag1');
    must(await c.send('POST', '/post_flags.json', { 'post_flag[post_id]': p2, 'post_flag[reason]': 'r2 ' + s }), 'flag2');
    const r = await c.get('/post_flags.json', { 'search[creator_name]': c.account!.name, 'search[post_id]': p1 });
    const l = r.json as any[];
    return !(l.length >= 1 && l.every((f) => f.post_id === p1));
  },
  async 'flags-creator-id-ignored-with-post-id'(base) {
    const c = who(base);
    const s = rand();
    const p = await c.post('fc_' + s);
    must(await c.send('POST', '/post_flags.json', { 'post_flag[post_id]': p, 'post_flag[reason]': 'a ' + s }), 'flag1');
    must(await who(base, 'member2').send('POST', '/post_flags.json', { 'post_flag[post_id]': p, 'post_flag[reason]': 'b ' + s }), 'flag2');
    const id2 = await userId(base, 'member2');
    const l = (await c.get('/post_flags.json', { 'search[post_id]': p, 'search[creator_id]': id2 })).json as any[];
    return !(l.length === 1 && l[0].reason === 'b ' + s);
  },
  async 'flags-reason-html-escaped'(base) {
    const c = who(base);
    const s = rand();
    const p = await c.post('fe_' + s);
    const reason = `dup of <b>#1</b> & "other" ${s}`;
    must(await c.send('POST', '/post_flags.json', { 'post_flag[post_id]': p, 'post_flag[reason]': reason }), 'flag');
    const l = (await c.get('/post_flags.json', { 'search[post_id]': p })).json as any[];
    return !l.some((f) => f.reason === reason);
  },
  async 'appeals-creator-name-ignored-with-post-id'(base) {
    const c = who(base);
    const s = rand();
    const p = await c.post('ac_' + s);
    must(await c.send('POST', '/post_appeals.json', { 'post_appeal[post_id]': p, 'post_appeal[reason]': 'a ' + s }), 'ap1');
    must(await who(base, 'member2').send('POST', '/post_appeals.json', { 'post_appeal[post_id]': p, 'post_appeal[reason]': 'b ' + s }), 'ap2');
    const l = (await c.get('/post_appeals.json', { 'search[post_id]': p, 'search[creator_name]': who(base, 'member2').account!.name })).json as any[];
    return !(l.length === 1 && l[0].reason === 'b ' + s);
  },
  async 'appeals-post-id-ignored-with-creator-id'(base) {
    const c = who(base, 'gold');
    const s = rand();
    const p1 = await c.post('ap1_' + s);
    const p2 = await c.post('ap2_' + s);
    must(await c.send('POST', '/post_appeals.json', { 'post_appeal[post_id]': p1, 'post_appeal[reason]': 'a ' + s }), 'ap1');
    must(await c.send('POST', '/post_appeals.json', { 'post_appeal[post_id]': p2, 'post_appeal[reason]': 'b ' + s }), 'ap2');
    const gid = await userId(base, 'gold');
    const l = (await c.get('/post_appeals.json', { 'search[post_id]': p1, 'search[creator_id]': gid })).json as any[];
    return !(l.length >= 1 && l.every((a) => a.post_id === p1));
  },
  async 'flags-create-success-as-string'(base) {
    const c = who(base);
    const p = await c.post('fs_' + rand());
    const r = await c.send('POST', '/post_flags.json', { 'post_flag[post_id]': p, 'post_flag[reason]': 'dup' });
    return typeof r.json?.success !== 'boolean';
  },
  async 'appeals-create-xml-envelope-child-elements'(base) {
    const c = who(base);
    const p = await c.post('ax_' + rand());
    const r = await c.send('POST', '/post_appeals.xml', { 'post_appeal[post_id]': p, 'post_appeal[reason]': 'fine' });
    return !/<response\s[^>]*success="(true|false)"[^>]*reason="/.test(r.text) && !/<response\s[^>]*reason="[^"]*"[^>]*success="/.test(r.text);
  },
};
