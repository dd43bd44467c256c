/**
 * `uploads/*`: file or source required, a file upload is accepted and becomes a post carrying its
 * fields, exact source search, and the download of upload[source] from the checker's file server.
 */
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { pngImage } from '../images.ts';
import { makePost } from '../world.ts';
import { expectRefused, listIds, records, succeed } from './support/calls.ts';
import { fileServer, reachable, refusedUnfetched } from './support/file-server.ts';
import { PARAMETER_REFUSALS } from './support/parameter-refusals.ts';
import { expectListSelects } from './support/pages.ts';
import { expectReadBack } from './support/read-back.ts';
import { findMade, othersThan, userIdOf } from './support/recipes.ts';
import { uploadRatings, uploadWith } from './support/uploading.ts';

export const upload_without_file_or_source_is_refused = defineCheck({
  id: 'uploads/file-or-source', fn: 'upload_without_file_or_source_is_refused', resource: 'uploads',
  description: 'an upload with neither upload[file] nor upload[source] is refused', requirements: ['IB-4-uploads-file-or-source'], readOnly: false,
  async run(ctx) {
    const tag = ctx.unique('nofile').toLowerCase();
    const reply = await ctx.target.call('uploads.create', { fields: { rating: uploadRatings(ctx)[0]!, tag_string: tag } });
    ctx.note(reply);
    expectRefused(reply, 'an upload without file and source');
    // The rule is stated; the refusal's code is a reading (the service family answers its validation error 422).
    if (!(PARAMETER_REFUSALS as readonly number[]).includes(reply.status)) fail(`refused with ${reply.status}`, { reply, expected: '420 or 424 (INT-missing-required-status)', actual: String(reply.status), interpretation: 'INT-missing-required-status' });
    const made = await listIds(ctx, 'posts.list', { tags: tag });
    if (made.length > 0) fail(`a post was made anyway: ${made[0]}`, { expected: 'no post', actual: String(made[0]) });
  },
});

export const upload_with_file_is_accepted = defineCheck({
  id: 'uploads/file', fn: 'upload_with_file_is_accepted', resource: 'uploads',
  description: 'an upload with a multipart file is accepted', requirements: ['IB-4-uploads-file'], readOnly: false,
  async run(ctx) {
    await succeed(ctx, 'uploads.create', {
      fields: { file: { file: pngImage(ctx.random), filename: 'conform.png', type: 'image/png' }, rating: uploadRatings(ctx)[0]!, tag_string: ctx.unique('file').toLowerCase() },
    }, 'an upload with a file');
  },
});

export const upload_becomes_post = defineCheck({
  id: 'uploads/becomes-post', fn: 'upload_becomes_post', resource: 'uploads',
  description: 'an accepted upload is converted into a post carrying its tags', requirements: ['IB-3-upload-becomes-post'], readOnly: false,
  async run(ctx) {
    // Three tags: a tag string split wrongly loses its first or last one.
    const extra = ctx.unique('second').toLowerCase();
    const last = ctx.unique('third').toLowerCase();
    const post = await makePost(ctx, `${extra} ${last}`);
    for (const tag of [post.tag, extra, last]) {
      const found = await listIds(ctx, 'posts.list', { tags: tag });
      if (!found.includes(post.id)) fail(`the post made from the upload tagged "${post.tag} ${extra} ${last}" is not found by its tag ${tag}`, { expected: `post ${post.id} for "${tag}"`, actual: JSON.stringify(found) });
    }
  },
});

export const upload_source_search_is_exact = defineCheck({
  id: 'uploads/search-source-exact', fn: 'upload_source_search_is_exact', resource: 'uploads',
  description: 'search[source] on uploads matches the exact string only', requirements: ['IB-4-uploads-search-source'], readOnly: false,
  async run(ctx) {
    // Uploads with a file whose sources differ from one source by what an exact string match tells apart and
    // a looser comparison does not: more after it, a trailing slash, and the case of a letter of the path
    // (INT-exact-case). A file makes the upload, so no source is fetched.
    const source = `https://example.invalid/${ctx.unique('exact').toLowerCase()}/A.png`;
    const decoys = [
      // A query string with `&`, `=` and an escape: the exact string is what is stored and matched.
      `${source}?size=large&path=%2Fa+b`,
      `${source}/`,
      source.toLowerCase(),
    ];
    const made: number[] = [];
    for (const src of [source, ...decoys]) {
      const tag = ctx.unique('src').toLowerCase();
      const reply = await ctx.target.call('uploads.create', { fields: { file: { file: pngImage(ctx.random), filename: `${tag}.png`, type: 'image/png' }, source: src, rating: uploadRatings(ctx)[0]!, tag_string: tag } });
      ctx.note(reply);
      // A target that fetches the source of an upload with a file too: the source's own upload, from the file server.
      if (!reply.ok) return sourceSearchByDownload(ctx);
      made.push(reply.createdId() ?? (await findMade(ctx, 'uploads.list', { uploader_name: ctx.accounts.actor.name }, tag, 'an upload')));
    }
    const [mine, decoy] = made as [number, number];
    const sources = [source, ...decoys];
    for (const [i, src] of sources.entries()) {
      await expectListSelects(ctx, 'uploads.list', { source: src }, [made[i]!], made.filter((_, j) => j !== i), `search[source]=${src}`);
    }
    await expectListSelects(ctx, 'uploads.list', { source: source.slice(0, -4) }, [], made, `search[source]=${source.slice(0, -4)} (a prefix of all)`);
    // Together with the uploader: the same source uploaded by another account too, each account's listed
    // with its own name or id only (a server that drops the uploader in the source's company lists both).
    await expectListSelects(ctx, 'uploads.list', { source, uploader_name: ctx.accounts.actor.name }, [mine], [decoy], `search[source]=${source} & search[uploader_name]=${ctx.accounts.actor.name}`);
    const other = othersThan(ctx, ctx.accounts.actor)[0];
    if (!other) return;
    const tag = ctx.unique('src').toLowerCase();
    const theirs = await ctx.target.call('uploads.create', { as: other, fields: { file: { file: pngImage(ctx.random), filename: `${tag}.png`, type: 'image/png' }, source, rating: uploadRatings(ctx)[0]!, tag_string: tag } });
    ctx.note(theirs);
    if (!theirs.ok) return;
    const their = theirs.createdId() ?? (await findMade(ctx, 'uploads.list', { uploader_name: other.name }, tag, 'an upload', other));
    for (const [who, listed, left] of [[ctx.accounts.actor, mine, their], [other, their, mine]] as const) {
      await expectListSelects(ctx, 'uploads.list', { source, uploader_name: who.name }, [listed], [left], `search[source]=${source} & search[uploader_name]=${who.name}`);
      const id = await userIdOf(ctx, who);
      await expectListSelects(ctx, 'uploads.list', { source, uploader_id: id }, [listed], [left], `search[source]=${source} & search[uploader_id]=${id}`);
    }
  },
});

/** search[source] on an upload made by downloading its source from the checker's file server. */
async function sourceSearchByDownload(ctx: CheckContext): Promise<void> {
  reachable(ctx);
  const server = await fileServer(ctx);
  const path = `/${ctx.unique('exact')}.png`;
  const source = server.url(path);
  const upload = await ctx.target.call('uploads.create', { fields: { source, rating: uploadRatings(ctx)[0]!, tag_string: ctx.unique('src').toLowerCase() } });
  ctx.note(upload);
  refusedUnfetched(server, path, upload, source);
  if (!upload.ok) fail(`an upload from a source URL was refused: ${upload.status}`, { reply: upload, expected: '2xx', actual: String(upload.status) });
  const exact = records(await succeed(ctx, 'uploads.list', { fields: { source } }, 'search[source] exact'), 'uploads.list');
  if (exact.length === 0) fail('search[source] with the exact source finds no upload', { expected: 'the upload', actual: '[]' });
  const partial = records(await succeed(ctx, 'uploads.list', { fields: { source: source.slice(0, -4) } }, 'search[source] partial'), 'uploads.list');
  if (partial.length > 0) fail('search[source] with a prefix of the source finds uploads', { expected: 'none (exact string match)', actual: `${partial.length} uploads` });
}

/**
 * An upload by upload[source] from the checker's file server, accepted: skips when the target refuses the
 * URL as not public (INT-source-download), fails when it refuses it otherwise. Returns the file server and
 * the path it served.
 */
async function uploadFromSource(ctx: CheckContext, label: string, fields: { rating: string; tag_string: string; parent_id?: number }, multipart = false) {
  reachable(ctx);
  const server = await fileServer(ctx);
  const path = `/${ctx.unique(label)}.png`;
  const upload = await ctx.target.call('uploads.create', { fields: { source: server.url(path), ...fields }, multipart });
  ctx.note(upload);
  if (multipart && !upload.ok && server.hits(path) === 0) {
    // Refused unfetched: of the address (INT-source-download), or of the body? The same upload urlencoded
    // (tags of its own) tells: taken and fetched, it was the body that was refused.
    const again = `/${ctx.unique(label)}.png`;
    const urlencoded = await ctx.target.call('uploads.create', { fields: { ...fields, source: server.url(again), tag_string: ctx.unique('urlencoded').toLowerCase() } });
    ctx.note(urlencoded);
    if (urlencoded.ok && server.hits(again) > 0) {
      fail(`an upload by upload[source] alone sent as multipart/form-data was refused (${upload.status}), while the same upload sent urlencoded was taken and fetched`, { reply: upload, expected: 'the upload taken: upload[source] is provided', actual: String(upload.status), requirement: 'IB-4-uploads-file-or-source' });
    }
  }
  refusedUnfetched(server, path, upload, server.url(path));
  if (!upload.ok) fail(`an upload from a source URL was refused: ${upload.status}`, { reply: upload, expected: '2xx', actual: String(upload.status) });
  if (server.hits(path) === 0) {
    // Taken but never fetched: a post made of it has no file (a fault); no post at all is the upload
    // recorded as failed, a refusal of the address (INT-source-download), as the service family does.
    const tag = fields.tag_string.split(/\s+/)[0]!;
    const made = await listIds(ctx, 'posts.list', { tags: tag });
    if (made.length > 0) fail(`the source URL was never fetched, yet the upload became post ${made.join(', ')}`, { expected: 'a GET of the source URL', actual: 'no request' });
    skip(
      `the target took the upload from ${server.url(path)} (${upload.status}) without fetching it and made no post of it: a service may record a download from an address it does not take to be public as failed (INT-source-download). ` +
        'Serve the file server on an address the target accepts with --source-host and --source-url-base (or allow this one on the target).',
    );
  }
  return { server, path };
}

export const upload_source_is_downloaded = defineCheck({
  id: 'uploads/source-download', fn: 'upload_source_is_downloaded', resource: 'uploads',
  description: 'an upload with upload[source] is accepted and the file is fetched from the URL', requirements: ['IB-4-uploads-source'], readOnly: false,
  async run(ctx) {
    const tag = ctx.unique('fetched').toLowerCase();
    const { server, path } = await uploadFromSource(ctx, 'upload', { rating: uploadRatings(ctx)[0]!, tag_string: tag });
    if (server.hits(path) === 0) fail('the source URL was never fetched', { expected: 'a GET of the source URL', actual: 'no request' });
    const made = await listIds(ctx, 'posts.list', { tags: tag });
    if (made.length !== 1) fail(`the downloaded upload did not become one post (found ${made.length})`, { expected: '1 post', actual: JSON.stringify(made) });
  },
});

export const upload_by_source_carries_its_fields = defineCheck({
  id: 'uploads/source-fields', fn: 'upload_by_source_carries_its_fields', resource: 'uploads',
  description: 'the post an upload by upload[source] (sent as multipart/form-data, without a file) becomes carries its upload[rating], upload[tag_string] and upload[parent_id], read back in JSON and XML', requirements: ['IB-4-uploads-fields'], readOnly: false,
  async run(ctx) {
    const tag = ctx.unique('bysource').toLowerCase();
    // The last rating of the set: a server that drops the rating of an upload by source shows another.
    const rating = uploadRatings(ctx).at(-1)!;
    // Every field of the create, beside the source: a server may take another path for an upload by URL.
    const parent = await makePost(ctx);
    // As multipart/form-data, as a browser's upload form sends it with no file chosen (uploads/source-download
    // sends its upload urlencoded): either body takes an upload by source alone.
    await uploadFromSource(ctx, 'fields', { rating, tag_string: `${tag} ${tag}_2`, parent_id: parent.id }, true);
    const made = await listIds(ctx, 'posts.list', { tags: tag });
    if (made.length !== 1) fail(`the upload by source did not become one post found by its tag ${tag} (found ${made.length})`, { expected: '1 post', actual: JSON.stringify(made) });
    await expectReadBack(ctx, { id: made[0]!, show: 'posts.show', list: 'posts.list', search: { tags: tag } }, { rating, tag_string: `${tag} ${tag}_2`, parent_id: parent.id }, 'the post of an upload by source');
  },
});

export const upload_fields_become_the_posts = defineCheck({
  id: 'uploads/fields', fn: 'upload_fields_become_the_posts', resource: 'uploads',
  description: 'the post an upload becomes carries its upload[rating] (each value), upload[tag_string] and upload[parent_id]', requirements: ['IB-4-uploads-fields'], readOnly: false,
  async run(ctx) {
    const parent = await makePost(ctx);
    for (const rating of uploadRatings(ctx)) {
      const tag = ctx.unique('carried').toLowerCase();
      const post = await uploadWith(ctx, { rating, tag_string: tag, parent_id: parent.id });
      await expectReadBack(ctx, { id: post.id, show: 'posts.show', list: 'posts.list', search: { tags: post.tag } }, { rating, tag_string: `${post.tag} ${tag}`, parent_id: parent.id }, `the post of an upload rated ${rating}`);
    }
  },
});

export const upload_without_rating_makes_no_post = defineCheck({
  id: 'uploads/rating-required', fn: 'upload_without_rating_makes_no_post', resource: 'uploads',
  description: 'an upload without upload[rating] (REQUIRED, a closed set) does not become a post', requirements: ['IB-4-uploads-rating-required'], readOnly: false,
  async run(ctx) {
    const tag = ctx.unique('unrated').toLowerCase();
    const reply = await ctx.target.call('uploads.create', { fields: { file: { file: pngImage(ctx.random), filename: `${tag}.png`, type: 'image/png' }, tag_string: tag } });
    ctx.note(reply);
    // How it is refused is the register's reading (required/uploads.create/upload[rating]); a post made of it carries a rating no one sent.
    const made = await listIds(ctx, 'posts.list', { tags: tag });
    if (made.length > 0) fail(`an upload without upload[rating] was answered ${reply.status} and became post ${made[0]}, rated with a value the upload did not send`, { reply, expected: 'no post (a refusal: INT-missing-required-status)', actual: `post ${made.join(', ')}` });
  },
});

export const upload_with_file_and_source_keeps_both = defineCheck({
  id: 'uploads/file-and-source', fn: 'upload_with_file_and_source_keeps_both', resource: 'uploads',
  description: 'an upload sending upload[file] and upload[source] together becomes a post carrying that source', requirements: ['IB-4-uploads-fields'], readOnly: false,
  async run(ctx) {
    const tag = ctx.unique('filesrc').toLowerCase();
    const source = `https://conform.invalid/${tag}.png`;
    const reply = await ctx.target.call('uploads.create', { fields: { file: { file: pngImage(ctx.random), filename: `${tag}.png`, type: 'image/png' }, source, rating: uploadRatings(ctx)[0]!, tag_string: tag } });
    ctx.note(reply);
    // The file is the image; what a service does with a source it cannot reach beside one is not stated.
    if (!reply.ok) skip(`an upload with a file and the source ${source} was refused (${reply.status}): a service may check a source it is given, and this one cannot be reached`);
    const made = await listIds(ctx, 'posts.list', { tags: tag });
    if (made.length !== 1) fail(`the upload with a file and a source did not become one post found by its tag ${tag} (found ${made.length})`, { expected: '1 post', actual: JSON.stringify(made) });
    await expectReadBack(ctx, { id: made[0]!, show: 'posts.show' }, { source, tag_string: tag }, 'the post of an upload with a file and a source');
  },
});

export function checks(): Check[] {
  return [
    upload_without_file_or_source_is_refused,
    upload_with_file_is_accepted,
    upload_becomes_post,
    upload_source_search_is_exact,
    upload_source_is_downloaded,
    upload_fields_become_the_posts,
    upload_by_source_carries_its_fields,
    upload_without_rating_makes_no_post,
    upload_with_file_and_source_keeps_both,
  ];
}
