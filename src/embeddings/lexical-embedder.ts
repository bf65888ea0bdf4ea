/**
 * A lexical embedder for tests and for machines without the model: lower-cased word tokens and
 * character trigrams hashed into a fixed number of dimensions. Texts sharing words score high,
 * paraphrases with different words low. Deterministic and instant.
 */
import { createHash } from 'node:crypto';
import type { Embedder } from '../spec/index.js';

const DIMENSIONS = 512;

export class LexicalEmbedder implements Embedder {
  readonly id = 'lexical';
  readonly dimensions = DIMENSIONS;

  async embed(texts: readonly string[]): Promise<readonly Float32Array[]> {
    return texts.map((text) => lexicalVector(text));
  }
}

export function lexicalVector(text: string): Float32Array {
  const vector = new Float32Array(DIMENSIONS);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    add(vector, `w:${word}`, 1);
    const padded = ` ${word} `;
    for (let index = 0; index + 3 <= padded.length; index += 1) {
      add(vector, `t:${padded.slice(index, index + 3)}`, 0.5);
    }
  }
  return vector;
}

function add(vector: Float32Array, feature: string, weight: number): void {
  const bucket = createHash('md5').update(feature).digest().readUInt32LE(0) % DIMENSIONS;
  vector[bucket] = (vector[bucket] ?? 0) + weight;
}
