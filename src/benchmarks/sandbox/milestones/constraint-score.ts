import { convertAmount, resolveUnit } from '../../../domains/math/unit-names.js';
import { type AnswerFact, type FactClock, factsSimilarity, factVerdict } from '../../../scoring/answer-facts.js';
import { claims } from '../../../scoring/claim-detector.js';
import { type ColumnSimilarity, columnSimilarity } from '../../../scoring/column-similarity.js';
import type { EpisodeView } from '../../../scoring/episode-view.js';
import { rougeL } from '../../../scoring/rouge-l.js';
import { rowSetSimilarity, rowSubsetSimilarity } from '../../../scoring/row-assignment.js';
import type { CellValue, Row } from '../../../spec/index.js';
import { remembered } from '../../../util/index.js';
import { ungroundedClaim } from './answer-grounding.js';
import type { MatchContext } from './milestone-matcher.js';
import type { ConstraintSpec } from './milestone-spec.js';
import { filledTexts, wholePlaceholder } from './placeholders.js';
import { changedRows } from './row-changes.js';

/** Columns compared by ROUGE-L unless a constraint says otherwise (free text); the rest exactly. */
const TEXT_COLUMNS = new Set(['content', 'relationship', 'text']);

/** The similarity in [0, 1] of one constraint to message `messageIndex`. */
export function scoreConstraint(
  constraint: ConstraintSpec,
  view: EpisodeView,
  messageIndex: number,
  context: MatchContext,
): number {
  switch (constraint.type) {
    case 'table':
      return rowSimilarity('set', constraint, view.worldAt(messageIndex).rows(constraint.table));
    case 'rows-added':
    case 'rows-removed':
    case 'rows-updated': {
      const referenceIndex = constraint.since ? context.matched(constraint.since) : -1;
      const including = constraint.including === true;
      const changed = view.remember(
        `${constraint.type}|${constraint.table}|${referenceIndex}|${messageIndex}|${including}`,
        () =>
          changedRows(
            constraint.type,
            constraint.table,
            view.worldAt(referenceIndex),
            view.worldAt(messageIndex),
            including,
          ),
      );
      if (!changed) return 0;
      return rowSimilarity(including ? 'subset' : 'set', constraint, changed);
    }
    case 'tool-call':
      return scoreToolCall(constraint, view, messageIndex, context);
    case 'claim': {
      const message = view.messages[messageIndex];
      if (message?.type !== 'text' || message.sender !== 'agent') return 0;
      return claims(message.text, constraint) ? 1 : 0;
    }
    case 'message': {
      const message = view.messages[messageIndex];
      if (message?.type !== 'text' || message.sender !== constraint.from) return 0;
      const targets = filledTexts(constraint.text, view, context);
      if (!targets) return 0;
      const wording = Math.max(
        ...targets.map((target) => textSimilarity(constraint.similarity ?? 'rouge-l', target, message.text)),
      );
      // The default profile: an answer claiming what the world does not show earns nothing.
      if (constraint.grounded && constraint.from === 'agent' && ungroundedClaim(message.text, view, messageIndex)) {
        return 0;
      }
      if (!constraint.facts?.length) return wording;
      const clock = factClock(view);
      let stated = 0;
      let contradicted = 0;
      for (const fact of constraint.facts) {
        const filled = fillFact(fact, view, context);
        const verdict = filled === undefined ? 'missing' : factVerdict(message.text, filled, clock);
        if (verdict === 'stated') stated += 1;
        if (verdict === 'contradicted') contradicted += 1;
      }
      return factsSimilarity(stated, constraint.facts.length, wording, contradicted);
    }
  }
}

/** An amount from the unit its words name into another unit of the same kind (mathjs, via the math domain). */
function convertUnits(amount: number, unitWords: string, toUnit: string): number | undefined {
  const from = resolveUnit(unitWords);
  const to = resolveUnit(toUnit);
  if (!from || !to || !from.unit.equalBase(to.unit)) return undefined;
  try {
    return convertAmount(amount, from, to);
  } catch {
    return undefined;
  }
}

/**
 * What facts are read against in an episode: its clock, and the names of the contacts the world starts
 * with (full and first names, the phone's owner left out), so naming another one is a wrong name.
 */
export function factClock(view: EpisodeView): FactClock {
  return view.remember('fact-clock', () => {
    const names: string[] = [];
    if (view.initial.schema.tables.has('contacts')) {
      for (const row of view.initial.rows('contacts')) {
        if (row.is_self === true || typeof row.name !== 'string') continue;
        names.push(row.name, row.name.split(/\s+/)[0] ?? row.name);
      }
    }
    return {
      ...view.trajectory.clock,
      names: [...new Set(names)].filter((name) => name.length > 2),
      convert: convertUnits,
    };
  });
}

/**
 * Whether a constraint is 0 at a message by the first check `scoreConstraint` makes, which reads
 * neither the world nor the mapping: a tool call that is not that tool's result, a message from someone
 * else or not a text, a claim not in an agent's text. False where that check passes (or there is none).
 */
export function failsFirstCheck(constraint: ConstraintSpec, view: EpisodeView, messageIndex: number): boolean {
  switch (constraint.type) {
    case 'tool-call': {
      const trace = view.traceAt(messageIndex);
      return trace?.caller !== 'agent' || (trace.toolName ?? trace.requestedName) !== constraint.tool;
    }
    case 'message': {
      const message = view.messages[messageIndex];
      return message?.type !== 'text' || message.sender !== constraint.from;
    }
    case 'claim': {
      const message = view.messages[messageIndex];
      return message?.type !== 'text' || message.sender !== 'agent';
    }
    default:
      return false;
  }
}

/** A fact with its placeholders filled from matched tool results (undefined when one cannot be). */
export function fillFact(fact: AnswerFact, view: EpisodeView, context: MatchContext): AnswerFact | undefined {
  // Without placeholders the fact itself (the same object every time, which lets its verdicts be remembered).
  if (!Object.values(fact).some((value) => typeof value === 'string' && value.includes('{{'))) return fact;
  const filled: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fact)) {
    if (typeof value !== 'string' || !value.includes('{{')) {
      filled[key] = value;
      continue;
    }
    const whole = wholePlaceholder(value, view, context);
    if (whole) {
      if (whole.value === undefined) return undefined;
      filled[key] = whole.value;
      continue;
    }
    const texts = filledTexts(value, view, context, 1);
    if (!texts?.[0]) return undefined;
    filled[key] = texts[0];
  }
  return filled as AnswerFact;
}

/**
 * Row similarities per target rows, actual rows and column measures. Both row lists are immutable (a
 * snapshot's table, or remembered changed rows), and a table no call changed is the same list in every
 * case of a scenario, so most of them are computed once per scenario rather than per message and case.
 */
const rowSimilarities = {
  set: new WeakMap<readonly Row[], WeakMap<readonly Row[], Map<object | undefined, number>>>(),
  subset: new WeakMap<readonly Row[], WeakMap<readonly Row[], Map<object | undefined, number>>>(),
};

function rowSimilarity(
  mode: 'set' | 'subset',
  constraint: { readonly rows: readonly Row[]; readonly columns?: Readonly<Record<string, ColumnSimilarity>> },
  actual: readonly Row[],
): number {
  const byActual = remembered(rowSimilarities[mode], constraint.rows, () => new WeakMap());
  const byColumns = remembered(byActual, actual, () => new Map<object | undefined, number>());
  const similarity = remembered(byColumns, constraint.columns, () => {
    const measureOf = measures(constraint.columns);
    return mode === 'subset'
      ? rowSubsetSimilarity(constraint.rows, actual, measureOf)
      : rowSetSimilarity(constraint.rows, actual, measureOf);
  });
  return similarity;
}

function measures(
  overrides: Readonly<Record<string, ColumnSimilarity>> | undefined,
): (column: string) => ColumnSimilarity {
  return (column) => overrides?.[column] ?? (TEXT_COLUMNS.has(column) ? 'rouge-l' : 'exact');
}

function textSimilarity(measure: 'rouge-l' | 'contains' | 'exact', target: string, actual: string): number {
  if (measure === 'rouge-l') return rougeL(target, actual);
  return columnSimilarity(measure, target, actual);
}

function scoreToolCall(
  constraint: Extract<ConstraintSpec, { type: 'tool-call' }>,
  view: EpisodeView,
  messageIndex: number,
  context: MatchContext,
): number {
  const trace = view.traceAt(messageIndex);
  if (trace?.caller !== 'agent') return 0;
  if ((trace.toolName ?? trace.requestedName) !== constraint.tool) return 0;
  if (!constraint.attempted && trace.outcome.type !== 'result') return 0;
  if (constraint.result && trace.outcome.type === 'result' && resultHolds(constraint.result, trace.outcome.value)) {
    return 1;
  }
  const actual = typeof trace.arguments === 'string' ? undefined : trace.arguments;
  const options = [constraint.arguments ?? {}, ...(constraint.alternatives ?? [])];
  let best = 0;
  for (const expected of options) {
    const names = Object.keys(expected);
    if (names.length === 0) return 1;
    if (!actual) continue;
    let product = 1;
    for (const name of names) {
      product *= argumentSimilarity(constraint, name, expected[name], actual[name], view, context);
      if (product === 0) break;
    }
    best = Math.max(best, product ** (1 / names.length));
  }
  return best;
}

/**
 * Whether a tool result holds the expected fields: the result itself, or any item of a list result (a
 * read that listed more than it needed still found the row, at whatever position). `expected` may be a
 * list of such field sets, each to be held by some item (the rows a read must find).
 */
function resultHolds(
  expected: Readonly<Record<string, unknown>> | readonly Readonly<Record<string, unknown>>[],
  value: unknown,
): boolean {
  const records = Array.isArray(value) ? value : [value];
  const wanted = Array.isArray(expected) ? expected : [expected];
  return wanted.every((fields) =>
    records.some(
      (record) =>
        record !== null &&
        typeof record === 'object' &&
        Object.entries(fields).every(
          ([key, field]) => JSON.stringify((record as Record<string, unknown>)[key]) === JSON.stringify(field),
        ),
    ),
  );
}

function argumentSimilarity(
  constraint: Extract<ConstraintSpec, { type: 'tool-call' }>,
  name: string,
  expected: unknown,
  actual: unknown,
  view: EpisodeView,
  context: MatchContext,
): number {
  if (actual === undefined) return 0;
  const tolerance = constraint.tolerance?.[name];
  const measure: ColumnSimilarity =
    constraint.argumentSimilarity?.[name] ?? (tolerance === undefined ? 'exact' : { close: tolerance });
  if (typeof expected === 'string') {
    const whole = wholePlaceholder(expected, view, context);
    if (whole) return whole.value === undefined ? 0 : compareValues(measure, whole.value, actual);
    const targets = filledTexts(expected, view, context);
    if (!targets) return 0;
    return Math.max(...targets.map((target) => compareValues(measure, target, actual)));
  }
  return compareValues(measure, expected, actual);
}

function compareValues(measure: ColumnSimilarity, expected: unknown, actual: unknown): number {
  if (isCell(expected) && isCell(actual)) return columnSimilarity(measure, expected, actual);
  return JSON.stringify(expected) === JSON.stringify(actual) ? 1 : 0;
}

function isCell(value: unknown): value is CellValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}
