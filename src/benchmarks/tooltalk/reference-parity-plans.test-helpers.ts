/**
 * What toolgauge's ToolTalk parity test shares with the recording script
 * (`scripts/record-tooltalk-parity.py`): the edit language that turns a conversation's ground truth into
 * a perturbed plan, and the hashed bag-of-words embedder both sides use, so the reference (through its
 * sent2vec stand-in) and toolgauge compare identical vectors against the reference's own thresholds.
 * The Python script implements both the same way; changing one means recording the fixtures again.
 */
import { createHash } from 'node:crypto';
import type { Embedder } from '../../spec/index.js';
import type { PlannedCall, TurnPlan } from './oracle-agent.js';

export type PlanEdit =
  | { readonly op: 'set'; readonly turn: number; readonly call: number; readonly key: string; readonly value: unknown }
  | { readonly op: 'unset'; readonly turn: number; readonly call: number; readonly key: string }
  | { readonly op: 'rename'; readonly turn: number; readonly call: number; readonly name: string }
  | { readonly op: 'remove'; readonly turn: number; readonly call: number }
  | {
      readonly op: 'insert';
      readonly turn: number;
      readonly at: number;
      readonly name: string;
      readonly arguments: Record<string, unknown>;
    }
  | { readonly op: 'move'; readonly turn: number; readonly call: number; readonly toTurn: number; readonly at: number }
  | { readonly op: 'duplicate'; readonly turn: number; readonly call: number }
  | { readonly op: 'unparsable'; readonly turn: number; readonly call: number }
  | { readonly op: 'clear'; readonly turn: number };

export interface Perturbation {
  readonly id: string;
  readonly case: string;
  readonly covers: readonly string[];
  readonly edits: readonly PlanEdit[];
}

/** Text the executor cannot parse as JSON (the reference's predictor then sends `parameters: None`). */
export const UNPARSABLE_ARGUMENTS = '{"alarm_id": ';

/** Applies the edits in order to a copy of the plan's calls. */
export function applyEdits(plan: TurnPlan, edits: readonly PlanEdit[]): TurnPlan {
  const calls: PlannedCall[][] = plan.calls.map((turn) => turn.map((call) => structuredClone(call)));
  const turnOf = (index: number): PlannedCall[] => {
    const turn = calls[index];
    if (!turn) throw new Error(`no assistant turn ${index}`);
    return turn;
  };
  const callOf = (turn: number, index: number): PlannedCall => {
    const call = turnOf(turn)[index];
    if (!call) throw new Error(`no call ${index} in assistant turn ${turn}`);
    return call;
  };
  const argumentsOf = (call: PlannedCall): Record<string, unknown> => {
    if (typeof call.arguments === 'string') throw new Error(`call ${call.name} has unparsed arguments`);
    return call.arguments as Record<string, unknown>;
  };
  for (const edit of edits) {
    const turn = turnOf(edit.turn);
    switch (edit.op) {
      case 'set':
        argumentsOf(callOf(edit.turn, edit.call))[edit.key] = structuredClone(edit.value);
        break;
      case 'unset':
        delete argumentsOf(callOf(edit.turn, edit.call))[edit.key];
        break;
      case 'rename':
        turn[edit.call] = { ...callOf(edit.turn, edit.call), name: edit.name };
        break;
      case 'remove':
        turn.splice(edit.call, 1);
        break;
      case 'insert':
        turn.splice(edit.at, 0, { name: edit.name, arguments: structuredClone(edit.arguments) });
        break;
      case 'move': {
        const [call] = turn.splice(edit.call, 1);
        if (call) turnOf(edit.toTurn).splice(edit.at, 0, call);
        break;
      }
      case 'duplicate':
        turn.splice(edit.call + 1, 0, structuredClone(callOf(edit.turn, edit.call)));
        break;
      case 'unparsable':
        turn[edit.call] = { ...callOf(edit.turn, edit.call), arguments: UNPARSABLE_ARGUMENTS };
        break;
      case 'clear':
        turn.length = 0;
        break;
    }
  }
  return { ...plan, calls };
}

const PARITY_DIMENSIONS = 64;

/** A bias dimension, then word counts in 63 md5 buckets: the vectors the recording script gives the reference. */
export function parityVector(text: string): Float32Array {
  const vector = new Float32Array(PARITY_DIMENSIONS);
  vector[0] = 1;
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const bucket = Number.parseInt(createHash('md5').update(word, 'utf8').digest('hex').slice(0, 8), 16);
    const index = 1 + (bucket % (PARITY_DIMENSIONS - 1));
    vector[index] = (vector[index] ?? 0) + 1;
  }
  return vector;
}

/** The parity embedder; its id is not a calibrated one, so the comparators use the reference's 0.9 / 0.8. */
export const parityEmbedder: Embedder = {
  id: 'tooltalk-parity-hashed-words',
  dimensions: PARITY_DIMENSIONS,
  async embed(texts) {
    return texts.map((text) => parityVector(text));
  },
};
