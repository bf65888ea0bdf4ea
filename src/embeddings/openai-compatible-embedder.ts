/**
 * Any OpenAI-compatible `/v1/embeddings` server (a sentence-transformers server, vLLM, llama.cpp, Ollama,
 * OpenAI itself) through the AI SDK's `embedMany`. A server that cannot be reached or answers with an
 * error is an {@link InfrastructureError} naming the server and model.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany } from 'ai';
import { withoutCredentials } from '../models/providers/endpoint.js';
import type { Embedder } from '../spec/index.js';
import { InfrastructureError } from '../spec/index.js';

export interface OpenAICompatibleEmbedderOptions {
  readonly model: string;
  /** e.g. `http://localhost:8080/v1`. */
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly maxRetries?: number;
}

export class OpenAICompatibleEmbedder implements Embedder {
  readonly id: string;
  /** The model at its server: the same name elsewhere may be other weights. */
  readonly fingerprint: string;
  dimensions = 0;
  private readonly provider;

  constructor(private readonly options: OpenAICompatibleEmbedderOptions) {
    this.id = `openai-compatible:${options.model}`;
    this.fingerprint = `${this.id} at ${withoutCredentials(options.baseUrl.replace(/\/+$/, ''))}`;
    this.provider = createOpenAICompatible({
      name: 'embeddings',
      baseURL: options.baseUrl.replace(/\/+$/, ''),
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    });
  }

  /** One request without retries, to fail fast (before a run) when the server is not there. */
  async probe(signal?: AbortSignal): Promise<void> {
    await this.embed(['toolgauge embedder check'], signal, 0);
  }

  async embed(texts: readonly string[], signal?: AbortSignal, retries?: number): Promise<readonly Float32Array[]> {
    if (texts.length === 0) return [];
    try {
      const result = await embedMany({
        model: this.provider.embeddingModel(this.options.model),
        values: [...texts],
        maxRetries: retries ?? this.options.maxRetries ?? 2,
        ...(signal ? { abortSignal: signal } : {}),
      });
      const vectors = result.embeddings.map((vector) => Float32Array.from(vector));
      if (vectors.length !== texts.length) {
        throw new Error(`asked for ${texts.length} embeddings, got ${vectors.length}`);
      }
      this.dimensions = vectors[0]?.length ?? this.dimensions;
      return vectors;
    } catch (error) {
      throw new InfrastructureError(
        `the embedding server ${this.options.baseUrl} (model ${this.options.model}) failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error, retryable: true },
      );
    }
  }
}
