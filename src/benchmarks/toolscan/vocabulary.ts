/**
 * ToolScan's small vocabularies: the error patterns, the query augmentations and the query sets. Their
 * own module, free of the environments, the scorer and zod, so that reading and reporting stored
 * episodes (`reader.ts`, `aggregator.ts`) can name them without importing the play path.
 */

/** The seven error patterns of the paper (§6), in the order its Table 4 prints them. */
export const PATTERNS = ['IAC', 'RAC', 'IAV', 'IFE', 'IAT', 'IAN', 'IFN'] as const;
export type Pattern = (typeof PATTERNS)[number];

export const PATTERN_TITLES: Readonly<Record<Pattern, string>> = {
  IAC: 'Insufficient API calls',
  RAC: 'Repeated API calls',
  IAV: 'Incorrect argument values',
  IFE: 'Invalid format errors',
  IAT: 'Incorrect argument types',
  IAN: 'Incorrect argument names',
  IFN: 'Incorrect function names',
};

/** How a query was augmented from its seed (a query file's `augmentation`). */
export const AUGMENTATIONS = [
  'constraint',
  'sentence-transformation',
  'relevant-data',
  'irrelevant-constraint',
] as const;
export type Augmentation = (typeof AUGMENTATIONS)[number];

/** The paper's three kinds of irrelevance variant (its Table 7 prompt). */
export const IRRELEVANCE_KINDS = ['unrelated-request', 'unexpressible-constraint', 'mismatched-parameter'] as const;
export type IrrelevanceKind = (typeof IRRELEVANCE_KINDS)[number];

/** Which queries a run plays: the paper's main set, the irrelevance variants, or both. */
export const QUERY_SETS = ['main', 'irrelevance', 'all'] as const;
export type QuerySet = (typeof QUERY_SETS)[number];
