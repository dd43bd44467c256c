/**
 * The application: a fastify instance whose routes are the operations of one variant, taken from the
 * spec model (`operationsFor`), each under its `.json` and `.xml` suffix. Every request goes through one
 * pipeline: input (query, form, multipart or JSON body) -> authentication -> quota -> path ids ->
 * parameter validation (from the model) -> the operation's handler -> a body in the requested format.
 */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Method, OperationId, ResolvedOperation, Variant } from '../../specs/model/index.ts';
import { absentOperations, operationsFor, resolveOperation } from '../../specs/model/index.ts';
import type { AccountsFile, User } from './accounts.ts';
import { UserDirectory, loadAccounts, seedAccounts } from './accounts.ts';
import { authenticate } from './auth.ts';
import type { Db } from './db/index.ts';
import { openDb, withReadCache } from './db/index.ts';
import { Faults, crashes, faultAppliesTo, findFault } from './faults.ts';
import { RESERVED_LEVELS, Variations, WriteThrottle, findVariation, variationAppliesTo } from './variations.ts';
import { Fetcher } from './fetch.ts';
import { FileStore, registerFileRoutes } from './files.ts';
import type { RawInput, UploadedFile } from './params.ts';
import { validateParams } from './params.ts';
import type { Format, Outcome, Rendered } from './protocol.ts';
import { ApiError, formatOfUrl, renderEnvelope, renderList, renderRecord } from './protocol.ts';
import { QuotaTracker } from './quota.ts';
import type { Handler, HandlerFactory, ResourceModule, ServerEnv } from './registry.ts';
import { RESOURCE_MODULES } from './resources/index.ts';
import { STATUS, denied, invalid, throttled } from './refusals.ts';

export interface ServerOptions {
  readonly variant: Variant;
  readonly port?: number;
  readonly host?: string;
  /** Directory of a persistent embedded database; in memory when absent. */
  readonly dataDir?: string;
  /** postgres:// URL of a real server (instead of the embedded database). */
  readonly databaseUrl?: string;
  /** Accounts file path or contents; fixtures/accounts.json by default. */
  readonly accounts?: string | AccountsFile;
  /** The one deliberate violation to switch on (see faults.ts). */
  readonly fault?: string;
  /** Legal variations to switch on (see variations.ts): behaviour the document allows. */
  readonly variations?: readonly string[];
  readonly quotaWindowSeconds?: number;
  /** Multiplies every quota (tests use a tiny one). Default 1. */
  readonly quotaScale?: number;
  /** Hosts the source downloads may reach even when they resolve to non-public addresses. */
  readonly allowFetch?: readonly string[];
  readonly maxUploadBytes?: number;
  readonly fetchTimeoutMs?: number;
  /** An open database to use instead of opening one (it is then not closed with the app). */
  readonly db?: Db;
  /**
   * Cache SELECT results between writes. Default: on for the embedded database opened by the server
   * (only this process writes it), off for DATABASE_URL and for a database passed in `db`.
   */
  readonly readCache?: boolean;
  readonly logger?: boolean;
  /** The resource modules to serve (all of ./resources by default). */
  readonly resources?: readonly ResourceModule[];
}

export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const FORMATS: readonly Format[] = ['json', 'xml'];
/** A Host header that is a host name, IPv4 or bracketed IPv6 address, with an optional port. */
const HOST_RE = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export class ConfigError extends Error {}

function fastifyPath(path: string): string {
  return path.replace(/\{([a-z_]+)\}/g, ':$1');
}

/** Flattens a JSON body ({post: {rating: "s"}}) into bracket names (post[rating]). */
function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(v, prefix ? `${prefix}[${k}]` : k, out);
  } else if (prefix) {
    out[prefix] = value;
  }
  return out;
}

async function readInput(req: FastifyRequest, maxUploadBytes: number): Promise<RawInput> {
  if (req.method === 'GET') return { fields: (req.query ?? {}) as Record<string, unknown>, files: {} };
  if (req.isMultipart()) {
    const fields: Record<string, unknown> = {};
    const files: Record<string, UploadedFile> = {};
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, data };
        } else if (fields[part.fieldname] === undefined) {
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        } else {
          fields[part.fieldname] = [fields[part.fieldname], part.value].flat();
        }
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(`file larger than ${maxUploadBytes} bytes`);
      throw invalid(`malformed multipart body: ${(err as Error).message}`);
    }
    return { fields, files };
  }
  const body = req.body;
  return { fields: body && typeof body === 'object' ? flatten(body) : {}, files: {} };
}

interface Pipeline {
  readonly op: ResolvedOperation;
  readonly format: Format;
  readonly handler: Handler | undefined;
  /** Why the route answers 404 without running a handler. */
  readonly notServed?: string;
}

export async function buildApp(options: ServerOptions): Promise<FastifyInstance> {
  const variant = options.variant;
  if (variant !== 'A' && variant !== 'B') throw new ConfigError(`unknown variant ${String(variant)} (expected A or B)`);
  let faults = new Faults();
  if (options.fault) {
    const spec = findFault(options.fault);
    if (!spec) throw new ConfigError(`unknown fault ${options.fault} (see --list-faults)`);
    if (!faultAppliesTo(spec, variant)) throw new ConfigError(`fault ${options.fault} has no effect in variant ${variant}`);
    faults = new Faults([options.fault]);
  }
  for (const id of options.variations ?? []) {
    const spec = findVariation(id);
    if (!spec) throw new ConfigError(`unknown variation ${id} (see --list-variations)`);
    if (!variationAppliesTo(spec, variant)) throw new ConfigError(`variation ${id} has no effect in variant ${variant}`);
  }
  const variations = new Variations(options.variations ?? []);
  const writes = new WriteThrottle();
  const accounts = loadAccounts(options.accounts);
  const maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const opened = options.db ?? (await openDb({ dataDir: options.dataDir, databaseUrl: options.databaseUrl }));
  const ownsDb = options.db === undefined;
  const cached = options.readCache ?? (ownsDb && opened.engine === 'pglite');
  const db = cached ? withReadCache(opened) : opened;
  let users: UserDirectory;
  try {
    await seedAccounts(db, accounts, variant);
    users = await UserDirectory.load(db);
  } catch (err) {
    if (ownsDb) await db.close().catch(() => undefined);
    throw err;
  }
  const fetcher = new Fetcher({ allowHosts: options.allowFetch ?? [], maxBytes: maxUploadBytes, timeoutMs: options.fetchTimeoutMs ?? 10_000 });
  // Post files are read past the read cache: their bytes are large and each is asked for once or twice.
  const files = new FileStore(opened);
  const env: ServerEnv = { variant, db, faults, variations, users, fetcher, maxUploadBytes, files };
  const quota = new QuotaTracker({ windowSeconds: options.quotaWindowSeconds, scale: options.quotaScale });

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 2 * 1024 * 1024, trustProxy: false });
  await app.register(formbody);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: maxUploadBytes, files: 4, fields: 200, fieldSize: 1024 * 1024, parts: 250 } });
  app.addHook('onClose', async () => {
    await fetcher.close().catch(() => undefined);
    if (ownsDb) await db.close();
  });

  const send = (reply: FastifyReply, r: Rendered) =>
    r.status === 204 ? reply.code(204).send() : reply.code(r.status).header('content-type', r.contentType).send(r.body);
  const error = (reply: FastifyReply, format: Format, status: number, reason: string) =>
    send(reply, renderEnvelope(format, status, { success: false, reason }, faults));

  app.setNotFoundHandler((req, reply) => error(reply, formatOfUrl(req.url), 404, `not found: ${req.method} ${req.url.split('?', 1)[0]}`));
  app.setErrorHandler((err, req, reply) => {
    const format = formatOfUrl(req.url);
    if (err instanceof ApiError) return error(reply, format, err.status, err.reason);
    const status = (err as { statusCode?: number }).statusCode;
    // Errors of fastify's own stages (body parsing, sizes, content types) are invalid input.
    if (status !== undefined && status >= 400 && status < 500) return error(reply, format, STATUS.invalidParameters, `invalid request: ${(err as Error).message}`);
    req.log.error(err);
    return error(reply, format, 500, 'internal server error');
  });

  const modules = options.resources ?? RESOURCE_MODULES;
  const handlers = new Map<string, { factory: HandlerFactory }>();
  for (const m of modules) {
    for (const [id, factory] of Object.entries(m.handlers) as [OperationId, HandlerFactory | undefined][]) {
      if (!factory) continue;
      if (handlers.has(id)) throw new Error(`two resource modules serve ${id}`);
      handlers.set(id, { factory });
    }
  }

  const run = async (p: Pipeline, req: FastifyRequest, reply: FastifyReply) => {
    const { op, format } = p;
    try {
      if (p.notServed !== undefined) throw new ApiError(404, p.notServed);
      let input = await readInput(req, maxUploadBytes);
      const query = (req.query ?? {}) as Record<string, unknown>;
      if (op.method === 'GET' && faults.active('query-params-ignored')) input = { fields: {}, files: {} };
      if (op.method !== 'GET' && faults.active('body-params-ignored')) input = { fields: query, files: {} };
      const user: User | null = authenticate(
        { authorization: req.headers.authorization, fieldSources: op.method === 'GET' ? [input.fields] : [input.fields, query], cookies: req.cookies ?? {} },
        users,
        faults,
      );
      if (user === null) {
        const anonymousReads = variant === 'A' ? !faults.active('anonymous-refused-A') : faults.active('anonymous-allowed-B');
        if (!anonymousReads) throw denied('log in (login and api_key, HTTP Basic, or the session cookies)');
        if (op.stateChanging) throw denied('state-changing requests need a logged-in user');
      }
      if (!faults.active('quota-not-enforced') && !quota.take(user, req.ip)) throw throttled();
      // Legal variations (./variations.ts): what the document allows and real servers do.
      if (user && op.stateChanging && variations.active('throttle') && !writes.take(user.id)) {
        throw throttled({ 'retry-after': '1' });
      }
      const reserved = RESERVED_LEVELS[op.id];
      if (reserved !== undefined && variations.active('levels') && (user?.level ?? 0) < reserved) {
        throw denied(`${op.id} needs level ${reserved}`);
      }
      const path: Record<string, number> = {};
      for (const pp of op.params) {
        if (pp.location !== 'path') continue;
        const raw = (req.params as Record<string, string>)[pp.name] ?? '';
        if (!/^\d{1,9}$/.test(raw)) throw new ApiError(404, `not found: no ${op.resource} with id ${raw}`);
        path[pp.name] = Number(raw);
      }
      if (op.kind === 'revert' && variations.active('revert-404')) {
        const given = input.fields.version_id;
        if (given === undefined || given === '') throw new ApiError(404, 'not found: no such version');
      }
      const params = validateParams(op, input, faults);
      const crash = crashes(op.resource, input.fields, faults);
      if (crash !== undefined) throw new Error(`deliberate crash: ${crash}`);
      const outcome: Outcome = await p.handler!({ op, format, params, path, user, env, raw: input, origin: originOf(req) });
      return send(reply, render(op, format, outcome));
    } catch (err) {
      if (err instanceof ApiError) {
        let status = err.status;
        if (status === STATUS.invalidParameters && faults.active('status-undocumented')) status = 400;
        if (status === STATUS.invalidParameters && faults.active('server-error-on-bad-input')) status = STATUS.serverError;
        if (status === 404 && faults.active('unknown-id-200') && op.params.some((x) => x.location === 'path') && p.notServed === undefined) {
          return send(reply, renderRecord(format, 'record', {}, faults));
        }
        if (status === STATUS.invalidParameters && variations.active('status-420')) status = STATUS.invalidRecord;
        for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
        return error(reply, format, status, err.reason);
      }
      req.log.error(err);
      return error(reply, format, 500, 'internal server error');
    }
  };

  const render = (op: ResolvedOperation, format: Format, o: Outcome): Rendered => {
    switch (o.kind) {
      case 'record':
        return renderRecord(format, o.element, o.record, faults);
      case 'list':
        return renderList(format, o.root, o.element, o.records, faults);
      case 'envelope': {
        if (op.stateChanging && (faults.active('status-204') || (variant === 'A' && variations.active('no-content-A')))) return { status: 204, contentType: '', body: '' };
        return renderEnvelope(format, 200, { success: true, reason: o.reason ?? '', id: o.id, extra: o.extra }, faults);
      }
    }
  };

  /** Where the client reached the server: its Host header when it is a plain host[:port], else the listening address. */
  const originOf = (req: FastifyRequest): string => {
    const host = req.headers.host;
    if (host !== undefined && HOST_RE.test(host)) return `${req.protocol}://${host}`;
    const a = app.server.address();
    if (a && typeof a === 'object') return `${req.protocol}://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`;
    return `${req.protocol}://localhost`;
  };

  registerFileRoutes(app, files);

  const registered = new Set<string>();
  const route = (method: Method, url: string, p: Pipeline) => {
    const key = `${method} ${url}`;
    if (registered.has(key)) return;
    registered.add(key);
    app.route({
      method,
      url,
      handler: (req, reply) => run(p, req, reply),
    });
  };

  for (const op of operationsFor(variant)) {
    const h = handlers.get(op.id);
    const handler = h ? h.factory(op, env) : undefined;
    for (const format of FORMATS) {
      const notServed = faults.active(`unserved:${op.id}`) ? `not found: ${op.method} ${op.path}` : handler ? undefined : `not implemented: ${op.id}`;
      route(op.method, fastifyPath(op.pathFor(format)), { op, format, handler, notServed });
    }
  }
  for (const spec of absentOperations(variant)) {
    const other: Variant = variant === 'A' ? 'B' : 'A';
    const op = resolveOperation(spec, other);
    const h = handlers.get(spec.id);
    const serve = h !== undefined && faults.active(`serve-absent:${spec.id}`);
    const handler = serve ? h.factory({ ...op, variant }, env) : undefined;
    for (const format of FORMATS) {
      const notServed = serve ? undefined : `not found: ${spec.id} does not exist in variant ${variant}`;
      route(spec.method, fastifyPath(op.pathFor(format)), { op, format, handler, notServed });
    }
  }
  for (const m of modules) {
    for (const extra of m.extraRoutes ?? []) {
      if (!faults.active(extra.fault)) continue;
      const base = operationsFor(variant).find((o) => o.id === extra.baseOp);
      if (!base) continue;
      const op: ResolvedOperation = { ...base, method: extra.method, path: extra.path, params: base.params.filter((x) => x.location !== 'path' || extra.path.includes(`{${x.name}}`)), stateChanging: extra.method !== 'GET', pathFor: (f) => `${extra.path}.${f}` };
      const handler = extra.handler(op, env);
      for (const format of FORMATS) route(extra.method, fastifyPath(op.pathFor(format)), { op, format, handler });
    }
  }
  return app;
}

/** Starts a server; resolves once it listens. */
export async function startServer(options: ServerOptions): Promise<{ url: string; close(): Promise<void>; app: FastifyInstance }> {
  const app = await buildApp(options);
  const host = options.host ?? '127.0.0.1';
  try {
    await app.listen({ port: options.port ?? 0, host });
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${shownHost}:${port}`, close: () => app.close(), app };
}
