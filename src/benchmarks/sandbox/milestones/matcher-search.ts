import { type DecidedContext, SimilarityTable } from './matcher-bound.js';
import type { MatchableMilestone } from './milestone-matcher.js';

/** The matching problem once the matcher has ordered the milestones (every edge points forward). */
export interface MatchingProblem {
  readonly order: readonly MatchableMilestone[];
  /** Per position: the positions of its direct predecessors (after transitive reduction). */
  readonly predecessors: readonly (readonly number[])[];
  /** Per position: the positions of the milestones it references. */
  readonly references: readonly (readonly number[])[];
  /** Per position: its weight in the objective (> 0). */
  readonly weights: readonly number[];
  /** Message indices a milestone may map to, ascending. */
  readonly candidates: readonly number[];
  readonly startIndex: number;
}

/** Per position: the chosen message index (-1 when there is no candidate) and its similarity. */
export interface MatchingSolution {
  readonly messageIndices: readonly number[];
  readonly similarities: readonly number[];
}

interface MemoEntry {
  /** The exact optimum of the rest when `exact`, else an upper bound on it. */
  readonly value: number;
  readonly choice: number;
  readonly exact: boolean;
}

/**
 * Gains this small are ties: a branch must promise more than this over the best mapping so far to be
 * searched. (Sums of bounds are rounded in another order than the values they bound, and equal bounds
 * are common; the result stays within this of the optimum per milestone.)
 */
const TIE = 1e-12;

/**
 * Exact branch and bound over the milestones in order, each placed on a candidate message.
 *
 * - Bound: the milestones still to place can gain at most, each, its best upper bound (see
 *   `matcher-bound.ts`) over the messages not earlier than what its placed ancestors force. Children are
 *   tried best bound first, so the first dive is greedy and good, and a child whose bound cannot beat the
 *   best mapping found (or what the caller needs) is cut.
 * - Memo: what the rest can gain depends only on a small state — for each milestone still to place, the
 *   latest message of its placed predecessors and the messages of its placed references — so a state is
 *   solved once (exactly, or "cannot beat x", which is reused while x is all a caller needs). Without any
 *   pruning this is the exact dynamic programme the matcher always was, so the search is never worse.
 * - Similarities are computed once per (milestone, message, predecessor message, referenced messages), and
 *   not at all where the bound already proved them context-free.
 */
export function searchBestMapping(problem: MatchingProblem): MatchingSolution {
  return new MappingSearch(problem).run();
}

class MappingSearch {
  private readonly count: number;
  private readonly candidateCount: number;
  private readonly table: SimilarityTable;
  private readonly placed: Int32Array;
  private readonly lowest: Int32Array;
  private readonly keyParts: number[][][];
  private readonly radix: number;
  private readonly maxNumericParts: number;
  private readonly memo: Map<number | string, MemoEntry>[];
  private readonly positionOf: Map<string, number>;
  private readonly scratch: ScratchContext;

  constructor(private readonly problem: MatchingProblem) {
    this.count = problem.order.length;
    this.candidateCount = problem.candidates.length;
    this.table = new SimilarityTable(problem.order, problem.weights, problem.candidates);
    this.placed = new Int32Array(this.count).fill(-1);
    this.lowest = new Int32Array(this.count);
    this.positionOf = new Map(problem.order.map((milestone, position) => [milestone.id, position]));
    this.keyParts = this.stateParts();
    this.radix = Math.max(problem.startIndex, ...problem.candidates, 0) + 3;
    this.maxNumericParts = Math.floor(Math.log(Number.MAX_SAFE_INTEGER) / Math.log(this.radix));
    this.memo = problem.order.map(() => new Map());
    this.scratch = new ScratchContext(this);
  }

  run(): MatchingSolution {
    const messageIndices: number[] = new Array(this.count).fill(-1);
    const similarities: number[] = new Array(this.count).fill(0);
    if (this.candidateCount === 0) return { messageIndices, similarities };
    this.solve(0, Number.NEGATIVE_INFINITY);
    for (let position = 0; position < this.count; position += 1) {
      const entry = this.memo[position]?.get(this.stateKey(position));
      const choice = entry?.exact ? entry.choice : -1;
      if (choice < 0) break;
      messageIndices[position] = this.problem.candidates[choice] as number;
      similarities[position] = this.score(position, choice);
      this.placed[position] = choice;
    }
    return { messageIndices, similarities };
  }

  /**
   * The best total the milestones from `position` on can add to those placed. Exact when it is above
   * `need`; otherwise only a promise that nothing there beats `need` (and `need` is returned).
   */
  private solve(position: number, need: number): number {
    if (position === this.count) return 0;
    const memo = this.memo[position] as Map<number | string, MemoEntry>;
    const key = this.stateKey(position);
    const known = memo.get(key);
    if (known && (known.exact || known.value <= need)) return known.value;

    const earliest = this.earliest(position);
    const own = this.table.bestFrom(position, earliest, this.decided(position, position));
    const later = this.restBound(position + 1, position);
    if (!(own + later > need + TIE)) {
      memo.set(key, { value: need, choice: -1, exact: false });
      return need;
    }
    const weight = this.problem.weights[position] as number;
    let best = Number.NEGATIVE_INFINITY;
    let bestChoice = -1;
    for (const choice of this.table.candidatesByBound(position)) {
      if (choice < earliest) continue;
      const threshold = Math.max(need, best);
      if (!(this.table.looseBound(position, choice) + later > threshold + TIE)) break;
      const here = weight * this.score(position, choice);
      if (!(here + later > threshold + TIE)) continue;
      this.placed[position] = choice;
      const childNeed = threshold - here;
      const rest = this.solve(position + 1, childNeed);
      this.placed[position] = -1;
      // Compared with what the child was asked for, not after adding `here` back (rounding).
      if (rest > childNeed) {
        best = here + rest;
        bestChoice = choice;
      }
    }
    if (best > need) {
      memo.set(key, { value: best, choice: bestChoice, exact: true });
      return best;
    }
    memo.set(key, { value: need, choice: -1, exact: false });
    return need;
  }

  /** The lowest candidate the milestone at `position` may take, given its placed predecessors. */
  private earliest(position: number): number {
    let lowest = 0;
    for (const predecessor of this.problem.predecessors[position] ?? []) {
      const choice = this.placed[predecessor] as number;
      if (choice > lowest) lowest = choice;
    }
    return lowest;
  }

  /**
   * An upper bound on what the milestones from `from` on can add, given those placed before `placedUpTo`
   * (the milestone at `placedUpTo` itself counts as undecided when `from` is after it).
   */
  private restBound(from: number, placedUpTo: number): number {
    let total = 0;
    for (let position = from; position < this.count; position += 1) {
      let lowest = 0;
      for (const predecessor of this.problem.predecessors[position] ?? []) {
        const limit =
          predecessor < placedUpTo ? (this.placed[predecessor] as number) : (this.lowest[predecessor] as number);
        if (limit > lowest) lowest = limit;
      }
      this.lowest[position] = lowest;
      total += this.table.bestFrom(position, lowest, this.decided(position, placedUpTo));
    }
    return total;
  }

  /**
   * What is decided about the milestone at `position` when those before `placedUpTo` are placed. One
   * object is reused (the table reads it synchronously), which spares the hot loop an allocation.
   */
  private decided(position: number, placedUpTo: number): DecidedContext {
    const candidates = this.problem.candidates;
    let predecessorIndex: number | undefined = this.problem.startIndex;
    for (const predecessor of this.problem.predecessors[position] ?? []) {
      if (predecessor >= placedUpTo) {
        predecessorIndex = undefined;
        break;
      }
      const message = candidates[this.placed[predecessor] as number] as number;
      if (message > predecessorIndex) predecessorIndex = message;
    }
    const scratch = this.scratch;
    scratch.position = position;
    scratch.placedUpTo = placedUpTo;
    scratch.predecessorIndex = predecessorIndex;
    const references = this.problem.references[position] ?? [];
    if (1 + references.length <= this.maxNumericParts) {
      let key = predecessorIndex === undefined ? 0 : predecessorIndex + 2;
      for (const reference of references) key = key * this.radix + ((this.referenceMessage(reference) ?? -2) + 2);
      scratch.key = key;
    } else {
      scratch.key = [
        predecessorIndex ?? 'u',
        ...references.map((reference) => this.referenceMessage(reference) ?? 'u'),
      ].join(',');
    }
    return scratch;
  }

  /** The message of a referenced milestone per the scratch context: -1 if it comes later, undefined if unplaced. */
  referenceMessage(reference: number): number | undefined {
    if (reference >= this.scratch.position) return -1;
    if (reference >= this.scratch.placedUpTo) return undefined;
    return this.problem.candidates[this.placed[reference] as number] as number;
  }

  /** The position of a milestone id, or -1. */
  positionOfId(id: string): number {
    return this.positionOf.get(id) ?? -1;
  }

  /** The similarity of the milestone at `position` to candidate `choice`, those before it placed. */
  private score(position: number, choice: number): number {
    return this.table.value(position, choice, this.decided(position, position));
  }

  /**
   * What the milestones from position k on need to know about those before k: for each, the latest
   * message among its placed predecessors, and the messages of its placed references.
   */
  private stateParts(): number[][][] {
    const { predecessors, references } = this.problem;
    return this.problem.order.map((_, position) => {
      const groups = new Set<string>();
      const parts: number[][] = [];
      for (let later = position; later < this.count; later += 1) {
        for (const group of [
          (predecessors[later] ?? []).filter((placed) => placed < position),
          ...(references[later] ?? []).filter((placed) => placed < position).map((placed) => [placed]),
        ]) {
          const name = group.join(',');
          if (group.length > 0 && !groups.has(name)) {
            groups.add(name);
            parts.push(group);
          }
        }
      }
      return parts;
    });
  }

  /** Candidate indices shifted by 2 in a mixed radix make number keys; too many parts fall back to a string. */
  private stateKey(position: number): number | string {
    const groups = this.keyParts[position] ?? [];
    const latest = (group: readonly number[]) => {
      let result = -1;
      for (const placed of group) if ((this.placed[placed] as number) > result) result = this.placed[placed] as number;
      return result;
    };
    if (groups.length <= this.maxNumericParts) {
      let key = 0;
      for (const group of groups) key = key * this.radix + latest(group) + 2;
      return key;
    }
    return groups.map(latest).join(',');
  }
}

/** The reusable `DecidedContext` of a search. */
class ScratchContext implements DecidedContext {
  position = 0;
  placedUpTo = 0;
  key: number | string = 0;
  predecessorIndex: number | undefined = undefined;

  constructor(private readonly search: MappingSearch) {}

  matched(id: string): number | undefined {
    const reference = this.search.positionOfId(id);
    return reference < 0 ? -1 : this.search.referenceMessage(reference);
  }
}
