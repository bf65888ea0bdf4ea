/** A ToolTalk case: one conversation file with the databases it is replayed over. */

import type { ToolTalkDatabases } from '../../domains/tooltalk/index.js';
import type { BenchmarkCase } from '../../spec/index.js';
import type { ConversationFile } from './conversation-file.js';

export interface ToolTalkCase extends BenchmarkCase {
  /** `<subset>/<file stem>`, e.g. `easy/AddAlarm-easy`. */
  readonly id: string;
  /** `subset` (easy / hard / a folder name) and `suites` (the plugins its ground truth uses). */
  readonly labels: { readonly subset: string; readonly suites: readonly string[] };
  readonly subset: string;
  /** The file the conversation came from, relative to the data folder. */
  readonly file: string;
  readonly conversation: ConversationFile;
  readonly databases: ToolTalkDatabases;
}
