import type { BenchmarkServices, Embedder } from '../../spec/index.js';
import type { RunStore } from '../store/run-store.js';
import { rememberingVectors } from './remembered-vectors.js';

/**
 * Makes the embedder a run asks for (`--embedder <spec>`; undefined: the default). The seam between runs
 * and `src/embeddings`, which provides the implementation; library callers may pass their own factory.
 */
export type EmbedderFactory = (spec: string | undefined, signal?: AbortSignal) => Promise<Embedder>;

/**
 * toolgauge's embedders (`src/embeddings`): `use-lite` (the offline default), `lexical`, or
 * `openai-compatible:<model>` at the base URL in `TOOLGAUGE_EMBEDDER_BASE_URL` (set by
 * `--embedder-base-url`). The embedder is checked before it is returned and caches vectors for the run.
 */
export const createEmbedder: EmbedderFactory = async (spec, signal) => {
  const baseUrl = process.env.TOOLGAUGE_EMBEDDER_BASE_URL;
  // Loaded on first use: the embedders bring the AI SDK, which a run without embeddings never needs.
  const { createEmbedder: makeEmbedder } = await import('../../embeddings/index.js');
  return makeEmbedder(spec ?? 'use-lite', { ...(baseUrl ? { baseUrl } : {}), ...(signal ? { signal } : {}) });
};

/**
 * A run's services: the embedder is made on first use and shared by every episode of the run. Given the
 * run's store, an embedder with a fingerprint remembers its vectors there (see `RememberingEmbedder`).
 */
export function runServices(
  embedderSpec: string | undefined,
  factory: EmbedderFactory = createEmbedder,
  vectorStore?: RunStore,
): BenchmarkServices {
  let embedder: Promise<Embedder> | undefined;
  return {
    embedder() {
      embedder ??= factory(embedderSpec).then((made) => rememberingVectors(made, vectorStore));
      return embedder;
    },
  };
}
