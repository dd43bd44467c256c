// `npm run generate`, first step: captures the reference server's answers to the example requests of the
// OpenAPI descriptions (./examples.ts) into specs/openapi/examples.<V>.json, which the descriptions then show.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VARIANTS } from '../../specs/model/index.ts';
import { examplesPath } from '../spec/examples.ts';
import { REPO_ROOT } from '../paths.ts';
import { captureExamples, serializeCapture } from './examples.ts';

const written: string[] = [];
for (const variant of VARIANTS) {
  const capture = await captureExamples(variant);
  for (const r of capture.refused) process.stderr.write(`${variant} ${r.operation}: ${r.status} ${r.body}\n`);
  const path = join(REPO_ROOT, examplesPath(variant));
  const content = serializeCapture(capture);
  if ((await readFile(path, 'utf8').catch(() => undefined)) === content) continue;
  await writeFile(path, content);
  written.push(examplesPath(variant));
}
process.stdout.write(written.length ? `wrote ${written.join(', ')}\n` : 'captured examples are up to date\n');
