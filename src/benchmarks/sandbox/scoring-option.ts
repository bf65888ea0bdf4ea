import type { BenchmarkOption, BenchmarkOptionValues } from '../../spec/index.js';
import { SCORING_PROFILES, type ScoringProfile } from './milestones/scoring-profile.js';
import type { SandboxScenario } from './sandbox-scenario.js';

/**
 * The sandbox benchmark's `--scoring` option: `facts` (default) scores an answer milestone by the facts
 * it names and milestones by their weights; `paper` keeps ToolSandbox's ROUGE-L answers and equal
 * weights, so numbers stay comparable with the paper. (For the benchmark's `options` list.)
 */
export const SCORING_OPTION: BenchmarkOption = {
  flag: 'scoring',
  description:
    "how sandbox answers are scored: facts (an answer is scored by the facts it states) or paper (ROUGE-L against the reference answer, as in ToolSandbox); default: the corpus's own (paper for --corpus toolsandbox), else facts",
  commands: ['run', 'validate', 'rescore'],
  type: 'string',
  choices: SCORING_PROFILES,
};

/**
 * The profile a case is scored with: the option's when given, else the case's corpus's (`corpus.yaml`:
 * the ToolSandbox corpus is scored by the paper's rules), else `facts`.
 */
export function scoringProfileOf(options: BenchmarkOptionValues, scenario?: SandboxScenario): ScoringProfile {
  if (options.scoring === 'paper' || options.scoring === 'facts') return options.scoring;
  return scenario?.corpus?.scoring ?? 'facts';
}
