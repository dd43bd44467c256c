#!/usr/bin/env node
// Builds dist/, the JavaScript that `conform` runs (bin/conform.js) and the package ships: tsc's emit of
// the modules reachable from the entry points of tsconfig.build.json, incremental, plus the non-TypeScript
// files that modules read beside themselves (src/**: database migrations, the Python testee). Files of
// dist/ that the build no longer makes (a module removed or no longer imported) are deleted, so that dist/
// holds exactly what runs. Fails on any type error.
//
//   node scripts/build.js             (npm run build; also run by npm ci and npm pack, through `prepare`)
//   node scripts/build.js --if-stale  only when a source is newer than the last build (npm run conform,
//                                     and the tests' global set-up): a file walk, no compiler start-up
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const started = performance.now();
const STAMP = join(root, 'dist', '.tsbuildinfo');

/** Newest modification time of the build's inputs: src/ (modules and assets), specs/ modules, the configs. */
function newestInput() {
  let newest = 0;
  const visit = (dir, onlyTs) => {
    newest = Math.max(newest, statSync(dir).mtimeMs); // a file removed or renamed changes its directory
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) visit(path, onlyTs);
      else if (!onlyTs || e.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  visit(join(root, 'src'), false);
  visit(join(root, 'specs'), true);
  for (const f of ['tsconfig.json', 'tsconfig.build.json', 'scripts/build.js']) newest = Math.max(newest, statSync(join(root, f)).mtimeMs);
  return newest;
}

if (process.argv.includes('--if-stale')) {
  const built = statSync(STAMP, { throwIfNoEntry: false });
  if (built && built.mtimeMs >= newestInput()) process.exit(0);
}
const { default: ts } = await import('typescript');

const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.build.json'), {}, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (d) => {
    throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  },
});
const options = config.options;
const outDir = options.outDir;
if (options.tsBuildInfoFile !== STAMP) throw new Error(`tsconfig.build.json: tsBuildInfoFile must be ${STAMP}`);
const host = ts.createIncrementalCompilerHost(options);
const program = ts.createIncrementalProgram({
  rootNames: config.fileNames,
  options,
  host,
  configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
});
const diagnostics = [
  ...program.getConfigFileParsingDiagnostics(),
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...program.getSyntacticDiagnostics(),
  ...program.getSemanticDiagnostics(),
];
const emitted = program.emit();
diagnostics.push(...emitted.diagnostics);
const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
if (errors.length > 0) {
  process.stderr.write(ts.formatDiagnosticsWithColorAndContext(errors, host));
  process.stderr.write(`build: ${errors.length} error(s); dist/ is not usable\n`);
  process.exit(1);
}

// What dist/ must hold: the outputs of this program's own source files, the assets, the build info.
const keep = new Set([options.tsBuildInfoFile]);
for (const file of program.getSourceFiles()) {
  if (file.isDeclarationFile || file.fileName.includes('/node_modules/')) continue;
  const out = join(outDir, relative(root, file.fileName)).replace(/\.ts$/, '.js');
  keep.add(out);
  if (options.sourceMap) keep.add(`${out}.map`);
}

/** Every file under dir (absolute paths). */
function filesUnder(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

// Assets: the files of src/ that are not TypeScript, at the same place under dist/src/.
let copied = 0;
for (const file of filesUnder(join(root, 'src'))) {
  if (file.endsWith('.ts')) continue;
  const out = join(outDir, relative(root, file));
  keep.add(out);
  const source = statSync(file);
  const current = statSync(out, { throwIfNoEntry: false });
  if (current && current.size === source.size && current.mtimeMs >= source.mtimeMs) continue;
  mkdirSync(dirname(out), { recursive: true });
  copyFileSync(file, out);
  copied++;
}

// The bundled engine, dist/bundle/: each program of tsconfig.build.json's `files` (the command, the suites'
// process, the TypeScript testee) bundled from its compiled modules with the packages it uses, as one file
// of that program's name plus chunks shared between them and loaded when first imported, all in one
// directory. A process starts from a few files instead of hundreds (undici alone is ~190 modules): measured,
// `conform check --target` of an unreachable target 0.38 s / 0.6 CPU-s against 0.57 s / 1.0 CPU-s. Each
// module's import.meta.url is rewritten to its place in dist/src/, so what it reads beside itself (the
// migrations, the Python testee) is found as when it runs from there. Packages that find files of their own
// beside their modules or load optional modules by name stay outside (EXTERNAL); a package used by one
// command only (testcontainers, for --image) is bundled in a chunk that only that command loads.
const BUNDLE_DIR = join(outDir, 'bundle');
const EXTERNAL = [
  '@electric-sql/pglite', // its WebAssembly and data files, found beside its module
  'protobufjs', // optional modules loaded by name (inquire)
  'pg', // the optional native binding
  'vitest', // the user's own test runner (imageboard-conform/vitest: its integration and matchers extend the user's expect), an optional peer dependency
];
/** Native add-ons the bundled packages load only if they can (see the optional-native plugin). */
const OPTIONAL_NATIVE = /\.node$|^cpu-features$/;
// The version of each package the bundle may carry inside it (every dependency and development dependency
// but the EXTERNAL ones; those it does not import are listed and never asked for), for what names the
// version it runs (src/proto/testees/version.ts): the code that runs is the one bundled here, and a user's
// install holds none of these packages (only EXTERNAL ones are installed).
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const bundledVersions = {};
for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
  if (EXTERNAL.includes(name)) continue;
  const file = join(root, 'node_modules', name, 'package.json');
  const version = statSync(file, { throwIfNoEntry: false }) && JSON.parse(readFileSync(file, 'utf8')).version;
  if (version) bundledVersions[name] = version;
}
const { build: bundle } = await import('esbuild');
const toPosix = (p) => p.split(sep).join('/');
const bundled = await bundle({
  entryPoints: config.fileNames.map((f) => join(outDir, relative(root, f)).replace(/\.ts$/, '.js')),
  outdir: BUNDLE_DIR,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  // Composed with dist/src's own maps: stack traces name the TypeScript sources (without their text).
  sourcemap: 'linked',
  sourcesContent: false,
  // Packages written as CommonJS call require(): one made for each file of the bundle.
  banner: { js: "import { createRequire as __conformCreateRequire } from 'node:module'; const require = __conformCreateRequire(import.meta.url);" },
  define: {
    CONFORM_BUNDLED: 'true',
    CONFORM_BUNDLED_VERSIONS: JSON.stringify(JSON.stringify(bundledVersions)),
    // CommonJS's names of a module's place, which the bundle's ES modules do not have: the chunk's own (a
    // bundled package that uses them finds what it needs inside its code, as ssh2 its WebAssembly).
    __dirname: 'import.meta.dirname',
    __filename: 'import.meta.filename',
  },
  metafile: true,
  logLevel: 'error',
  plugins: [
    {
      // Native add-ons that bundled packages try to load and do without (testcontainers' SSH client: its
      // crypto binding and cpu-features, each required inside a try): in the bundle, a module that throws
      // when loaded, so the package takes its JavaScript path. An install then compiles nothing.
      name: 'optional-native',
      setup(b) {
        b.onResolve({ filter: OPTIONAL_NATIVE }, (args) => ({ path: args.path, namespace: 'optional-native' }));
        b.onLoad({ filter: /.*/, namespace: 'optional-native' }, (args) => ({
          contents: `throw new Error(${JSON.stringify(`${args.path}: a native add-on, left out of conform's bundle`)});`,
          loader: 'js',
        }));
      },
    },
    {
      name: 'module-url',
      setup(b) {
        b.onLoad({ filter: /\.js$/ }, (args) => {
          if (!args.path.startsWith(join(outDir, 'src') + sep)) return undefined;
          const code = readFileSync(args.path, 'utf8');
          if (/import\.meta\.(dirname|filename)/.test(code)) throw new Error(`${relative(root, args.path)}: use import.meta.url (the bundle rewrites it), not import.meta.dirname or .filename`);
          const url = `new URL(${JSON.stringify(toPosix(relative(BUNDLE_DIR, args.path)))}, import.meta.url).href`;
          return { contents: code.replaceAll('import.meta.url', url), loader: 'js', resolveDir: dirname(args.path) };
        });
      },
    },
  ],
});
for (const out of Object.keys(bundled.metafile.outputs)) {
  keep.add(resolve(root, out));
  if (out.endsWith('.map')) ownSourcesOnly(resolve(root, out));
}

/**
 * Leaves in a bundle's source map only what maps to this project's own sources: a frame in a bundled package
 * names the bundle's file and line. The packages' mappings are about three quarters of them: without them
 * dist/bundle/ is 6.8 MB instead of 8.5, `spec --explain` parses less, and with Node's source maps on
 * (NODE_OPTIONS=--enable-source-maps), which keep every loaded map in memory, the command's process peaked
 * 97-99 MiB against 106-109 with them. Segments into a package become segments without a source (the Source
 * Map v3 format's "unmapped"), so the code before them keeps its own mapping and no frame is misattributed.
 */
function ownSourcesOnly(file) {
  const map = JSON.parse(readFileSync(file, 'utf8'));
  const foreign = map.sources.map((s) => s.includes('node_modules/'));
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const decode = (segment) => {
    const values = [];
    let value = 0;
    let shift = 0;
    for (const ch of segment) {
      const digit = B64.indexOf(ch);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    return values;
  };
  const encode = (values) =>
    values
      .map((v) => {
        let rest = v < 0 ? (-v << 1) | 1 : v << 1;
        let out = '';
        do {
          const digit = rest & 31;
          rest >>>= 5;
          out += B64[rest > 0 ? digit | 32 : digit];
        } while (rest > 0);
        return out;
      })
      .join('');
  // Every segment is kept, so its generated column's delta stays as it is; the other fields are deltas from
  // the last segment that has them: absolute source, line, column and name of the last one read and written.
  const read = [0, 0, 0, 0];
  const written = [0, 0, 0, 0];
  map.mappings = map.mappings
    .split(';')
    .map((line) =>
      line
        .split(',')
        .filter((segment) => segment !== '')
        .map((segment) => {
          const [column, ...rest] = decode(segment);
          rest.forEach((delta, i) => (read[i] += delta));
          if (rest.length === 0 || foreign[read[0]]) return encode([column]);
          const fields = rest.map((_, i) => read[i] - written[i]);
          rest.forEach((_, i) => (written[i] = read[i]));
          return encode([column, ...fields]);
        })
        .join(','),
    )
    .join(';');
  writeFileSync(file, JSON.stringify(map));
}

// The library's types, dist/types/: the declarations of its entry points (package.json `exports`) and of
// the modules their types name, and no other (the engine's modules are types of no public signature).
// tsc emits declarations for the whole program (dynamic imports included); only those the entry points
// reach through their type imports are written.
const TYPES_DIR = join(outDir, 'types');
const LIBRARY_ENTRIES = ['src/api/index.ts', 'src/api/vitest.ts', 'src/api/node-test.ts'];
{
  const declarations = new Map();
  const declarationProgram = ts.createProgram({
    rootNames: LIBRARY_ENTRIES.map((f) => join(root, f)),
    options: { ...options, declaration: true, emitDeclarationOnly: true, sourceMap: false, declarationMap: false, incremental: false, tsBuildInfoFile: undefined, outDir: TYPES_DIR },
  });
  // Relative specifiers name .js files, as in the emitted JavaScript (tsc keeps them as written, .ts).
  const emittedTypes = declarationProgram.emit(undefined, (file, text) => declarations.set(resolve(file), text.replace(/((?:from\s+|import\(\s*)['"]\.[^'"]+)\.ts(['"])/g, '$1.js$2')));
  const typeErrors = emittedTypes.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (typeErrors.length > 0) {
    process.stderr.write(ts.formatDiagnosticsWithColorAndContext(typeErrors, host));
    process.stderr.write(`build: ${typeErrors.length} error(s) in the library's declarations\n`);
    process.exit(1);
  }
  const reached = new Set();
  const visit = (file) => {
    if (reached.has(file)) return;
    const text = declarations.get(file);
    if (text === undefined) throw new Error(`build: ${relative(root, file)}: no declaration emitted`);
    reached.add(file);
    for (const m of text.matchAll(/(?:from\s+|import\(\s*)['"](\.[^'"]+)['"]/g)) visit(resolve(dirname(file), m[1].replace(/\.js$/, '.d.ts')));
  };
  for (const entry of LIBRARY_ENTRIES) visit(join(TYPES_DIR, entry.replace(/\.ts$/, '.d.ts')));
  for (const file of reached) {
    keep.add(file);
    if (statSync(file, { throwIfNoEntry: false }) && readFileSync(file, 'utf8') === declarations.get(file)) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, declarations.get(file));
  }
}

// The migrated template of the embedded database (src/server/db), made with the modules just compiled and
// shipped in dist/db/: a user's first run and a container of the reference image unpack it instead of
// running initdb and every migration. Made again only when its name (the migrations, the settings, the
// PGlite version) changes.
const { pathToFileURL } = await import('node:url');
const { writeShippedTemplate } = await import(pathToFileURL(join(outDir, 'src', 'server', 'db', 'index.js')).href);
keep.add(await writeShippedTemplate(join(outDir, 'db')));

let removed = 0;
for (const file of filesUnder(outDir)) {
  if (keep.has(file)) continue;
  rmSync(file);
  removed++;
}
/** Removes the directories under dir that hold no file; true when dir itself is left empty. */
function pruneEmpty(dir) {
  let empty = true;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory() && pruneEmpty(join(dir, e.name))) rmSync(join(dir, e.name), { recursive: true });
    else empty = false;
  }
  return empty;
}
pruneEmpty(outDir);

// The build info is the stamp of --if-stale: tsc leaves it as it was when nothing changed.
const now = new Date();
utimesSync(STAMP, now, now);

const modules = [...keep].filter((f) => f.endsWith('.js')).length;
process.stderr.write(
  `build: ${relative(root, outDir)}${sep}: ${modules} modules, ${copied} assets copied, ${removed} stale files removed, ${Math.round(performance.now() - started)} ms\n`,
);
