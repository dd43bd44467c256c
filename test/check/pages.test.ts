/**
 * A check's own records on a paged list (INT-list-pages): found on the page they are on, up to a bound,
 * and a record the selection must leave out is still seen when it lies past the first page; a target that
 * ignores or refuses `page` leaves the check with what it read.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Accounts } from '../../src/check/accounts.ts';
import type { CheckContext } from '../../src/check/check.ts';
import { createWorld } from '../../src/check/context.ts';
import { HttpClient, resetTargetHealth } from '../../src/check/http.ts';
import { CheckFailure } from '../../src/check/outcome.ts';
import { Redactor } from '../../src/check/redact.ts';
import { Target } from '../../src/check/target.ts';
import { MAX_PAGES, expectListSelects, listedFor } from '../../src/check/checks/support/pages.ts';

/** How the fake list pages: 20 records a page newest first, as the service family does; or it ignores or refuses `page`. */
type Mode = 'pages' | 'ignores' | 'refuses';

let server: Server;
let base = '';
let mode: Mode = 'pages';
let total = 100;
const pagesAsked: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = Number(url.searchParams.get('page') ?? '1');
    pagesAsked.push(page);
    if (page > 1 && mode === 'refuses') {
      res.writeHead(424, { 'content-type': 'application/json' });
      return res.end('{"success":false,"reason":"page is not a parameter"}');
    }
    const at = mode === 'ignores' ? 1 : page;
    // A filter (search[creator_id]=7) leaves out the multiples of 7.
    const filtered = url.searchParams.get('search[creator_id]') === '7';
    const ids = Array.from({ length: total }, (_, i) => total - i).filter((id) => !filtered || id % 7 !== 0).slice((at - 1) * 20, at * 20);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ids.map((id) => ({ id, body: `comment ${id}` }))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function withCtx<T>(m: Mode, records: number, body: (ctx: CheckContext) => Promise<T>): Promise<T> {
  resetTargetHealth();
  [mode, total] = [m, records];
  pagesAsked.length = 0;
  const http = new HttpClient({ timeoutMs: 2000, maxBodyBytes: 1 << 20, redactor: new Redactor([]) });
  try {
    const accounts = { actor: 'anonymous' } as unknown as Accounts;
    const ctx: CheckContext = {
      target: new Target(base, 'A', accounts, http), variant: 'A', accounts, prefix: 't', random: Math.random, unique: (x) => x,
      world: createWorld(), source: { host: '127.0.0.1' }, concurrency: 1, readOnly: false, freshTarget: false, note: () => {},
    };
    return await body(ctx);
  } finally {
    await http.close();
  }
}

const failure = async (p: Promise<unknown>): Promise<string> => {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(CheckFailure);
  return (err as Error).message;
};

describe('records of a check on a list paged 20 at a time', () => {
  it('are found on the page they are on, reading no page past it when nothing is left out', async () => {
    const got = await withCtx('pages', 100, (ctx) => listedFor(ctx, 'comments.list', { body_matches: 'x' }, [55], []));
    expect(got).toContain(55);
    expect(pagesAsked).toEqual([1, 2, 3]);
  });

  it('one on the first page needs no other page', async () => {
    await withCtx('pages', 100, (ctx) => expectListSelects(ctx, 'comments.list', {}, [99], [], 'listed'));
    expect(pagesAsked).toEqual([1]);
  });

  it('a record that must be left out is still seen past the first page: the selection fails', async () => {
    // Newest first: page 1 holds 100..81, page 2 80..61. The record to leave out is newer than nothing on page 1.
    const message = await failure(withCtx('pages', 100, (ctx) => expectListSelects(ctx, 'comments.list', {}, [95], [70], 'search[creator_name]=x')));
    expect(message).toMatch(/search\[creator_name\]=x lists \[70\], which do not match it/);
    expect(pagesAsked).toEqual([1, 2]);
  });

  it('pages end once they reach records older than every one left out', async () => {
    // Without the multiples of 7, page 1 holds 100..78 and page 2 76..54: 70 would have been on page 2.
    await withCtx('pages', 100, (ctx) => expectListSelects(ctx, 'comments.list', { creator_id: 7 }, [95], [70], 'search[creator_id]=7'));
    expect(pagesAsked).toEqual([1, 2]);
    // A short list ends on its last (shorter) page.
    const got = await withCtx('pages', 30, (ctx) => listedFor(ctx, 'comments.list', {}, [200], []));
    expect(got).toHaveLength(30);
    expect(pagesAsked).toEqual([1, 2]);
  });

  it(`at most ${MAX_PAGES} pages are read: a record past them is not found, and the check fails`, async () => {
    const message = await failure(withCtx('pages', 400, (ctx) => expectListSelects(ctx, 'comments.list', {}, [150], [], 'listed')));
    expect(message).toMatch(/listed does not list \[150\]/);
    expect(pagesAsked).toEqual(Array.from({ length: MAX_PAGES }, (_, i) => i + 1));
  });

  it('a target that ignores page (it repeats) or refuses it leaves the check with the first page', async () => {
    for (const m of ['ignores', 'refuses'] as const) {
      const message = await failure(withCtx(m, 100, (ctx) => expectListSelects(ctx, 'comments.list', {}, [55], [], 'listed')));
      expect(message, m).toMatch(/does not list \[55\]/);
      expect(pagesAsked, m).toEqual([1, 2]);
    }
  });
});
