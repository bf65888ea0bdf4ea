import type { Diagnostics, TerminationReason, Trajectory } from '../../spec/index.js';
import type { SandboxCase } from './cases.js';
import { type EpisodeScore, edgesOf, type MilestoneGraphSpec, type MilestoneMatch } from './milestones/index.js';
import type { SandboxCategory } from './scenario-file.js';

/** One scored episode of the sandbox benchmark, as a run keeps it. */
export interface SandboxEpisodeRecord {
  readonly formatVersion: 1;
  readonly caseId: string;
  readonly baseId: string;
  readonly scenarioId: string;
  readonly augmentation: string;
  readonly categories: readonly SandboxCategory[];
  readonly trial: number;
  readonly agent: string;
  readonly score: number;
  readonly milestoneScore: number;
  readonly minefieldScore: number;
  readonly turnCount: number;
  readonly milestones: readonly MilestoneMatch[];
  readonly minefields: readonly MilestoneMatch[];
  /** The scenario's milestone and minefield graphs, so a viewer can draw what was matched where. */
  readonly milestoneGraph?: GraphOutline;
  readonly minefieldGraph?: GraphOutline;
  readonly termination: TerminationReason;
  readonly diagnostics: Diagnostics['counts'];
  readonly trajectory: Trajectory;
}

/** A milestone graph as a viewer needs it: ids, descriptions, whether counted, and edges. */
export interface GraphOutline {
  readonly nodes: readonly { readonly id: string; readonly description?: string; readonly scored: boolean }[];
  readonly edges: readonly (readonly [string, string])[];
}

/** The outline of a milestone graph spec (edges default to a chain, as the matcher reads them). */
export function outlineGraph(graph: MilestoneGraphSpec): GraphOutline {
  return {
    nodes: graph.milestones.map((milestone) => ({
      id: milestone.id,
      ...(milestone.description ? { description: milestone.description } : {}),
      scored: milestone.scored !== false,
    })),
    edges: edgesOf(graph),
  };
}

/** The record of a played case: its labels, score, mapping, graphs and trajectory. */
export function sandboxEpisodeRecord(
  sandboxCase: SandboxCase,
  trial: number,
  agent: string,
  { trajectory, score }: { readonly trajectory: Trajectory; readonly score: EpisodeScore },
): SandboxEpisodeRecord {
  return {
    formatVersion: 1,
    caseId: sandboxCase.id,
    baseId: sandboxCase.baseId,
    scenarioId: sandboxCase.scenario.id,
    augmentation: sandboxCase.augmentation,
    categories: sandboxCase.scenario.categories,
    trial,
    agent,
    score: score.score,
    milestoneScore: score.milestoneScore,
    minefieldScore: score.minefieldScore,
    turnCount: score.turnCount,
    milestones: score.milestones,
    minefields: score.minefields,
    milestoneGraph: outlineGraph(sandboxCase.scenario.milestones),
    minefieldGraph: outlineGraph(sandboxCase.scenario.minefields),
    termination: trajectory.termination,
    diagnostics: trajectory.diagnostics.counts,
    trajectory,
  };
}
