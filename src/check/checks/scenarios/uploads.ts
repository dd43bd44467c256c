/**
 * Uploads: file or source required, a file upload is accepted and becomes a post, exact source
 * search; and the source downloads (upload[source], post[source]) from a file server the checker runs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Check, CheckContext } from '../../check.ts';
import type { Reply } from '../../target.ts';
import { defineCheck, fail, skip } from '../../check.ts';
import { pngImage } from '../../images.ts';
import { makePost } from '../../world.ts';
import { PARAMETER_REFUSALS } from '../operations.ts';
import { expectRefused, listIds, records, show, succeed, field, text } from './common.ts';

const uploads = (check: Omit<Check, 'resource'>): Check => defineCheck({ ...check, resource: 'uploads' });

function rating(ctx: CheckContext): string {
  return ctx.target.paramName(ctx.target.operation('uploads.create'), 'rating').values![0]!;
}

/** A file server on the checker's machine; counts the requests for each path. */
export interface FileServer {
  readonly url: (path: string) => string;
  readonly hits: (path: string) => number;
}

async function fileServer(ctx: CheckContext): Promise<FileServer> {
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
function reachable(ctx: CheckContext): void {
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
function refusedUnfetched(server: FileServer, path: string, reply: Reply, url: string): void {
  if (reply.ok || server.hits(path) > 0) return;
  const e = reply.envelope();
  skip(
    `the target refused the source URL ${url} without fetching it (${reply.status}${e.ok && e.envelope.reason ? ` "${e.envelope.reason}"` : ''}): ` +
      'a service may refuse addresses it does not take to be public (INT-source-download). ' +
      'Serve the file server on an address the target accepts with --source-host and --source-url-base (or allow this one on the target).',
  );
}

export function uploadScenarios(): Check[] {
  return [
    uploads({
      id: 'uploads/file-or-source', fn: 'upload_without_file_or_source_is_refused',
      description: 'an upload with neither upload[file] nor upload[source] is refused', requirements: ['IB-4-uploads-file-or-source'], readOnly: false,
      async run(ctx) {
        const tag = ctx.unique('nofile').toLowerCase();
        const reply = await ctx.target.call('uploads.create', { fields: { rating: rating(ctx), tag_string: tag } });
        ctx.note(reply);
        expectRefused(reply, 'an upload without file and source');
        if (!(PARAMETER_REFUSALS as readonly number[]).includes(reply.status)) fail(`refused with ${reply.status}`, { reply, expected: '420 or 424 (INT-missing-required-status)', actual: String(reply.status) });
        const made = await listIds(ctx, 'posts.list', { tags: tag });
        if (made.length > 0) fail(`a post was made anyway: ${made[0]}`, { expected: 'no post', actual: String(made[0]) });
      },
    }),
    uploads({
      id: 'uploads/file', fn: 'upload_with_file_is_accepted',
      description: 'an upload with a multipart file is accepted', requirements: ['IB-4-uploads-file'], readOnly: false,
      async run(ctx) {
        await succeed(ctx, 'uploads.create', {
          fields: { file: { file: pngImage(ctx.random), filename: 'conform.png', type: 'image/png' }, rating: rating(ctx), tag_string: ctx.unique('file').toLowerCase() },
        }, 'an upload with a file');
      },
    }),
    uploads({
      id: 'uploads/becomes-post', fn: 'upload_becomes_post',
      description: 'an accepted upload is converted into a post carrying its tags', requirements: ['IB-3-upload-becomes-post'], readOnly: false,
      async run(ctx) {
        const extra = ctx.unique('second').toLowerCase();
        const post = await makePost(ctx, extra);
        const both = await listIds(ctx, 'posts.list', { tags: `${post.tag} ${extra}` });
        if (!both.includes(post.id)) fail(`the post made from the upload does not carry both of its tags`, { expected: `post ${post.id} for "${post.tag} ${extra}"`, actual: JSON.stringify(both) });
      },
    }),
    uploads({
      id: 'uploads/search-source-exact', fn: 'upload_source_search_is_exact',
      description: 'search[source] on uploads matches the exact string only', requirements: ['IB-4-uploads-search-source'], readOnly: false,
      async run(ctx) {
        reachable(ctx);
        const server = await fileServer(ctx);
        const path = `/${ctx.unique('exact')}.png`;
        const source = server.url(path);
        const upload = await ctx.target.call('uploads.create', { fields: { source, rating: rating(ctx), tag_string: ctx.unique('src').toLowerCase() } });
        ctx.note(upload);
        refusedUnfetched(server, path, upload, source);
        if (!upload.ok) fail(`an upload from a source URL was refused: ${upload.status}`, { reply: upload, expected: '2xx', actual: String(upload.status) });
        const exact = records(await succeed(ctx, 'uploads.list', { fields: { source } }, 'search[source] exact'), 'uploads.list');
        if (exact.length === 0) fail('search[source] with the exact source finds no upload', { expected: 'the upload', actual: '[]' });
        const partial = records(await succeed(ctx, 'uploads.list', { fields: { source: source.slice(0, -4) } }, 'search[source] partial'), 'uploads.list');
        if (partial.length > 0) fail('search[source] with a prefix of the source finds uploads', { expected: 'none (exact string match)', actual: `${partial.length} uploads` });
      },
    }),
    uploads({
      id: 'uploads/source-download', fn: 'upload_source_is_downloaded',
      description: 'an upload with upload[source] is accepted and the file is fetched from the URL', requirements: ['IB-4-uploads-source'], readOnly: false,
      async run(ctx) {
        reachable(ctx);
        const server = await fileServer(ctx);
        const path = `/${ctx.unique('upload')}.png`;
        const tag = ctx.unique('fetched').toLowerCase();
        const upload = await ctx.target.call('uploads.create', { fields: { source: server.url(path), rating: rating(ctx), tag_string: tag } });
        ctx.note(upload);
        refusedUnfetched(server, path, upload, server.url(path));
        if (!upload.ok) fail(`an upload from a source URL was refused: ${upload.status}`, { reply: upload, expected: '2xx', actual: String(upload.status) });
        if (server.hits(path) === 0) fail('the source URL was never fetched', { expected: 'a GET of the source URL', actual: 'no request' });
        const made = await listIds(ctx, 'posts.list', { tags: tag });
        if (made.length !== 1) fail(`the downloaded upload did not become one post (found ${made.length})`, { expected: '1 post', actual: JSON.stringify(made) });
      },
    }),
    defineCheck({
      id: 'posts/source-download', fn: 'post_source_url_is_downloaded', resource: 'posts',
      description: 'post[source] set to a URL makes the service download the file', requirements: ['IB-4-posts-update-source-download'], readOnly: false,
      async run(ctx) {
        reachable(ctx);
        const server = await fileServer(ctx);
        const post = await makePost(ctx);
        const path = `/${ctx.unique('post')}.png`;
        const update = await ctx.target.call('posts.update', { path: { id: post.id }, fields: { source: server.url(path) } });
        ctx.note(update);
        refusedUnfetched(server, path, update, server.url(path));
        if (!update.ok) fail(`the source update was refused: ${update.status}`, { reply: update, expected: '2xx', actual: String(update.status) });
        if (server.hits(path) === 0) fail('post[source] was set to a URL but the file was never fetched', { expected: 'a GET of the source URL', actual: 'no request' });
        const shown = await show(ctx, 'posts.show', post.id);
        const src = text(field(shown, 'source', 'post source'));
        if (src !== server.url(path)) fail(`source is "${src}"`, { expected: server.url(path), actual: src });
      },
    }),
  ];
}
