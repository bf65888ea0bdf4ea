import type { ModelAdapter, ModelRequest, ModelResponse } from '../../spec/index.js';
import { InfrastructureError } from '../../spec/index.js';
import { crypto } from '../../util/built-ins-on-demand.js';
import { canonicalJson } from '../../util/canonical-json.js';
import type { RunStore } from '../store/run-store.js';
import { CacheKeyChain } from './cache-key-chain.js';

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

/** Bumped whenever what goes into a key changes, so that old entries are never read with a new meaning. */
export const CACHE_KEY_VERSION = 2;

/** Who answers a request: the model (`provider:model`, `prompt:` included) and where it is served. */
export interface CacheIdentity {
  readonly modelId: string;
  /** The normalised base URL without credentials (`ModelAdapter.endpoint`); '' when the adapter has none. */
  readonly endpoint: string;
}

/**
 * The cache key: a hash of everything that decides a response — the provider and model, the endpoint
 * that serves it (two servers never share answers), the whole conversation, the tools, every model
 * setting (temperature, seed, output limit, parallel calls), and the trial index (so repeated trials are
 * real repeats, not cache hits). The parts are hashed one after another into one digest, each
 * length-prefixed so no two different requests can run together into the same bytes. A run computes the
 * same keys incrementally along each conversation (`CacheKeyChain`).
 */
export function cacheKey(identity: CacheIdentity | string, request: ModelRequest, trial: number): string {
  const { modelId, endpoint } = typeof identity === 'string' ? { modelId: identity, endpoint: '' } : identity;
  const hash = crypto().createHash('sha256');
  const part = (value: unknown) => {
    const text = canonicalJson(value);
    hash.update(`${Buffer.byteLength(text)}:`).update(text);
  };
  part({ version: CACHE_KEY_VERSION, modelId, endpoint, trial, settings: request.settings });
  part(request.tools);
  for (const message of request.messages) part(message);
  return hash.digest('hex');
}

/** Every adapter's keys, continued along each conversation (its memory goes with the messages). */
const keyChain = new CacheKeyChain(CACHE_KEY_VERSION);

/** A model adapter that answers from, and remembers into, the run store's response cache. */
export class CachingModelAdapter implements ModelAdapter {
  readonly id: string;
  readonly endpoint?: string;

  constructor(
    private readonly inner: ModelAdapter,
    private readonly store: RunStore,
    private readonly mode: CacheMode,
    private readonly trial: number,
  ) {
    this.id = inner.id;
    if (inner.endpoint !== undefined) this.endpoint = inner.endpoint;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    if (this.mode === 'off') return this.inner.generate(request);
    const key = keyChain.key(this.id, this.endpoint ?? '', request, this.trial);
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
