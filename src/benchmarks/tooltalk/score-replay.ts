/** Scores a replayed conversation: its turns' predictions against the ground truth of the file. */
import type { Embedder } from '../../spec/index.js';
import type { ApiCallRecord } from './call-executor.js';
import type { ComparisonMode } from './comparators.js';
import {
  type ConversationEvaluation,
  type ErrorTypeCounts,
  errorTypes,
  evaluateConversation,
  type TurnCalls,
} from './conversation-evaluation.js';
import type { ConversationFile } from './conversation-file.js';
import { comparisonContext, freeTextsToCompare } from './text-similarity.js';

export interface ScoredConversation {
  readonly turns: readonly TurnCalls[];
  readonly evaluation: ConversationEvaluation;
  readonly errorTypes: ErrorTypeCounts;
  /** The embedder the free-text comparisons used, or null when none was needed. */
  readonly embedderId: string | null;
}

/** Pairs each assistant turn's predictions with its ground truth (a turn that was not played predicted nothing). */
export function turnCalls(
  conversation: ConversationFile,
  predictions: readonly { readonly turnIndex: number; readonly predictions: readonly ApiCallRecord[] }[],
): TurnCalls[] {
  const byTurn = new Map(predictions.map((turn) => [turn.turnIndex, turn.predictions]));
  return conversation.conversation.flatMap((turn, turnIndex) =>
    turn.role === 'assistant'
      ? [
          {
            turnIndex,
            predictions: byTurn.get(turnIndex) ?? [],
            groundTruth: (turn.apis ?? []).map((call) => ({
              request: { api_name: call.request.api_name, parameters: call.request.parameters },
              response: call.response ?? null,
              exception: call.exception,
            })),
            hasApis: turn.apis !== undefined,
          },
        ]
      : [],
  );
}

export async function scoreReplay(
  conversation: ConversationFile,
  predictions: readonly { readonly turnIndex: number; readonly predictions: readonly ApiCallRecord[] }[],
  mode: ComparisonMode,
  embedder: (() => Promise<Embedder>) | undefined,
): Promise<ScoredConversation> {
  const turns = turnCalls(conversation, predictions);
  const texts = freeTextsToCompare(
    turns.flatMap((turn) => turn.predictions),
    turns.flatMap((turn) => turn.groundTruth),
  );
  const context = await comparisonContext(mode, texts, embedder);
  const evaluation = evaluateConversation(turns, context);
  return { turns, evaluation, errorTypes: errorTypes(turns, evaluation, mode), embedderId: context.embedderId };
}
