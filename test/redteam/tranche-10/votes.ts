// @ts-nocheck: frozen red-team code (see all.ts)
// Post votes.
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, formFault, getPost, ok, type Scenario } from './h.ts';

export const faults: Fault[] = [
  F({
    id: 'votes-down-counted-as-up',
    variants: ['A', 'B'],
    family: 'votes',
    kind: 'implementation-bug',
    quote: '| score (vote) | up, down |',
    description: 'The vote controller maps any score other than an explicit "-1" to +1, so score=down is recorded as an up vote.',
    onRequest: formFault('POST', /^\/posts\/\d+\/votes\.json$/, (f) => f.get('score') === 'down', (f) => f.set('score', 'up')),
  }),
  F({
    id: 'votes-unknown-score-accepted-as-up',
    variants: ['A', 'B'],
    family: 'votes',
    kind: 'implementation-bug',
    quote: '`score` REQUIRED: up or down',
    description: 'A score outside up/down (e.g. "sideways") is not validated and is recorded as an up vote.',
    onRequest: formFault('POST', /^\/posts\/\d+\/votes\.json$/, (f) => { const s = f.get('score'); return s !== null && s !== 'up' && s !== 'down'; }, (f) => f.set('score', 'up')),
  }),
];

export const checks: Record<string, Scenario> = {
  'votes-down-counted-as-up': async (base) => {
    const c = cl(base);
    const p = await c.post('vd_' + R());
    const before = (await getPost(base, p)).score;
    ok(await c.send('POST', `/posts/${p}/votes.json`, { score: 'down' }));
    const after = (await getPost(base, p)).score;
    return !(after < before);
  },
  'votes-unknown-score-accepted-as-up': async (base) => {
    const c = cl(base);
    const p = await c.post('vu_' + R());
    const r = await c.send('POST', `/posts/${p}/votes.json`, { score: 'sideways' });
    return r.status === 200 || r.json?.success === true;
  },
};
