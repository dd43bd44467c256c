/**
 * Uploads: file or source required, a file upload is accepted and becomes a post, exact source
 * search; and the source downloads (upload[source], post[source]) from a file server the checker runs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Check, CheckContext } from '../../check.ts';
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
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    server.unref();
    const { port } = server.address() as AddressInfo;
    return { url: (path: string) => `http://127.0.0.1:${port}${path}`, hits: (path: string) => hits.get(path) ?? 0 };
  });
}

function targetIsLocal(ctx: CheckContext): boolean {
  const host = new URL(ctx.target.baseUrl).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
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
        const server = await fileServer(ctx);
        if (!targetIsLocal(ctx)) skip('the target cannot reach the file server of the checker (INT-source-download)');
        const source = server.url(`/${ctx.unique('exact')}.png`);
        await succeed(ctx, 'uploads.create', { fields: { source, rating: rating(ctx), tag_string: ctx.unique('src').toLowerCase() } }, 'an upload from a source URL');
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
        const server = await fileServer(ctx);
        if (!targetIsLocal(ctx)) skip('the target cannot reach the file server of the checker (INT-source-download)');
        const path = `/${ctx.unique('upload')}.png`;
        const tag = ctx.unique('fetched').toLowerCase();
        await succeed(ctx, 'uploads.create', { fields: { source: server.url(path), rating: rating(ctx), tag_string: tag } }, 'an upload from a source URL');
        if (server.hits(path) === 0) fail('the source URL was never fetched', { expected: 'a GET of the source URL', actual: 'no request' });
        const made = await listIds(ctx, 'posts.list', { tags: tag });
        if (made.length !== 1) fail(`the downloaded upload did not become one post (found ${made.length})`, { expected: '1 post', actual: JSON.stringify(made) });
      },
    }),
    defineCheck({
      id: 'posts/source-download', fn: 'post_source_url_is_downloaded', resource: 'posts',
      description: 'post[source] set to a URL makes the service download the file', requirements: ['IB-4-posts-update-source-download'], readOnly: false,
      async run(ctx) {
        const server = await fileServer(ctx);
        if (!targetIsLocal(ctx)) skip('the target cannot reach the file server of the checker (INT-source-download)');
        const post = await makePost(ctx);
        const path = `/${ctx.unique('post')}.png`;
        await succeed(ctx, 'posts.update', { path: { id: post.id }, fields: { source: server.url(path) } }, 'the source update');
        if (server.hits(path) === 0) fail('post[source] was set to a URL but the file was never fetched', { expected: 'a GET of the source URL', actual: 'no request' });
        const shown = await show(ctx, 'posts.show', post.id);
        const src = text(field(shown, 'source', 'post source'));
        if (src !== server.url(path)) fail(`source is "${src}"`, { expected: server.url(path), actual: src });
      },
    }),
  ];
}
