import { z } from 'zod';
import { describeZodError, parseTrajectory } from '../../engine/trajectory-schema.js';
import type { Diagnostics, TerminationReason, Trajectory } from '../../spec/index.js';
import type { SandboxCase } from './cases.js';
import type { SandboxCategory } from './categories.js';
import type { AnswerJudgement } from './judge-answers.js';
import type { EpisodePenalty, EpisodeScore, MilestoneGraphSpec, MilestoneMatch } from './milestones/index.js';
import { edgesOf } from './milestones/milestone-spec.js';

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
  /** `--judge`: a model's verdict on each answer milestone, beside the typed checker's (not scored). */
  readonly judgements?: readonly AnswerJudgement[];
  /** Penalties of the default profile: a false claim, a misinforming answer, a wrong change. */
  readonly penalties?: readonly EpisodePenalty[];
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
  {
    trajectory,
    score,
    judgements,
  }: {
    readonly trajectory: Trajectory;
    readonly score: EpisodeScore;
    readonly judgements?: readonly AnswerJudgement[] | undefined;
  },
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
    ...(score.penalties ? { penalties: score.penalties } : {}),
    ...(judgements ? { judgements } : {}),
    milestoneGraph: outlineGraph(sandboxCase.scenario.milestones),
    minefieldGraph: outlineGraph(sandboxCase.scenario.minefields),
    termination: trajectory.termination,
    diagnostics: trajectory.diagnostics.counts,
    trajectory,
  };
}

const guardrailSchema = z.object({
  table: z.string(),
  changedAt: z.number(),
  wouldMatch: z.number(),
  unguardedSimilarity: z.number(),
  window: z.enum(['before', 'after']),
});
const matchSchema = z.object({
  milestone: z.string(),
  messageIndex: z.number(),
  similarity: z.number(),
  guardrail: guardrailSchema.optional(),
});
const penaltySchema = z.object({
  kind: z.enum(['ungrounded-claim', 'misinformed', 'wrong-change']),
  messageIndex: z.number(),
  milestone: z.string().optional(),
  factor: z.number(),
  detail: z.string(),
});
const judgementSchema = z.object({
  milestone: z.string(),
  messageIndex: z.number(),
  correct: z.boolean(),
  typed: z.boolean(),
  reason: z.string(),
});
const graphSchema = z.object({
  nodes: z.array(z.object({ id: z.string(), description: z.string().optional(), scored: z.boolean() })),
  edges: z.array(z.tuple([z.string(), z.string()])),
});

/**
 * A stored sandbox record (older records may carry `modelCalls`, kept by the run since store format 2).
 * `record-parser.generated.ts` is compiled from it (see `record-quick-parse.ts`).
 */
export const recordSchema = z.looseObject({
  formatVersion: z.literal(1),
  caseId: z.string(),
  baseId: z.string(),
  scenarioId: z.string(),
  augmentation: z.string(),
  categories: z.array(z.string()),
  trial: z.number().int().nonnegative(),
  agent: z.string(),
  score: z.number(),
  milestoneScore: z.number(),
  minefieldScore: z.number(),
  turnCount: z.number(),
  milestones: z.array(matchSchema),
  minefields: z.array(matchSchema),
  penalties: z.array(penaltySchema).optional(),
  judgements: z.array(judgementSchema).optional(),
  milestoneGraph: graphSchema.optional(),
  minefieldGraph: graphSchema.optional(),
  termination: z.looseObject({ type: z.string() }),
  diagnostics: z.record(z.string(), z.number()),
  trajectory: z.unknown(),
});

/** Reads a stored record back (untrusted JSON): checked, or an error naming the field. */
export function parseSandboxRecord(value: unknown): SandboxEpisodeRecord {
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success) throw new Error(describeZodError(parsed.error, 'record'));
  const trajectory = parseTrajectory(parsed.data.trajectory, 'record.trajectory');
  return { ...(parsed.data as unknown as SandboxEpisodeRecord), trajectory };
}
