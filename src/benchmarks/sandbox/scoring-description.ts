import type { ScoringContext, ScoringDescription } from '../../spec/index.js';

/**
 * What a sandbox run's numbers are. Only the paper's rules (`--scoring paper`, the default of the
 * `toolsandbox` corpus) on the paper's scenarios give numbers that stand beside ToolSandbox's Table 5;
 * the default profile judges answers by the facts they state, and toolgauge's own scenarios are not the
 * paper's 129.
 */
export function describeSandboxScoring({ options, source }: ScoringContext): ScoringDescription {
  const paperCorpus = options.corpus === 'toolsandbox' || /corpora[/\\]toolsandbox[/\\]?$/.test(source);
  const profile = options.scoring ?? (paperCorpus ? 'paper' : 'facts');
  const summary =
    profile === 'paper'
      ? 'scoring profile paper: ROUGE-L answers and equal milestone weights, as ToolSandbox scores them'
      : 'scoring profile facts: answers judged by the facts they state, milestones by their weights, penalties for false claims (toolgauge default)';
  if (profile !== 'paper') {
    return {
      summary,
      notComparable:
        'the default profile is not the paper’s scoring (toolgauge rescore <run> --scoring paper gives the paper’s)',
    };
  }
  if (!paperCorpus) {
    return {
      summary,
      notComparable:
        'these are not the paper’s 129 scenarios (--corpus toolsandbox); the scoring rules are the paper’s',
    };
  }
  return {
    summary,
    comparable: {
      with: 'ToolSandbox Table 5 and Table 11 (the paper’s 129 scenarios × 8)',
      note: 'similarity on a 0–1 scale where the paper prints 0–100; with the scripted user, the multiple-user-turn and insufficient-information columns are not the paper’s (use --user-model)',
    },
  };
}
