import type { BenchmarkServices, Embedder } from '../spec/index.js';

/**
 * A deterministic test embedder: lower-cased words hashed into 256 counts. Identical texts get identical
 * vectors; texts sharing words are similar. For tests only (production code never imports it).
 */
export const fakeEmbedder: Embedder = {
  id: 'fake-bag-of-words',
  dimensions: 256,
  async embed(texts) {
    return texts.map((text) => {
      const vector = new Float32Array(256);
      for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) {
        let hash = 2166136261;
        for (const character of word) hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 16777619);
        const slot = (hash >>> 0) % 256;
        vector[slot] = (vector[slot] ?? 0) + 1;
      }
      return vector;
    });
  },
};

export const fakeServices: BenchmarkServices = { embedder: async () => fakeEmbedder };

/**
 * The embedder of the reference parity suite (fixtures/reference-parity): the fake embedder's 256 word
 * slots plus a constant 1 in a 257th, so no text has a zero vector (a real model never gives one, and the
 * reference compares cosines of identical texts too). fixtures/reference-parity/stand_ins.py computes the
 * same vectors for the reference evaluators.
 */
export const parityEmbedder: Embedder = {
  id: 'parity-bag-of-words',
  dimensions: 257,
  async embed(texts, signal) {
    const words = await fakeEmbedder.embed(texts, signal);
    return words.map((vector) => {
      const withBias = new Float32Array(257);
      withBias.set(vector);
      withBias[256] = 1;
      return withBias;
    });
  },
};
