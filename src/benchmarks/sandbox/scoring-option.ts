import type { BenchmarkOption, BenchmarkOptionValues } from '../../spec/index.js';
import { SCORING_PROFILES, type ScoringProfile } from './milestones/scoring-profile.js';

/**
 * The sandbox benchmark's `--scoring` option: `facts` (default) scores an answer milestone by the facts
 * it names and milestones by their weights; `paper` keeps ToolSandbox's ROUGE-L answers and equal
 * weights, so numbers stay comparable with the paper. (For the benchmark's `options` list.)
 */
export const SCORING_OPTION: BenchmarkOption = {
  flag: 'scoring',
  description:
    'how sandbox answers are scored: facts (default; an answer is scored by the facts it states) or paper (ROUGE-L against the reference answer, as in ToolSandbox)',
  commands: ['run', 'validate', 'rescore'],
  type: 'string',
  choices: SCORING_PROFILES,
  default: 'facts',
};

/** The profile the option values choose. */
export function scoringProfileOf(options: BenchmarkOptionValues): ScoringProfile {
  return options.scoring === 'paper' ? 'paper' : 'facts';
}
