import { dirname } from 'node:path';
import { sharedDataFile } from '../../testing/shared-data.js';

/**
 * Where the original ToolTalk data is on this machine, for conformance tests: `../shared/data/tooltalk`
 * beside the repository, else `/work/shared/data/tooltalk`; undefined when absent (the tests skip).
 */
export function sharedToolTalkData(): string | undefined {
  const databases = sharedDataFile('tooltalk/databases');
  return databases === undefined ? undefined : dirname(databases);
}
