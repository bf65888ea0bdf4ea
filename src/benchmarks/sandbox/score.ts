import type { MetricDefinition, MetricValues, ReportTable } from '../../spec/index.js';
import type { EpisodePenalty } from './milestones/episode-penalties.js';
import { describeGuardrail } from './milestones/guardrail.js';
import type { EpisodeScore, MilestoneMatch } from './milestones/index.js';

/** ToolSandbox's metrics: the similarity score (headline), its two parts, and the turn count. */
export const SANDBOX_METRICS: readonly MetricDefinition[] = [
  {
    id: 'score',
    title: 'Similarity score',
    description:
      'Mean similarity of the best order-respecting mapping of milestones onto messages; 0 when a minefield fired',
    direction: 'higher',
    kind: 'score',
  },
  {
    id: 'milestoneScore',
    title: 'Milestone score',
    description: 'How closely the trajectory reached what had to happen, before minefields',
    direction: 'higher',
    kind: 'score',
  },
  {
    id: 'minefieldScore',
    title: 'Minefield score',
    description: 'How closely the trajectory hit what must not happen (0: none hit)',
    direction: 'lower',
    kind: 'score',
  },
  {
    id: 'turnCount',
    title: 'Turn count',
    description: 'Messages between user, agent and tools from the opening message on (ToolSandbox Table 11)',
    direction: 'lower',
    kind: 'number',
  },
];

export function sandboxMetrics(score: EpisodeScore): MetricValues {
  return {
    score: score.score,
    milestoneScore: score.milestoneScore,
    minefieldScore: score.minefieldScore,
    turnCount: score.turnCount,
  };
}

/** Which milestone and minefield matched which message, and how closely (for `show`). */
export function explainSandboxRecord(record: {
  readonly milestones: readonly MilestoneMatch[];
  readonly minefields: readonly MilestoneMatch[];
  readonly penalties?: readonly EpisodePenalty[];
  readonly judgements?: readonly {
    readonly milestone: string;
    readonly messageIndex: number;
    readonly correct: boolean;
    readonly typed: boolean;
    readonly reason: string;
  }[];
}): ReportTable[] {
  return [
    {
      id: 'mapping',
      title: 'Milestone and minefield mapping',
      columns: [
        { id: 'matched', title: 'matched', format: 'text' },
        { id: 'message', title: 'message', format: 'count' },
        { id: 'similarity', title: 'similarity', format: 'score' },
        { id: 'note', title: 'note', format: 'text', optional: true },
      ],
      rows: [
        ...record.milestones.map((match) => ({
          matched: `milestone ${match.milestone}`,
          message: match.messageIndex,
          similarity: match.similarity,
          // Why a guardrail zeroed it: which table changed at which message.
          ...(match.guardrail ? { note: describeGuardrail(match.guardrail) } : {}),
        })),
        ...record.minefields.map((match) => ({
          matched: `minefield ${match.milestone}`,
          message: match.messageIndex,
          similarity: match.similarity,
        })),
        // What the default profile held against the episode: the score was multiplied by `similarity`.
        ...(record.penalties ?? []).map((penalty) => ({
          matched: `penalty ${penalty.kind}`,
          message: penalty.messageIndex,
          similarity: penalty.factor,
          note: penalty.detail,
        })),
        ...(record.judgements ?? []).map((judgement) => ({
          matched: `judge on ${judgement.milestone}`,
          message: judgement.messageIndex,
          similarity: judgement.correct ? 1 : 0,
          note: `${judgement.correct ? 'correct' : 'incorrect'} (typed checker: ${judgement.typed ? 'correct' : 'incorrect'}): ${judgement.reason}`,
        })),
      ],
    },
  ];
}
