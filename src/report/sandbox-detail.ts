import type { Trajectory } from '../spec/index.js';
import type { ReportEpisode } from './report-data.js';

/**
 * What the sandbox episode viewer reads from a ToolSandbox record (already checked by the benchmark's
 * `parseRecord`). Stated here by shape so that the report does not import the benchmark's folder.
 */
export interface SandboxRecordView {
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

/** The sandbox viewer's data for one episode; its initial world is stored once under `worldKey`. */
export function sandboxDetail(record: SandboxRecordView, worldKey: string): NonNullable<ReportEpisode['detail']> {
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
