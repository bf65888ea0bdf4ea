import type { ScoringContext, ScoringDescription } from '../../spec/index.js';

/**
 * What a T-Eval run's numbers are: protocol v1 with the reference's quirks on the original data is what
 * the paper's Table 1 reports; `fixed` repairs the reference scorer, and the built-in items are
 * toolgauge's own.
 */
export function describeTevalScoring({ options, source }: ScoringContext): ScoringDescription {
  const version = options['teval-protocol'] ?? 'v1';
  const quirks = options['teval-quirks'] ?? 'fixed';
  const summary = `protocol ${version}, quirks ${quirks}${quirks === 'fixed' ? ' (the reference scorer’s defects repaired)' : ' (the reference scorer as it is)'}`;
  if (source === 'built-in') {
    return { summary, notComparable: 'toolgauge’s own items (derived from its tools), not the paper’s data (--data)' };
  }
  if (version !== 'v1' || quirks !== 'faithful') {
    return {
      summary,
      notComparable:
        'the paper’s Table 1 was scored by protocol v1 with the reference’s quirks (--teval-quirks faithful)',
    };
  }
  return {
    summary,
    comparable: {
      with: 'T-Eval Table 1, if these are the paper’s data',
      note: `cases from ${source}; similarities from the run's embedder, where the paper used all-mpnet-base-v2`,
    },
  };
}
