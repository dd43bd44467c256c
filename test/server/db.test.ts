/**
 * The embedded engine as the server speaks to it (src/server/db/index.ts): statements prepared once and
 * run in one trip, values and rows through PGlite's type handlers, statements and transactions taking
 * turns on its one session, and a bounded set of prepared statements.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/index.ts';
import { openDb } from '../../src/server/index.ts';
import { migrationFiles } from '../../src/server/db/index.ts';
import { REPO_ROOT } from '../../src/paths.ts';

let db: Db;
beforeAll(async () => {
  db = await openDb();
});
afterAll(async () => {
  await db.close();
});

describe('embedded engine', () => {
  it('binds and returns values of every kind the schema uses, the same on the first and the later uses of a text', async () => {
    const sql = 'SELECT $1::int AS i, $2::text AS t, $3::text[] AS a, $4::boolean AS b, $5::bytea AS y, $6::jsonb AS j, $7::timestamptz AS ts, $8::int AS n, $9::int[] AS ia';
    const params = [42, "it's \\ \"quoted\"", ['a b', 'c,d', ''], true, new Uint8Array([0, 1, 255]), { k: [1, 'x'] }, new Date('2020-01-02T03:04:05.678Z'), null, [3, 1, 2]];
    const expected = { i: 42, t: "it's \\ \"quoted\"", a: ['a b', 'c,d', ''], b: true, y: new Uint8Array([0, 1, 255]), j: { k: [1, 'x'] }, ts: new Date('2020-01-02T03:04:05.678Z'), n: null, ia: [3, 1, 2] };
    for (let round = 0; round < 3; round++) expect(await db.query(sql, params)).toEqual([expected]);
    expect(await db.query('SELECT 1 AS one WHERE false')).toEqual([]);
    // Many rows, NULLs among them, names as the statement gives them, a type without a parser as its text.
    expect(await db.query("SELECT n, CASE WHEN n % 2 = 0 THEN NULL ELSE 'é' || n END AS \"Odd Ones\", '(1,2)'::point AS p FROM generate_series(1, 4) AS n")).toEqual([
      { n: 1, 'Odd Ones': 'é1', p: '(1,2)' },
      { n: 2, 'Odd Ones': null, p: '(1,2)' },
      { n: 3, 'Odd Ones': 'é3', p: '(1,2)' },
      { n: 4, 'Odd Ones': null, p: '(1,2)' },
    ]);
  });

  it('answers a failed statement with its error and goes on serving', async () => {
    await expect(db.query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
    // With the fields the engine sends: its SQLSTATE code, the constraint a write broke.
    await expect(db.query('SELECT * FROM no_such_table')).rejects.toMatchObject({ code: '42P01', severity: 'ERROR' });
    await expect(db.query('SELECT $1::int AS i', ['not a number'])).rejects.toThrow(/invalid input syntax/);
    await db.query('CREATE TEMP TABLE once (k int PRIMARY KEY)');
    await db.query('INSERT INTO once VALUES ($1)', [1]);
    await expect(db.query('INSERT INTO once VALUES ($1)', [1])).rejects.toMatchObject({ code: '23505', constraint: 'once_pkey', message: expect.stringMatching(/duplicate key/) });
    await expect(db.transaction(async (q) => q.query('SELECT 1/0 AS x'))).rejects.toMatchObject({ code: '22012' });
    expect(await db.query('SELECT $1::int AS i', [7])).toEqual([{ i: 7 }]);
  });

  it('commits a transaction that resolves and rolls back one that throws, its statements unseen by others until the commit', async () => {
    await db.query('CREATE TEMP TABLE turns (n int)');
    let insideDone!: () => void;
    const inside = new Promise<void>((resolve) => (insideDone = resolve));
    const tx = db.transaction(async (q) => {
      await q.query('INSERT INTO turns VALUES ($1)', [1]);
      insideDone();
      // A statement sent now waits for the end of this transaction rather than running inside it.
      await new Promise((resolve) => setImmediate(resolve));
      await q.query('INSERT INTO turns VALUES ($1)', [2]);
    });
    await inside;
    const outside = db.query<{ c: number }>('SELECT count(*)::int AS c FROM turns');
    await tx;
    expect(await outside).toEqual([{ c: 2 }]);
    await expect(
      db.transaction(async (q) => {
        await q.query('INSERT INTO turns VALUES ($1)', [3]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query('SELECT n FROM turns ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('holds the one database the server uses: the template leaves out initdb\'s template databases', async () => {
    expect(await db.query('SELECT datname FROM pg_database ORDER BY datname')).toEqual([{ datname: 'postgres' }]);
    expect(await db.query('SELECT current_database() AS name')).toEqual([{ name: 'postgres' }]);
  });

  it('starts from the one segment of write-ahead log its template keeps, and makes the next ones as it writes', async () => {
    const fresh = await openDb();
    try {
      const segments = async () => (await fresh.query<{ name: string }>("SELECT name FROM pg_ls_waldir() WHERE name ~ '^[0-9A-F]{24}$' ORDER BY name")).map((r) => r.name);
      const [redo] = (await fresh.query<{ redo: string }>('SELECT redo_wal_file AS redo FROM pg_control_checkpoint()')).map((r) => r.redo);
      // The checkpoint's segment, and at most the one the engine makes ahead as it starts (not the six it kept
      // for reuse when the template was made).
      const atStart = await segments();
      expect(atStart[0]).toBe(redo);
      expect(atStart.length).toBeLessThanOrEqual(2);
      // Megabytes of log: past the kept segment, into ones the engine makes; then read back whole.
      await fresh.query('CREATE TABLE filler (n int, pad text)');
      for (let i = 0; i < 3; i++) {
        await fresh.query("INSERT INTO filler SELECT n, repeat('x', 1000) FROM generate_series(1, 2000) AS n");
        await fresh.query('SELECT pg_switch_wal()');
      }
      await fresh.query('CHECKPOINT');
      expect(await fresh.query('SELECT count(*)::int AS c, sum(length(pad))::int AS bytes FROM filler')).toEqual([{ c: 6000, bytes: 6_000_000 }]);
      expect((await segments()).every((name) => name > redo!)).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('keeps a bounded number of prepared statements, and an evicted text still runs', async () => {
    const count = async () => (await db.query<{ c: number }>('SELECT count(*)::int AS c FROM pg_prepared_statements'))[0]!.c;
    for (let i = 0; i < 1100; i++) await db.query(`SELECT ${i}::int AS v, $1::int AS w`, [i]);
    expect(await count()).toBeLessThanOrEqual(1000);
    expect(await count()).toBeGreaterThan(900);
    expect(await db.query('SELECT 0::int AS v, $1::int AS w', [5])).toEqual([{ v: 0, w: 5 }]);
  });
});

describe('the migrated template', () => {
  it('is the one the build ships (dist/db/), unpacked into the temporary directory, not made anew', () => {
    const shipped = readdirSync(join(REPO_ROOT, 'dist', 'db'));
    expect(shipped).toEqual([expect.stringMatching(/^conform-pglite-[0-9a-f]{16}\.tar\.gz$/)]);
    // Made anew, its bytes would differ: initdb and the migrations write times and ids of their own.
    const unpacked = join(tmpdir(), shipped[0]!.replace(/\.gz$/, ''));
    expect(readFileSync(unpacked).equals(gunzipSync(readFileSync(join(REPO_ROOT, 'dist', 'db', shipped[0]!))))).toBe(true);
  });
});

describe('a data directory', () => {
  it('holds a new database made from the migrated template, and keeps its rows when it is opened again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-data-'));
    try {
      const dataDir = join(dir, 'db');
      const first = await openDb({ dataDir });
      try {
        expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
        const applied = await first.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
        expect(applied.map((r) => r.name)).toEqual(migrationFiles().map((m) => m.name));
        await first.query('CREATE TABLE kept (n int)');
        await first.query('INSERT INTO kept VALUES ($1)', [7]);
      } finally {
        await first.close();
      }
      const again = await openDb({ dataDir });
      try {
        expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 7 }]);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
