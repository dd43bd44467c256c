/**
 * check({ app }): an application in the caller's process, served on an ephemeral loopback port for the
 * run and closed after: a request listener, an http.Server, a fastify instance (`.server`) and an object
 * that listens itself (`.listen`, as express and koa). A server already listening is used where it is and
 * left open.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InProcessApp } from '../../src/api/index.ts';
import { check, UsageError } from '../../src/api/index.ts';
import { buildApp } from '../../src/server/index.ts';

const ONLY = ['served/tags.list/json'];

/** Whether something answers at `url` (a closed server refuses the connection). */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

describe('check() of an application in this process', () => {
  let app: FastifyInstance;
  let other: FastifyInstance;
  let listener: RequestListener<typeof IncomingMessage, typeof ServerResponse>;
  const servers: Server[] = [];

  beforeAll(async () => {
    [app, other] = await Promise.all([buildApp({ variant: 'A' }), buildApp({ variant: 'A' })]);
    await app.ready();
    listener = (req, res) => app.routing(req, res);
  });

  afterAll(async () => {
    for (const s of servers) if (s.listening) await new Promise((resolve) => s.close(resolve));
    await Promise.all([app?.close(), other?.close().catch(() => undefined)]);
  });

  const shapes: [string, () => InProcessApp][] = [
    ['a request listener', () => listener],
    ['an http.Server', () => {
      const s = createServer(listener);
      servers.push(s);
      return s;
    }],
    ['a fastify instance (.server)', () => other],
    ['an object that listens (.listen, as express)', () => ({
      listen: (port: number, host: string) => {
        const s = createServer(listener).listen(port, host);
        servers.push(s);
        return s;
      },
    })],
  ];

  for (const [shape, make] of shapes) {
    it(`serves ${shape} on a loopback port for the run, and closes it after`, async () => {
      const report = await check({ variant: 'A', app: make(), only: ONLY });
      expect(report.counts.pass, JSON.stringify(report.results.map((r) => [r.check, r.status, r.message]))).toBe(report.counts.total);
      expect(report.embedded).toBe(false);
      expect(report.target).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await answers(report.target)).toBe(false);
    });
  }

  it('uses a server that already listens where it listens, and leaves it open', async () => {
    const s = createServer(listener);
    servers.push(s);
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const report = await check({ variant: 'A', app: s, only: ONLY });
    expect(report.target).toBe(`http://127.0.0.1:${(s.address() as AddressInfo).port}`);
    expect(report.counts.pass).toBe(report.counts.total);
    expect(s.listening).toBe(true);
  });

  it('refuses what it cannot serve, and two targets at once', async () => {
    await expect(check({ variant: 'A', app: {} as InProcessApp, only: ONLY })).rejects.toThrow(UsageError);
    await expect(check({ variant: 'A', app: listener, target: 'http://127.0.0.1:9', only: ONLY })).rejects.toThrow(/one target at a time/);
  });
});
