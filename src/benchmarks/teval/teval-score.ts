/** Scores one reply to one T-Eval item: the right evaluator, its metrics, what was parsed, any error. */
import { scoreInstruct } from './instruct-evaluator.js';
import { cleanReply } from './lenient-load.js';
import { loadPlan, parseStringPlan, scorePlan } from './plan-evaluator.js';
import { toPlain } from './python-value.js';
import { scoreReview } from './review-evaluator.js';
import { scoreStep } from './step-evaluator.js';
import type { TevalCase } from './teval-case.js';
import type { TevalProtocol } from './teval-protocol.js';
import type { PairSimilarity } from './text-similarity.js';

export interface ItemScore {
  /** A value for every T-Eval metric id this item sets (others are null). */
  readonly metrics: Record<string, number | null>;
  /** The reply after the harness's clean-up. */
  readonly cleaned: string;
  /** What the evaluator read from the reply (JSON-safe), for per-item views. */
  readonly parse: unknown;
  /** Why the reply (or part of it) could not be read. */
  readonly error?: string;
}

const column = (ability: string, format: 'json' | 'str') => `${ability}.${format === 'json' ? 'json' : 'string'}`;

export async function scoreItem(
  item: TevalCase,
  reply: string,
  similarity: PairSimilarity,
  protocol: TevalProtocol,
): Promise<ItemScore> {
  // The chat-template clean-up is the v2 harness's; v1 scored raw generations. `fixed` cleans under v1 too
  // (a documented repair: a stop marker left in a reply is not the model's answer).
  const cleaned = protocol.version === 'v2' || protocol.quirks === 'fixed' ? cleanReply(reply) : reply;
  const withError = (error: string | undefined) => (error ? { error } : {});
  switch (item.subset) {
    case 'instruct': {
      const result = scoreInstruct(item.format, cleaned, item.groundTruth, item.template);
      return {
        metrics: {
          [column('instruct', item.format)]: result.score,
          'instruct.format': result.format,
          'instruct.args': result.args,
          score: result.score,
          parsed: result.format,
        },
        cleaned,
        parse: result.prediction
          ? { action: toPlain(result.prediction.action), args: toPlain(result.prediction.args) }
          : null,
        ...withError(result.error),
      };
    }
    case 'plan': {
      const gold = loadPlan(item.groundTruth).steps;
      const loaded = item.format === 'json' ? loadPlan(cleaned) : { steps: parseStringPlan(cleaned, item.apiList) };
      const result = await scorePlan(loaded.steps, gold, similarity, protocol, loaded.error);
      return {
        metrics: {
          [column('plan', item.format)]: result.f1,
          'plan.precision': result.precision,
          'plan.recall': result.recall,
          score: result.f1,
          parsed: result.parsed ? 1 : 0,
        },
        cleaned,
        parse: { steps: result.predicted, matching: result.matching, correct: result.correct },
        ...withError(result.error),
      };
    }
    case 'review': {
      const result = scoreReview(cleaned, item.groundTruth, item.format, protocol.quirks);
      return {
        metrics: { review: result.score, score: result.score, parsed: result.parsed ? 1 : 0 },
        cleaned,
        parse: { choice: result.choice },
        ...withError(result.error),
      };
    }
    default: {
      const result = await scoreStep(item.subset, item.format, cleaned, item.groundTruth, similarity, protocol);
      const metrics: Record<string, number | null> = { parsed: result.parsed ? 1 : 0 };
      const values: number[] = [];
      for (const ability of ['reason', 'retrieve', 'understand'] as const) {
        const value = result[ability];
        if (value === null) continue;
        metrics[column(ability, item.format)] = value;
        values.push(value);
      }
      metrics.score = values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
      const prediction = result.prediction;
      return {
        metrics,
        cleaned,
        parse:
          prediction === undefined || typeof prediction === 'string'
            ? (prediction ?? null)
            : { thought: prediction.thought, name: prediction.name, args: toPlain(prediction.args) },
        ...withError(result.error),
      };
    }
  }
}
