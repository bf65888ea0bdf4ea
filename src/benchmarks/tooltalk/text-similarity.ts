/**
 * Free-text similarity for the comparators. The comparators are synchronous (as the reference's are),
 * so the texts a conversation's comparisons can need are embedded first, in one batch, and compared by
 * cosine against the embedder's thresholds. The embedder is asked for only when a conversation has a
 * free-text comparison to make, so conversations without one never load a model.
 */

import { cosineSimilarity, thresholdsFor } from '../../embeddings/index.js';
import type { Embedder } from '../../spec/index.js';
import type { ApiCallRecord } from './call-executor.js';
import {
  type ComparisonContext,
  type ComparisonMode,
  FREE_TEXT_ARGUMENTS,
  type SimilarityLevel,
} from './comparators.js';

/** Every text a free-text comparison between these predictions and this ground truth may read. */
export function freeTextsToCompare(
  predictions: readonly ApiCallRecord[],
  groundTruth: readonly ApiCallRecord[],
): string[] {
  const truthTools = new Set(groundTruth.map((call) => call.request.api_name));
  const texts = new Set<string>();
  const collect = (call: ApiCallRecord) => {
    const keys = FREE_TEXT_ARGUMENTS[call.request.api_name];
    if (!keys || !truthTools.has(call.request.api_name)) return;
    for (const key of Object.keys(keys)) {
      const value = call.request.parameters?.[key];
      if (typeof value === 'string') texts.add(value);
    }
  };
  const predictedTools = new Set(predictions.map((call) => call.request.api_name));
  for (const call of predictions) collect(call);
  for (const call of groundTruth) if (predictedTools.has(call.request.api_name)) collect(call);
  return [...texts];
}

/** A comparison context whose similarity reads precomputed vectors (texts outside them compare unequal). */
export async function comparisonContext(
  mode: ComparisonMode,
  texts: readonly string[],
  embedder: (() => Promise<Embedder>) | undefined,
): Promise<ComparisonContext & { readonly embedderId: string | null }> {
  const needed = texts.length > 1;
  if (!needed || !embedder) {
    return { mode, embedderId: null, similar: (a, b) => typeof a === 'string' && a === b };
  }
  const model = await embedder();
  const vectors = await model.embed(texts);
  const byText = new Map(texts.map((text, index) => [text, vectors[index]]));
  const thresholds = thresholdsFor(model.id);
  const similar = (a: unknown, b: unknown, level: SimilarityLevel): boolean => {
    if (typeof a !== 'string' || typeof b !== 'string') return false;
    if (a === b) return true;
    const left = byText.get(a);
    const right = byText.get(b);
    if (!left || !right) return false;
    return cosineSimilarity(left, right) >= thresholds[level];
  };
  return { mode, embedderId: model.id, similar };
}
