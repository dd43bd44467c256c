// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, envelope, cl, u } from './h.ts';
const F = 'votes';
const VOTE = /^\/posts\/(\d+)\/votes\.(json|xml)$/;

export const faults: Fault[] = [
  {
    id: 'votes-down-rejected', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`score` REQUIRED: up or down',
    description: 'The score validation list lacks its last value, so score=down is rejected with 424.',
    onRequest(req) {
      if (!is(req, 'POST', VOTE)) return req;
      if (new URLSearchParams(req.body.toString()).get('score') !== 'down') return req;
      return envelope(req, 424, false, 'score must be up');
    },
  },
  {
    id: 'votes-xml-answers-json', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| XML | a single `response` element with attributes `success` and `reason` |',
    description: 'A vote created through the .xml path answers with the JSON envelope.',
    onResponse(req, res) {
      if (!is(req, 'POST', VOTE) || fmt(req) !== 'xml') return res;
      const m = /success="(\w+)" reason="([^"]*)"/.exec(res.body.toString());
      if (!m) return res;
      return { status: res.status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify({ success: m[1] === 'true', reason: m[2] })) };
    },
  },
  {
    id: 'votes-missing-post-succeeds', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| 404 | Not Found | not found |',
    description: 'A vote on a post id that does not exist is answered 200 with success true.',
    onResponse(req, res) {
      if (!is(req, 'POST', VOTE) || res.status !== 404) return res;
      return envelope(req, 200, true, '');
    },
  },
  {
    id: 'votes-score-read-as-number', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| score (vote) | up, down |',
    description: 'The vote score is expected as a number (1 or -1); score=up is rejected with 424.',
    onRequest(req) {
      if (!is(req, 'POST', VOTE)) return req;
      if (new URLSearchParams(req.body.toString()).get('score') !== 'up') return req;
      return envelope(req, 424, false, 'score must be 1 or -1');
    },
  },
];

export const checks: Record<string, Scenario> = {
  'votes-down-rejected': async (base) => {
    const c = cl(base); const p = await c.post(u());
    const r = await c.send('POST', `/posts/${p}/votes.json`, { score: 'down' });
    return r.status !== 200 || r.json?.success !== true;
  },
  'votes-xml-answers-json': async (base) => {
    const c = cl(base); const p = await c.post(u());
    const r = await c.send('POST', `/posts/${p}/votes.xml`, { score: 'up' });
    return !/<response\s[^>]*success="true"/.test(r.text);
  },
  'votes-missing-post-succeeds': async (base) => {
    const r = await cl(base).send('POST', `/posts/987654321/votes.json`, { score: 'up' });
    return r.status === 200 || r.json?.success === true;
  },
  'votes-score-read-as-number': async (base) => {
    const c = cl(base); const p = await c.post(u());
    const r = await c.send('POST', `/posts/${p}/votes.json`, { score: 'up' });
    return r.status !== 200 || r.json?.success !== true;
  },
};
