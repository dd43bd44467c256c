/**
 * The reference server's answers to the example requests of the OpenAPI descriptions
 * (src/spec/examples.ts), captured to become the descriptions' response examples.
 *
 * A fresh in-memory database; the two posts the examples' post ids refer to (posts are made by
 * uploads, which come after posts in the description); then every operation of the variant, each sent
 * once in JSON with its example request, in the order Dredd runs them with `sorted` (examples/dredd/):
 * the description's order, stably sorted POST, GET, PUT, DELETE, so that records exist before they
 * are read, changed or deleted. An undelete is preceded by the delete of its record, so that it has
 * something to undo. The 2xx answers are kept with their timestamps normalised; nothing else in them
 * varies between runs (the uploaded files are fixtures, so their md5 is fixed).
 *
 * `npm run generate` writes the capture (./write-examples.ts) before the descriptions; a test checks
 * the checked-in capture is what the server answers now.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ResolvedOperation, Variant } from '../../specs/model/index.ts';
import { AUTH_PARAMS, operationFor, userLevelsFor } from '../../specs/model/index.ts';
import type { CapturedExample, CapturedExamples, ExampleValue } from '../spec/examples.ts';
import { EXAMPLE_FORMAT, EXAMPLE_ID, EXAMPLE_ORIGIN, bodyExample, documentOrder, queryExample } from '../spec/examples.ts';
import { REPO_ROOT } from '../paths.ts';
import type { Account } from './accounts.ts';
import { loadAccounts } from './accounts.ts';
import { buildApp } from './app.ts';
import { param } from './registry.ts';

/** Every timestamp of a captured answer reads as this instant. */
export const NORMALISED_TIMESTAMP = '2000-01-01T00:00:00.000Z';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The images of the two posts: post 1 (4x4, the examples' notes lie inside it) and post 2. */
export const EXAMPLE_IMAGES = ['fixtures/images/red-4x4.png', 'fixtures/images/checker-8x8.png'] as const;

export interface Capture extends CapturedExamples {
  /** Operations the example request did not get a 2xx for, with the answer. */
  readonly refused: readonly { readonly operation: string; readonly status: number; readonly body: string }[];
}

export function normaliseTimestamps(value: unknown): unknown {
  if (typeof value === 'string') return TIMESTAMP.test(value) ? NORMALISED_TIMESTAMP : value;
  if (Array.isArray(value)) return value.map(normaliseTimestamps);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, normaliseTimestamps(v)]));
  }
  return value;
}

/** The accounts of a variant: the most privileged acts; another one receives the dmail. */
function actors(variant: Variant): { actor: Account; other: Account } {
  const roles = new Set<string>(userLevelsFor(variant).map((l) => l.role));
  const accounts = loadAccounts().accounts.filter((a) => (a.only === undefined || a.only === variant) && roles.has(a.role));
  const actor = accounts.reduce((best, a) => (a.level > best.level ? a : best));
  const other = accounts.find((a) => a !== actor);
  if (!other) throw new Error('the accounts file needs two accounts');
  return { actor, other };
}

function multipart(fields: Record<string, ExampleValue>, file: { name: string; data: Buffer }): { body: Buffer; contentType: string } {
  const boundary = 'conform-example-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="example.png"\r\nContent-Type: image/png\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Sent {
  readonly request: string;
  readonly status: number;
  readonly text: string;
}

class Client {
  constructor(
    private readonly app: FastifyInstance,
    private readonly actor: Account,
  ) {}

  private auth(): Record<string, string> {
    return { [AUTH_PARAMS.login]: this.actor.name, [AUTH_PARAMS.apiKey]: this.actor.api_key };
  }

  async send(op: ResolvedOperation, path: Record<string, number>, fields: Record<string, ExampleValue>, file?: { name: string; data: Buffer }): Promise<Sent> {
    const url = op.pathFor(EXAMPLE_FORMAT).replace(/\{([a-z_]+)\}/g, (_, name: string) => String(path[name] ?? EXAMPLE_ID));
    // Shown as written, brackets unescaped, credentials left out.
    const shown = [...Object.entries(fields).map(([k, v]) => `${k}=${v}`), ...(file ? [`${file.name}=<a PNG image>`] : [])].join('&');
    const headers: Record<string, string> = { host: new URL(EXAMPLE_ORIGIN).host };
    let res;
    if (op.method === 'GET') {
      const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), ...this.auth() });
      res = await this.app.inject({ method: 'GET', url: `${url}?${query}`, headers });
      return { request: `GET ${url}${shown ? `?${shown}` : ''}`, status: res.statusCode, text: res.body };
    }
    if (file) {
      const { body, contentType } = multipart({ ...fields, ...this.auth() }, file);
      res = await this.app.inject({ method: op.method, url, headers: { ...headers, 'content-type': contentType }, payload: body });
    } else {
      const body = new URLSearchParams({ ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), ...this.auth() }).toString();
      res = await this.app.inject({ method: op.method, url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
    }
    return { request: `${op.method} ${url}${shown ? ` with ${shown}` : ''}`, status: res.statusCode, text: res.body };
  }
}

/** An upload's example fields with the file in place of the other members of its "one of" rule. */
function uploadFields(op: ResolvedOperation): { fields: Record<string, ExampleValue>; fileParam: string } {
  const fileParam = op.params.find((p) => p.type === 'file');
  if (!fileParam) throw new Error(`${op.id} takes no file`);
  const others = new Set((op.requireOneOf ?? []).filter((n) => n !== fileParam.name));
  const fields = Object.fromEntries(Object.entries(bodyExample(op, true) ?? {}).filter(([k]) => !others.has(k)));
  return { fields, fileParam: fileParam.name };
}

/** Dredd's `sorted` order (dredd/lib/sortTransactions): by method, the description's order kept within one method. */
const SORTED_METHODS = ['POST', 'GET', 'PUT', 'DELETE'];
export function sortedOrder(ops: readonly ResolvedOperation[]): ResolvedOperation[] {
  return ops
    .map((op, i) => ({ op, i }))
    .sort((a, b) => SORTED_METHODS.indexOf(a.op.method) - SORTED_METHODS.indexOf(b.op.method) || a.i - b.i)
    .map((x) => x.op);
}

/** Runs the example requests of a variant against a fresh reference server and keeps its 2xx JSON answers. */
export async function captureExamples(variant: Variant): Promise<Capture> {
  const app = await buildApp({ variant, logger: false });
  try {
    const { actor, other } = actors(variant);
    const client = new Client(app, actor);
    const upload = operationFor('uploads.create', variant);
    const images = EXAMPLE_IMAGES.map((p) => readFileSync(join(REPO_ROOT, p)));
    const { fields: uploadExample, fileParam } = uploadFields(upload);
    const posts: number[] = [];
    for (const data of images) {
      const sent = await client.send(upload, {}, uploadExample, { name: fileParam, data });
      const postId = (JSON.parse(sent.text) as { post_id?: number }).post_id;
      if (sent.status !== 200 || postId === undefined) throw new Error(`setting up the example posts: ${sent.status} ${sent.text}`);
      posts.push(postId);
    }

    const operations: Record<string, CapturedExample> = {};
    const refused: { operation: string; status: number; body: string }[] = [];
    const ordered = sortedOrder(documentOrder(variant));
    for (const op of ordered) {
      let sent: Sent;
      if (op.kind === 'undelete') {
        const remove = ordered.find((o) => o.kind === 'delete' && `${o.path}/undelete` === op.path);
        if (!remove) throw new Error(`${op.id}: no delete of the same record`);
        const removed = await client.send(remove, {}, {});
        if (removed.status !== 200) throw new Error(`deleting before ${op.id}: ${removed.status} ${removed.text}`);
      }
      if (op.id === upload.id) {
        sent = await client.send(op, {}, uploadExample, { name: fileParam, data: images[0]! });
      } else if (op.method === 'GET') {
        sent = await client.send(op, {}, queryExample(op));
      } else {
        const fields = { ...bodyExample(op, false) };
        const path: Record<string, number> = {};
        // The examples give every post id as the first post; a post's notes are copied from the second one.
        if (op.id === 'posts.copy_notes') path.id = posts[1]!;
        // A dmail goes to an account of the server: the description cannot name one.
        if (op.id === 'dmails.create') fields[param(op, 'dmail[to_name]')] = other.name;
        sent = await client.send(op, path, fields);
      }
      if (sent.status >= 200 && sent.status < 300 && sent.text !== '') {
        operations[op.id] = { request: sent.request, status: sent.status, body: normaliseTimestamps(JSON.parse(sent.text)) };
      } else if (sent.status < 200 || sent.status >= 300) {
        refused.push({ operation: op.id, status: sent.status, body: sent.text });
      }
    }
    return {
      variant,
      description:
        `What the reference server (variant ${variant}) answers to the example requests of specs/openapi/imageboard.${variant}.json ` +
        `on a fresh database, in the description's order, after two uploads made posts 1 and 2; timestamps read ${NORMALISED_TIMESTAMP}. ` +
        'Written by `npm run generate`; the descriptions show them as response examples.',
      operations,
      refused,
    };
  } finally {
    await app.close();
  }
}

/** The checked-in form of a capture (the refusals are not part of it). */
export function serializeCapture(capture: Capture): string {
  const { refused: _refused, ...examples } = capture;
  return `${JSON.stringify(examples, null, 2)}\n`;
}
