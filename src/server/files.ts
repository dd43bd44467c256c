/**
 * The files of posts (INT-post-files): the bytes of every accepted upload are kept by md5, and served at
 * the URLs that post records carry, as the service family lays them out: `/data/<md5>.<ext>` (the file,
 * also `large_file_url`: no samples are made) and `/data/preview/<md5>.<ext>` (the same bytes). They are
 * not operations of the document: like the family's file host they need no login and count against no
 * quota; knowing a URL needs the post record.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from './db/index.ts';
import { missing } from './refusals.ts';
import type { Steps } from './sql.ts';

export const FILE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const FILE_NAME = /^([0-9a-f]{32})\.([a-z]{3,4})$/;

export class FileStore {
  /** `db` should bypass the read cache: file bytes are large and seldom read twice. */
  constructor(private readonly db: Queryable) {}

  /** Adds to `steps` the keeping of a file's bytes; a file already kept is left as it is. */
  keepStep(steps: Steps, md5: string, ext: string, data: Buffer): void {
    steps.add('file_kept', `INSERT INTO post_files (md5, file_ext, data) VALUES (${steps.p(md5)}, ${steps.p(ext)}, ${steps.p(data)}) ON CONFLICT (md5) DO NOTHING`);
  }

  async get(md5: string): Promise<{ ext: string; data: Buffer } | undefined> {
    const rows = await this.db.query<{ file_ext: string; data: Uint8Array }>('SELECT file_ext, data FROM post_files WHERE md5 = $1', [md5]);
    const row = rows[0];
    if (!row) return undefined;
    const data = Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
    return { ext: row.file_ext, data };
  }
}

/** The URL fields of a post record with a file; none without one. */
export function fileUrls(origin: string, md5: string | null, ext: string | null): Record<string, string> {
  if (md5 === null || ext === null) return {};
  const file = `${origin}/data/${md5}.${ext}`;
  return { file_url: file, large_file_url: file, preview_file_url: `${origin}/data/preview/${md5}.${ext}` };
}

/** GET (and HEAD) of the file URLs: the stored bytes with their media type and length; 404 otherwise. */
export function registerFileRoutes(app: FastifyInstance, files: FileStore): void {
  const serve = async (req: FastifyRequest<{ Params: { name: string } }>) => {
    const m = FILE_NAME.exec(req.params.name);
    const type = m ? FILE_TYPES[m[2]!] : undefined;
    const file = m && type ? await files.get(m[1]!) : undefined;
    if (!m || !file || file.ext !== m[2]) throw missing(`no file ${req.params.name}`);
    return { type: type!, data: file.data };
  };
  for (const url of ['/data/:name', '/data/preview/:name']) {
    app.get<{ Params: { name: string } }>(url, async (req, reply) => {
      const { type, data } = await serve(req);
      return reply.code(200).header('content-type', type).header('cache-control', 'public, max-age=31536000, immutable').send(data);
    });
  }
}
