import type { ScoringContext, ScoringDescription } from '../../spec/index.js';

/**
 * What a ToolTalk run's numbers are: `reference-compatible` on the original conversations reproduces the
 * reference evaluator's numbers (the paper's Table 2); the default mode repairs its evaluator.
 */
export function describeToolTalkScoring({ options, source }: ScoringContext): ScoringDescription {
  const reference = options['tooltalk-mode'] === 'reference-compatible';
  const summary = reference
    ? 'mode reference-compatible: the reference evaluator’s comparisons and quirks'
    : 'mode default: the reference evaluator with its defects repaired (receiver, normalised arguments, turn alignment, error types)';
  if (!reference) {
    return {
      summary,
      notComparable: 'the default mode repairs the reference evaluator; use --tooltalk-mode reference-compatible',
    };
  }
  if (source === 'built-in') {
    return {
      summary,
      notComparable: 'toolgauge’s own conversations, not the original 78 (toolgauge data pull tooltalk, then --data)',
    };
  }
  return {
    summary,
    comparable: {
      with: 'ToolTalk Tables 1 and 2 (3 and 4 without documentation), if these are the original conversations',
      note: `cases from ${source}; free-text arguments compared with the run's embedder, where the reference used sent2vec`,
    },
  };
}
