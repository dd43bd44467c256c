/** Version of an npm package: the one bundled into the engine, or the installed one, found from its resolved entry point. */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Defined by the build in the bundled engine only (scripts/build.js): the versions of the packages it
 * carries inside it, as JSON. Those are the code that runs there, and an install of the package does not
 * hold them (they are development dependencies).
 */
declare const CONFORM_BUNDLED_VERSIONS: string | undefined;
const BUNDLED: Record<string, string> = typeof CONFORM_BUNDLED_VERSIONS === 'string' ? (JSON.parse(CONFORM_BUNDLED_VERSIONS) as Record<string, string>) : {};

export function packageVersion(name: string): string {
  const bundled = BUNDLED[name];
  if (bundled) return bundled;
  let dir = dirname(require.resolve(name));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) return pkg.version;
    }
    const up = dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
}
