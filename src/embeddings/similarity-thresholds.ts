/**
 * The similarity an embedder must reach for two texts to count as "the same" in ToolTalk's free-text
 * comparators, per embedder, in one place. `strict` stands where the reference uses 0.9 (event names,
 * reminder tasks, email subjects), `loose` where it uses 0.8 (email bodies, message texts).
 *
 * The reference's 0.9 / 0.8 were set for DistilBERT [CLS] vectors, which score even unrelated texts
 * high; they stay for OpenAI-compatible servers (a user serving the reference's own model gets its
 * numbers). The offline default (Universal Sentence Encoder lite) and the lexical fallback were
 * calibrated on paraphrase / non-paraphrase pairs written for this project (`bench/embedder-calibration.ts`,
 * figures in the README): each threshold sits between the two groups.
 */
export interface SimilarityThresholds {
  readonly strict: number;
  readonly loose: number;
  /** Where the numbers come from. */
  readonly source: string;
}

export const REFERENCE_THRESHOLDS: SimilarityThresholds = {
  strict: 0.9,
  loose: 0.8,
  source: 'the ToolTalk reference (DistilBERT [CLS] cosine)',
};

const THRESHOLDS: Readonly<Record<string, SimilarityThresholds>> = {
  'use-lite': { strict: 0.6, loose: 0.72, source: 'calibrated on bench/embedder-calibration.ts pairs' },
  lexical: { strict: 0.67, loose: 0.53, source: 'calibrated on bench/embedder-calibration.ts pairs' },
};

/** The thresholds of an embedder by id; OpenAI-compatible and unknown embedders get the reference's. */
export function thresholdsFor(embedderId: string): SimilarityThresholds {
  return THRESHOLDS[embedderId] ?? REFERENCE_THRESHOLDS;
}
