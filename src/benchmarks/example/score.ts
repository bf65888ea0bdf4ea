import type { MetricDefinition, MetricValues, Turn } from '../../spec/index.js';
import { canonicalJson } from '../../util/index.js';
import type { ExampleCase } from './cases.js';

export const EXAMPLE_METRICS: readonly MetricDefinition[] = [
  {
    id: 'accuracy',
    title: 'Accuracy',
    description: 'The reply is exactly the gold call',
    direction: 'higher',
    kind: 'score',
  },
  {
    id: 'argumentRecall',
    title: 'Argument recall',
    description: 'Gold arguments given with the gold value, in a call of the gold tool (micro-averaged)',
    direction: 'higher',
    kind: 'score',
  },
  {
    id: 'matchedArguments',
    title: 'Matched arguments',
    description: 'Gold arguments matched',
    direction: 'higher',
    kind: 'count',
  },
  {
    id: 'goldArguments',
    title: 'Gold arguments',
    description: 'Arguments of the gold call',
    direction: 'higher',
    kind: 'count',
  },
];

/** A reply's metrics: exact match, and how many of the gold call's arguments it got right. */
export function scoreExampleReply(exampleCase: ExampleCase, reply: Turn | null): MetricValues {
  const gold = exampleCase.gold;
  const goldArguments = Object.keys(gold.arguments).length;
  const call = reply?.type === 'tool-calls' && reply.calls.length === 1 ? reply.calls[0] : undefined;
  const given = call && call.name === gold.name && typeof call.arguments === 'object' ? call.arguments : undefined;
  const matchedArguments = given
    ? Object.entries(gold.arguments).filter(([name, value]) => canonicalJson(given[name]) === canonicalJson(value))
        .length
    : 0;
  const exact =
    given !== undefined && matchedArguments === goldArguments && Object.keys(given).length === goldArguments ? 1 : 0;
  return {
    accuracy: exact,
    argumentRecall: goldArguments === 0 ? 1 : matchedArguments / goldArguments,
    matchedArguments,
    goldArguments,
  };
}
