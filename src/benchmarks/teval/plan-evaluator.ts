/**
 * PLAN: a predicted list of steps against the gold plan. Steps are parsed leniently (JSON format) or found
 * line by line by the first API name they mention (string format); a trailing `FinishAction` is dropped;
 * each predicted/gold pair is scored 0.75·sim(name) + 0.25·sim(str(args)); pairs above the threshold are
 * matched by maximum total weight (among equal-weight matchings, networkx's choice in faithful mode, the
 * Hungarian method's in fixed mode); the longest run of matched steps in gold order counts as correct;
 * precision = correct/|pred|, recall = correct/|gold|, F1 their harmonic mean.
 */
import { munkres } from 'munkres';
import { lenientLoad } from './lenient-load.js';
import { networkxMaxWeightMatching, type WeightedEdge } from './networkx-matching.js';
import { pyStr } from './python-repr.js';
import { isDict, isList, type PyValue, pyInt } from './python-value.js';
import type { TevalProtocol } from './teval-protocol.js';
import type { PairSimilarity } from './text-similarity.js';

export interface PlanStep {
  readonly id: number;
  readonly name: string;
  readonly args: string;
}

export interface PlanScore {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  readonly parsed: boolean;
  readonly predicted: readonly PlanStep[];
  /** For each predicted step (after dropping FinishAction), the gold step index it matched, or -1. */
  readonly matching: readonly number[];
  readonly correct: number;
  readonly error?: string;
}

const FINISH = 'FinishAction';

/** The reference's plan loader: a list whose every element yields `name`, an int `id` and `args`; else []. */
export function loadPlan(value: PyValue | string): { steps: PlanStep[]; error?: string } {
  let loaded: PyValue;
  if (typeof value === 'string') {
    const result = lenientLoad(value, '[', ']');
    if (!result.ok) return { steps: [], error: result.error };
    loaded = result.value;
  } else loaded = value;
  if (!isList(loaded)) return { steps: [], error: 'the plan is not a list' };
  const steps: PlanStep[] = [];
  for (const [index, element] of loaded.entries()) {
    if (!isDict(element)) return { steps: [], error: `step ${index} is not a dict` };
    const name = element.get('name');
    const args = element.get('args');
    if (name === undefined || args === undefined || !element.has('id')) {
      return { steps: [], error: `step ${index} lacks name, id or args` };
    }
    try {
      steps.push({ id: Number(pyInt(element.get('id') ?? null)), name: pyStr(name), args: pyStr(args) });
    } catch (error) {
      return { steps: [], error: `step ${index}: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  return { steps };
}

/** The string-format parser: `. ` splits steps too; a line counts when it mentions an API of the item. */
export function parseStringPlan(reply: string, apiList: readonly string[]): PlanStep[] {
  const steps: PlanStep[] = [];
  for (const line of reply.replaceAll('. ', '\n').split('\n')) {
    let first = Number.POSITIVE_INFINITY;
    let found = '';
    for (const api of apiList) {
      const at = line.indexOf(api);
      if (at !== -1 && at < first) {
        first = at;
        found = api;
      }
    }
    if (found !== '') steps.push({ id: steps.length, name: found, args: line });
  }
  return steps;
}

export async function scorePlan(
  predicted: readonly PlanStep[],
  gold: readonly PlanStep[],
  similarity: PairSimilarity,
  protocol: TevalProtocol,
  parseError?: string,
): Promise<PlanScore> {
  const zero = (error?: string): PlanScore => ({
    precision: 0,
    recall: 0,
    f1: 0,
    parsed: predicted.length > 0 && gold.length > 0,
    predicted,
    matching: [],
    correct: 0,
    ...(error ? { error } : {}),
  });
  if (predicted.length === 0 || gold.length === 0) return zero(parseError ?? 'no plan steps were found');
  const pred = dropFinish(sortById(predicted));
  const gt = dropFinish(sortById(gold));
  if (pred.length === 0) {
    return zero(
      protocol.quirks === 'faithful'
        ? 'the plan holds only FinishAction (the reference scorer crashes here; scored 0)'
        : 'the plan holds only FinishAction',
    );
  }
  if (gt.length === 0) return zero('the gold plan holds only FinishAction');
  const names = await similarity(pred.flatMap((step) => gt.map((goldStep) => [step.name, goldStep.name] as const)));
  const args = await similarity(pred.flatMap((step) => gt.map((goldStep) => [step.args, goldStep.args] as const)));
  const weights = pred.map((_, row) =>
    gt.map((__, column) => {
      const at = row * gt.length + column;
      const weight = protocol.nameWeight * (names[at] ?? 0) + protocol.argsWeight * (args[at] ?? 0);
      return weight > protocol.planThreshold ? weight : 0;
    }),
  );
  // faithful: networkx's choice among equal-weight matchings (the reference calls max_weight_matching);
  // fixed: the Hungarian method, whose choice on ties keeps identical steps in order (docs/teval.md).
  const matching = protocol.quirks === 'faithful' ? networkxPlanMatching(weights) : maxWeightMatching(weights);
  const correct = longestIncreasingRun(matching, protocol.quirks === 'faithful');
  const precision = correct / pred.length;
  const recall = correct / gt.length;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, parsed: true, predicted, matching, correct };
}

function sortById(steps: readonly PlanStep[]): PlanStep[] {
  return [...steps].sort((left, right) => left.id - right.id);
}

function dropFinish(steps: PlanStep[]): PlanStep[] {
  return steps.length > 0 && steps[steps.length - 1]?.name === FINISH ? steps.slice(0, -1) : steps;
}

/**
 * A maximum-weight matching of a bipartite graph given as a weight matrix (0 = no edge), by the Hungarian
 * method on the padded square matrix of `max − weight`. Returns each row's column, or -1.
 */
export function maxWeightMatching(weights: readonly (readonly number[])[]): number[] {
  const rows = weights.length;
  const columns = weights[0]?.length ?? 0;
  const size = Math.max(rows, columns);
  if (size === 0) return [];
  const costs = Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (__, column) => 1 - (weights[row]?.[column] ?? 0)),
  );
  const matching = new Array<number>(rows).fill(-1);
  for (const [row, column] of munkres(costs)) {
    if (row < rows && column < columns && (weights[row]?.[column] ?? 0) > 0) matching[row] = column;
  }
  return matching;
}

/**
 * The reference's matching: a graph with an edge `(i, str(j))` for every pair above the threshold, added
 * row by row, matched by networkx's `max_weight_matching`. Returns each row's column, or -1.
 */
export function networkxPlanMatching(weights: readonly (readonly number[])[]): number[] {
  const edges: WeightedEdge[] = [];
  for (const [row, line] of weights.entries()) {
    for (const [column, weight] of line.entries()) if (weight > 0) edges.push([`p${row}`, `g${column}`, weight]);
  }
  const mate = networkxMaxWeightMatching(edges);
  return weights.map((_, row) => {
    const partner = mate.get(`p${row}`);
    return partner === undefined ? -1 : Number(partner.slice(1));
  });
}

/**
 * The longest strictly increasing run of matched gold indices in predicted order. With the reference's
 * floor every step starts at 1 (so the answer is ≥ 1 for any non-empty plan); without it unmatched
 * steps start at 0.
 */
export function longestIncreasingRun(matching: readonly number[], withFloor: boolean): number {
  const lengths: number[] = matching.map((gold) => (withFloor || gold !== -1 ? 1 : 0));
  for (let index = 0; index < matching.length; index++) {
    for (let before = 0; before < index; before++) {
      const here = matching[index] as number;
      const there = matching[before] as number;
      if (here === -1 || there === -1) continue;
      if (here > there) lengths[index] = Math.max(lengths[index] as number, (lengths[before] as number) + 1);
    }
  }
  return lengths.length === 0 ? 0 : Math.max(...lengths);
}
