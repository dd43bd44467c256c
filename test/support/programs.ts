/**
 * Programs of the tests written in TypeScript (a testee with an injected defect, a slow testee), run as
 * child processes. Started through tsx, each such process loads the loader and resolves and transforms
 * its TypeScript modules one by one: about a CPU-second per start, with a dozen starts in a run. Here a
 * program is bundled once per test run (esbuild, as scripts/build.js bundles the shipped programs) into
 * the run's temporary root, and each start loads one JavaScript file.
 *
 * `import.meta.url` in a bundled source module is replaced by that module's own URL, so paths relative
 * to it (the .proto files, fixtures) mean what they mean when the module runs as source.
 */
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where a run keeps its bundled test programs (kept until the run's temporary root is removed: ../global-setup.ts). */
export const PROGRAMS_DIR = 'conform-test-programs';

const built = new Map<string, Promise<string>>();
/** The builds of this process, one after another: esbuild's service process is stopped after each. */
let builds: Promise<unknown> = Promise.resolve();

/** The bundled JavaScript of the TypeScript program `file` (an absolute path): made on first use in this run. */
function bundled(file: string): Promise<string> {
  let made = built.get(file);
  if (!made) {
    made = builds.then(async () => {
      const dir = join(tmpdir(), PROGRAMS_DIR);
      mkdirSync(dir, { recursive: true });
      const out = join(dir, basename(file).replace(/\.ts$/, '.js'));
      // Workers of the run may bundle the same program at once: each writes a file of its own and renames
      // it into place, so a start never reads a half-written bundle.
      const own = `${out}.${process.pid}.tmp`;
      const { build, stop } = await import('esbuild');
      try {
        await build({
          entryPoints: [file],
          outfile: own,
          bundle: true,
          format: 'esm',
          platform: 'node',
          target: 'node20',
          logLevel: 'error',
          // Packages written as CommonJS call require().
          banner: { js: "import { createRequire as __testCreateRequire } from 'node:module'; const require = __testCreateRequire(import.meta.url);" },
          plugins: [
            {
              name: 'module-url',
              setup(b) {
                b.onLoad({ filter: /\.ts$/ }, (args) => ({
                  contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
                  loader: 'ts',
                }));
              },
            },
          ],
        });
      } finally {
        // Its service would outlive the test file that started it.
        await stop();
      }
      renameSync(own, out);
      return out;
    });
    builds = made.catch(() => undefined);
    built.set(file, made);
    // A failed build is tried again by the next caller.
    made.catch(() => built.delete(file));
  }
  return made;
}

/** argv that runs the TypeScript program `file` of the tests with `args`. */
export async function testProgram(file: string, ...args: string[]): Promise<string[]> {
  return [process.execPath, await bundled(file), ...args];
}
