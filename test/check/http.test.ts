/** The checker's HTTP client against misbehaving servers: bounded in time and size, never following redirects. */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER, HttpClient, ReadOnlyRefusal, TransportError, resetTargetHealth } from '../../src/check/http.ts';
import type { HarEntry } from '../../src/check/har.ts';
import { Redactor } from '../../src/check/redact.ts';
import { scaled } from '../support/time.ts';

let server: Server;
let base = '';
const hung: ServerResponse[] = [];
/** Requests the server received, by path. */
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.url ?? '');
    if (req.url === '/hang') {
      hung.push(res); // accepts and never answers
      return;
    }
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.alloc(64 * 1024, 0x61));
      return;
    }
    if (req.url === '/announced') {
      // Announces a gigabyte and sends for as long as the connection lasts.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1 << 30) });
      const chunk = Buffer.alloc(64 * 1024, 0x62);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', pump);
      pump();
      return;
    }
    if (req.url === '/redirect') {
      res.writeHead(302, { location: '/redirect' });
      res.end();
      return;
    }
    if (req.url?.startsWith('/reset')) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  for (const res of hung) res.destroy();
  server.close();
});

const client = (extra: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) =>
  new HttpClient({ timeoutMs: 300, maxBodyBytes: 1024, redactor: new Redactor(['topsecret']), ...extra });

describe('HTTP client', () => {
  beforeEach(() => resetTargetHealth());

  it('times out a target that never answers, then stops sending after repeated failures', async () => {
    const c = client();
    for (let i = 0; i < GIVE_UP_AFTER; i++) {
      const started = Date.now();
      await expect(c.send({ method: 'GET', url: `${base}/hang` })).rejects.toThrow(/no complete response within 300 ms/);
      expect(Date.now() - started).toBeLessThan(scaled(3000));
    }
    // Given up: refused at once, nothing is sent (rather than waiting out another timeout).
    const before = received.length;
    await expect(c.send({ method: 'GET', url: `${base}/ok` })).rejects.toMatchObject({ code: 'GAVE_UP' });
    // Another client of the same process gives up on the same origin too.
    await expect(client().send({ method: 'GET', url: `${base}/ok` })).rejects.toMatchObject({ code: 'GAVE_UP' });
    expect(received.slice(before)).toEqual([]);
    await c.close();
  });

  it('resets the failure count on any response', async () => {
    const c = client();
    expect((await c.send({ method: 'GET', url: `${base}/ok` })).status).toBe(200);
    await expect(c.send({ method: 'GET', url: `${base}/hang` })).rejects.toBeInstanceOf(TransportError);
    expect((await c.send({ method: 'GET', url: `${base}/ok` })).status).toBe(200);
    await expect(c.send({ method: 'GET', url: `${base}/hang` })).rejects.toBeInstanceOf(TransportError);
    await expect(c.send({ method: 'GET', url: `${base}/hang` })).rejects.toBeInstanceOf(TransportError);
    expect((await c.send({ method: 'GET', url: `${base}/ok` })).status).toBe(200);
    await c.close();
  });

  it('cuts a body off at the size cap and says so', async () => {
    const c = client();
    const res = await c.send({ method: 'GET', url: `${base}/big` });
    expect(res.truncated).toBe(true);
    expect(res.body.byteLength).toBeLessThanOrEqual(2048);
    await c.close();
  });

  it('reads only the first bytes of a body that announces a length over the cap, and records why', async () => {
    const recorded: HarEntry[] = [];
    const c = client({ maxBodyBytes: 256 * 1024, har: { append: (e: HarEntry) => recorded.push(e) } });
    const res = await c.send({ method: 'GET', url: `${base}/announced` });
    expect(res.truncated).toBe(true);
    expect(res.body.byteLength).toBeLessThanOrEqual(2048);
    // Not the cap's worth (256 KiB) but the excerpt: what the record holds is all that was read.
    const content = recorded[0]!.response.content;
    expect(content._truncated).toBe(true);
    expect(content.text!.length).toBeLessThanOrEqual(2048);
    expect(content.comment).toBe(`not read past its first ${content.text!.length} bytes: it announced ${1 << 30} (Content-Length), over --max-body (${256 * 1024})`);
    await c.close();
  });

  it('does not follow redirects', async () => {
    const c = client();
    const res = await c.send({ method: 'GET', url: `${base}/redirect` });
    expect(res.status).toBe(302);
    expect(res.exchange.response?.headers.location).toBe('/redirect');
    await c.close();
  });

  it('reports a reset connection as a transport error with the redacted request', async () => {
    const c = client();
    const err = await c.send({ method: 'POST', url: `${base}/reset?api_key=topsecret`, form: [['x', 'topsecret']] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect(JSON.stringify((err as TransportError).exchange)).not.toContain('topsecret');
    await c.close();
  });

  it('refuses to send POST, PUT or DELETE in a read-only run', async () => {
    const c = client({ readOnly: true });
    await expect(c.send({ method: 'POST', url: `${base}/ok` })).rejects.toBeInstanceOf(ReadOnlyRefusal);
    expect(c.requests).toBe(0);
    expect((await c.send({ method: 'GET', url: `${base}/ok` })).status).toBe(200);
    await c.close();
  });
});
