/**
 * A T-Eval step item: the prompt (as the data gives it, or as toolgauge derives it), the gold answer and
 * what its evaluator needs. One item scores one ability in one format, except the JSON
 * reason/retrieve/understand items (`rru`), whose single reply scores all three.
 */
import type { BenchmarkCase } from '../../spec/index.js';
import type { PyValue } from './python-value.js';

export type TevalSubset = 'instruct' | 'plan' | 'reason' | 'retrieve' | 'understand' | 'rru' | 'review';
export type TevalFormat = 'json' | 'str';
export type TevalAbility = 'instruct' | 'plan' | 'reason' | 'retrieve' | 'understand' | 'review';

export const ABILITIES: readonly TevalAbility[] = ['instruct', 'plan', 'reason', 'retrieve', 'understand', 'review'];
export const SUBSETS: readonly TevalSubset[] = [
  'instruct',
  'plan',
  'reason',
  'retrieve',
  'understand',
  'rru',
  'review',
];

/** A message of the prompt, with T-Eval's roles (`function` carries a tool's response). */
export interface TevalPromptMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'function';
  readonly content: string;
}

export interface TevalCase extends BenchmarkCase {
  readonly subset: TevalSubset;
  readonly format: TevalFormat;
  readonly prompt: readonly TevalPromptMessage[];
  /** As the data holds it (a plan list, `{thought, name, args}`, `{action, args}`, `{answer, thought}`). */
  readonly groundTruth: PyValue;
  /** PLAN: the full names of the APIs the string parser looks for. */
  readonly apiList: readonly string[];
  /** INSTRUCT: JSON keys (`thought`/`action`/`args`) or string delimiters (`thought_start`…). */
  readonly template: PyValue;
  /** Where the item came from: the data file, or `built-in:<corpus>/<case>`. */
  readonly origin: string;
  /** A reply the T-Eval harness recorded with the sample (`prediction`), for the `recorded` agent. */
  readonly recorded?: string;
}

/** The abilities an item's reply is scored on. */
export function abilitiesOf(subset: TevalSubset): readonly TevalAbility[] {
  return subset === 'rru' ? ['reason', 'retrieve', 'understand'] : [subset];
}
