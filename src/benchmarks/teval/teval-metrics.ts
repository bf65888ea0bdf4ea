/**
 * T-Eval's metrics: the ten format columns of the paper's Table 1 (each ability in string and JSON
 * format), REVIEW's choice score, and the per-item detail behind them.
 */
import type { MetricDefinition } from '../../spec/index.js';
import type { TevalAbility } from './teval-case.js';

/** The eleven scored columns of Table 1, in its order. */
export const TABLE_ONE_COLUMNS = [
  'instruct.string',
  'instruct.json',
  'plan.string',
  'plan.json',
  'reason.string',
  'reason.json',
  'retrieve.string',
  'retrieve.json',
  'understand.string',
  'understand.json',
  'review',
] as const;
export type TableOneColumn = (typeof TABLE_ONE_COLUMNS)[number];

export const ABILITY_TITLES: Readonly<Record<TevalAbility, string>> = {
  instruct: 'INSTRUCT',
  plan: 'PLAN',
  reason: 'REASON',
  retrieve: 'RETRIEVE',
  understand: 'UNDERSTAND',
  review: 'REVIEW',
};

const COLUMN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  instruct: '(format + exact tool name and argument share) / 2 for a call written to a template',
  plan: 'F1 of the longest run of matched plan steps (0.75 name + 0.25 args similarity above the threshold)',
  reason: 'embedding similarity of the predicted next thought to the gold thought',
  retrieve: 'the next tool name is the gold one',
  understand: 'next-step arguments: embedding similarity (v1) or exact per key (v2)',
};

function columnMetric(column: TableOneColumn): MetricDefinition {
  if (column === 'review') {
    return {
      id: 'review',
      title: 'REVIEW (choice)',
      description: 'the A–E judgement of a tool response is the gold one',
      direction: 'higher',
      kind: 'score',
    };
  }
  const [ability = '', format = ''] = column.split('.');
  return {
    id: column,
    title: `${ABILITY_TITLES[ability as TevalAbility]} (${format === 'json' ? 'JSON' : 'string'})`,
    description: COLUMN_DESCRIPTIONS[ability] ?? '',
    direction: 'higher',
    kind: 'score',
  };
}

export const TEVAL_METRICS: readonly MetricDefinition[] = [
  ...TABLE_ONE_COLUMNS.map(columnMetric),
  {
    id: 'overall',
    title: 'Overall',
    description:
      "over a run: the unweighted mean of the six abilities, each the mean of its string and JSON columns (REVIEW its choice score); per episode: the item's score",
    direction: 'higher',
    kind: 'score',
  },
  {
    id: 'score',
    title: 'Item score',
    description: "the item's own score (for a JSON reason/retrieve/understand item, the mean of its three)",
    direction: 'higher',
    kind: 'score',
  },
  {
    id: 'parsed',
    title: 'Parse rate',
    description: 'the reply could be read in the demanded format',
    direction: 'higher',
    kind: 'score',
  },
  {
    id: 'instruct.format',
    title: 'INSTRUCT format',
    description: 'the call follows the template',
    direction: 'higher',
    kind: 'score',
  },
  {
    id: 'instruct.args',
    title: 'INSTRUCT name+args',
    description: 'share of tool name and gold arguments matched exactly',
    direction: 'higher',
    kind: 'score',
  },
  {
    id: 'plan.precision',
    title: 'PLAN precision',
    description: 'correct / predicted steps',
    direction: 'higher',
    kind: 'score',
  },
  { id: 'plan.recall', title: 'PLAN recall', description: 'correct / gold steps', direction: 'higher', kind: 'score' },
];
