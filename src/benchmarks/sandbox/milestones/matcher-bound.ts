import { DefinitionError } from '../../../spec/index.js';
import type { MatchableMilestone, MatchContext } from './milestone-matcher.js';

/**
 * Thrown by a context when a similarity (or its bound) reads a part of the mapping that is not decided
 * yet. `MatchableMilestone.bound` may catch it (`isUndecided`) to treat that part as "at most 1".
 */
const UNDECIDED = Symbol('undecided part of the mapping');

/** Whether an error is the matcher saying "this part of the mapping is not decided yet". */
export function isUndecided(error: unknown): boolean {
  return error === UNDECIDED;
}

/** What is decided about the mapping around one milestone: read by the table, built by the search. */
export interface DecidedContext {
  /** A number naming what is decided (equal keys, equal decisions). */
  readonly key: number | string;
  /** The latest predecessor message, undefined while a predecessor is not placed. */
  readonly predecessorIndex: number | undefined;
  /** The matched message of a referenced milestone, undefined while it is not placed. */
  matched(id: string): number | undefined;
}

/** Bounds are refined per reference placement only for milestones with at most this many open candidates. */
const REFINE_LIMIT = 32;

/** Per open candidate of a milestone, its weighted value with one reference at each candidate. */
export type ReferenceRows = readonly Float64Array[];

interface ReferenceColumns {
  readonly rows: ReferenceRows;
  /** Columns from this candidate on are filled. */
  from: number;
}

interface ContextEntry {
  /** Per candidate: the similarity, or an upper bound where it reads an undecided part. */
  readonly values: Map<number, number>;
  /** Per lowest candidate: the weighted best value from there on (made when first asked). */
  bestFrom: Map<number, number> | undefined;
}

/**
 * Similarities and their upper bounds per milestone, candidate and decided context, each computed once.
 *
 * A similarity is first probed with nothing decided: if it never reads the mapping (no guardrail, no
 * reference), its value holds for every mapping. Otherwise it is evaluated with what is decided and, if
 * it reads an undecided part, the milestone's own `bound` stands in (or 1). The best value over the
 * candidates from some index on is found best-bound first and stops as soon as no bound can beat it, so
 * a sparse milestone (a tool call that happened once) costs a few evaluations, not one per message.
 */
export class SimilarityTable {
  private readonly loose: Float64Array[] = [];
  private readonly exactEverywhere: Uint8Array[] = [];
  /** Candidate indices by decreasing loose bound (ties by index). */
  private readonly byBound: Int32Array[] = [];
  private readonly entries: Map<number | string, ContextEntry>[];
  private readonly context = new EvaluationContext();
  /** What the last `evaluate` returned: 1 an upper bound, 2 the similarity itself. */
  private evaluated: 1 | 2 = 1;
  /** Candidates whose loose bound is above 0, ascending (the only ones a milestone can gain at). */
  private readonly open: Int32Array[] = [];
  private readonly referenceRows: Map<number | string, ReferenceColumns>[];

  constructor(
    private readonly order: readonly MatchableMilestone[],
    private readonly weights: readonly number[],
    private readonly candidates: readonly number[],
  ) {
    this.entries = order.map(() => new Map());
    this.referenceRows = order.map(() => new Map());
    const nothingDecided: DecidedContext = { key: 0, predecessorIndex: undefined, matched: () => undefined };
    for (const milestone of order) {
      const values = new Float64Array(candidates.length);
      const exact = new Uint8Array(candidates.length);
      const zeroAt = milestone.references.length === 0 ? milestone.zeroAt?.bind(milestone) : undefined;
      candidates.forEach((messageIndex, index) => {
        if (zeroAt?.(messageIndex)) {
          // The similarity itself (scoring would return 0 without reading anything undecided).
          values[index] = 0;
          exact[index] = 1;
          return;
        }
        const value = this.evaluate(milestone, messageIndex, nothingDecided);
        const state = this.evaluated;
        values[index] = Number.isNaN(value) && state === 1 ? 1 : value;
        exact[index] = state === 2 ? 1 : 0;
      });
      this.refine(milestone, values, exact);
      this.loose.push(values);
      this.exactEverywhere.push(exact);
      this.byBound.push(byDecreasingBound(values));
      this.open.push(openCandidates(values));
    }
  }

  /**
   * Tightens the bounds of a milestone that reads other milestones (a `since`, a placeholder): with one
   * reference placed at each candidate in turn, the best bound is still a bound over every mapping, and
   * usually far below 1. Done only where few candidates are open (a tool call that happened a few
   * times), which keeps it to a few hundred evaluations.
   */
  private refine(milestone: MatchableMilestone, values: Float64Array, exact: Uint8Array): void {
    if (milestone.references.length === 0) return;
    const open: number[] = [];
    values.forEach((value, index) => {
      if (exact[index] === 0 && value > 0) open.push(index);
    });
    if (open.length > REFINE_LIMIT) return;
    for (const index of open) {
      const messageIndex = this.candidates[index] as number;
      for (const reference of milestone.references) {
        let best = 0;
        for (const placed of this.candidates) {
          const decided: DecidedContext = {
            key: 0,
            predecessorIndex: undefined,
            matched: (id) => (id === reference ? placed : undefined),
          };
          const value = this.evaluate(milestone, messageIndex, decided);
          if (value > best) best = value;
          if (!(best < (values[index] as number))) break;
        }
        if (best < (values[index] as number)) values[index] = best;
      }
    }
  }

  /** The weighted loose bound of a milestone at a candidate (what children are ordered by). */
  looseBound(position: number, candidate: number): number {
    return (this.weights[position] as number) * ((this.loose[position] as Float64Array)[candidate] as number);
  }

  /** Candidate indices of a milestone by decreasing loose bound. */
  candidatesByBound(position: number): Int32Array {
    return this.byBound[position] as Int32Array;
  }

  /**
   * The similarity of a milestone at a candidate given what is decided: exact when it reads nothing
   * undecided, otherwise an upper bound (never above the loose one).
   */
  value(position: number, candidate: number, decided: DecidedContext): number {
    const loose = (this.loose[position] as Float64Array)[candidate] as number;
    // A similarity is at least 0, so a bound of 0 is the similarity itself.
    if (loose === 0 || (this.exactEverywhere[position] as Uint8Array)[candidate] === 1) return loose;
    const entry = this.entry(position, decided.key);
    let known = entry.values.get(candidate);
    if (known === undefined) {
      const milestone = this.order[position] as MatchableMilestone;
      const value = this.evaluate(milestone, this.candidates[candidate] as number, decided);
      const state = this.evaluated;
      known = state === 2 ? value : Math.min(value, loose);
      entry.values.set(candidate, known);
    }
    return known;
  }

  /** Weighted: the best `value` over candidates from index `lowest` on (0 when there is none). */
  bestFrom(position: number, lowest: number, decided: DecidedContext): number {
    const entry = this.entry(position, decided.key);
    entry.bestFrom ??= new Map();
    const known = entry.bestFrom.get(lowest);
    if (known !== undefined) return known;
    const weight = this.weights[position] as number;
    let best = 0;
    for (const candidate of this.byBound[position] as Int32Array) {
      if (candidate < lowest) continue;
      if (!(this.looseBound(position, candidate) > best)) break;
      const value = weight * this.value(position, candidate, decided);
      if (value > best) best = value;
    }
    entry.bestFrom.set(lowest, best);
    return best;
  }

  /**
   * The candidates at which the milestone can gain anything (loose bound above 0), ascending; undefined
   * when there are too many for the search to pair them with a reference's every candidate.
   */
  openCandidates(position: number): Int32Array | undefined {
    const open = this.open[position] as Int32Array;
    return open.length > REFINE_LIMIT ? undefined : open;
  }

  /** Weighted `value`. */
  weightedValue(position: number, candidate: number, decided: DecidedContext): number {
    return (this.weights[position] as number) * this.value(position, candidate, decided);
  }

  /**
   * Weighted values of a milestone at each of its open candidates (rows, in `openCandidates` order) with
   * one reference not placed yet put at each candidate in turn (columns): `contextAt(choice)` is what is
   * decided then (read at once), `key` what is decided without that reference. Computed once per key.
   */
  referenceValues(
    position: number,
    key: number | string,
    from: number,
    contextAt: (choice: number) => DecidedContext,
  ): ReferenceRows {
    const cache = this.referenceRows[position] as Map<number | string, ReferenceColumns>;
    const open = this.open[position] as Int32Array;
    const count = this.candidates.length;
    let known = cache.get(key);
    if (!known) {
      known = { rows: Array.from(open, () => new Float64Array(count)), from: count };
      cache.set(key, known);
    }
    // Columns are filled from the right, as far left as a caller needs.
    for (let choice = known.from - 1; choice >= from; choice -= 1) {
      const decided = contextAt(choice);
      for (let row = 0; row < open.length; row += 1) {
        (known.rows[row] as Float64Array)[choice] = this.weightedValue(position, open[row] as number, decided);
      }
    }
    if (from < known.from) known.from = from;
    return known.rows;
  }

  private entry(position: number, key: number | string): ContextEntry {
    const entries = this.entries[position] as Map<number | string, ContextEntry>;
    let entry = entries.get(key);
    if (!entry) {
      entry = { values: new Map(), bestFrom: undefined };
      entries.set(key, entry);
    }
    return entry;
  }

  /**
   * The similarity if it reads nothing undecided (`evaluated` is then 2), else the bound (`evaluated`
   * 1). One context object serves every evaluation (milestones read it synchronously, as `score` must).
   */
  private evaluate(milestone: MatchableMilestone, messageIndex: number, decided: DecidedContext): number {
    const context = this.context;
    context.decided = decided;
    context.milestoneId = milestone.id;
    // Trying the similarity where it is known to read an undecided part would only throw (which costs):
    // a milestone that reads its predecessor and has a bound goes straight to the bound then.
    const predecessorUndecided = decided.predecessorIndex === undefined && milestone.readsPredecessor !== false;
    let referenceUndecided = false;
    for (const id of milestone.references) {
      if (decided.matched(id) === undefined) {
        referenceUndecided = true;
        break;
      }
    }
    if (!(milestone.bound && (predecessorUndecided || referenceUndecided))) {
      try {
        const value = milestone.score(messageIndex, context);
        this.evaluated = 2;
        return value;
      } catch (error) {
        if (!isUndecided(error)) throw error;
      }
    }
    this.evaluated = 1;
    if (!milestone.bound) return 1;
    try {
      return milestone.bound(messageIndex, context);
    } catch (error) {
      if (!isUndecided(error)) throw error;
      return 1;
    }
  }
}

/** What a similarity may read, from what is decided; reading an undecided part throws `UNDECIDED`. */
class EvaluationContext implements MatchContext {
  decided: DecidedContext = { key: 0, predecessorIndex: undefined, matched: () => undefined };
  milestoneId = '';

  get predecessorIndex(): number {
    const index = this.decided.predecessorIndex;
    if (index === undefined) throw UNDECIDED;
    return index;
  }

  matched(id: string): number {
    const index = this.decided.matched(id);
    if (index === undefined) throw UNDECIDED;
    if (index < 0) throw new DefinitionError(`milestone "${this.milestoneId}" read "${id}" before it was matched`);
    return index;
  }

  decidedMatch(id: string): number | undefined {
    const index = this.decided.matched(id);
    return index === undefined || index < 0 ? undefined : index;
  }
}

function orderable(value: number): number {
  return Number.isNaN(value) ? -1 : value;
}

/**
 * Candidate indices by decreasing bound (NaN as -1), ties by index. Most bounds are 0 (a milestone
 * matches few messages), and those are already in index order: only the others are sorted.
 */
export function byDecreasingBound(values: Float64Array): Int32Array {
  const others: number[] = [];
  let zeros = 0;
  for (let index = 0; index < values.length; index += 1) {
    if (orderable(values[index] as number) === 0) zeros += 1;
    else others.push(index);
  }
  others.sort((a, b) => orderable(values[b] as number) - orderable(values[a] as number) || a - b);
  const sorted = new Int32Array(values.length);
  let next = 0;
  let other = 0;
  while (other < others.length && orderable(values[others[other] as number] as number) > 0) {
    sorted[next++] = others[other++] as number;
  }
  if (zeros > 0) {
    for (let index = 0; index < values.length; index += 1) {
      if (orderable(values[index] as number) === 0) sorted[next++] = index;
    }
  }
  while (other < others.length) sorted[next++] = others[other++] as number;
  return sorted;
}

/** The candidates whose bound is above 0, ascending. */
function openCandidates(values: Float64Array): Int32Array {
  let count = 0;
  for (const value of values) if (value > 0) count += 1;
  const open = new Int32Array(count);
  let next = 0;
  for (let index = 0; index < values.length; index += 1) if ((values[index] as number) > 0) open[next++] = index;
  return open;
}
