import type { Trajectory } from '../spec/index.js';
import type { ReportEpisode } from './report-data.js';

/**
 * What the world-timeline episode viewer reads from a record of a benchmark whose `reportView` is
 * `world-timeline` (ToolSandbox's) (already checked by the benchmark's
 * `parseRecord`). Stated here by shape so that the report does not import the benchmark's folder.
 */
export interface TimelineRecordView {
  readonly agent: string;
  readonly milestoneScore: number;
  readonly minefieldScore: number;
  readonly milestones: NonNullable<ReportEpisode['detail']>['milestones'];
  readonly minefields: NonNullable<ReportEpisode['detail']>['minefields'];
  readonly milestoneGraph?: NonNullable<ReportEpisode['detail']>['milestoneGraph'];
  readonly minefieldGraph?: NonNullable<ReportEpisode['detail']>['minefieldGraph'];
  readonly diagnostics: Readonly<Record<string, number>>;
  readonly trajectory: Trajectory;
}

/** The world-timeline viewer's data for one episode; its initial world is stored once under `worldKey`. */
export function timelineDetail(record: TimelineRecordView, worldKey: string): NonNullable<ReportEpisode['detail']> {
  const trajectory = record.trajectory;
  return {
    agent: record.agent,
    user: trajectory.user,
    milestoneScore: record.milestoneScore,
    minefieldScore: record.minefieldScore,
    milestones: record.milestones,
    minefields: record.minefields,
    ...(record.milestoneGraph ? { milestoneGraph: record.milestoneGraph } : {}),
    ...(record.minefieldGraph ? { minefieldGraph: record.minefieldGraph } : {}),
    termination: trajectory.termination,
    diagnostics: record.diagnostics,
    diagnosticFindings: trajectory.diagnostics?.findings ?? [],
    clock: trajectory.clock,
    initialWorld: worldKey,
    firstEpisodeMessage: trajectory.firstEpisodeMessage,
    messages: trajectory.messages,
    worldChanges: trajectory.worldChanges,
  };
}
