/**
 * A file server on the checker's machine, for the source downloads (upload[source], post[source]): it
 * counts the requests for each path, so a check can tell whether the target fetched the URL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckContext } from '../../check.ts';
import { skip } from '../../check.ts';
import { pngImage } from '../../images.ts';
import type { Reply } from '../../target.ts';

/** A file server on the checker's machine; counts the requests for each path. */
export interface FileServer {
  readonly url: (path: string) => string;
  readonly hits: (path: string) => number;
}

export async function fileServer(ctx: CheckContext): Promise<FileServer> {
  return ctx.world.get('file-server', async () => {
    const hits = new Map<string, number>();
    const image = pngImage(ctx.random);
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': image.byteLength });
      res.end(image);
    });
    const base = ctx.source.urlBase ? new URL(ctx.source.urlBase) : undefined;
    const wantedPort = base?.port ? Number(base.port) : 0;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(wantedPort, ctx.source.host, resolve);
      });
    } catch (err) {
      skip(`the file server for source downloads cannot listen on ${ctx.source.host}:${wantedPort} (${(err as Error).message}); change --source-host or --source-url-base`);
    }
    server.unref();
    const { port } = server.address() as AddressInfo;
    const root = base
      ? `${base.protocol}//${base.hostname.includes(':') ? `[${base.hostname}]` : base.hostname}:${port}${base.pathname.replace(/\/$/, '')}`
      : `http://${ctx.source.host.includes(':') ? `[${ctx.source.host}]` : ctx.source.host}:${port}`;
    const prefix = base ? base.pathname.replace(/\/$/, '') : '';
    return { url: (path: string) => `${root}${path}`, hits: (path: string) => hits.get(`${prefix}${path}`) ?? hits.get(path) ?? 0 };
  });
}

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host === '::1' || host.startsWith('127.');
}

/** Can the target reach the file server? Only said no when both are plainly on different machines. */
export function reachable(ctx: CheckContext): void {
  if (ctx.source.urlBase) return;
  const target = new URL(ctx.target.baseUrl).hostname;
  if (isLoopback(ctx.source.host) && !isLoopback(target)) {
    skip('the target is not on this machine, so it cannot reach the file server of the checker on loopback (INT-source-download): give --source-host and --source-url-base with an address it can reach');
  }
}

/**
 * A source URL the target refused without fetching it: the document lets a service refuse addresses it
 * does not take to be public (an SSRF guard; INT-source-download), so this is not established, not failed.
 */
export function refusedUnfetched(server: FileServer, path: string, reply: Reply, url: string): void {
  if (reply.ok || server.hits(path) > 0) return;
  const e = reply.envelope();
  skip(
    `the target refused the source URL ${url} without fetching it (${reply.status}${e.ok && e.envelope.reason ? ` "${e.envelope.reason}"` : ''}): ` +
      'a service may refuse addresses it does not take to be public (INT-source-download). ' +
      'Serve the file server on an address the target accepts with --source-host and --source-url-base (or allow this one on the target).',
  );
}
