/**
 * A hostile target: a server that breaks the protocol in one of several ways, to prove that
 * `conform check` finishes in time, reports, and stays within its memory whatever the target does.
 *
 *   npx tsx test/hostile/server.ts MODE [PORT]
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

export const MODES = [
  'hang', // accepts the connection and never answers
  'drip', // sends headers, then one byte a second
  'endless', // a 200 whose body never ends
  'huge', // a 2 GiB body
  'invalid-json', // truncated JSON for every path
  'invalid-xml', // malformed XML for every path
  'xml-bomb', // an entity-expansion document for every path
  'gzip-bomb', // a small gzip body that inflates to 64 MiB
  'reset', // closes every connection on accept
  'short-body', // a Content-Length larger than what is sent
  'redirect-loop', // 302 to itself
  'unavailable', // 503 on everything
  'html', // an HTML page on every path
] as const;
export type Mode = (typeof MODES)[number];

const BOMB = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><response success="true" reason="&lol9;"/>`;
let gzipBomb: Buffer | undefined;

export async function startHostile(mode: Mode, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const xml = (req.url ?? '').split('?')[0]!.endsWith('.xml');
    switch (mode) {
      case 'hang':
        return;
      case 'drip': {
        res.writeHead(200, { 'content-type': 'application/json' });
        const t = setInterval(() => res.write('['), 1000);
        timers.add(t);
        res.on('close', () => clearInterval(t));
        return;
      }
      case 'endless': {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (res.write(chunk));
        };
        res.on('drain', pump);
        pump();
        return;
      }
      case 'huge': {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * 1024 ** 3) });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (res.write(chunk));
        };
        res.on('drain', pump);
        pump();
        return;
      }
      case 'invalid-json':
        res.writeHead(200, { 'content-type': xml ? 'application/xml' : 'application/json' });
        return res.end(xml ? '<response success="true" reason=""' : '{"success": true, "reason": ');
      case 'invalid-xml':
        res.writeHead(200, { 'content-type': xml ? 'application/xml' : 'application/json' });
        return res.end(xml ? '<posts><post></posts>' : '[{"id": 1,}]');
      case 'xml-bomb':
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(BOMB);
      case 'gzip-bomb':
        gzipBomb ??= gzipSync(Buffer.alloc(1024 ** 3 / 16, 0)); // 64 MiB of zeros, about 64 KiB compressed
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(gzipBomb.byteLength) });
        return res.end(gzipBomb);
      case 'reset':
        req.socket.destroy();
        return;
      case 'short-body':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
        res.write('[');
        req.socket.end();
        return;
      case 'redirect-loop':
        res.writeHead(302, { location: req.url ?? '/' });
        return res.end();
      case 'unavailable':
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '3600' });
        return res.end('{"success": false, "reason": "down for maintenance"}');
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><html><body><h1>Welcome</h1></body></html>');
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    if (mode === 'reset') s.destroy();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (process.argv[1]?.endsWith('hostile/server.ts')) {
  const mode = process.argv[2] as Mode;
  if (!MODES.includes(mode)) {
    process.stderr.write(`usage: server.ts MODE [PORT]; modes: ${MODES.join(', ')}\n`);
    process.exit(2);
  }
  const s = await startHostile(mode, Number(process.argv[3] ?? 0));
  process.stdout.write(`hostile server (${mode}) at ${s.url}\n`);
}
