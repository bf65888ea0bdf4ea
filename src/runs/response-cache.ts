import { createHash } from 'node:crypto';
import type { ModelAdapter, ModelRequest, ModelResponse } from '../spec/index.js';
import { InfrastructureError } from '../spec/index.js';
import { canonicalJson } from '../world/index.js';
import type { RunStore } from './run-store.js';

/**
 * - `use`: answer from the cache when it can, ask the model and remember the answer when it cannot;
 * - `replay`: answer only from the cache; a request the cache cannot answer fails its episode;
 * - `off`: never read or write the cache.
 */
export type CacheMode = 'use' | 'replay' | 'off';

const cachedResponses = new WeakSet<ModelResponse>();

/** Whether a response came from the cache (and so cost no request). */
export function isCachedResponse(response: ModelResponse): boolean {
  return cachedResponses.has(response);
}

/**
 * The cache key: a hash of everything that decides a response — the model, the whole conversation, the
 * tools, the settings, and the trial index (so repeated trials are real repeats, not cache hits).
 */
export function cacheKey(modelId: string, request: ModelRequest, trial: number): string {
  const { messages, tools, settings } = request;
  return createHash('sha256').update(canonicalJson({ modelId, messages, tools, settings, trial })).digest('hex');
}

/** A model adapter that answers from, and remembers into, the run store's response cache. */
export class CachingModelAdapter implements ModelAdapter {
  readonly id: string;

  constructor(
    private readonly inner: ModelAdapter,
    private readonly store: RunStore,
    private readonly mode: CacheMode,
    private readonly trial: number,
  ) {
    this.id = inner.id;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    if (this.mode === 'off') return this.inner.generate(request);
    const key = cacheKey(this.id, request, this.trial);
    const hit = this.store.cacheGet(key);
    if (hit !== undefined) {
      const response = JSON.parse(hit) as ModelResponse;
      cachedResponses.add(response);
      return response;
    }
    if (this.mode === 'replay') {
      throw new InfrastructureError(
        `${this.id}: no cached response for this request, and --cache replay forbids asking the model`,
      );
    }
    const response = await this.inner.generate(request);
    this.store.cachePut(key, JSON.stringify(response), new Date().toISOString());
    return response;
  }
}
