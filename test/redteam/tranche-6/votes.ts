// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, param, envelope, jsonRes, bodyJson, type Scenario } from './h.ts';

const VOTE = /^\/posts\/\d+\/votes\.(json|xml)$/;

export const faults: Fault[] = [
  {
    id: 'votes-refuse-down',
    family: 'post-votes',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '| score (vote) | up, down |',
    description: 'A vote with score=down is refused with 424 as if only up were allowed.',
    onRequest(req) {
      if (is(req, 'POST', VOTE) && param(req, 'score') === 'down') return envelope(req, 424, false, 'score must be up');
      return req;
    },
  },
  {
    id: 'votes-xml-answered-in-json',
    family: 'post-votes',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| XML | a single `response` element with attributes `success` and `reason` |',
    description: 'A vote sent to the .xml path is answered with the JSON envelope instead of a `response` element.',
    onResponse(req, res) {
      if (is(req, 'POST', /^\/posts\/\d+\/votes\.xml$/)) {
        const ok = res.status === 200;
        return jsonRes(res.status, { success: ok, reason: ok ? '' : 'error' });
      }
      return res;
    },
  },
  {
    id: 'votes-basic-auth-refused',
    family: 'post-votes',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: 'HTTP Basic Authentication with the user name and the API key also authenticates a request.',
    description: 'The vote endpoint only reads `login`/`api_key` parameters; a vote authenticated with HTTP Basic is refused with 403.',
    onRequest(req) {
      if (is(req, 'POST', VOTE) && /^basic /i.test(req.headers['authorization'] ?? '') && param(req, 'login') === null)
        return envelope(req, 403, false, 'access denied: log in');
      return req;
    },
  },
];

export const checks: Record<string, Scenario> = {
  'votes-refuse-down': async (x) => {
    const id = await x.c.post(`vd_${x.t}`);
    const r = await x.c.send('POST', `/posts/${id}/votes.json`, { score: 'down' });
    return r.status !== 200 || r.json?.success !== true;
  },
  'votes-xml-answered-in-json': async (x) => {
    const id = await x.c.post(`vx_${x.t}`);
    const r = await x.c.send('POST', `/posts/${id}/votes.xml`, { score: 'up' });
    return !/<response\b[^>]*success="true"/.test(r.text);
  },
  'votes-basic-auth-refused': async (x) => {
    const id = await x.c.post(`vb_${x.t}`);
    const r = await x.c.as(x.acc.member2, 'basic').send('POST', `/posts/${id}/votes.json`, { score: 'up' });
    return r.status !== 200;
  },
};
void bodyJson;
