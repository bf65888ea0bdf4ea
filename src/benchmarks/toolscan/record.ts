/**
 * The stored record of a ToolScan episode (version 1), validated when read back. Its zod schema is
 * `record-schema.ts`, so that `show` reads a well-formed record without zod.
 */
import type { Trajectory } from '../../spec/index.js';
import type { ToolscanSettings } from './options.js';
import type { ToolscanScore } from './score.js';

export const TOOLSCAN_RECORD_VERSION = 1;

export interface ToolscanRecord {
  readonly formatVersion: typeof TOOLSCAN_RECORD_VERSION;
  readonly queryId: string;
  readonly environment: string;
  readonly settings: ToolscanSettings;
  /** The agent used up its step budget without answering. */
  readonly budgetExhausted: boolean;
  readonly trajectory: Trajectory;
  readonly score: ToolscanScore;
}
