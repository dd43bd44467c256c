/**
 * The application: a fastify instance whose routes are the operations of one variant, taken from the
 * spec model (`operationsFor`), each under its `.json` and `.xml` suffix. Every operation's route runs
 * the request pipeline (./pipeline: input -> authentication -> quota -> levels -> parameters, as
 * fastify hooks), then the operation's handler on the validated context, then a body in the requested
 * format.
 */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { OperationId, ResolvedOperation, Variant } from '../../specs/model/index.ts';
import { absentOperations, operation, operationsFor, resolveOperation } from '../../specs/model/index.ts';
import type { AccountsFile } from './accounts.ts';
import { UserDirectory, loadAccounts, seedAccounts } from './accounts.ts';
import type { Db } from './db/index.ts';
import { openDb, withReadCache } from './db/index.ts';
import { Faults, faultAppliesTo, findFault } from './faults.ts';
import type { FaultSwitch } from './faults.ts';
import { Variations, WriteThrottle, findVariation, variationAppliesTo } from './variations.ts';
import { Fetcher } from './fetch.ts';
import { FileStore, registerFileRoutes } from './files.ts';
import { operationPipeline } from './pipeline/index.ts';
import type { Format } from './protocol.ts';
import { QuotaTracker } from './quota.ts';
import type { HandlerFactory, ResourceModule, ServerEnv } from './registry.ts';
import { RESOURCE_MODULES } from './resources/index.ts';

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
  /** Deliberate violations to switch on together, with or instead of `fault`. */
  readonly faults?: readonly string[];
  /** Faults switched on one at a time while the server runs, instead of `fault` (see FaultSwitch). */
  readonly faultSwitch?: FaultSwitch;
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

export class ConfigError extends Error {}

function fastifyPath(path: string): string {
  return path.replace(/\{([a-z_]+)\}/g, ':$1');
}

export async function buildApp(options: ServerOptions): Promise<FastifyInstance> {
  const variant = options.variant;
  if (variant !== 'A' && variant !== 'B') throw new ConfigError(`unknown variant ${String(variant)} (expected A or B)`);
  let faults: Faults = options.faultSwitch ?? new Faults();
  const switchedOn = [...(options.fault ? [options.fault] : []), ...(options.faults ?? [])];
  if (switchedOn.length > 0) {
    if (options.faultSwitch) throw new ConfigError('a fault, or a switch of faults: not both');
    for (const id of switchedOn) {
      const spec = findFault(id);
      if (!spec) throw new ConfigError(`unknown fault ${id} (see --list-faults)`);
      if (!faultAppliesTo(spec, variant)) throw new ConfigError(`fault ${id} has no effect in variant ${variant}`);
    }
    faults = new Faults(switchedOn);
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
  // Servers on a PostgreSQL of their own (DATABASE_URL) may be several: they count quotas in it, together.
  const quota = new QuotaTracker({ windowSeconds: options.quotaWindowSeconds, scale: options.quotaScale, ...(opened.engine === 'postgres' ? { shared: opened } : {}) });
  // Each fault switched on meets counters of its own, as it would on a server started with it.
  options.faultSwitch?.onSwitch(() => {
    quota.reset();
    writes.reset();
  });

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 2 * 1024 * 1024, trustProxy: false });
  await app.register(formbody);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: maxUploadBytes, files: 4, fields: 200, fieldSize: 1024 * 1024, parts: 250 } });
  app.addHook('onClose', async () => {
    await fetcher.close().catch(() => undefined);
    if (ownsDb) await db.close();
  });

  const pipeline = operationPipeline(app, { env, quota, writes });
  registerFileRoutes(app, files);

  const modules = options.resources ?? RESOURCE_MODULES;
  const handlers = new Map<string, { factory: HandlerFactory }>();
  for (const m of modules) {
    for (const [id, factory] of Object.entries(m.handlers) as [OperationId, HandlerFactory | undefined][]) {
      if (!factory) continue;
      if (operation(id).resource !== m.resource) throw new Error(`the ${m.resource} module serves ${id}, an operation of ${operation(id).resource}`);
      if (handlers.has(id)) throw new Error(`two resource modules serve ${id}`);
      handlers.set(id, { factory });
    }
  }

  for (const op of operationsFor(variant)) {
    const h = handlers.get(op.id);
    const handler = h ? h.factory(op, env) : undefined;
    for (const format of FORMATS) {
      const url = fastifyPath(op.pathFor(format));
      if (faults.active(`unserved:${op.id}`)) pipeline.notServed(op.method, url, format, `not found: ${op.method} ${op.path}`);
      else if (!handler) pipeline.notServed(op.method, url, format, `not implemented: ${op.id}`);
      else pipeline.route(op.method, url, { op, format, handler });
    }
  }
  for (const spec of absentOperations(variant)) {
    const other: Variant = variant === 'A' ? 'B' : 'A';
    const op = resolveOperation(spec, other);
    const h = handlers.get(spec.id);
    const serve = h !== undefined && faults.active(`serve-absent:${spec.id}`);
    const handler = serve ? h.factory({ ...op, variant }, env) : undefined;
    for (const format of FORMATS) {
      const url = fastifyPath(op.pathFor(format));
      if (handler) pipeline.route(spec.method, url, { op, format, handler });
      else pipeline.notServed(spec.method, url, format, `not found: ${spec.id} does not exist in variant ${variant}`);
    }
  }
  for (const m of modules) {
    for (const extra of m.extraRoutes ?? []) {
      if (!faults.active(extra.fault)) continue;
      const base = operationsFor(variant).find((o) => o.id === extra.baseOp);
      if (!base) continue;
      const op: ResolvedOperation = { ...base, method: extra.method, path: extra.path, params: base.params.filter((x) => x.location !== 'path' || extra.path.includes(`{${x.name}}`)), stateChanging: extra.method !== 'GET', pathFor: (f) => `${extra.path}.${f}` };
      const handler = extra.handler(op, env);
      for (const format of FORMATS) pipeline.route(extra.method, fastifyPath(op.pathFor(format)), { op, format, handler });
    }
  }
  options.faultSwitch?.built();
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

/**
 * A server with `options.fault` on, for a while: `shared` (a running server started with `faultSwitch`)
 * with the fault switched on where the switch allows it, else a server started with the fault. `release`
 * switches the fault off again, or stops that server.
 */
export async function serverWithFault(
  options: ServerOptions & { readonly fault: string },
  shared?: { readonly url: string; readonly faultSwitch: FaultSwitch },
): Promise<{ readonly url: string; readonly switched: boolean; release(): Promise<void> }> {
  if (shared?.faultSwitch.switchable(options.fault)) {
    shared.faultSwitch.switchTo(options.fault);
    return { url: shared.url, switched: true, release: async () => shared.faultSwitch.switchTo(undefined) };
  }
  const server = await startServer(options);
  return { url: server.url, switched: false, release: () => server.close() };
}
