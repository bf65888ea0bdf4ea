/**
 * The stored record of a ToolScan episode (version 1), validated when read back. Its zod schema is
 * `record-schema.ts`, so that `show` reads a well-formed record without zod.
 */
import type { ToolCall, Trajectory } from '../../spec/index.js';
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
  /** Calls made after the answer in the same turn: not run and not counted (absent in older records). */
  readonly callsNotRun?: readonly ToolCall[];
  readonly trajectory: Trajectory;
  readonly score: ToolscanScore;
}
