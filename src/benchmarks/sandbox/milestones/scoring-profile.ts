/**
 * How answers and milestones are scored. `facts` (the default): an answer milestone that names facts is
 * scored by whether the answer states them, milestones count by their `weight`, and damage after the
 * last milestone counts. `paper`: ToolSandbox's own rules, for numbers comparable with the paper — every
 * answer by ROUGE-L against its reference text, every milestone weight 1, nothing checked after the
 * last milestone. (A module of its own so that the `--scoring` option's declaration does not import
 * the matcher.)
 */
export type ScoringProfile = 'facts' | 'paper';
export const SCORING_PROFILES: readonly ScoringProfile[] = ['facts', 'paper'];
