/**
 * Uploads: a multipart file (sniffed by its magic bytes) or a source URL downloaded through the guard;
 * an accepted upload is converted into a post with its tags, rating, parent and source.
 */
import type { Row } from '../db/index.ts';
import { isFetchableUrl } from '../fetch.ts';
import { sniffImage } from '../images.ts';
import type { ImageInfo } from '../images.ts';
import { invalid } from '../params.ts';
import type { ApiRecord } from '../protocol.ts';
import { ApiError } from '../protocol.ts';
import type { ResourceModule, ServerEnv } from '../registry.ts';
import { pagedRows } from '../paging.ts';
import { param } from '../registry.ts';
import { Steps, Where, nameOf } from '../sql.ts';
import { parseTagString } from '../tags.ts';
import { FALLBACK_RATING, downloadSource, insertPostSteps, postExists, storedRating } from './posts.ts';
import { notFound, requireUser } from '../refusals.ts';

interface UploadRow extends Row {
  id: number;
  uploader_id: number;
  source: string;
  rating: string;
  parent_id: number | null;
  tag_string: string;
  md5: string | null;
  file_ext: string | null;
  file_size: number | null;
  post_id: number | null;
  status: string;
  created_at: Date;
}

function record(r: UploadRow, env: ServerEnv): ApiRecord {
  return {
    id: r.id,
    uploader_id: r.uploader_id,
    uploader_name: nameOf(env.users, r.uploader_id),
    source: r.source,
    rating: r.rating,
    parent_id: r.parent_id,
    tag_string: r.tag_string,
    md5: r.md5,
    file_ext: r.file_ext,
    file_size: r.file_size,
    post_id: r.post_id,
    status: r.status,
    created_at: r.created_at,
    updated_at: r.created_at,
  };
}

export const uploadsModule: ResourceModule = {
  resource: 'uploads',
  handlers: {
    'uploads.list': (op, env) => {
      const UPLOADER_ID = param(op, 'search[uploader_id]');
      const UPLOADER_NAME = param(op, 'search[uploader_name]');
      const SOURCE = param(op, 'search[source]');
      return async ({ params, raw }) => {
        const w = new Where();
        const id = params.int(UPLOADER_ID);
        // Fault uploads-uploader-id-dropped-with-name: search[uploader_id] is dropped when search[uploader_name] is given too.
        if (id !== undefined && !(params.has(UPLOADER_NAME) && env.faults.active('uploads-uploader-id-dropped-with-name'))) w.add(`uploader_id = ${w.p(id)}`);
        const name = params.str(UPLOADER_NAME);
        if (name !== undefined && !env.faults.active('uploads-uploader-name-ignored')) w.add(`uploader_id = (SELECT id FROM users WHERE lower(name) = lower(${w.p(name)}))`);
        const source = params.str(SOURCE);
        if (source !== undefined) {
          if (env.faults.active('upload-source-substring')) w.add(`strpos(source, ${w.p(source)}) > 0`);
          else if (env.faults.active('uploads-source-search-prefix')) w.add(`starts_with(source, ${w.p(source)})`);
          else w.add(`source = ${w.p(source)}`);
        }
        const rows = await pagedRows<UploadRow>(env, raw, w, `SELECT * FROM uploads`, 'id', 'id DESC');
        return { kind: 'list', root: 'uploads', element: 'upload', records: rows.map((r) => record(r, env)) };
      };
    },

    'uploads.show': (_op, env) => async ({ path }) => {
      const rows = await env.db.query<UploadRow>('SELECT * FROM uploads WHERE id = $1', [path.id]);
      if (!rows[0]) throw notFound('upload', path.id!);
      return { kind: 'record', element: 'upload', record: record(rows[0], env) };
    },

    'uploads.create': (op, env) => {
      const FILE = param(op, 'upload[file]');
      const SOURCE = param(op, 'upload[source]');
      const RATING = param(op, 'upload[rating]');
      const PARENT = param(op, 'upload[parent_id]');
      const TAGS = param(op, 'upload[tag_string]');
      return async ({ params, user: caller }) => {
        const user = requireUser(caller);
        const f = env.faults;
        const file = f.active('upload-file-refused') ? undefined : params.file(FILE);
        if (f.active('upload-file-refused') && params.file(FILE)) throw invalid(`${FILE} is not accepted`);
        const source = (params.str(SOURCE) ?? '').trim();
        if (!file && source === '') {
          if (!f.active('upload-without-file-accepted')) throw invalid(`either ${FILE} or ${SOURCE} must be provided`);
        }
        if (!file && source !== '' && !isFetchableUrl(source)) throw invalid(`${SOURCE} must be an http or https URL`);
        let image: ImageInfo | undefined;
        let bytes: Buffer | undefined;
        if (file) {
          image = sniffImage(file.data);
          bytes = file.data;
          if (!image) throw invalid(`${FILE} is not a PNG, JPEG, GIF or WebP image`);
        } else if (source !== '' && !f.active('upload-source-not-fetched')) {
          let downloaded;
          try {
            downloaded = await downloadSource(env, SOURCE, source);
          } catch (err) {
            // The variation source-error-accepted: the upload is taken and recorded as failed, without a
            // post, as the service family records a download it refuses (INT-source-download).
            if (!(err instanceof ApiError) || !env.variations.active('source-error-accepted')) throw err;
            const rows = await env.db.query<{ id: number }>(
              `INSERT INTO uploads (uploader_id, source, rating, parent_id, tag_string, post_id, status) VALUES ($1, $2, $3, $4, $5, NULL, $6) RETURNING id`,
              [user.id, source, params.str(RATING) ?? '', params.int(PARENT) ?? null, params.str(TAGS) ?? '', `error: ${err.reason}`],
            );
            return { kind: 'envelope', id: rows[0]!.id };
          }
          image = sniffImage(downloaded.data);
          bytes = downloaded.data;
          if (!image) throw invalid(`${SOURCE}: the downloaded file is not a PNG, JPEG, GIF or WebP image`);
        }
        const rating = params.str(RATING);
        // Fault upload-source-fields-dropped: an upload by source keeps neither its rating nor its tags.
        const sourceDropped = !file && f.active('upload-source-fields-dropped');
        const stored = (rating !== undefined && !sourceDropped ? storedRating(rating) : undefined) ?? FALLBACK_RATING;
        const given = params.int(PARENT) ?? null;
        const parentId = f.active('upload-parent-dropped') ? null : given;
        if (f.active('upload-parent-dropped') && given !== null && !(await postExists(env.db, given))) throw invalid(`${PARENT}: no post with id ${given}`);
        const tags = parseTagString(sourceDropped ? 'tagme' : (params.str(TAGS) ?? ''));
        if (parentId !== null && !(await postExists(env.db, parentId))) throw invalid(`${PARENT}: no post with id ${parentId}`);
        // The file, the post with its tags and first version, and the upload: one statement.
        const steps = new Steps();
        if (image && bytes) env.files.keepStep(steps, image.md5, image.ext, bytes);
        const posted = !f.active('upload-no-post');
        if (posted) {
          const file = image ? { md5: image.md5, ext: image.ext, size: image.size, width: image.width, height: image.height } : null;
          // Fault upload-file-source-dropped: a source sent beside a file is not kept on the post.
          const postSource = image && file && f.active('upload-file-source-dropped') ? '' : source;
          insertPostSteps(steps, env, user, { tags, rating: f.active('upload-rating-explicit-as-questionable') && stored === 'e' ? 'q' : stored, source: postSource, parentId }, file);
        }
        const values = [user.id, source, rating ?? '', parentId, tags.map((t) => t.name).join(' '), image?.md5 ?? null, image?.ext ?? null, image?.size ?? null].map((v) => steps.p(v));
        steps.add(
          'new_upload',
          `INSERT INTO uploads (uploader_id, source, rating, parent_id, tag_string, md5, file_ext, file_size, post_id, status)
           VALUES (${values.join(', ')}, ${posted ? '(SELECT id FROM new_post)' : 'NULL'}, ${steps.p(posted ? 'completed' : 'pending')}) RETURNING id`,
        );
        const rows = await env.db.query<{ id: number; post_id: number | null }>(
          steps.sql(`SELECT (SELECT id FROM new_upload) AS id, ${posted ? '(SELECT id FROM new_post)' : 'NULL::integer'} AS post_id`),
          steps.params,
        );
        const result = { id: rows[0]!.id, postId: rows[0]!.post_id };
        return { kind: 'envelope', id: result.id, ...(result.postId !== null ? { extra: { post_id: result.postId } } : {}) };
      };
    },
  },
  faults: [
    { id: 'uploads-uploader-id-dropped-with-name', requirements: ['IB-4-uploads-search-uploader_id'], summary: 'search[uploader_id] on uploads is dropped when search[uploader_name] is given too.', caughtBy: 'effects/uploads.list/uploader_id' },
    { id: 'uploads-uploader-name-ignored', requirements: ['IB-4-uploads-search-uploader_name'], summary: 'search[uploader_name] on uploads is ignored.', caughtBy: 'effects/uploads.list/uploader_name' },
    { id: 'upload-source-fields-dropped', requirements: ['IB-4-uploads-fields'], summary: 'The post an upload by upload[source] becomes has the default rating and none of the tags sent.', caughtBy: 'uploads/source-fields' },
    { id: 'upload-rating-explicit-as-questionable', requirements: ['IB-4-uploads-fields'], summary: 'The post an upload with upload[rating]=explicit becomes is rated questionable.', caughtBy: 'uploads/fields' },
    { id: 'upload-parent-dropped', requirements: ['IB-4-uploads-fields'], summary: 'upload[parent_id] is accepted but the post it becomes has no parent.', caughtBy: 'uploads/fields' },
    { id: 'upload-file-source-dropped', requirements: ['IB-4-uploads-fields'], summary: 'An upload sending a file and upload[source] together becomes a post without that source.', caughtBy: 'uploads/file-and-source' },
    { id: 'upload-rating-defaulted', requirements: ['IB-4-uploads-rating-required'], summary: 'An upload without upload[rating] is taken and becomes a post rated questionable.', caughtBy: 'uploads/rating-required' },
    { id: 'upload-without-file-accepted', requirements: ['IB-4-uploads-file-or-source'], summary: 'An upload with neither upload[file] nor upload[source] is accepted.' },
    { id: 'upload-no-post', requirements: ['IB-3-upload-becomes-post'], summary: 'Accepted uploads are not converted into posts.' },
    { id: 'upload-file-refused', requirements: ['IB-4-uploads-file'], summary: 'Uploads with a multipart file are refused (424).' },
    { id: 'upload-source-not-fetched', requirements: ['IB-4-uploads-source'], summary: 'upload[source] is stored without downloading the file.' },
    { id: 'upload-source-substring', requirements: ['IB-4-uploads-search-source'], summary: 'search[source] on uploads matches substrings.' },
    { id: 'uploads-source-search-prefix', requirements: ['IB-4-uploads-search-source'], summary: 'search[source] on uploads matches every source that starts with the value.', caughtBy: 'uploads/search-source-exact' },
  ],
};
