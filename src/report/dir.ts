/**
 * The report directory of a run, made ready before the run sends any request: a directory that
 * cannot be made or written is a usage error then, not a lost report at the end. A default directory
 * (`reports/<timestamp>`) is created atomically, so two runs started in the same second never share one.
 */
import { mkdir, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { UsageError } from '../errors.ts';
import { REPO_ROOT } from '../paths.ts';

export interface ReportDir {
  readonly path: string;
  /** Removes the directories preparing it created, as long as they are empty (the run wrote nothing). */
  discard(): Promise<void>;
}

/** A report directory name for now: `2026-11-24_16-40-00`. */
export function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);
}

const code = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err as Error).message;

async function writable(path: string, hint: string): Promise<void> {
  const probe = join(path, `.conform-write-test-${process.pid}`);
  try {
    await writeFile(probe, '');
  } catch (err) {
    throw new UsageError(`cannot write the report directory ${path}: ${code(err)}${hint}`);
  }
  await rm(probe, { force: true });
}

/**
 * Where default report directories go: `reports/` of the clone, or of the working directory when the
 * tool runs as an installed package (its own directory is not the user's, and may not be writable).
 */
export function defaultReportsBase(root = REPO_ROOT): string {
  return root.split(sep).includes('node_modules') ? resolve('reports') : join(root, 'reports');
}

/** Said when the default place cannot be written: where else reports can go. */
const DEFAULT_HINT = '; name a writable directory with --report DIR';

/** `given` (--report) or a new `reports/<timestamp>` under `base`, made and shown writable. */
export async function prepareReportDir(given: string | undefined, base = defaultReportsBase()): Promise<ReportDir> {
  let path: string;
  let created: string | undefined;
  if (given !== undefined) {
    path = resolve(given);
    try {
      created = await mkdir(path, { recursive: true });
    } catch (caught) {
      // A recursive mkdir says ENOENT for a parent it could not make (a read-only file system, EROFS):
      // the non-recursive one says why.
      const err = code(caught) === 'ENOENT' ? await mkdir(path).then(() => caught, (e: unknown) => e) : caught;
      throw new UsageError(`--report ${given}: cannot create the report directory ${path}: ${code(err) === 'EEXIST' || code(err) === 'ENOTDIR' ? 'a file is in the way' : code(err)}`);
    }
  } else {
    try {
      created = await mkdir(base, { recursive: true });
    } catch (err) {
      throw new UsageError(`cannot create the reports directory ${base}: ${code(err)}${DEFAULT_HINT}`);
    }
    const stamp = timestamp();
    for (let n = 1; ; n++) {
      path = join(base, n === 1 ? stamp : `${stamp}-${n}`);
      try {
        await mkdir(path);
        created ??= path;
        break;
      } catch (err) {
        if (code(err) !== 'EEXIST') throw new UsageError(`cannot create the report directory ${path}: ${code(err)}${DEFAULT_HINT}`);
      }
    }
  }
  const discard = async () => {
    if (!created) return;
    // From the deepest directory made up to the first one: each only if empty.
    for (let dir = path; dir.startsWith(created); dir = dirname(dir)) {
      if (!(await rmdir(dir).then(() => true, () => false))) return;
      if (dir === created) return;
    }
  };
  try {
    await writable(path, given === undefined ? DEFAULT_HINT : ` (given as --report ${given})`);
  } catch (err) {
    await discard();
    throw err;
  }
  return { path, discard };
}
