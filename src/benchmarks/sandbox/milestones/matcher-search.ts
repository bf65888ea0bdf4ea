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
 *   best mapping found (or what the caller needs) is cut. Where that does not prune, a tighter bound ties
 *   each milestone to its one undecided reference (see `restBound`), and each candidate of the milestone
 *   being placed is bounded with what its readers can gain there.
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
  /** Per position: what its undecided readers can gain per candidate it takes (valid when `hasGain`). */
  private readonly gain: Float64Array[];
  private readonly hasGain: Uint8Array;
  private readonly readersFrom: Float64Array;
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
    this.gain = problem.order.map(() => new Float64Array(this.candidateCount));
    this.hasGain = new Uint8Array(this.count);
    this.readersFrom = new Float64Array(this.candidateCount + 1);
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
    this.lowest[position] = earliest;
    const own = this.table.bestFrom(position, earliest, this.decided(position, position));
    // The plain bound first (each milestone on its own); the paired one (see `restBound`) only where
    // the plain one cannot prune and something is to be beaten (the first dive prunes nothing).
    let later = this.restBound(position + 1, position, false);
    if (need !== Number.NEGATIVE_INFINITY && own + later > need + TIE)
      later = this.restBound(position + 1, position, true);
    // What the milestones that read this one can gain, per candidate it takes.
    const gain = this.hasGain[position] === 1 ? (this.gain[position] as Float64Array) : undefined;
    const maxGain = gain ? maxFrom(gain, earliest) : 0;
    if (!(own + maxGain + later > need + TIE)) {
      memo.set(key, { value: need, choice: -1, exact: false });
      return need;
    }
    const weight = this.problem.weights[position] as number;
    let best = Number.NEGATIVE_INFINITY;
    let bestChoice = -1;
    for (const choice of this.table.candidatesByBound(position)) {
      if (choice < earliest) continue;
      const threshold = Math.max(need, best);
      if (!(this.table.looseBound(position, choice) + maxGain + later > threshold + TIE)) break;
      const here = weight * this.score(position, choice);
      if (!(here + (gain ? (gain[choice] as number) : 0) + later > threshold + TIE)) continue;
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
   * (the milestones in between count as undecided): a relaxation solved exactly by dynamic programming.
   *
   * Each milestone may take any candidate not earlier than what its placed ancestors force (`lowest`;
   * the order among undecided milestones is otherwise dropped), and its similarity is bounded with what
   * is decided. A milestone with exactly one undecided reference stays tied to it: its best (with its own
   * readers' best) is computed for every candidate of the reference and added to the reference's
   * `gain`, so the reference is valued together with what its readers gain from where it is — a `since`
   * milestone gains nothing from a reference placed where the changes since cannot be right. Readers
   * form a forest (one reference each), solved from the leaves; the others are bounded on their own.
   * The gain of the milestone at `placedUpTo` itself (when `from` is after it) is left for the caller.
   * Unless `paired`, every milestone is bounded on its own (cheaper, looser).
   */
  private restBound(from: number, placedUpTo: number, paired: boolean): number {
    for (let position = from; position < this.count; position += 1) {
      let lowest = 0;
      for (const predecessor of this.problem.predecessors[position] ?? []) {
        const limit =
          predecessor < placedUpTo ? (this.placed[predecessor] as number) : (this.lowest[predecessor] as number);
        if (limit > lowest) lowest = limit;
      }
      this.lowest[position] = lowest;
    }
    this.hasGain.fill(0, placedUpTo);
    let total = 0;
    for (let position = this.count - 1; position >= from; position -= 1) {
      const reference = paired ? this.undecidedReference(position, placedUpTo) : -1;
      if (reference >= 0 && this.addGain(position, reference, placedUpTo)) continue;
      total += this.standaloneBound(position, placedUpTo);
    }
    return total;
  }

  /** The one reference of a milestone that is not placed yet (-1 when none or several). */
  private undecidedReference(position: number, placedUpTo: number): number {
    let found = -1;
    for (const reference of this.problem.references[position] ?? []) {
      if (reference < placedUpTo || reference >= position || reference === found) continue;
      if (found >= 0) return -1;
      found = reference;
    }
    return found;
  }

  /** The best the milestone at `position` and its readers can gain, its references as they are decided. */
  private standaloneBound(position: number, placedUpTo: number): number {
    const lowest = this.lowest[position] as number;
    const decided = this.decided(position, placedUpTo);
    if (this.hasGain[position] === 0) return this.table.bestFrom(position, lowest, decided);
    const gain = this.gain[position] as Float64Array;
    const readers = maxFrom(gain, lowest);
    const open = this.table.openCandidates(position);
    if (!open) return this.table.bestFrom(position, lowest, decided) + readers;
    let best = readers;
    for (const candidate of open) {
      if (candidate < lowest) continue;
      const value = this.table.weightedValue(position, candidate, decided) + (gain[candidate] as number);
      if (value > best) best = value;
    }
    return best;
  }

  /**
   * Adds to the gain of `reference` (per candidate it may take) the best the milestone at `position` and
   * its own readers can gain with the reference there. False when the milestone has too many open
   * candidates to pair (it is then bounded on its own).
   */
  private addGain(position: number, reference: number, placedUpTo: number): boolean {
    const open = this.table.openCandidates(position);
    if (!open) return false;
    const count = this.candidateCount;
    // Paired without its predecessor's message (a guardrail can only lower a similarity), so the
    // columns depend on the other references alone and are computed once for most milestones.
    const key = this.decided(position, placedUpTo, -1, -1, true).key;
    const rows = this.table.referenceValues(position, key, this.lowest[reference] as number, (choice) =>
      this.decided(position, placedUpTo, reference, choice, true),
    );
    const own = this.hasGain[position] === 1 ? (this.gain[position] as Float64Array) : undefined;
    // The best of the readers alone from each candidate on (the milestone itself gaining nothing there).
    const readersFrom = this.readersFrom;
    readersFrom[count] = 0;
    for (let candidate = count - 1; candidate >= 0; candidate -= 1) {
      const value = own ? (own[candidate] as number) : 0;
      const later = readersFrom[candidate + 1] as number;
      readersFrom[candidate] = value > later ? value : later;
    }
    const lowest = this.lowest[position] as number;
    const follows = (this.problem.predecessors[position] ?? []).includes(reference);
    const target = this.gain[reference] as Float64Array;
    const adding = this.hasGain[reference] === 1;
    for (let choice = this.lowest[reference] as number; choice < count; choice += 1) {
      const from = follows && choice > lowest ? choice : lowest;
      let best = readersFrom[from] as number;
      for (let row = 0; row < open.length; row += 1) {
        const candidate = open[row] as number;
        if (candidate < from) continue;
        const value = ((rows[row] as Float64Array)[choice] as number) + (own ? (own[candidate] as number) : 0);
        if (value > best) best = value;
      }
      target[choice] = adding ? (target[choice] as number) + best : best;
    }
    this.hasGain[reference] = 1;
    return true;
  }

  /**
   * What is decided about the milestone at `position` when those before `placedUpTo` are placed. One
   * object is reused (the table reads it synchronously), which spares the hot loop an allocation.
   */
  private decided(
    position: number,
    placedUpTo: number,
    assumed = -1,
    assumedChoice = -1,
    withoutPredecessor = false,
  ): DecidedContext {
    const candidates = this.problem.candidates;
    const scratch = this.scratch;
    scratch.assumed = assumed;
    scratch.assumedChoice = assumedChoice;
    let predecessorIndex: number | undefined;
    if (!withoutPredecessor) {
      let latest = this.problem.startIndex;
      for (const predecessor of this.problem.predecessors[position] ?? []) {
        if (predecessor >= placedUpTo) {
          latest = -1;
          break;
        }
        const message = candidates[this.placed[predecessor] as number] as number;
        if (message > latest) latest = message;
      }
      predecessorIndex = latest < 0 ? undefined : latest;
    }
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
    if (reference === this.scratch.assumed) return this.problem.candidates[this.scratch.assumedChoice] as number;
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
  /** A milestone not placed yet that the context assumes at candidate `assumedChoice` (-1: none). */
  assumed = -1;
  assumedChoice = -1;

  constructor(private readonly search: MappingSearch) {}

  matched(id: string): number | undefined {
    const reference = this.search.positionOfId(id);
    return reference < 0 ? -1 : this.search.referenceMessage(reference);
  }
}

/** The largest value from index `from` on (0 when there is none). */
function maxFrom(values: Float64Array, from: number): number {
  let best = 0;
  for (let index = from; index < values.length; index += 1)
    if ((values[index] as number) > best) best = values[index] as number;
  return best;
}
