/**
 * The reference server of one variant, seeded with posts through the documented upload operation, for
 * the real-client tests: every post's file is a distinct generated PNG whose bytes are kept, by md5.
 */
import { createHash } from 'node:crypto';
import { pngImage } from '../../src/check/images.ts';
import type { Variant } from '../../specs/model/index.ts';
import { loadAccounts, startServer } from '../../src/server/index.ts';

export const ACCOUNTS = loadAccounts();

export function account(name: string): { login: string; api_key: string } {
  const a = ACCOUNTS.accounts.find((x) => x.name === `conform_${name}`);
  if (!a) throw new Error(`no account conform_${name}`);
  return { login: a.name, api_key: a.api_key };
}

/** Tag of the many posts (more than two pages of 100), and of the few. */
export const MANY_TAG = 'clients_many';
export const MANY = 230;
export const FEW_TAG = 'clients_few';
export const FEW = 5;

export interface SeededServer {
  readonly url: string;
  readonly host: string;
  readonly variant: Variant;
  /** Post ids by tag, newest first. */
  readonly ids: Readonly<Record<string, readonly number[]>>;
  /** The uploaded bytes of every post, by md5. */
  readonly files: ReadonlyMap<string, Buffer>;
  close(): Promise<void>;
}

function seeded(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

async function upload(url: string, tags: string, image: Buffer): Promise<number> {
  const m = account('member');
  const form = new FormData();
  form.set('login', m.login);
  form.set('api_key', m.api_key);
  form.set('upload[tag_string]', tags);
  form.set('upload[rating]', 'safe');
  form.set('upload[file]', new Blob([image], { type: 'image/png' }), 'image.png');
  const res = await fetch(`${url}/uploads.json`, { method: 'POST', body: form });
  const body = (await res.json()) as { success: boolean; post_id?: number; reason: string };
  if (res.status !== 200 || body.post_id === undefined) throw new Error(`upload refused: ${res.status} ${body.reason}`);
  return body.post_id;
}

/** Starts the server of `variant` on 127.0.0.1 and uploads MANY + FEW posts. Closes it if seeding fails. */
export async function seededServer(variant: Variant): Promise<SeededServer> {
  const server = await startServer({ variant, host: '127.0.0.1', port: 0, quotaScale: 100 });
  try {
    const files = new Map<string, Buffer>();
    const ids: Record<string, number[]> = { [MANY_TAG]: [], [FEW_TAG]: [] };
    const random = seeded(variant === 'A' ? 7 : 11);
    const add = async (tags: string, tag: string) => {
      const image = pngImage(random, 6);
      files.set(createHash('md5').update(image).digest('hex'), image);
      ids[tag]!.unshift(await upload(server.url, tags, image));
    };
    for (let i = 0; i < MANY; i++) await add(`${MANY_TAG} clients_shared`, MANY_TAG);
    for (let i = 0; i < FEW; i++) await add(`${FEW_TAG} clients_shared artist:clients_painter`, FEW_TAG);
    return { url: server.url, host: new URL(server.url).host, variant, ids, files, close: () => server.close() };
  } catch (err) {
    await server.close();
    throw err;
  }
}
