import type { ScoringContext, ScoringDescription } from '../../spec/index.js';

/**
 * What a sandbox run's numbers are. Only the paper's rules (`--scoring paper`) on the paper's scenarios
 * give numbers that stand beside ToolSandbox's Table 5; the default profile judges answers by the facts
 * they state, and toolgauge's own scenarios are not the paper's 129.
 */
export function describeSandboxScoring({ options, source }: ScoringContext): ScoringDescription {
  const paperRules = options.scoring === 'paper';
  const summary = paperRules
    ? 'scoring profile paper: ROUGE-L answers and equal milestone weights, as ToolSandbox scores them'
    : 'scoring profile facts: answers judged by the facts they state, milestones by their weights, penalties for false claims (toolgauge default)';
  if (!paperRules) {
    return {
      summary,
      notComparable:
        'the default profile is not the paper’s scoring (toolgauge rescore <run> --scoring paper gives the paper’s)',
    };
  }
  if (source === 'built-in') {
    return {
      summary,
      notComparable: 'toolgauge’s own scenarios, not the paper’s 129 (the scoring rules are the paper’s)',
    };
  }
  return {
    summary,
    comparable: {
      with: 'ToolSandbox Table 5 and Table 11, if these are the paper’s scenarios',
      note: `cases from ${source}; similarity on a 0–1 scale where the paper prints 0–100`,
    },
  };
}
