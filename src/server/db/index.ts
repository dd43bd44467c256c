/**
 * The storage layer: one PostgreSQL dialect, two engines. Embedded PGlite (in memory, or persisted in a
 * directory) by default; a real server through `pg` when a connection string is given. Both run the same
 * plain SQL migrations in ./migrations, applied in file-name order and recorded in schema_migrations.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { PGlite, protocol as pgliteProtocol } from '@electric-sql/pglite';
import type { Answer, ValueParser } from './answers.ts';
import { readAnswer } from './answers.ts';
import { REPO_ROOT } from '../../paths.ts';
import { tierForShortRuns } from '../../tiering.ts';

export type Row = Record<string, unknown>;

/** Something that runs SQL: the database itself, or an open transaction. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** Directory of a persistent PGlite database; in memory when absent. */
  readonly dataDir?: string;
  /** postgres:// connection string: use a real server instead of PGlite. */
  readonly databaseUrl?: string;
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function migrationFiles(): { name: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8') }));
}

/**
 * PostgreSQL settings of the embedded engine, for memory. Its files live in the process's memory (an
 * in-memory database) or are read through it, so large shared buffers only hold a second copy of pages
 * the file system already keeps in memory: 16 MB is ample for a certification's records. Its WAL is made
 * of 1 MB segments (16 MB by default, see PGLITE_INITDB), of which it keeps the fewest, checkpointing
 * more often. The engine runs without fsync (`-F`), so a crash loses the database anyway: pages are not
 * written whole to the WAL after each checkpoint (which would only serve recovery from a torn write).
 * For the same reason a page read out of order costs what the next one does (random_page_cost as for
 * memory, not disks): with the default of 4 the planner scanned every post for a search by one tag
 * rather than use the tags' index, at any number of posts (bench/tag-search.ts).
 */
const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'random_page_cost=1.1',
  'min_wal_size=2MB',
  'max_wal_size=8MB',
  'full_page_writes=off',
  'wal_buffers=1MB',
  'temp_buffers=2MB',
  'work_mem=2MB',
  'maintenance_work_mem=8MB',
];

/** initdb options of a new embedded database: WAL segments of 1 MB (the smallest PostgreSQL allows). */
const PGLITE_INITDB = ['--wal-segsize=1'];

/**
 * Settings of an in-memory database only: a commit does not write the WAL at once (it is written as its
 * buffers fill). Such a database ends with its process, so the WAL of the last commits is never needed;
 * a persisted one (a data directory) keeps every commit's WAL written.
 */
const PGLITE_IN_MEMORY = ['synchronous_commit=off'];

function pgliteOptions(defaults: readonly string[], extra: readonly string[] = []): { startParams: string[]; initDbStartParams: string[] } {
  return { startParams: [...defaults, ...[...PGLITE_SETTINGS, ...extra].flatMap((setting) => ['-c', setting])], initDbStartParams: [...PGLITE_INITDB] };
}

async function openPglite(dataDir: string | undefined): Promise<Db & { exec(sql: string): Promise<void> }> {
  // Tiered for a short run, the engine's module compiled by Liftoff only (../../tiering.ts).
  tierForShortRuns();
  const { PGlite: Engine, protocol } = await import('@electric-sql/pglite');
  const options = pgliteOptions(Engine.defaultStartParams, dataDir === undefined ? PGLITE_IN_MEMORY : []);
  // A new database (in memory, or a data directory that holds none yet) starts from the migrated
  // template instead of running initdb and the migrations (about 0.5 s instead of 3 s); an existing data
  // directory is opened as it is.
  const pg =
    dataDir !== undefined && existsSync(path.join(dataDir, 'PG_VERSION'))
      ? await Engine.create(dataDir, options)
      : await fromTemplate(
          async () => Engine.create(dataDir, { ...options, loadDataDir: await migratedTemplate() }),
          async () => Engine.create(dataDir, { ...options, loadDataDir: await migratedTemplate(true) }),
        );
  return wrapPglite(pg, protocol);
}

/** Starts from the template as read from its file; read whole once more when that fails (another process wrote the file anew meanwhile). */
async function fromTemplate<T>(streamed: () => Promise<T>, whole: () => Promise<T>): Promise<T> {
  try {
    return await streamed();
  } catch {
    return await whole();
  }
}

/** How many prepared statements the embedded engine keeps (a full run of either variant uses about 260). */
const PREPARED_KEPT = 1000;

/**
 * The embedded engine spoken to directly. PGlite's own `query()` makes six trips into the engine per
 * statement (parse, describe, bind, describe, execute, sync: each a call into WebAssembly and a parse of
 * its answer) and parses and plans the text anew each time. Here each statement's text is prepared once,
 * as a named statement whose parameter types are kept, and every later use is one trip: bind, describe,
 * execute and sync in one message, its answer read from the protocol's bytes (./answers.ts). Values are
 * serialised and parsed by PGlite's own type handlers, so rows are those `query()` returns. The engine is
 * one session: statements and transactions take turns (`turn`), a transaction holding it from BEGIN to
 * COMMIT or ROLLBACK.
 */
function wrapPglite(pg: PGlite, protocol: typeof pgliteProtocol): Db & { exec(sql: string): Promise<void> } {
  const { serialize } = protocol;
  const prepared = new Map<string, { readonly name: string; readonly types: readonly number[] }>();
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs `fn` when every earlier statement or transaction has ended. */
  const turn = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  /** Sends the messages in one trip; the engine's answer, read (./answers.ts), or its error thrown. */
  const send = async (...messages: Uint8Array[]): Promise<Answer> => {
    const buffer = messages.length === 1 ? messages[0]! : Buffer.concat(messages);
    const chunks: Uint8Array[] = [];
    // What the engine writes is a view of its memory, valid until it writes again: copied as it comes.
    await pg.execProtocolRawStream(buffer, { syncToFs: false, onRawData: (data) => chunks.push(Buffer.from(data)) });
    return readAnswer(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), pg.parsers as Record<number, ValueParser>);
  };
  let named = 0;
  const statement = async (sql: string) => {
    const known = prepared.get(sql);
    if (known) {
      // Most recently used last: the least recently used is the first to be closed.
      prepared.delete(sql);
      prepared.set(sql, known);
      return known;
    }
    // A long-lived server meets ever new texts (searches built from their terms): the engine keeps at
    // most PREPARED_KEPT of them.
    const evicted = prepared.size >= PREPARED_KEPT ? prepared.entries().next().value : undefined;
    if (evicted) {
      prepared.delete(evicted[0]);
      await send(serialize.close({ type: 'S', name: evicted[1].name }), serialize.sync());
    }
    const name = `s${named++}`;
    const types = (await send(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync())).parameterTypes;
    const made = { name, types };
    prepared.set(sql, made);
    return made;
  };
  const run = async <T extends Row>(sql: string, params: readonly unknown[]): Promise<T[]> => {
    const { name, types } = await statement(sql);
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serializer = pg.serializers[types[i]!];
      return serializer ? serializer(v) : String(v);
    });
    return (await send(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync())).rows as T[];
  };
  const simple = async (sql: string) => {
    await send(serialize.query(sql));
  };
  return {
    engine: 'pglite',
    query: <T extends Row>(sql: string, params: readonly unknown[] = []) => turn(() => run<T>(sql, params)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      turn(async () => {
        await simple('BEGIN');
        try {
          const result = await fn({ query: <R extends Row>(sql: string, params: readonly unknown[] = []) => run<R>(sql, params) });
          await simple('COMMIT');
          return result;
        } catch (err) {
          await simple('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }),
    exec: (sql: string) => turn(() => simple(sql)),
    async close() {
      await turn(async () => undefined);
      await pg.close();
    },
  };
}

async function openPostgres(url: string): Promise<Db & { exec(sql: string): Promise<void> }> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  // int8 (counts, sums) as numbers: every id and count of this schema fits in 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const run = async <T extends Row>(client: { query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }> }, sql: string, params: readonly unknown[]) =>
    (await client.query(sql, params as unknown[])).rows as T[];
  return {
    engine: 'postgres',
    query: (sql, params = []) => run(pool, sql, params),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: (sql, params = []) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}

/** Applies the migrations that were not applied yet, each in one transaction. */
async function migrate(db: Db & { exec(sql: string): Promise<void> }): Promise<void> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const applied = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  for (const m of migrationFiles()) {
    if (applied.has(m.name)) continue;
    await db.transaction(async (tx) => {
      // Each migration file is a list of statements separated by lines holding only `;`-ended SQL.
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1) ON CONFLICT DO NOTHING', [m.name]);
    });
  }
}

/**
 * What the template leaves out: initdb's template databases (template0 and template1, which only
 * CREATE DATABASE reads; the server uses the `postgres` database alone). They were half of its 31 MB,
 * unpacked into the engine's memory at each start: without them a database starts in ~480 ms of CPU
 * instead of ~600 (measured from the file, three starts each), and holds 16 MB less.
 */
const TEMPLATE_TRIM = [
  "UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')",
  'DROP DATABASE template0',
  'DROP DATABASE template1',
];

/**
 * The write-ahead log segments the template keeps: the one its last checkpoint starts from. After that
 * checkpoint the others are segments kept for reuse (six of 1 MB, over a third of the template), which a
 * database makes again when its log grows; left out, each database unpacks and holds 6 MB less.
 */
const TEMPLATE_WAL = 'the checkpoint segment only';

/** The template: a file in the OS temporary directory (read anew for each database), or in memory when it cannot be written. */
let template: Promise<{ file: string } | { blob: Blob }> | undefined;

/**
 * Where the package carries the template its build made (scripts/build.js): dist/db/, gzipped (1.3 MB for
 * 11 MB). A user's first run, and every container of the reference image, unpacks it instead of making it
 * (initdb and every migration): a first run of one check took 1.1 s instead of 3.0 s (docs/package.md).
 */
const SHIPPED_DIR = path.join(REPO_ROOT, 'dist', 'db');

function pgliteVersionOf(): string {
  try {
    const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
    for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8').toString()) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version ?? 'unknown';
    }
  } catch {
    // An unknown version only means the template is keyed by the migrations alone.
  }
  return 'unknown';
}

/**
 * The template's file name: it changes with the migrations, the settings and the PGlite version, so a
 * stale template (in the temporary directory, or shipped by a build against another PGlite) is never loaded.
 */
async function templateName(): Promise<string> {
  const { createHash } = await import('node:crypto');
  const key = createHash('sha256').update(pgliteVersionOf()).update(PGLITE_SETTINGS.join('\0')).update('\0\0').update(PGLITE_INITDB.join('\0')).update('\0\0').update(TEMPLATE_TRIM.join('\0')).update('\0\0').update(TEMPLATE_WAL);
  for (const m of migrationFiles()) key.update(m.name).update('\0').update(m.sql).update('\0');
  return `conform-pglite-${key.digest('hex').slice(0, 16)}.tar`;
}

/**
 * The data directory of an empty, migrated embedded database, made once: kept in the OS temporary
 * directory for this process and the next ones (in memory only when it cannot be written there). Taken
 * from the package when it ships one of the same name; made here otherwise.
 */
async function migratedTemplate(whole = false): Promise<Blob> {
  const made = await templateSource();
  if ('blob' in made) return made.blob;
  // Read from the file as the engine unpacks it, for each database, rather than kept: the process holds
  // one copy of it (in the engine's files), not two or three.
  const { openAsBlob } = await import('node:fs');
  const { readFile } = await import('node:fs/promises');
  const blob = whole ? await readFile(made.file).then((bytes) => new Blob([bytes]), () => undefined) : await openAsBlob(made.file).catch(() => undefined);
  if (blob) return blob;
  template = undefined;
  return migratedTemplate(whole);
}

/**
 * Makes the migrated template now, unless a process made it before: what processes started together
 * would otherwise each make at once (initdb and every migration, seconds of CPU each), as a test run's
 * first servers did.
 */
export async function prepareTemplate(): Promise<void> {
  await templateSource();
}

function templateSource(): Promise<{ file: string } | { blob: Blob }> {
  template ??= (async () => {
    const { tmpdir } = await import('node:os');
    const { access, readFile } = await import('node:fs/promises');
    const name = await templateName();
    const file = path.join(tmpdir(), name);
    if (await access(file).then(() => true, () => false)) return { file };
    const { gunzip } = await import('node:zlib');
    const shipped = await readFile(path.join(SHIPPED_DIR, `${name}.gz`))
      .then((gz) => new Promise<Buffer | undefined>((resolve) => gunzip(gz, (err, tar) => resolve(err ? undefined : tar))))
      .catch(() => undefined);
    const bytes = shipped ?? Buffer.from(await (await makeTemplate()).arrayBuffer());
    // A failed write only costs speed: the template is kept in memory instead.
    const written = await writeAside(file, bytes).then(() => true, () => false);
    return written ? { file } : { blob: new Blob([bytes]) };
  })();
  return template;
}

/** Makes the template: initdb, every migration, then what a database never reads left out (a dump of its data directory). */
async function makeTemplate(): Promise<Blob> {
  tierForShortRuns();
  const { PGlite: Engine, protocol } = await import('@electric-sql/pglite');
  const pg = await Engine.create(pgliteOptions(Engine.defaultStartParams));
  try {
    await migrate(wrapPglite(pg, protocol));
    // One statement at a time: DROP DATABASE runs outside any transaction.
    for (const statement of TEMPLATE_TRIM) await pg.exec(statement);
    await pg.exec('CHECKPOINT');
    const redo = (await pg.query<{ redo_wal_file: string }>('SELECT redo_wal_file FROM pg_control_checkpoint()')).rows[0]!.redo_wal_file;
    for (const { name } of (await pg.query<{ name: string }>('SELECT name FROM pg_ls_waldir()')).rows) {
      if (/^[0-9A-F]{24}$/.test(name) && name !== redo) pg.Module.FS.unlink(`${Engine.paths.PGDATA}/pg_wal/${name}`);
    }
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}

/**
 * Writes the template the package ships into `dir` (scripts/build.js: dist/db/), gzipped, unless the one
 * of this name is there; removes the stale ones. Returns its path.
 */
export async function writeShippedTemplate(dir: string = SHIPPED_DIR): Promise<string> {
  const { mkdir, readdir, rm } = await import('node:fs/promises');
  const { gzipSync, constants } = await import('node:zlib');
  const file = path.join(dir, `${await templateName()}.gz`);
  await mkdir(dir, { recursive: true });
  for (const f of await readdir(dir)) if (/^conform-pglite-.*\.tar\.gz$/.test(f) && path.join(dir, f) !== file) await rm(path.join(dir, f));
  if (existsSync(file)) return file;
  const tar = Buffer.from(await (await makeTemplate()).arrayBuffer());
  await writeAside(file, gzipSync(tar, { level: constants.Z_BEST_COMPRESSION }));
  return file;
}

/** Writes `file` aside and renames it into place, so that a concurrent reader never sees half of it. */
async function writeAside(file: string, bytes: Uint8Array): Promise<void> {
  const { rename, writeFile } = await import('node:fs/promises');
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

/** Opens the database and applies the migrations that were not applied yet. */
export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  return process.env.CONFORM_DB_PROFILE ? withProfile(db, (text) => process.stderr.write(text)) : db;
}

/**
 * A debugging aid: with CONFORM_DB_PROFILE set in the environment, the database counts and times every
 * statement (by its text, parameters apart) and every transaction, and prints the totals when it is
 * closed: where a run spends its time in the database.
 */
export function withProfile(db: Db, print: (text: string) => void): Db {
  const statements = new Map<string, { count: number; ms: number }>();
  const tx = { count: 0, ms: 0, statements: 0 };
  const time = async <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      const key = sql.replace(/\s+/g, ' ').trim().slice(0, 160);
      const s = statements.get(key) ?? { count: 0, ms: 0 };
      s.count++;
      s.ms += performance.now() - started;
      statements.set(key, s);
    }
  };
  return {
    engine: db.engine,
    query: (sql, params) => time(sql, () => db.query(sql, params)),
    async transaction(fn) {
      const started = performance.now();
      try {
        return await db.transaction((inner) =>
          fn({
            query: (sql, params) => {
              tx.statements++;
              return time(sql, () => inner.query(sql, params));
            },
          }),
        );
      } finally {
        tx.count++;
        tx.ms += performance.now() - started;
      }
    },
    async close() {
      const all = [...statements.values()].reduce((a, s) => ({ count: a.count + s.count, ms: a.ms + s.ms }), { count: 0, ms: 0 });
      const lines = [...statements.entries()]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 40)
        .map(([sql, s]) => `${s.ms.toFixed(0).padStart(7)} ms ${String(s.count).padStart(6)} x ${(s.ms / s.count).toFixed(2).padStart(6)} ms  ${sql}`);
      print(
        `database profile: ${all.count} statements in ${all.ms.toFixed(0)} ms; ${tx.count} transactions in ${tx.ms.toFixed(0)} ms ` +
          `(${tx.count > 0 ? (tx.ms / tx.count).toFixed(2) : '0'} ms and ${tx.count > 0 ? (tx.statements / tx.count).toFixed(1) : '0'} statements each)\n${lines.join('\n')}\n`,
      );
      await db.close();
    },
  };
}

/** Splits a migration into statements on `;` at the end of a line (the files hold no procedural code). */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}

/**
 * A read-through cache in front of a database that only this process writes (the embedded one): results
 * of SELECT statements run outside transactions are kept per statement and parameters, and the whole
 * cache is dropped by every write (a transaction or any other statement). A read captures the write
 * generation before it runs, so a result read while a write commits is never served afterwards.
 * Cached rows are shared: callers must not mutate them.
 */
export function withReadCache(db: Db, maxEntries = 20_000): Db & { readonly stats: { hits: number; misses: number } } {
  let generation = 0;
  let cache = new Map<string, readonly Row[]>();
  const stats = { hits: 0, misses: 0 };
  const bump = () => {
    generation++;
    if (cache.size > 0) cache = new Map();
  };
  return {
    engine: db.engine,
    stats,
    async query<T extends Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      if (!/^\s*SELECT\b/i.test(sql) || /\bFOR\s+UPDATE\b/i.test(sql)) {
        try {
          return await db.query<T>(sql, params);
        } finally {
          bump();
        }
      }
      const key = params.length === 0 ? sql : `${sql}\u0000${JSON.stringify(params)}`;
      const hit = cache.get(key);
      if (hit) {
        stats.hits++;
        return hit as T[];
      }
      stats.misses++;
      const gen = generation;
      const rows = await db.query<T>(sql, params);
      if (gen === generation) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
        cache.set(key, rows);
      }
      return rows;
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      bump();
      try {
        return await db.transaction(fn);
      } finally {
        bump();
      }
    },
    close: () => db.close(),
  };
}
