import type { ScoringContext, ScoringDescription } from '../../spec/index.js';

/** What a ToolScan run's numbers are: the paper's queries were never released, so none is comparable. */
export function describeToolscanScoring({ options }: ScoringContext): ScoringDescription {
  const reference = options['toolscan-reference'] === 'on';
  return {
    summary: reference
      ? 'counting: the reference code’s (--toolscan-reference on)'
      : 'counting: the paper’s reading of the seven error patterns (toolgauge default)',
    notComparable:
      'the paper’s queries were not released; these are toolgauge’s queries in its five environments (patterns and tables in the paper’s layout)',
  };
}
