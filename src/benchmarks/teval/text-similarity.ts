import type { Embedder } from '../../spec/index.js';

/**
 * Similarities of text pairs in [0, 1]: cosine of their embeddings, clipped at 0 as the reference does.
 * Identical texts score exactly 1 without asking the embedder (a model gives them identical vectors, so
 * cosine 1 up to rounding; this also keeps texts without words, like `{}`, from scoring 0).
 */
export type PairSimilarity = (pairs: readonly (readonly [string, string])[]) => Promise<number[]>;

export function embeddingSimilarity(embedder: Embedder, signal?: AbortSignal): PairSimilarity {
  return async (pairs) => {
    const different = pairs.filter(([left, right]) => left !== right);
    if (different.length === 0) return pairs.map(() => 1);
    const texts = [...new Set(different.flat())];
    const vectors = await embedder.embed(texts, signal);
    const byText = new Map(texts.map((text, index) => [text, vectors[index] as Float32Array]));
    return pairs.map(([left, right]) => {
      if (left === right) return 1;
      const leftVector = byText.get(left);
      const rightVector = byText.get(right);
      return leftVector && rightVector ? Math.max(0, cosine(leftVector, rightVector)) : 0;
    });
  };
}

/** Cosine similarity; 0 when either vector is zero. */
export function cosine(left: Float32Array, right: Float32Array): number {
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const a = left[index] as number;
    const b = right[index] as number;
    dot += a * b;
    leftNorm += a * a;
    rightNorm += b * b;
  }
  if (leftNorm === 0 || rightNorm === 0) return 0;
  return dot / Math.sqrt(leftNorm * rightNorm);
}
