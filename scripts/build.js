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
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
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
