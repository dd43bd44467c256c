/**
 * The files generated from specs/ and checked in: the OpenAPI description of each variant and the
 * requirements document. `npm run generate` writes them; a test verifies they are fresh.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { VARIANTS } from '../../specs/model/index.ts';
import { generateOpenApi, openApiPath, serializeOpenApi } from './openapi.ts';
import { REQUIREMENTS_DOC_PATH, renderRequirementsDoc } from './requirements-doc.ts';

export { REPO_ROOT } from '../paths.ts';
import { REPO_ROOT } from '../paths.ts';

/** Relative path → expected content. */
export function generatedFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const v of VARIANTS) files.set(openApiPath(v), serializeOpenApi(generateOpenApi(v)));
  files.set(REQUIREMENTS_DOC_PATH, renderRequirementsDoc());
  return files;
}

export async function writeGenerated(root = REPO_ROOT): Promise<string[]> {
  const written = new Set<string>();
  // Twice: REQUIREMENTS.md names the checks, and the per-operation checks are read from the OpenAPI files.
  for (let pass = 0; pass < 2; pass++) {
    for (const [rel, content] of generatedFiles()) {
      const path = join(root, rel);
      const current = await readFile(path, 'utf8').catch(() => undefined);
      if (current === content) continue;
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
      written.add(rel);
    }
  }
  return [...written];
}

/** Files whose checked-in content differs from a fresh generation. */
export async function staleGenerated(root = REPO_ROOT): Promise<string[]> {
  const stale: string[] = [];
  for (const [rel, content] of generatedFiles()) {
    const current = await readFile(join(root, rel), 'utf8').catch(() => undefined);
    if (current !== content) stale.push(rel);
  }
  return stale;
}
