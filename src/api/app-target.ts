/**
 * An application under test inside the caller's process: served on an ephemeral loopback port for the
 * run and closed after. A Node request listener (an express app is one), an `http.Server`, a fastify
 * instance (its `.server`, once ready) or an object that listens itself (`.listen(port, host)`, as koa).
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../errors.ts';

/** A fastify instance, or anything with an `http.Server` under `.server` (and an optional `ready()`). */
export interface WithServer {
  readonly server: Server;
  ready?(): PromiseLike<unknown>;
}

/** An object that starts listening itself and returns its `http.Server` (as express's and koa's `listen`). */
export interface Listens {
  listen(port: number, host: string): Server;
}

/** What `check({ app })` serves. */
export type InProcessApp = RequestListener<typeof IncomingMessage, typeof ServerResponse> | Server | WithServer | Listens;

export interface ServedApp {
  readonly url: string;
  close(): Promise<void>;
}

function isServer(x: unknown): x is Server {
  return typeof x === 'object' && x !== null && typeof (x as Server).listen === 'function' && typeof (x as Server).address === 'function' && typeof (x as Server).close === 'function';
}

/** Listens on 127.0.0.1, port 0; resolves once it does. */
function listen(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** Resolves once `server` listens (it may already). */
function listening(server: Server): Promise<void> {
  if (server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function urlOf(server: Server): string {
  const address = server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') throw new UsageError('app: the in-process server does not listen on a TCP port');
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * Serves `app` on an ephemeral loopback port. A server already listening is used where it listens and
 * left open; every server this starts is closed by `close()`.
 */
export async function serveApp(app: InProcessApp): Promise<ServedApp> {
  let server: Server;
  let owned = true;
  if (typeof app === 'function') {
    // A request listener; an express app is one (and has its own `listen`, not needed here).
    server = createServer(app);
    await listen(server);
  } else if (isServer(app)) {
    server = app;
    if (server.listening) owned = false;
    else await listen(server);
  } else if (typeof app === 'object' && app !== null && 'server' in app && isServer(app.server)) {
    // fastify: its routes are on its server once it is ready.
    await app.ready?.();
    server = app.server;
    if (server.listening) owned = false;
    else await listen(server);
  } else if (typeof app === 'object' && app !== null && typeof (app as Listens).listen === 'function') {
    server = (app as Listens).listen(0, '127.0.0.1');
    if (!isServer(server)) throw new UsageError('app: its listen(port, host) did not return an http.Server');
    await listening(server);
  } else {
    throw new UsageError('app must be a request listener (req, res) => void, an http.Server, an object with .server (fastify) or one with .listen (express, koa)');
  }
  const url = urlOf(server);
  return { url, close: () => (owned ? close(server) : Promise.resolve()) };
}
