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
  /** One vector per text, in order. Throws `InfrastructureError` when a server cannot be reached. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<readonly Float32Array[]>;
}
