/**
 * An embedder that remembers every text's vector, so a run embeds each distinct text once (ToolTalk's
 * ground-truth texts recur in every trial and mode), and that gathers the texts episodes ask for at the
 * same moment into one request (a model embeds a batch far faster than its texts one by one).
 * Concurrent requests for the same text share one computation; a failed text is forgotten, so a later
 * request tries again. When the inner embedder can fail a text alone (`embedEach`), only the requests
 * that asked for that text fail; otherwise a failed batch fails every request in it.
 */
import type { Embedder } from '../spec/index.js';

interface Pending {
  readonly text: string;
  resolve(vector: Float32Array): void;
  reject(error: unknown): void;
}

export class CachingEmbedder implements Embedder {
  private readonly vectors = new Map<string, Promise<Float32Array>>();
  private queue: Pending[] = [];
  private flushScheduled = false;

  constructor(
    readonly inner: Embedder,
    private readonly maxBatch = 256,
  ) {}

  get id(): string {
    return this.inner.id;
  }

  get dimensions(): number {
    return this.inner.dimensions;
  }

  get fingerprint(): string | undefined {
    return this.inner.fingerprint;
  }

  /** How many distinct texts are cached. */
  get size(): number {
    return this.vectors.size;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<readonly Float32Array[]> {
    for (const text of texts) {
      if (this.vectors.has(text)) continue;
      const vector = new Promise<Float32Array>((resolve, reject) => this.queue.push({ text, resolve, reject }));
      vector.catch(() => this.vectors.delete(text));
      this.vectors.set(text, vector);
    }
    this.scheduleFlush(signal);
    return Promise.all(texts.map((text) => this.vectors.get(text) as Promise<Float32Array>));
  }

  private scheduleFlush(signal?: AbortSignal): void {
    if (this.flushScheduled || this.queue.length === 0) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      const batch = this.queue.splice(0, this.maxBatch);
      if (this.queue.length > 0) this.scheduleFlush(signal);
      const texts = batch.map((pending) => pending.text);
      const results: Promise<readonly (Float32Array | Error)[]> = this.inner.embedEach
        ? this.inner.embedEach(texts, signal)
        : this.inner.embed(texts, signal);
      results.then(
        (embedded) =>
          batch.forEach((pending, index) => {
            const vector = embedded[index];
            if (vector instanceof Error) pending.reject(vector);
            else if (vector) pending.resolve(vector);
            else pending.reject(new Error(`embedder ${this.inner.id} returned no vector for a text`));
          }),
        (error: unknown) => {
          for (const pending of batch) pending.reject(error);
        },
      );
    });
  }
}
