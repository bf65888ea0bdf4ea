/**
 * An embedder that remembers every text's vector, so a run embeds each distinct text once (ToolTalk's
 * ground-truth texts recur in every trial and mode). Concurrent requests for the same text share one
 * call.
 */
import type { Embedder } from '../spec/index.js';

export class CachingEmbedder implements Embedder {
  private readonly vectors = new Map<string, Promise<Float32Array>>();

  constructor(readonly inner: Embedder) {}

  get id(): string {
    return this.inner.id;
  }

  get dimensions(): number {
    return this.inner.dimensions;
  }

  /** How many distinct texts are cached. */
  get size(): number {
    return this.vectors.size;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<readonly Float32Array[]> {
    const missing = [...new Set(texts.filter((text) => !this.vectors.has(text)))];
    if (missing.length > 0) {
      const pending = this.inner.embed(missing, signal);
      missing.forEach((text, index) => {
        const vector = pending.then((vectors) => {
          const found = vectors[index];
          if (!found) throw new Error(`embedder ${this.inner.id} returned no vector for a text`);
          return found;
        });
        vector.catch(() => this.vectors.delete(text));
        this.vectors.set(text, vector);
      });
    }
    return Promise.all(texts.map((text) => this.vectors.get(text) as Promise<Float32Array>));
  }
}
