/**
 * Property: generated bad (and good) inputs to every served operation never produce a 5xx, only the
 * variant's documented status codes, a body in the requested format, and a rejected request leaves the
 * database exactly as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedOperation, Variant } from '../../specs/model/index.ts';
import { VARIANTS, operationsFor, statusCodesFor } from '../../specs/model/index.ts';
import { servedOperationIds } from '../../src/server/faults.ts';
import type { TestServer } from './helpers.ts';
import { PNG, account, checksum, makeServer, send, upload, xml } from './helpers.ts';

const SEED = 424242;
const RUNS = 120;

const weirdString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', ' ', '-1', '0', '1', '2147483648', '99999999999999999999', '1.5', '1e3', '０１', 'true', 'null', 'up', 'down', 's', 'safe', '*', '%', '_', "'; DROP TABLE posts; --", '\u0000', '<x/>', ']]>', '\uD800', 'rating:s', '-x', 'order:id', 'id:abc', 'http://127.0.0.1/x.png'),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);

const pathId = fc.oneof(fc.constantFrom('1', '2', '0', '-1', 'abc', '999999', '2147483648', '1.5', '%00', '..'), fc.integer({ min: 1, max: 5 }).map(String));

type Auth = 'none' | 'member' | 'gold' | 'wrong' | 'basic';

interface Case {
  readonly op: ResolvedOperation;
  readonly format: 'json' | 'xml';
  readonly ids: Record<string, string>;
  readonly fields: [string, string | string[]][];
  readonly auth: Auth;
  readonly encoding: 'form' | 'json' | 'multipart';
  readonly file: boolean;
}

function caseFor(ops: readonly ResolvedOperation[]) {
  return fc.constantFrom(...ops).chain((op) => {
    const names = op.params.filter((p) => p.location !== 'path').map((p) => p.name);
    const fieldName = fc.oneof(names.length > 0 ? fc.constantFrom(...names) : fc.constant('x'), fc.constantFrom('login', 'api_key', 'search[unknown]', 'post[rating][nested]'));
    return fc.record({
      op: fc.constant(op),
      format: fc.constantFrom('json' as const, 'xml' as const),
      ids: fc.record(Object.fromEntries(op.params.filter((p) => p.location === 'path').map((p) => [p.name, pathId]))) as fc.Arbitrary<Record<string, string>>,
      fields: fc.array(fc.tuple(fieldName, fc.oneof(weirdString, fc.array(weirdString, { minLength: 2, maxLength: 2 }))), { maxLength: 5 }),
      auth: fc.constantFrom<Auth>('none', 'member', 'gold', 'wrong', 'basic'),
      encoding: fc.constantFrom('form' as const, 'json' as const, 'multipart' as const),
      file: fc.boolean(),
    });
  });
}

async function perform(s: TestServer, c: Case) {
  const path = c.op.pathFor(c.format).replace(/\{([a-z_]+)\}/g, (_, n: string) => encodeURIComponent(c.ids[n] ?? '1'));
  const m = account(c.auth === 'gold' ? 'gold' : 'member');
  const authFields: [string, string][] = c.auth === 'member' || c.auth === 'gold' ? [['login', m.name], ['api_key', m.api_key]] : c.auth === 'wrong' ? [['login', m.name], ['api_key', 'wrong']] : [];
  const fields = [...authFields, ...c.fields];
  if (c.op.method === 'GET') {
    const q = new URLSearchParams();
    for (const [k, v] of fields) for (const x of [v].flat()) q.append(k, x);
    let req = s.http.get(`${path}?${q.toString()}`);
    if (c.auth === 'basic') req = req.auth(m.name, m.api_key);
    return req;
  }
  const method = c.op.method.toLowerCase() as 'post' | 'put' | 'delete';
  let req = s.http[method](path);
  if (c.auth === 'basic') req = req.auth(m.name, m.api_key);
  if (c.encoding === 'multipart') {
    for (const [k, v] of fields) for (const x of [v].flat()) req = req.field(k, x.split('\u0000').join(''));
    if (c.file) req = req.attach('upload[file]', PNG, 'f.png');
    else req = req.field('extra', 'x');
    return req;
  }
  if (c.encoding === 'json') return req.send(Object.fromEntries(fields));
  const body = new URLSearchParams();
  for (const [k, v] of fields) for (const x of [v].flat()) body.append(k, x);
  return req.type('form').send(body.toString());
}

describe.each(VARIANTS)('generated requests, variant %s', (variant: Variant) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await makeServer(variant, { quotaScale: 1000 });
    const p1 = await upload(s, 'a b');
    await upload(s, 'b c', { 'upload[parent_id]': String(p1) });
    await send(s, 'post', '/comments.json', 'member', { 'comment[post_id]': p1, 'comment[body]': 'hello' });
    await send(s, 'post', '/dmails.json', 'member', { 'dmail[to_name]': account('gold').name, 'dmail[title]': 't', 'dmail[body]': 'b' });
  });
  afterAll(() => s.close());

  it('never answer 5xx or undocumented codes, always in the requested format, and rejected requests write nothing', async () => {
    const served = servedOperationIds();
    const ops = operationsFor(variant).filter((o) => served.has(o.id));
    const codes = statusCodesFor(variant);
    await fc.assert(
      fc.asyncProperty(caseFor(ops), async (c) => {
        const before = c.op.stateChanging ? await checksum(s.db) : '';
        const res = await perform(s, c);
        const label = `${c.op.method} ${c.op.id} -> ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, label).toBeLessThan(500);
        expect(codes, label).toContain(res.status);
        if (c.format === 'json') expect(() => JSON.parse(res.text), label).not.toThrow();
        else expect(xml.parse(res.text, true), label).toBeTruthy();
        if (c.op.stateChanging || res.status !== 200) {
          const body = c.format === 'json' ? JSON.parse(res.text) : xml.parse(res.text).response;
          if (c.op.stateChanging || res.status !== 200) {
            const success = c.format === 'json' ? body.success : body['@_success'] === 'true';
            expect(success, label).toBe(res.status === 200);
          }
        }
        if (c.op.stateChanging && res.status !== 200) expect(await checksum(s.db), label).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});
