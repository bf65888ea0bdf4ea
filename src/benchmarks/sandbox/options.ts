import type { BenchmarkOption, BenchmarkOptionValues } from '../../spec/index.js';
import { AUGMENTATIONS } from '../../tools/augmentations/augmentation.js';
import { SANDBOX_CATEGORIES } from './categories.js';
import { JUDGE_OPTIONS } from './judge-option.js';
import { NAMED_CORPORA } from './named-corpora.js';
import { SCORING_OPTION } from './scoring-option.js';

/** The flags the sandbox benchmark adds to `run`, `list` and `validate`. */
export const SANDBOX_OPTIONS: readonly BenchmarkOption[] = [
  {
    flag: 'corpus',
    description:
      "a named corpus instead of the built-in scenarios: toolsandbox (the paper's 129 scenarios × 8 augmentations, scored by the paper's rules unless --scoring says otherwise)",
    commands: ['run', 'list', 'validate'],
    type: 'string',
    choices: Object.keys(NAMED_CORPORA),
  },
  {
    flag: 'category',
    description: 'only cases in these categories',
    commands: ['run', 'list'],
    type: 'string',
    multiple: true,
    choices: SANDBOX_CATEGORIES,
  },
  {
    flag: 'augmentation',
    description: 'only these tool augmentations',
    commands: ['run', 'list'],
    type: 'string',
    multiple: true,
    choices: AUGMENTATIONS,
  },
  SCORING_OPTION,
  ...JUDGE_OPTIONS,
];

/** A multiple-valued option's values (none when it was not given). */
export function optionList(options: BenchmarkOptionValues, flag: string): string[] {
  const value = options[flag];
  if (value === undefined || value === false) return [];
  if (typeof value === 'string') return [value];
  if (value === true) return [];
  return [...value];
}
