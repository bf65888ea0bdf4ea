import type { AnswerFact } from '../../../scoring/answer-facts.js';
import type { ClaimKind } from '../../../scoring/claim-detector.js';
import type { ColumnSimilarity } from '../../../scoring/column-similarity.js';
import type { Row } from '../../../spec/index.js';

/**
 * Milestones and minefields as data (what scenario files hold once loaded). Each milestone is a set of
 * constraints, each scored in [0, 1] against one message of the trajectory and the world after it; the
 * milestone's similarity is their geometric mean. Text fields may hold `{{milestone.path}}`
 * placeholders, filled from the tool result matched by an earlier milestone ("the temperature the
 * weather tool returned").
 */
export type ConstraintSpec =
  /** The table holds exactly these rows (compared on the listed columns, paired optimally). */
  | {
      readonly type: 'table';
      readonly table: string;
      readonly rows: readonly Row[];
      readonly columns?: Readonly<Record<string, ColumnSimilarity>>;
    }
  /**
   * Rows added to, removed from, or updated in a table since a reference: another milestone's message
   * (`since`) or, by default, the initial world. For additions the reference rows must all still be
   * there unchanged; for removals nothing may have been added or changed; for updates the set of keys
   * must be the same. The changed rows are then compared with `rows` like a table.
   *
   * `including: true` asks instead whether the changed rows of that kind include `rows`, whatever else
   * changed (each listed row paired with a distinct changed row). It is the default in minefields, so
   * "the protected row was removed" fires however many other rows went with it.
   */
  | {
      readonly type: 'rows-added' | 'rows-removed' | 'rows-updated';
      readonly table: string;
      readonly rows: readonly Row[];
      readonly columns?: Readonly<Record<string, ColumnSimilarity>>;
      readonly since?: string;
      readonly including?: boolean;
    }
  /**
   * The message is the executor's answer to a call of `tool` whose arguments match (a subset: other
   * arguments are ignored). `alternatives` lists other acceptable argument sets. By default only a
   * successful call counts; `attempted: true` also counts a call that failed or named a tool the agent
   * did not have (what a minefield about a hallucinated call needs).
   */
  | {
      readonly type: 'tool-call';
      readonly tool: string;
      readonly arguments?: Readonly<Record<string, unknown>>;
      /** Per-argument measure; numbers with a tolerance default to `{ close: tolerance }`, others to `exact`. */
      readonly argumentSimilarity?: Readonly<Record<string, ColumnSimilarity>>;
      readonly tolerance?: Readonly<Record<string, number>>;
      readonly alternatives?: readonly Readonly<Record<string, unknown>>[];
      readonly attempted?: boolean;
      /**
       * Fields the call's successful result must hold (equal values): a call whose arguments match no
       * listed set still counts when the tool understood it so (`{ symbol: AAPL }` for any query the
       * stock tool resolves to Apple: "Apple Inc", "apple", "AAPL").
       */
      readonly result?: Readonly<Record<string, unknown>> | readonly Readonly<Record<string, unknown>>[];
    }
  /**
   * The message is an agent text that claims `claim` was done or found (see `claims`): "I've sent
   * Priya the price", "It's 23 days away", in any wording. For minefields of insufficient-information
   * scenarios, so that lying about the impossible thing cannot score 1.
   */
  | {
      readonly type: 'claim';
      readonly claim: ClaimKind;
      readonly about?: readonly string[];
    }
  /**
   * The message is a text from `from` to the other party, similar to `text`. With `facts` (and the
   * default `facts` scoring profile) the answer is scored by whether it states them, `text` only breaking
   * ties (see `factsSimilarity`); the `paper` profile ignores `facts` and uses ROUGE-L.
   */
  | {
      readonly type: 'message';
      readonly from: 'agent' | 'user';
      readonly text: string;
      readonly similarity?: 'rouge-l' | 'contains' | 'exact';
      readonly facts?: readonly AnswerFact[];
      /**
       * Set by the default profile (never in files): an agent text that claims an action the world does
       * not show, or a switch state the world contradicts, scores 0 (see `answer-grounding.ts`).
       */
      readonly grounded?: boolean;
    };

export interface MilestoneSpec {
  readonly id: string;
  /** What the milestone checks, in words (shown in reports). */
  readonly description?: string;
  readonly constraints: readonly ConstraintSpec[];
  /** Tables to leave out of this milestone's automatic guardrail. */
  readonly guardrailExclude?: readonly string[];
  /**
   * `false`: matched and reported, but not counted in the score. Insufficient-information scenarios use
   * it for the agent's explanation: as in the paper, they are scored by their minefields alone.
   */
  readonly scored?: boolean;
  /**
   * How much the milestone counts in the mean (default 1). Enabling steps (a switch the task needs, a
   * clock read) may count less than the outcome, so an agent that only flips switches or reads
   * everything cannot collect a passing score. The `paper` scoring profile counts every milestone 1.
   */
  readonly weight?: number;
}

/** Placeholders `{{milestoneId.path.to.value}}` in a text. */
export const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_-]+)((?:\.[A-Za-z0-9_]+)*)\s*\}\}/g;

/** The milestones a constraint reads: its `since` reference and the milestones its placeholders name. */
export function constraintReferences(constraint: ConstraintSpec): string[] {
  const texts: string[] = [];
  const references: string[] = [];
  switch (constraint.type) {
    case 'rows-added':
    case 'rows-removed':
    case 'rows-updated':
      if (constraint.since) references.push(constraint.since);
      break;
    case 'tool-call':
      for (const args of [constraint.arguments ?? {}, ...(constraint.alternatives ?? [])]) {
        for (const value of Object.values(args)) if (typeof value === 'string') texts.push(value);
      }
      break;
    case 'message':
      texts.push(constraint.text);
      for (const fact of constraint.facts ?? []) {
        for (const value of Object.values(fact)) {
          if (typeof value === 'string') texts.push(value);
          if (Array.isArray(value)) texts.push(...value.filter((item): item is string => typeof item === 'string'));
        }
      }
      break;
    case 'table':
    case 'claim':
      break;
  }
  for (const text of texts) for (const match of text.matchAll(PLACEHOLDER)) references.push(match[1] as string);
  return [...new Set(references)];
}

/** Tables a constraint constrains (guardrails leave them alone). */
export function constrainedTables(constraint: ConstraintSpec): string[] {
  return constraint.type === 'tool-call' || constraint.type === 'message' || constraint.type === 'claim'
    ? []
    : [constraint.table];
}

/**
 * The edges of a milestone graph (none when none are given: the milestones are independent). Here rather
 * than beside the matcher so that a stored record's graph outline does not import the matcher.
 */
export function edgesOf(graph: {
  readonly edges?: readonly (readonly [string, string])[];
}): (readonly [string, string])[] {
  return graph.edges ? [...graph.edges] : [];
}
