/**
 * Text → vector, for semantic similarity (ToolTalk's free-text comparators, T-Eval's plans and thoughts).
 * Implementations: an offline default model shipped in an npm package, any OpenAI-compatible embeddings
 * server, and a lexical fallback for tests. Thresholds depend on the embedder, so each has an `id` that
 * threshold tables are keyed by.
 */
export interface Embedder {
  /** e.g. `use-lite` (the offline default), `openai-compatible:all-mpnet-base-v2`, `lexical`. */
  readonly id: string;
  readonly dimensions: number;
  /**
   * What pins this embedder's vectors exactly: the model, and the versions of what runs it or the server
   * that serves it. A run remembers vectors in its store's response cache under the fingerprint, so a
   * later run on the same store (another model, another trial, a resume) reuses them. Without one (an
   * embedder cheap enough, or whose vectors may change) every run asks the embedder afresh.
   */
  readonly fingerprint?: string;
  /** One vector per text, in order. Throws `InfrastructureError` when a server cannot be reached. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<readonly Float32Array[]>;
  /**
   * Optional: one result per text, in order, each its vector or the error that kept the embedder from
   * embedding that text alone; the other texts still get their vectors. Rejects when no text can be
   * embedded (a model that cannot load, a server that cannot be reached). A run's caching embedder uses
   * it when present, so one bad text among the texts its episodes ask for at the same moment fails only
   * the episodes that asked for it.
   */
  embedEach?(texts: readonly string[], signal?: AbortSignal): Promise<readonly (Float32Array | Error)[]>;
}
