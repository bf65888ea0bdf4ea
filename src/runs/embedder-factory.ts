import type { BenchmarkServices, Embedder } from '../spec/index.js';

/**
 * Makes the embedder a run asks for (`--embedder <spec>`; undefined: the default). The seam between runs
 * and `src/embeddings`: the embeddings module provides the implementation; until it does, asking for an
 * embedder fails with a clear error. Library callers may pass their own factory instead.
 */
export type EmbedderFactory = (spec: string | undefined, signal?: AbortSignal) => Promise<Embedder>;

export const createEmbedder: EmbedderFactory = async (spec) => {
  throw new Error(
    `no embedder is available${spec ? ` for "${spec}"` : ''}: this build of toolgauge has no embeddings module (src/embeddings)`,
  );
};

/** A run's services: the embedder is made on first use and shared by every episode of the run. */
export function runServices(
  embedderSpec: string | undefined,
  factory: EmbedderFactory = createEmbedder,
): BenchmarkServices {
  let embedder: Promise<Embedder> | undefined;
  return {
    embedder() {
      embedder ??= factory(embedderSpec);
      return embedder;
    },
  };
}
