import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the original ToolTalk data is on this machine, for conformance tests: `../shared/data/tooltalk`
 * beside the repository, else `/work/shared/data/tooltalk`; undefined when absent (the tests skip).
 */
export function sharedToolTalkData(): string | undefined {
  const candidates = [resolve(process.cwd(), '../shared/data/tooltalk'), '/work/shared/data/tooltalk'];
  return candidates.find((candidate) => existsSync(join(candidate, 'databases')));
}
