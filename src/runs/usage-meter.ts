import type { ModelAdapter, ModelRequest, ModelResponse } from '../spec/index.js';
import { costOf, type PriceTable } from './price-table.js';
import { isCachedResponse } from './response-cache.js';

/** Tokens, requests and cost of one episode's model calls (agent and user simulator together). */
export class UsageMeter {
  inputTokens = 0;
  outputTokens = 0;
  /** Requests that went to a provider (cache hits are not requests). */
  requests = 0;
  cacheHits = 0;
  cost = 0;
  /** Models the price table has no price for (their cost counts as 0). */
  readonly unpriced = new Set<string>();

  constructor(private readonly prices: PriceTable) {}

  record(modelId: string, response: ModelResponse): void {
    this.inputTokens += response.usage.inputTokens;
    this.outputTokens += response.usage.outputTokens;
    if (isCachedResponse(response)) {
      this.cacheHits += 1;
      return;
    }
    this.requests += 1;
    const { cost, priced } = costOf(this.prices, modelId, response.usage);
    this.cost += cost;
    if (!priced) this.unpriced.add(modelId);
  }

  /** Wraps an adapter so that every response it returns is counted here. */
  meter(adapter: ModelAdapter): ModelAdapter {
    return {
      id: adapter.id,
      generate: async (request: ModelRequest) => {
        const response = await adapter.generate(request);
        this.record(adapter.id, response);
        return response;
      },
    };
  }
}
