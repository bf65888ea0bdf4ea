/**
 * The record of one episode. A trajectory is persisted as JSON and carries `formatVersion`; readers
 * must reject versions they do not know.
 *
 * The world is stored once (`initialWorld`) plus one diff per message that changed it, never a full
 * copy per message; the snapshot after message k is the initial world with every diff up to k applied.
 */
import type { Diagnostics } from './diagnostics.js';
import type { Message } from './message.js';
import type { Role } from './roles.js';
import type { TerminationReason } from './termination.js';
import type { ToolOutcome } from './tool-call.js';
import type { WorldDiff, WorldRecord } from './world.js';

export const TRAJECTORY_FORMAT_VERSION = 1;

/** What the executor did with one call. */
export interface ToolTrace {
  readonly callId: string;
  /** The role that made the call. */
  readonly caller: Role;
  /** Index of the tool-call message and of the executor's answer. */
  readonly callMessageIndex: number;
  readonly resultMessageIndex: number;
  /** The name as the caller wrote it. */
  readonly requestedName: string;
  /** The tool that ran (differs from `requestedName` when names were scrambled); null if none ran. */
  readonly toolName: string | null;
  /** Parsed arguments, or the raw text when it could not be parsed. */
  readonly arguments: Readonly<Record<string, unknown>> | string;
  readonly outcome: ToolOutcome;
  /** What the call changed in the world; empty when nothing changed. */
  readonly worldDiff: WorldDiff;
}

/** The episode clock: a fixed "now" and the IANA time zone local dates are computed in. */
export interface ClockSetting {
  /** Seconds since the Unix epoch. */
  readonly now: number;
  readonly timeZone: string;
}

export interface EpisodeTiming {
  /** Wall-clock start and end (ISO 8601). Timing only: nothing in the episode reads the wall clock. */
  readonly startedAt: string;
  readonly endedAt: string;
  readonly durationMs: number;
}

export interface Trajectory {
  readonly formatVersion: typeof TRAJECTORY_FORMAT_VERSION;
  readonly episodeId: string;
  readonly caseId?: string;
  readonly agent: string;
  readonly user: string;
  /** The seed the episode's ids (and any sampling) derive from. */
  readonly seed: string;
  readonly clock: ClockSetting;
  /** The world before the first message. */
  readonly initialWorld: WorldRecord;
  readonly messages: readonly Message[];
  /** Index of the first message produced during the episode (earlier ones were seeded). */
  readonly firstEpisodeMessage: number;
  /** One entry per message that changed the world, in message order. */
  readonly worldChanges: readonly { readonly messageIndex: number; readonly diff: WorldDiff }[];
  readonly traces: readonly ToolTrace[];
  readonly diagnostics: Diagnostics;
  readonly termination: TerminationReason;
  readonly timing: EpisodeTiming;
}

/**
 * Everything an episode emits while it runs, as one tagged union: runners, progress displays and stores
 * subscribe to these rather than reaching into the loop.
 */
export type TrajectoryEvent =
  | { readonly type: 'episode-start'; readonly episodeId: string; readonly caseId?: string }
  | { readonly type: 'message'; readonly episodeId: string; readonly message: Message }
  | { readonly type: 'tool-trace'; readonly episodeId: string; readonly trace: ToolTrace }
  | {
      readonly type: 'world-change';
      readonly episodeId: string;
      readonly messageIndex: number;
      readonly diff: WorldDiff;
    }
  | { readonly type: 'episode-end'; readonly episodeId: string; readonly termination: TerminationReason };
