import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A file of the shared reference data (`<repo>/../shared/data/<path>`, else `/work/shared/data/<path>`),
 * or undefined when absent so the test that needs it is skipped. The data is never copied into the repo.
 */
export function sharedDataFile(path: string): string | undefined {
  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  for (const base of [`${repoRoot}../shared/data/`, '/work/shared/data/']) {
    const candidate = `${base}${path}`;
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}
