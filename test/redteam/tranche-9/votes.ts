// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, params, envelope } from './h.ts';

const VOTE = /^\/posts\/\d+\/votes\.(json|xml)$/;

export const faults: Fault[] = [
  {
    id: 'votes-down-rejected',
    variants: ['A', 'B'],
    family: 'votes',
    kind: 'spec-reader',
    quote: '`score` REQUIRED: up or down',
    description: 'Only up votes are accepted; score=down is refused as an invalid parameter.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/posts\/\d+\/votes\.json$/) || params(req).get('score') !== 'down') return req;
      return envelope(424, false, 'score must be up');
    },
  },
  {
    id: 'votes-xml-envelope-answers-json',
    variants: ['A', 'B'],
    family: 'votes',
    kind: 'implementation-bug',
    quote: '| XML | a single `response` element with attributes `success` and `reason` |',
    description: 'POST /posts/{id}/votes.xml answers with the JSON envelope.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/posts\/\d+\/votes\.xml$/)) return req;
      return { ...req, path: req.path.replace(/\.xml$/, '.json') };
    },
  },
  {
    id: 'votes-basic-auth-ignored',
    variants: ['A', 'B'],
    family: 'votes',
    kind: 'implementation-bug',
    quote: '4. HTTP Basic Authentication with the user name and the API key also authenticates a request.',
    description: 'The vote endpoint only looks at login/api_key parameters; a Basic-authenticated vote is refused as anonymous.',
    onRequest(req) {
      if (!is(req, 'POST', VOTE) || !req.headers['authorization']?.startsWith('Basic ') || params(req).has('login')) return req;
      return envelope(403, false, 'access denied: log in');
    },
  },
];

export const checks: Record<string, Scenario> = {
  async 'votes-down-rejected'(base) {
    const c = who(base);
    const p = await c.post('vd_' + rand());
    const r = await c.send('POST', `/posts/${p}/votes.json`, { score: 'down' });
    return !(r.status === 200 && r.json?.success === true);
  },
  async 'votes-xml-envelope-answers-json'(base) {
    const c = who(base);
    const p = await c.post('vx_' + rand());
    const r = await c.send('POST', `/posts/${p}/votes.xml`, { score: 'up' });
    return !/^\s*(<\?xml[^>]*\?>\s*)?<response\s[^>]*success="true"/.test(r.text);
  },
  async 'votes-basic-auth-ignored'(base) {
    const c = who(base);
    const p = await c.post('vb_' + rand());
    const r = await who(base, 'member2', 'basic').send('POST', `/posts/${p}/votes.json`, { score: 'up' });
    return !(r.status === 200 && r.json?.success === true);
  },
};
